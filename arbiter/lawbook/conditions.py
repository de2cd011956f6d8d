"""The condition language of the rules, parsed with Lark into a tree (never ``eval``).

The law files write each rule's condition in it; the law book parses and checks it as it
loads, and the engine (:mod:`arbiter.engine.solve`) evaluates the tree over facts. A
condition is ``and``, ``or`` and ``not`` over predicates with variables, and comparisons.
``pred(…) @ T`` binds ``T`` to the time of the fact (its place in the hand's timeline: the
first time it arose; ``@ any T`` to each time it arose), so that ``T < U`` says one thing
happened before another, and ``not (q(…) @ U and U < T)`` that something happened while
another had not yet happened.

>>> tree = parse_condition("renounced(P, N) and not corrected(P, N)")
>>> [str(p) for p in predicates(tree)], sorted(variables(tree))
(['renounced(P, N)', 'corrected(P, N)'], ['N', 'P'])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

# ------------------------------------------------------------------ the tree

@dataclass(frozen=True)
class Var:
    name: str


@dataclass(frozen=True)
class Const:
    value: str | int


ANY = Var("_")


@dataclass(frozen=True)
class Pred:
    name: str
    args: tuple
    moment: str | None = None
    time: str | None = None      # ``@ T``: the variable bound to the time of the fact
    any_time: bool = False       # ``@ any T``: to each time it arose, not only the first

    def __str__(self) -> str:
        args = ", ".join(a.name if isinstance(a, Var) else str(a.value) for a in self.args)
        at = self.moment or (f"any {self.time}" if self.any_time else self.time)
        return f"{self.name}({args})" + (f" @ {at}" if at else "")


@dataclass(frozen=True)
class Cmp:
    op: str
    left: object
    right: object

    def __str__(self) -> str:
        side = lambda t: t.name if isinstance(t, Var) else str(t.value)  # noqa: E731
        return f"{side(self.left)} {self.op} {side(self.right)}"


@dataclass(frozen=True)
class And:
    parts: tuple


@dataclass(frozen=True)
class Or:
    parts: tuple


@dataclass(frozen=True)
class Not:
    part: object


@lru_cache(maxsize=1)
def _lark():
    """The parser of conditions, which builds the tree as it parses. Lark is imported here,
    not at the top: the rules in a law book read from the cache are parsed already, so
    browsing the laws never loads it."""
    from ..support.grammars import lalr_parser

    grammar = Path(__file__).with_name("conditions.lark").read_text(encoding="utf-8")
    return lalr_parser("conditions", grammar, _builder()())


@lru_cache(maxsize=1)
def _builder():
    from lark import Transformer

    return type("Build", (_Build, Transformer), {})


class _Build:
    """The methods that turn the parts of a condition into its tree, each given the part's
    children (mixed into a Lark Transformer, which calls them as the parser reduces)."""

    def var(self, c):
        return ANY if str(c[0]) == "_" else Var(str(c[0]))

    def anything(self, c):
        return ANY

    def const(self, c):
        return Const(str(c[0]))

    def number(self, c):
        return Const(int(c[0]))

    def string(self, c):
        return Const(str(c[0])[1:-1])

    def pred(self, c):
        name, *args, at = c
        args = tuple(a for a in args if a is not None)
        if isinstance(at, tuple):       # ``@ any T``
            return Pred(str(name), args, time=str(at[1]), any_time=True)
        if at is not None and at.type == "VAR":
            return Pred(str(name), args, time=str(at))
        return Pred(str(name), args, str(at) if at is not None else None)

    def any_time(self, c):
        return ("any", c[0])

    def cmp(self, c):
        left, op, right = c
        return Cmp(str(op), left, right)

    def and_(self, c):
        return And(tuple(c))

    def or_(self, c):
        return Or(tuple(c))

    def neg(self, c):
        return Not(c[0])


@lru_cache(maxsize=4096)
def parse_condition(text: str):
    """The tree of a condition; a ConditionError says where it goes wrong."""
    from lark.exceptions import UnexpectedInput

    try:
        return _lark().parse(text)
    except UnexpectedInput as exc:
        raise ValueError(f"cannot read the condition at column {exc.column}: "
                         f"{text[:exc.column - 1]}⟨here⟩{text[exc.column - 1:]}") from None


def predicates(tree) -> list[Pred]:
    """Every predicate in a condition, in order (negated ones included)."""
    if isinstance(tree, Pred):
        return [tree]
    if isinstance(tree, (And, Or)):
        return [p for part in tree.parts for p in predicates(part)]
    if isinstance(tree, Not):
        return predicates(tree.part)
    return []


def variables(tree) -> set[str]:
    out = set()
    for p in predicates(tree):
        out |= {a.name for a in p.args if isinstance(a, Var) and a != ANY}
        if p.time:
            out.add(p.time)
    if isinstance(tree, Cmp):
        out |= {t.name for t in (tree.left, tree.right) if isinstance(t, Var)}
    return out


def describe(tree) -> str:
    if isinstance(tree, (Pred, Cmp)):
        return str(tree)
    if isinstance(tree, Not):
        return f"not {describe(tree.part)}"
    if isinstance(tree, And):
        return " and ".join(describe(p) for p in tree.parts)
    if isinstance(tree, Or):
        return "(" + " or ".join(describe(p) for p in tree.parts) + ")"
    return str(tree)
