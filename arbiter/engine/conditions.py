"""The condition language of the rules: parsed with Lark, evaluated over facts, never ``eval``.

A condition is ``and``, ``or`` and ``not`` over predicates with variables, and comparisons.
``pred(…) @ T`` binds ``T`` to the time of the fact (its place in the hand's timeline: the
first time it arose; ``@ any T`` to each time it arose), so that ``T < U`` says one thing
happened before another, and ``not (q(…) @ U and U < T)`` that something happened while
another had not yet happened. Solving one
yields every binding of its variables under which it holds, with the facts it used, so a
conclusion can say which facts it rests on.

>>> from arbiter.facts import FactSet
>>> facts = FactSet()
>>> facts.add("renounced", "B", 5); facts.add("held_suit_led", "B", 5)
>>> [s.binding for s in solve(parse_condition("renounced(P, N) and held_suit_led(P, N)"), facts)]
[{'P': 'B', 'N': 5}]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:       # the trees are read back with the law book, which needs neither
    from ..facts import Fact, FactSet

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
    from ..grammars import lalr_parser

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


# ------------------------------------------------------------------ solving

@dataclass(frozen=True)
class Solution:
    binding: dict
    used: tuple[Fact, ...] = ()


def _value(term, binding):
    if isinstance(term, Const):
        return term.value
    return binding.get(term.name, term)


def _unify(args, fact_args, binding) -> dict | None:
    if len(args) != len(fact_args):
        return None
    out = dict(binding)
    for term, value in zip(args, fact_args):
        if term == ANY:   # by value: a rule read back from the cache has its own copy
            continue
        if isinstance(term, Const):
            if term.value != value and str(term.value) != str(value):
                return None
            continue
        bound = out.get(term.name)
        if bound is None:
            out[term.name] = value
        elif bound != value:
            return None
    return out


def _at_or_after(fact: Fact, moment: str) -> bool:
    from ..incident.model import Moment

    order = Moment.ORDER
    return order.index(fact.moment.kind) >= order.index(moment)


def _candidates(pred: Pred, facts: FactSet, binding: dict):
    """The facts a predicate may match: those with its first argument, where that is known
    (a constant, or a variable already bound, of the same type as the facts hold), else all
    of its name."""
    if pred.args:
        first = pred.args[0]
        if isinstance(first, Const):
            # a constant matches a fact's argument as written or as a number (see _unify)
            value = first.value
            other: str | int = str(value) if isinstance(value, int) else (
                int(value) if value.lstrip("-").isdigit() else value)
            found = facts.by_first(pred.name, value)
            return found + facts.by_first(pred.name, other) if other != value else found
        if first != ANY and first.name in binding:
            return facts.by_first(pred.name, binding[first.name])
    return facts.by_name(pred.name)


def solve(tree, facts: FactSet, binding: dict | None = None) -> Iterator[Solution]:
    """Every way ``tree`` holds over ``facts``, extending ``binding``."""
    yield from _solve(tree, facts, Solution(binding or {}))


def _solve(tree, facts: FactSet, sol: Solution) -> Iterator[Solution]:
    if isinstance(tree, Pred):
        for fact in _candidates(tree, facts, sol.binding):
            if tree.moment and not _at_or_after(fact, tree.moment):
                continue
            binding = _unify(tree.args, fact.args, sol.binding)
            if binding is None:
                continue
            if tree.time:   # the first time it arose; with ``any``, each time
                for time in (facts.times(fact) if tree.any_time else (fact.time,)):
                    if binding.get(tree.time, time) == time:
                        yield Solution({**binding, tree.time: time}, sol.used + (fact,))
                continue
            yield Solution(binding, sol.used + (fact,))
    elif isinstance(tree, And):
        yield from _solve_and(tree.parts, facts, sol)
    elif isinstance(tree, Or):
        seen = set()
        for part in tree.parts:
            for s in _solve(part, facts, sol):
                key = tuple(sorted((k, str(v)) for k, v in s.binding.items()))
                if key not in seen:
                    seen.add(key)
                    yield s
    elif isinstance(tree, Not):
        if next(_solve(tree.part, facts, sol), None) is None:
            yield sol
    elif isinstance(tree, Cmp):
        left, right = _value(tree.left, sol.binding), _value(tree.right, sol.binding)
        if isinstance(left, Var) or isinstance(right, Var):
            return   # a comparison needs both sides bound; order the conjuncts so they are
        if _compare(tree.op, left, right):
            yield sol
    else:  # pragma: no cover
        raise TypeError(tree)


def _solve_and(parts, facts, sol):
    if not parts:
        yield sol
        return
    for s in _solve(parts[0], facts, sol):
        yield from _solve_and(parts[1:], facts, s)


def _compare(op, left, right) -> bool:
    if op in ("=", "!="):
        equal = left == right or str(left) == str(right)
        return equal if op == "=" else not equal
    try:
        left, right = int(left), int(right)
    except (TypeError, ValueError):
        return False
    return {"<": left < right, ">": left > right, "<=": left <= right, ">=": left >= right}[op]


def first_failure(tree, facts: FactSet) -> str | None:
    """For "why not": the first conjunct of a condition that no binding satisfies, given the
    conjuncts before it. ``None`` if the condition holds."""
    parts = tree.parts if isinstance(tree, And) else (tree,)
    sols = [Solution({})]
    for part in parts:
        nxt = [s2 for s in sols for s2 in _solve(part, facts, s)]
        if not nxt:
            return describe(part)
        sols = nxt[:50]
    return None


def first_failure_at(tree, facts: FactSet) -> tuple[object, dict, int] | None:
    """As :func:`first_failure`, but the failed conjunct itself, with the binding the
    conjuncts before it gave (their first way of holding) and how many held before it:
    what ``--explain`` puts in words."""
    parts = tree.parts if isinstance(tree, And) else (tree,)
    sols = [Solution({})]
    for i, part in enumerate(parts):
        nxt = [s2 for s in sols for s2 in _solve(part, facts, s)]
        if not nxt:
            return part, dict(sols[0].binding), i
        sols = nxt[:50]
    return None


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
