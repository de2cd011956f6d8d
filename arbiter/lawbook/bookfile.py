"""The checked law book as a file of plain data, for the cache, and the book again from it.

The book is written with :mod:`arbiter.support.plaindata`: JSON, each of the book's records
under a tag of the table below, and read back by looking tags up in that table alone -- a
file names no module, class or function, so reading one runs nothing the file chooses. The
records are made again without their checks (they were checked when the book was built, and
the file is refused whole if a byte of it has changed since it was written), and a rule's
condition is kept as the plain data of its tree (:func:`.conditions.as_data`) with what
:meth:`.rules.Rule.warm` worked out, so a book read back needs neither the condition parser
nor the validator. The trees are made from that data only when a rule is first asked for
them (:meth:`.rules.Rule.__getattr__`).
"""

from __future__ import annotations

from typing import Any

from ..support import plaindata
from . import games
from .conditions import as_data
from .model import Code, Law, LawBook
from .records import ConclusionData, ConcordanceGroup, Departure, GameData, LawsOf, Paragraph, Source
from .rules import WARM, Rule
from .searchwords import SearchWords

#: What the first line of the file says it holds.
KIND = "law-book"

#: A rule's parts, in the order they are kept: its fields (the tree and the atoms as plain
#: data), then what warm() worked out.
_RULE_FIELDS = ("id", "law", "when", "tree", "then", "games", "overrides", "prevails_over", "note", "pending", "atoms")
_RULE_PARTS = _RULE_FIELDS + tuple(WARM)
_TUPLES = ("then", "games", "overrides", "prevails_over")


def _rule_parts(rule: Rule) -> list:
    held = vars(rule)
    missing = [name for name in WARM if name not in held]
    if missing:
        raise TypeError(f"rule {rule.id} was not warmed ({', '.join(missing)})")
    return [
        rule.id, rule.law, rule.when, as_data(rule.tree), list(rule.then), list(rule.games), list(rule.overrides),
        list(rule.prevails_over), rule.note, rule.pending,
        [[as_data(fact), as_data(ruling)] for fact, ruling in rule.atoms],
        *(sorted(held[name]) for name in WARM),      # sets of names: lists, made sets again when read
    ]


def _rule_made(values: list) -> Rule:
    rule = plaindata.made(Rule, _RULE_PARTS, values)
    held = vars(rule)
    if not all(type(held[name]) is list for name in _TUPLES) or type(held["atoms"]) is not list:
        raise plaindata.NotOurs(f"rule {held['id']!r} is not of the shape kept")
    for name in _TUPLES:
        held[name] = tuple(held[name])
    held["_condition_data"] = (held.pop("tree"), held.pop("atoms"))   # made into trees when first asked for
    for name, kind in WARM.items():
        held[name] = kind(held[name])
    return rule


KINDS = plaindata.Kinds(
    plaindata.record(LawBook, skip=("cache",)),
    plaindata.record(Code),
    plaindata.record(Law),
    plaindata.record(Paragraph),
    plaindata.record(Source),
    plaindata.record(ConcordanceGroup),
    plaindata.record(GameData),
    plaindata.record(LawsOf),
    plaindata.record(Departure),
    plaindata.record(SearchWords),
    plaindata.record(ConclusionData, "Conclusion"),
    plaindata.Kind("Rule", Rule, _rule_parts, _rule_made),
    *(plaindata.record(cls, f"game.{cls.__name__}") for cls in (
        games.Game, games.Source, games.TableRef, games.Section, games.Row, games.Table, games.Bid, games.Bids,
        games.SuitOrder, games.Rule)),
)


def book_bytes(book: LawBook) -> bytes:
    """The book as a file; a TypeError if it holds anything the table does not keep."""
    return plaindata.dumps(book, KIND, KINDS)


def book_from(data: bytes) -> LawBook | None:
    """The book kept in ``data``, or None if it is not one whole (cut short, changed, of
    another version, not a law book)."""
    try:
        book: Any = plaindata.loads(data, KIND, KINDS)
    except plaindata.NotOurs:
        return None
    return book if isinstance(book, LawBook) else None
