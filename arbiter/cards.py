"""Cards, suits and ranks, and the compact notation for them.

A card is written suit first, as in a game record: ``HA`` is the ace of hearts, ``S10``
(or ``ST``) the ten of spades, ``C2`` the deuce of clubs; ``♥A`` is accepted too. A hand
in PBN form lists spades, hearts, diamonds and clubs separated by dots:
``AKQ.JT9.876.5432``.

>>> Card.parse("HA").name
'the ace of hearts'
>>> str(Card.parse("s10"))
'ST'
>>> [str(c) for c in parse_pbn_hand("AK..Q.2")]
['SA', 'SK', 'DQ', 'C2']
>>> in_words("D9"), in_words("YZ"), in_words("the trick")
('the nine of diamonds', 'YZ', 'the trick')

Uses: nothing of ours.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def word(self) -> str:
        # ``_name_`` rather than ``name``: the same, read directly (an Enum's ``name`` is a
        # descriptor, slow in Python; cards are named in every sentence of a decision)
        return self._name_.lower()

    @classmethod
    def parse(cls, text: str) -> "Suit":
        key = text.strip().lower()
        for suit in cls:
            if key in (suit.value.lower(), suit.word, suit.word[:-1], SYMBOLS[suit]):
                return suit
        raise ValueError(f"not a suit: {text!r}")


SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_FROM_SYMBOL = {"♠": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♤": "S", "♧": "C"}

#: Ranks from lowest to highest, as written in the notation.
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
RANK_WORDS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
              "8": "eight", "9": "nine", "T": "ten", "J": "knave", "Q": "queen", "K": "king",
              "A": "ace"}


@dataclass(frozen=True, order=False)
class Card:
    suit: Suit
    rank: str   # one of RANKS

    def __hash__(self) -> int:
        # by the suit's letter rather than the suit (an Enum hashes in Python, not in C):
        # cards are hashed at every play the replay follows
        return hash((self.suit._value_, self.rank))

    @classmethod
    def parse(cls, text: str) -> "Card":
        raw = text.strip()
        if raw[:1] in _FROM_SYMBOL:
            raw = _FROM_SYMBOL[raw[0]] + raw[1:]
        raw = raw.upper()
        suit, rank = raw[:1], raw[1:]
        if rank == "10":
            rank = "T"
        if suit not in "SHDC" or len(suit) != 1 or rank not in RANKS:
            raise ValueError(f"not a card: {text!r} (write the suit then the rank, e.g. HA, S10, C2)")
        return cls(Suit(suit), rank)

    @property
    def value(self) -> int:
        """2 for a deuce up to 14 for an ace."""
        return RANKS.index(self.rank) + 2

    @property
    def is_honour(self) -> bool:
        return self.rank in ("A", "K", "Q", "J")

    @property
    def name(self) -> str:
        return f"the {RANK_WORDS[self.rank]} of {self.suit.word}"

    def __str__(self) -> str:
        return self.suit._value_ + self.rank

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


#: A card as the replay's facts write it (``HQ``, ``D9``, ``ST``; ``S10`` as written): the
#: whole of a value, never a part of a word. A seat is a capital then small letters, so no
#: seat or side of the default table reads as a card.
_NOTATION = re.compile(r"[SHDC](?:[2-9TJQKA]|10)")


def in_words(value: object) -> str:
    """A value of a fact or a ruling as a sentence names it: a card by its name, as the
    statement of facts names it ("the queen of hearts", never ``HQ``); anything else as it
    is."""
    text = str(value)
    if _NOTATION.fullmatch(text):
        return Card.parse(text).name
    return text


_NAMED = re.compile(r"\b(?:([SHDC](?:[2-9TJQKA]|10))|the (%s) of (spades|hearts|diamonds|clubs))\b"
                    % "|".join(RANK_WORDS.values()), re.IGNORECASE)
_RANK_OF = {word: rank for rank, word in RANK_WORDS.items()}


def cards_named(text: str) -> list[str]:
    """The cards a sentence names, in notation, in the order named, whether written ``HQ``
    or "the queen of hearts".

    >>> cards_named("The queen of hearts is liable to be called; so is D9.")
    ['HQ', 'D9']
    """
    out = []
    for m in _NAMED.finditer(text):
        if m.group(1):
            out.append(str(Card.parse(m.group(1))))
        else:
            out.append(Suit.parse(m.group(3)).value + _RANK_OF[m.group(2).lower()])
    return list(dict.fromkeys(out))


def full_pack() -> list[Card]:
    return [Card(s, r) for s in Suit for r in reversed(RANKS)]


def parse_pbn_hand(text: str) -> list[Card]:
    """A hand in PBN form: spades.hearts.diamonds.clubs, each a run of ranks (``-`` for none)."""
    parts = text.split(".")
    if len(parts) != 4:
        raise ValueError(f"a PBN hand has four suits separated by dots, not {text!r}")
    cards = []
    for suit, ranks in zip(Suit, parts):
        ranks = ranks.upper().replace("10", "T")
        if ranks == "-":
            continue
        for r in ranks:
            if r not in RANKS:
                raise ValueError(f"not a rank: {r!r} in {text!r}")
            cards.append(Card(suit, r))
    return cards


def pbn_hand(cards) -> str:
    """The PBN form of a hand, suits in order, ranks high to low."""
    by_suit = {s: sorted((c for c in cards if c.suit is s), key=lambda c: -c.value) for s in Suit}
    return ".".join("".join(c.rank for c in by_suit[s]) for s in Suit)


def beats(card: Card, best: Card, suit_led: Suit, trump: Suit | None) -> bool:
    """Whether ``card`` beats the best card so far of a trick led in ``suit_led``."""
    if card.suit is best.suit:
        return card.value > best.value
    return trump is not None and card.suit is trump
