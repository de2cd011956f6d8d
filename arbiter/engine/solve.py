"""Solving a condition over facts: every binding of its variables under which it holds.

A condition's tree (:mod:`arbiter.lawbook.conditions`) is solved against the facts of one
branch of an incident; each solution carries the facts it used, so a conclusion can say which
facts it rests on.

>>> from arbiter.facts import FactSet
>>> from arbiter.lawbook.conditions import parse_condition
>>> facts = FactSet()
>>> facts.add("renounced", "B", 5); facts.add("held_suit_led", "B", 5)
>>> [s.binding for s in solve(parse_condition("renounced(P, N) and held_suit_led(P, N)"), facts)]
[{'P': 'B', 'N': 5}]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..facts import Fact, FactSet
from ..incident.model import Moment
from ..lawbook.conditions import ANY, And, Cmp, Const, Not, Or, Pred, Var, describe


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
            if tree.during:   # a state that held at a time bound before it
                when = binding.get(tree.time)
                if isinstance(when, int) and facts.held_at(fact, when):
                    yield Solution(binding, sol.used + (fact,))
                continue
            if tree.time:   # the first time it arose; with ``any``, each time, as it arose then
                for each in (facts.occurrences(fact) if tree.any_time else (fact,)):
                    if binding.get(tree.time, each.time) == each.time:
                        yield Solution({**binding, tree.time: each.time}, sol.used + (each,))
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
