"""Words read, never dropped: the formulas the books quote, and how a bid's words are read.

``laws/phrases.yaml`` holds the data: the formulas ("Having none?", "There's the game",
"Will you exact the penalty, or shall I?") with the act each suggests, and the words of the
Boston family's bids. This module only loads it and matches words against it, so that the
speech of an incident written without its act in parentheses is shown the act it may mean
(a warning, never a silent decision either way), and a bid's words become what they bid.

>>> suggested_act("Having none, partner?")
'asks partner none'
>>> suggested_act("We have lost the game")
'concedes'
>>> suggested_act("Lovely weather") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .incident.vocabulary import ACTS
from .lawbook.errors import LawBookError
from .lawbook.yamlio import read_yaml
from .resources import laws_dir

#: The objects a bid may have: those of laws/games (arbiter/lawbook/games.py), and partout.
OBJECTS = frozenset({"win", "lose", "win-exactly", "lose-all", "partout"})

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


def suggested_act(text: str | None, phrases: Phrases | None = None) -> str | None:
    """The act of the longest formula whose words stand, whole, within ``text``: "We have
    lost the game" is a concession, though "the game" alone is a claim."""
    if not text:
        return None
    phrases = phrases or load_phrases()
    words = words_of(text)
    best: tuple[int, str] | None = None
    for formula in phrases.formulas:
        for variant in formula.words:
            if _contains(words, variant) and (best is None or len(variant) > best[0]):
                best = (len(variant), formula.act)
    return best[1] if best else None


def reads_bids(game: str, phrases: Phrases | None = None) -> bool:
    """Whether bids in ``game`` are read (and a bid not read is an error)."""
    return game in (phrases or load_phrases()).bid_games


def read_bid(text: str, game_calls: tuple[BidCall, ...] = (), phrases: Phrases | None = None) -> BidReading | None:
    """Read a bid: the game's own calls first, then the phrase table's, then a number of
    tricks and what is trumps ("seven hearts", "Eight Spades", "nine tricks", "7 grand").
    None where the words are none of these."""
    phrases = phrases or load_phrases()
    words = words_of(text)
    for call in game_calls + phrases.calls:
        if words in call.words:
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


def bid_names(game_calls: tuple[BidCall, ...] = (), phrases: Phrases | None = None) -> list[str]:
    """The calls a bid may be, in words, for an error's suggestion."""
    phrases = phrases or load_phrases()
    return [" ".join(call.words[0]) for call in game_calls + phrases.calls]


# --- loading -----------------------------------------------------------------------

def load_phrases(directory: Path | None = None) -> Phrases:
    """The phrase table of ``directory`` (the laws), checked: every act one the notation
    knows, every object one a bid can have. A malformed table is a LawBookError."""
    return _load(str(directory or laws_dir()))


@lru_cache(maxsize=4)
def _load(directory: str) -> Phrases:
    path = Path(directory) / "phrases.yaml"
    raw = read_yaml(path)

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
                "id", "words", "object", "quote", "tricks"}:
            fail("a bid has id, words, object and quote (and tricks)", entry)
        if item["object"] not in OBJECTS:
            fail(f"object must be one of {', '.join(sorted(OBJECTS))}", entry, "object")
        tricks = item.get("tricks")
        if tricks is not None and not (isinstance(tricks, int) and 0 < tricks <= 13):
            fail("tricks must be a number from 1 to 13", entry, "tricks")
        calls.append(BidCall(str(item["id"]), _variants(item["words"], fail, entry), item["object"], tricks,
                             item["quote"]))
    games = frozenset(str(g) for g in _list(bids["games"], fail, "bids.games"))
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
