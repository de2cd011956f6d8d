"""The phrase table (``laws/phrases.yaml``) and a game's own calls, loaded and checked.

The matching itself is :mod:`arbiter.words.phrases`; this module reads the data it matches
against, so that the law book, not the replay, reads the laws.

>>> from arbiter.words.phrases import suggested_act
>>> suggested_act("Having none, partner?", load_phrases())
'asks partner none'
>>> suggested_act("We have lost the game", load_phrases())
'concedes'
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ..support.resources import laws_dir
from ..words.phrases import OBJECTS, BidCall, Formula, Phrases, words_of
from ..words.vocabulary import ACTS
from .errors import LawBookError
from .yamlio import read_plain


def game_calls(book: Any, game: str) -> tuple[BidCall, ...]:
    """The calls a game's own data names (laws/games/<game>.yaml ``bids``), or those of the
    game it varies: each read by its printed call, its French term and its id."""
    try:
        data = book.game(game)
    except KeyError:
        return ()
    key = ("phrases-game-calls", data.id)
    if key in book.cache:
        return book.cache[key]
    description = book.descriptions.get(data.described_in) if data.described_in else None
    while description is not None and description.bids is None and description.variant_of:
        description = book.descriptions.get(description.variant_of)
    calls: list[BidCall] = []
    for bid in (description.bids.ranked if description is not None and description.bids else ()):
        names = [bid.call, bid.id.replace("-", " ")] + ([bid.french] if bid.french else [])
        calls.append(BidCall(bid.id, tuple(words_of(n) for n in names), bid.object, bid.tricks, bid.call))
    book.cache[key] = tuple(calls)
    return book.cache[key]



def load_phrases(directory: Path | None = None) -> Phrases:
    """The phrase table of ``directory`` (the laws), checked: every act one the notation
    knows, every object one a bid can have. A malformed table is a LawBookError."""
    return _load(str(directory or laws_dir()))


@lru_cache(maxsize=4)
def _load(directory: str) -> Phrases:
    path = Path(directory) / "phrases.yaml"
    raw = read_plain(path)

    def fail(message: str, entry: str | None = None, field: str | None = None):
        raise LawBookError(path, message, entry=entry, field=field)

    if not isinstance(raw, dict) or set(raw) != {"formulas", "bids"}:
        fail("must map `formulas` and `bids`")
    formulas = []
    for n, item in enumerate(_list(raw["formulas"], fail, "formulas"), 1):
        entry = f"formula #{n}"
        if not isinstance(item, dict) or set(item) != {"act", "words", "quote", "seed", "source"}:
            fail("a formula has act, words, quote, seed and source", entry)
        if item["act"] not in ACTS:
            fail(f"no act {item['act']!r} in the notation", entry, "act")
        for name in ("quote", "seed", "source"):
            if item[name] is not None and not isinstance(item[name], str):
                fail("must be text or null", entry, name)
        formulas.append(Formula(item["act"], _variants(item["words"], fail, entry), item["quote"],
                                item["seed"], item["source"]))
    bids = raw["bids"]
    if not isinstance(bids, dict) or set(bids) != {"games", "quote", "seed", "calls", "trumps", "tricks_words"}:
        fail("`bids` has games, quote, seed, calls, trumps and tricks_words", "bids")
    calls = []
    for n, item in enumerate(_list(bids["calls"], fail, "bids.calls"), 1):
        entry = f"bid #{n}"
        if not isinstance(item, dict) or not {"id", "words", "object", "quote"} <= set(item) <= {
                "id", "words", "object", "quote", "tricks", "games"}:
            fail("a bid has id, words, object and quote (and tricks, games)", entry)
        if item["object"] not in OBJECTS:
            fail(f"object must be one of {', '.join(sorted(OBJECTS))}", entry, "object")
        tricks = item.get("tricks")
        if tricks is not None and not (isinstance(tricks, int) and 0 < tricks <= 13):
            fail("tricks must be a number from 1 to 13", entry, "tricks")
        games_of = item.get("games")
        if games_of is not None and not (isinstance(games_of, list) and games_of
                                         and all(isinstance(g, str) for g in games_of)):
            fail("games must be a list of games", entry, "games")
        calls.append(BidCall(str(item["id"]), _variants(item["words"], fail, entry), item["object"], tricks,
                             item["quote"], None if games_of is None else frozenset(games_of)))
    games = frozenset(str(g) for g in _list(bids["games"], fail, "bids.games"))
    for call in calls:
        if call.games is not None and not call.games <= games:
            fail(f"games must be among bids.games: {', '.join(sorted(call.games - games))} reads no bids",
                 f"bid {call.id}", "games")
    trumps = _variants(bids["trumps"], fail, "bids")
    tricks_words = frozenset(w for v in _variants(bids["tricks_words"], fail, "bids") for w in v)
    return Phrases(tuple(formulas), games, tuple(calls), trumps, tricks_words)


def _list(value: Any, fail, field: str) -> list:
    if not isinstance(value, list):
        fail("must be a list", None, field)
    return value


def _variants(value: Any, fail, entry: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and words_of(v) for v in value):
        fail("words must be a list of phrases", entry, "words")
    return tuple(words_of(v) for v in value)
