"""What the replay needs to know of the game being played, given to it as data.

The replay never reads the law book: the caller (the judgment, through
:func:`arbiter.ruling.customs.customs_of`) looks the game up and passes what the table's
story depends on -- whether the game has fixed partners, how its bids are read, and the
formulas its speech may use. The default is whist as the books play it, with no phrase table
(speech is then recorded as it stands, with no suggestion of the act it may mean).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..words.phrases import BidCall, Phrases

#: No formulas and no bids: what the replay uses where its caller gives no phrase table.
NO_PHRASES = Phrases((), frozenset(), (), (), frozenset())


@dataclass(frozen=True)
class Customs:
    """The game as the replay meets it."""

    game: str = "whist"                 # the game's id, as the law book names it
    name: str = "whist"                 # and in words, for an error
    fixed_partners: bool = True         # False where the game has none (Boston, Solo Whist)
    phrases: Phrases = NO_PHRASES       # the formulas speech may use, and how bids are read
    calls: tuple[BidCall, ...] = ()     # the game's own calls (its bid table), read first

    @property
    def reads_bids(self) -> bool:
        """Whether a bid in this game is read (and a bid not read is an error)."""
        return self.game in self.phrases.bid_games


#: Partnership whist, with no phrase table.
WHIST = Customs()
