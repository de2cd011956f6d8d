"""The game's customs, read from the law book for the replay (which never reads it itself)."""

from __future__ import annotations

from ..lawbook import LawBook
from ..lawbook.phrases import game_calls, load_phrases
from ..table.customs import Customs


def customs_of(book: LawBook, game: str) -> Customs:
    """What the replay needs of ``game``: its partnerships, the phrase table, its own calls.
    A game the book does not know is played as whist here; where it is ruled, it is an error."""
    try:
        data = book.game(game)
    except KeyError:
        return Customs(game=game, name=game, phrases=load_phrases())
    key = ("table-customs", data.id)
    if key not in book.cache:
        book.cache[key] = Customs(game=data.id, name=data.name, fixed_partners=data.partners != "none",
                                  phrases=load_phrases(), calls=game_calls(book, data.id))
    return book.cache[key]
