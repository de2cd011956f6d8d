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

import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..facts import Fact, FactSet
from ..incident.model import Moment
from ..lawbook.conditions import ANY, And, Cmp, Const, Not, Or, Pred, Var, describe


@dataclass(frozen=True)
class Solution:
    binding: dict
    used: tuple[Fact, ...] = ()


# ------------------------------------------------------------------ conditions compiled
#
# A condition is solved by the plan it is compiled into, once for each tree (a rule's tree
# lives as long as the law book): a function ``run(facts, binding, used, emit)`` that calls
# ``emit(binding, used)`` for each way the condition holds, in the order the tree's parts are
# written and the facts were found -- the order the conclusions of a rule are drawn in.
# A predicate looks only at the facts of its name, and of its first argument where that is
# a constant or already bound (FactSet indexes them so); its arguments are matched by a
# list of checks worked out once (a constant, a variable to bind or to compare, ``_``
# skipped); a comparison or a ``not`` is a test of the binding so far; ``and`` passes each
# binding to its next part; ``or`` gives each binding once. A binding is a dict made anew
# only where a predicate binds a variable, and never changed once made.

Plan = Callable[[FactSet, dict, tuple, Callable[[dict, tuple], None]], None]

_ORDER = {kind: i for i, kind in enumerate(Moment.ORDER)}
_PLANS: dict[int, tuple[object, Plan]] = {}


class _Found(Exception):
    """A ``not``'s part holds: no need to look for more ways."""


def _found(binding: dict, used: tuple) -> None:
    raise _Found


def plan_of(tree) -> Plan:
    """The compiled plan of a condition's tree, made on first use."""
    kept = _PLANS.get(id(tree))
    if kept is not None and kept[0] is tree:
        return kept[1]
    plan = _compile(tree)
    if len(_PLANS) > 50_000:      # trees made on the fly (tests, tools) must not pile up
        _PLANS.clear()
    _PLANS[id(tree)] = (tree, plan)     # the tree is kept, so its id is never reused while cached
    return plan


def _compile(tree) -> Plan:
    if isinstance(tree, Pred):
        return _compile_pred(tree)
    if isinstance(tree, And):
        return _compile_and([_compile(p) for p in tree.parts])
    if isinstance(tree, Or):
        return _compile_or([_compile(p) for p in tree.parts])
    if isinstance(tree, Not):
        return _compile_not(_compile(tree.part))
    if isinstance(tree, Cmp):
        return _compile_cmp(tree)
    raise TypeError(tree)   # pragma: no cover


def _compile_pred(pred: Pred) -> Plan:
    name, args, time, any_time, during = pred.name, pred.args, pred.time, pred.any_time, pred.during
    arity = len(args)
    at_least = _ORDER[pred.moment] if pred.moment else None
    order = _ORDER
    # the checks of the arguments: (place, True for a constant, its value, as text; or
    # False for a variable, its name)
    checks = tuple((i, True, t.value, str(t.value)) if isinstance(t, Const) else (i, False, t.name, None)
                   for i, t in enumerate(args) if t != ANY)
    first = args[0] if args else None
    if isinstance(first, Const):
        # a constant matches a fact's argument as written or as a number (see the checks)
        value = first.value
        other: str | int = str(value) if isinstance(value, int) else (
            int(value) if value.lstrip("-").isdigit() else value)

        def candidates(facts: FactSet, binding: dict) -> list:
            found = facts.by_first(name, value)
            return found + facts.by_first(name, other) if other != value else found
    elif first is not None and first != ANY:
        key = first.name

        def candidates(facts: FactSet, binding: dict) -> list:
            if key in binding:
                return facts.by_first(name, binding[key])
            return facts.by_name(name)
    else:
        def candidates(facts: FactSet, binding: dict) -> list:
            return facts.by_name(name)

    def run(facts: FactSet, binding: dict, used: tuple, emit) -> None:
        for fact in candidates(facts, binding):
            if at_least is not None and order[fact.moment.kind] < at_least:
                continue
            values = fact.args
            if len(values) != arity:
                continue
            bound = binding
            fresh = False
            for i, constant, want, text in checks:
                value = values[i]
                if constant:
                    if want != value and text != str(value):
                        break
                    continue
                held = bound.get(want)
                if held is None:
                    if not fresh:
                        bound, fresh = dict(bound), True
                    bound[want] = value
                elif held != value:
                    break
            else:
                if during:      # a state that held at a time bound before it
                    when = bound.get(time)
                    if isinstance(when, int) and facts.held_at(fact, when):
                        emit(bound, used + (fact,))
                elif time:      # the first time it arose; with ``any``, each time, as it arose then
                    for each in (facts.occurrences(fact) if any_time else (fact,)):
                        if bound.get(time, each.time) == each.time:
                            emit({**bound, time: each.time}, used + (each,))
                else:
                    emit(bound, used + (fact,))
    return run


