"""The facts of the table in words, from ``arbiter/words/facts.yaml``.

A fact is ``played(B, 5, D3)``; a reader wants "B played the three of diamonds to trick 5".
The table gives each fact's words and the kind of each argument, so that a card is named as
the statement of facts names it, a penalty is told in words, a place as the book tells it,
and an argument a law left open is "someone", "a card" or "some trick" as its kind says,
never a variable's letter.

>>> told("played", ("B", 5, "D3"))
'B played the three of diamonds to trick 5'
>>> told("card_found", (OPEN, "faced-in-pack"))
'a card was found faced in the pack'
>>> told("entitled", ("YZ", "call suit"))
'YZ may exact the call of a suit'
>>> told("trump_card", (OPEN,))
'the trump card is known'
>>> told("no_such_fact", ("B",)) is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from ..cards import in_words
from .vocabulary import penalty_phrase

FILE = Path(__file__).with_name("facts.yaml")

#: The kinds an argument may be; the table says of each argument which it is.
KINDS = frozenset({"player", "side", "trick", "card", "suit", "number", "words", "place", "penalty",
                   "game", "code", "bid", "object", "claim", "plain"})


class _Open:
    """An argument a condition left open: told by its kind ("someone", "a card")."""

    def __repr__(self) -> str:
        return "OPEN"


OPEN = _Open()


@dataclass(frozen=True)
class FactWords:
    kinds: tuple[str, ...]
    says: str
    open: str | None = None     # the words where an argument is left open, if not ``says``


@dataclass(frozen=True)
class Table:
    facts: dict[tuple[str, int], FactWords]
    unknown: dict[str, str]
    places: dict[str, str]
    moments: dict[str, str]
    claims: dict[str, str]
    objects: dict[str, str]
    irregular: frozenset[str]


_KEY = re.compile(r"([a-z_]+)\(([a-z, ]*)\)")


@lru_cache(maxsize=1)
def table() -> Table:
    """The table, read once; a key that is not ``name(kind, …)`` is an error naming it."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(FILE.read_text(encoding="utf-8"), Loader=loader)
    facts = {}
    for key, value in data["facts"].items():
        says, open_ = (value[0], value[1]) if isinstance(value, list) else (value, None)
        m = _KEY.fullmatch(key)
        if not m:
            raise ValueError(f"{FILE.name}: {key!r} is not name(kind, ...)")
        kinds = tuple(k.strip() for k in m.group(2).split(",") if k.strip())
        if set(kinds) - KINDS:
            raise ValueError(f"{FILE.name}: {key!r}: unknown kind {sorted(set(kinds) - KINDS)}")
        facts[(m.group(1), len(kinds))] = FactWords(kinds, str(says), open_)
    return Table(facts, dict(data["unknown"]), dict(data["places"]), dict(data["moments"]), dict(data["claims"]),
                 dict(data["objects"]), frozenset(data["irregular"]))


def has_words(name: str, arity: int) -> bool:
    return (name, arity) in table().facts


def is_irregular(name: str) -> bool:
    """Whether the replay's fact ``name`` is an irregularity (or a renounce): what
    ``arbiter check`` shows first."""
    return name in table().irregular


def told(name: str, args: tuple) -> str | None:
    """The fact ``name(args)`` in words; None where the table has none for it."""
    t = table()
    words = t.facts.get((name, len(args)))
    if words is None:
        return None
    says = words.open if words.open and any(a is OPEN or a == "" for a in args) else words.says
    text = says.format(*(_argument(kind, a) for kind, a in zip(words.kinds, args)))
    # a trick left open: "at some trick", not "at trick some trick"
    return text.replace("trick " + t.unknown["trick"], t.unknown["trick"]).rstrip()


def moment_words(moment: str) -> str:
    """A moment a condition names, in words ("after the hand")."""
    return table().moments.get(moment, moment.replace("-", " "))


def _argument(kind: str, value: object) -> str:
    t = table()
    if value is OPEN or value == "":
        return t.unknown.get(kind, "something")
    text = str(value)
    if kind == "card":
        return in_words(text)
    if kind == "penalty":
        return penalty_phrase(text)
    if kind == "place":
        return t.places.get(text, text.replace("-", " "))
    if kind == "object":
        return t.objects.get(text, text)
    if kind == "claim":
        return t.claims.get(text, text)
    if kind == "words":
        return f"“{text}”"
    return text
