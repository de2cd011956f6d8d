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
from typing import Any

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
    during: bool = False         # ``@ during T``: a state that held at ``T`` (begun, not yet ended)

    def __str__(self) -> str:
        args = ", ".join(a.name if isinstance(a, Var) else str(a.value) for a in self.args)
        at = self.moment or (f"any {self.time}" if self.any_time else f"during {self.time}" if self.during
                             else self.time)
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
        if isinstance(at, tuple) and at[0] == "during":       # ``@ during T``
            return Pred(str(name), args, time=str(at[1]), during=True)
        if isinstance(at, tuple):       # ``@ any T``
            return Pred(str(name), args, time=str(at[1]), any_time=True)
        if at is not None and at.type == "VAR":
            return Pred(str(name), args, time=str(at))
        return Pred(str(name), args, str(at) if at is not None else None)

    def any_time(self, c):
        return ("any", c[0])

    def during(self, c):
        return ("during", c[0])

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


# ------------------------------------------------------------------ the tree as plain data

def as_data(tree) -> Any:
    """The tree as plain values, for the cache (:mod:`arbiter.lawbook.bookfile`): a variable
    is its name, any other part a list led by what it is --
    ``["p", name, [args], moment, time, any_time, during]``, ``["=", value]`` (a constant),
    ``["cmp", op, left, right]``, ``["and", part, ...]``, ``["or", part, ...]``,
    ``["not", part]``. None stays None."""
    if tree is None:
        return None
    if isinstance(tree, Var):
        return tree.name
    if isinstance(tree, Const):
        return ["=", tree.value]
    if isinstance(tree, Pred):
        return ["p", tree.name, [as_data(a) for a in tree.args], tree.moment, tree.time, tree.any_time, tree.during]
    if isinstance(tree, Cmp):
        return ["cmp", tree.op, as_data(tree.left), as_data(tree.right)]
    if isinstance(tree, (And, Or)):
        return ["and" if isinstance(tree, And) else "or", *(as_data(p) for p in tree.parts)]
    if isinstance(tree, Not):
        return ["not", as_data(tree.part)]
    raise TypeError(f"{type(tree).__name__} is not part of a condition")


def from_data(data: Any, names: dict[str, Var] | None = None):
    """The tree :func:`as_data` wrote, made again without the parser; a ValueError if ``data``
    is not one. ``names``: the variables made so far, shared (a variable is its name). The
    parts were checked when the condition was parsed, so they are made without their
    ``__init__``: this runs for every rule a ruling uses, in every new process."""
    if data is None:
        return None
    return _node(data, {"_": ANY} if names is None else names)


_new = object.__new__
_fill = object.__setattr__      # a frozen part's attributes, all at once: {"name": …, "args": …}


def _node(data: Any, names: dict[str, Var]):
    if type(data) is not list or not data:
        return _term(data, names)
    what = data[0]
    node: Any
    if what == "p":
        _, name, args, moment, time, any_time, during = data
        if type(name) is not str or type(args) is not list or not _text_or_none(moment, time):
            raise ValueError(f"not a predicate: {data!r}")
        node = _new(Pred)
        _fill(node, "__dict__", {"name": name, "args": tuple([_term(a, names) for a in args]), "moment": moment,
                                 "time": time, "any_time": any_time is True, "during": during is True})
    elif what == "and" or what == "or":
        node = _new(And if what == "and" else Or)
        _fill(node, "__dict__", {"parts": tuple([_node(p, names) for p in data[1:]])})
    elif what == "not":
        _, part = data
        node = _new(Not)
        _fill(node, "__dict__", {"part": _node(part, names)})
    elif what == "cmp":
        _, op, left, right = data
        if type(op) is not str:
            raise ValueError(f"not a comparison: {data!r}")
        node = _new(Cmp)
        _fill(node, "__dict__", {"op": op, "left": _term(left, names), "right": _term(right, names)})
    else:
        return _term(data, names)
    return node


def _term(data: Any, names: dict[str, Var]):
    if type(data) is str:
        var = names.get(data)
        if var is None:
            var = names[data] = _new(Var)
            _fill(var, "__dict__", {"name": data})
        return var
    if type(data) is list and len(data) == 2 and data[0] == "=" and type(data[1]) in (str, int):
        const = _new(Const)
        _fill(const, "__dict__", {"value": data[1]})
        return const
    raise ValueError(f"not a term of a condition: {data!r}")


def _text_or_none(*values) -> bool:
    return all(v is None or type(v) is str for v in values)


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