def _compile_and(parts: list[Plan]) -> Plan:
    if not parts:
        return lambda facts, binding, used, emit: emit(binding, used)
    if len(parts) == 1:
        return parts[0]
    head, rest = parts[0], _compile_and(parts[1:])

    def run(facts: FactSet, binding: dict, used: tuple, emit) -> None:
        head(facts, binding, used, lambda b, u: rest(facts, b, u, emit))
    return run


def _compile_or(parts: list[Plan]) -> Plan:
    def run(facts: FactSet, binding: dict, used: tuple, emit) -> None:
        seen: set = set()

        def once(b: dict, u: tuple) -> None:
            key = tuple(sorted((k, str(v)) for k, v in b.items()))
            if key not in seen:
                seen.add(key)
                emit(b, u)
        for part in parts:
            part(facts, binding, used, once)
    return run


def _compile_not(part: Plan) -> Plan:
    def run(facts: FactSet, binding: dict, used: tuple, emit) -> None:
        try:
            part(facts, binding, used, _found)
        except _Found:
            return
        emit(binding, used)
    return run


def _compile_cmp(cmp: Cmp) -> Plan:
    compare = _COMPARE[cmp.op]
    left, right = cmp.left, cmp.right
    # each side a constant, or the name of a variable looked up in the binding
    left_name = left.name if isinstance(left, Var) else None
    right_name = right.name if isinstance(right, Var) else None
    left_value = left.value if isinstance(left, Const) else None
    right_value = right.value if isinstance(right, Const) else None

    def run(facts: FactSet, binding: dict, used: tuple, emit) -> None:
        if left_name is None:
            a = left_value
        elif left_name in binding:
            a = binding[left_name]
        else:
            return   # a comparison needs both sides bound; order the conjuncts so they are
        if right_name is None:
            b = right_value
        elif right_name in binding:
            b = binding[right_name]
        else:
            return
        if compare(a, b):
            emit(binding, used)
    return run


def solve(tree, facts: FactSet, binding: dict | None = None) -> Iterator[Solution]:
    """Every way ``tree`` holds over ``facts``, extending ``binding``."""
    return iter(solutions(tree, facts, binding))


def solutions(tree, facts: FactSet, binding: dict | None = None) -> list[Solution]:
    """Every way ``tree`` holds over ``facts``, extending ``binding``, as a list."""
    out: list[Solution] = []
    plan_of(tree)(facts, dict(binding) if binding else {}, (), lambda b, u: out.append(Solution(b, u)))
    return out


def holds(tree, facts: FactSet, binding: dict | None = None) -> bool:
    """Whether ``tree`` holds over ``facts`` in some way, extending ``binding``."""
    try:
        plan_of(tree)(facts, dict(binding) if binding else {}, (), _found)
    except _Found:
        return True
    return False


def _solve(tree, facts: FactSet, sol: Solution) -> list[Solution]:
    out: list[Solution] = []
    plan_of(tree)(facts, sol.binding, sol.used, lambda b, u: out.append(Solution(b, u)))
    return out


def _equal(left, right) -> bool:
    """Equal as written or as text: a card ``HQ`` and the text ``HQ``, the number 5 and ``5``."""
    return left == right or str(left) == str(right)


def _numeric(test: Callable[[int, int], bool]) -> Callable[[object, object], bool]:
    """A comparison of two numbers; false where either side is not one."""
    def compare(left: Any, right: Any) -> bool:
        try:
            return test(int(left), int(right))
        except (TypeError, ValueError):
            return False
    return compare


#: Each comparison a condition may make, by its operator.
_COMPARE: dict[str, Callable[[object, object], bool]] = {
    "=": _equal,
    "!=": lambda left, right: not _equal(left, right),
    "<": _numeric(operator.lt), ">": _numeric(operator.gt),
    "<=": _numeric(operator.le), ">=": _numeric(operator.ge),
}


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
