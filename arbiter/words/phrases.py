"""Words read, never dropped: the formulas the books quote, and how a bid's words are read.

The tables are data (``laws/phrases.yaml``, loaded by :mod:`arbiter.lawbook.phrases`): the
formulas ("Having none?", "There's the game", "Will you exact the penalty, or shall I?") with
the act each suggests, and the words of the Boston family's bids. This module only matches
words against a table, so that the speech of an incident written without its act in
parentheses is shown the act it may mean (a warning, never a silent decision either way), and
a bid's words become what they bid. The replay is given the table; it never reads the laws.

>>> lost = Formula("concedes", (("we", "have", "lost"),), None, None, None)
>>> table = Phrases((lost,), frozenset(), (), (), frozenset())
>>> suggested_act("We have lost the game", table)
'concedes'
>>> suggested_act("Lovely weather", table) is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: The objects a bid may have: those of laws/games (arbiter/lawbook/games.py), partout, and
#: accept -- the call accepts the bid standing before it ("cop" to a "prop"), its caller
#: becoming the bidder's partner, as ``accepts SEAT`` writes it.
OBJECTS = frozenset({"win", "lose", "win-exactly", "lose-all", "partout", "accept"})

_NUMBER_WORDS = {w: n for n, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve thirteen".split(), 1)}


@dataclass(frozen=True)
class Formula:
    act: str
    words: tuple[tuple[str, ...], ...]      # each variant, as normalised words
    quote: str | None
    seed: str | None
    source: str | None


@dataclass(frozen=True)
class BidCall:
    id: str
    words: tuple[tuple[str, ...], ...]
    object: str
    tricks: int | None = None
    quote: str | None = None
    games: frozenset[str] | None = None     # the games whose bids it is; None: every game read

    def of(self, game: str | None) -> bool:
        """Whether this is a call of ``game`` (every call is, where no game is named)."""
        return self.games is None or game is None or game in self.games


@dataclass(frozen=True)
class Phrases:
    formulas: tuple[Formula, ...]
    bid_games: frozenset[str]
    calls: tuple[BidCall, ...]
    trumps: tuple[tuple[str, ...], ...]
    tricks_words: frozenset[str]


@dataclass(frozen=True)
class BidReading:
    """What a bid's words bid: its id (the game's, or the phrase table's), its object, the
    tricks (where the words or the data say), and the trump named (a suit, grand, ...)."""

    id: str
    object: str
    tricks: int | None = None
    trump: str | None = None


def words_of(text: str) -> tuple[str, ...]:
    """The words of ``text``, case, accents of quotation and punctuation aside: "There’s the
    game." and "there's the game" are the same words."""
    text = text.lower().replace("’", "'").replace("‘", "'")
    return tuple(re.findall(r"[\w']+", text))


def _contains(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    n = len(part)
    return any(words[i:i + n] == part for i in range(len(words) - n + 1))


def suggested_act(text: str | None, phrases: Phrases) -> str | None:
    """The act of the longest formula whose words stand, whole, within ``text``: "We have
    lost the game" is a concession, though "the game" alone is a claim."""
    if not text:
        return None
    words = words_of(text)
    best: tuple[int, str] | None = None
    for formula in phrases.formulas:
        for variant in formula.words:
            if _contains(words, variant) and (best is None or len(variant) > best[0]):
                best = (len(variant), formula.act)
    return best[1] if best else None


def reads_bids(game: str, phrases: Phrases) -> bool:
    """Whether bids in ``game`` are read (and a bid not read is an error)."""
    return game in phrases.bid_games


def read_bid(text: str, game_calls: tuple[BidCall, ...], phrases: Phrases,
             game: str | None = None) -> BidReading | None:
    """Read a bid: the game's own calls first, then the phrase table's calls of ``game``,
    then a number of tricks and what is trumps ("seven hearts", "Eight Spades", "nine
    tricks", "7 grand"). None where the words are none of these."""
    words = words_of(text)
    for call in game_calls + phrases.calls:
        if words in call.words and call.of(game):
            return BidReading(call.id, call.object, call.tricks)
    if not words:
        return None
    first = words[0]
    tricks = int(first) if re.fullmatch(r"[0-9]{1,2}", first) else _NUMBER_WORDS.get(first)
    if tricks is None or not 0 < tricks <= 13:
        return None
    rest = tuple(w for w in words[1:] if w not in phrases.tricks_words)
    if not rest:
        return BidReading(f"{tricks}-tricks", "win", tricks)
    if rest in phrases.trumps:
        return BidReading(f"{tricks}-{'-'.join(rest)}", "win", tricks, " ".join(rest))
    # "seven hearts" written "seven heart": the singular of a suit
    if len(rest) == 1 and rest[0] + "s" in {t[0] for t in phrases.trumps if len(t) == 1}:
        return BidReading(f"{tricks}-{rest[0]}s", "win", tricks, rest[0] + "s")
    return None


def bid_names(game_calls: tuple[BidCall, ...], phrases: Phrases, game: str | None = None) -> list[str]:
    """The calls a bid in ``game`` may be, in words, for an error's suggestion: the game's
    own, then the phrase table's that are the game's (Solo Whist's, not Boston's)."""
    return [" ".join(call.words[0]) for call in game_calls + phrases.calls if call.of(game)]
