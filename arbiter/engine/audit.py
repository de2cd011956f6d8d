"""The static check of a rule base: what can be known to be wrong without an incident.

A rule that reads a predicate nothing produces waits for ever; an ``overrides`` that names
no rule, or a rule that cannot fire in the games where its overrider applies, defeats
nothing; two rules that conclude ``x(…)`` and ``not_x(…)`` with no precedence between them
leave the engine to drop both. Each of these is found here from the rules alone, for every
code with the codes that supplement it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..facts import given_by_replay
from ..lawbook.conditions import And, Not, Pred, predicates


@dataclass(frozen=True)
class Problem:
    rule: str
    kind: str        # unproduced, arity, pending-needless, override-unknown, override-other-game, conflict
    detail: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.kind}: {self.detail}"


def audit(book, codes: list[str] | None = None, given: dict[str, frozenset[int]] | None = None) -> list[Problem]:
    """Every problem in the rules of ``codes`` (by default every code that rules)."""
    if codes is None:
        codes = [c.id for c in book.codes.values() if not c.edition_of and not c.supplements]
    given = given_by_replay() if given is None else given
    out: dict[tuple, Problem] = {}
    for code in codes:
        for problem in audit_rules(book.rules_of(code), given):
            out.setdefault((problem.rule, problem.kind, problem.detail), problem)
    return list(out.values())


def audit_rules(rules: list, given: dict[str, frozenset[int]]) -> list[Problem]:
    problems: list[Problem] = []
    concluded: dict[str, set[int]] = {}
    for r in rules:
        if r.pending:
            continue
        for pair in r.atoms:
            for atom in pair:
                if atom is not None:
                    concluded.setdefault(atom.name, set()).add(len(atom.args))
        for name in r.concludes - {a.name for pair in r.atoms for a in pair if a is not None}:
            concluded.setdefault(name, set()).add(2)     # entitled(Who, Penalty) and its kin
    for r in rules:
        if r.tree is None:
            continue
        unproduced = []
        for p in predicates(r.tree):
            arities = set(given.get(p.name, ())) | concluded.get(p.name, set())
            if not arities:
                unproduced.append(p.name)
            elif len(p.args) not in arities:
                problems.append(Problem(r.id, "arity", f"{p} has {len(p.args)} arguments; "
                                                       f"{p.name} has {sorted(arities)}"))
        if unproduced and not r.pending:
            problems.append(Problem(r.id, "unproduced", "reads " + ", ".join(sorted(set(unproduced)))
                                    + ", which neither the replay nor any rule produces"))
        if r.pending and not unproduced:
            problems.append(Problem(r.id, "pending-needless",
                                    "marked pending, but every predicate it reads can be had"))
    problems += _overrides(rules)
    problems += _conflicts(rules)
    return problems


def _games_meet(a, b) -> bool:
    return not a.games or not b.games or bool(set(a.games) & set(b.games))


def _overrides(rules: list) -> list[Problem]:
    by_id = {r.id: r for r in rules}
    by_law: dict[str, list] = {}
    for r in rules:
        by_law.setdefault(r.law, []).append(r)
    out = []
    codes = {r.law.split("/", 1)[0] for r in rules}
    for r in rules:
        for target in r.overrides:
            if target.split("/", 1)[0] not in codes:
                continue    # a supplement's exception to a code it supplements, not this one
            targets = [by_id[target]] if target in by_id else by_law.get(target, [])
            if not targets:
                out.append(Problem(r.id, "override-unknown", f"overrides {target}, which has no rule"))
            elif not any(_games_meet(r, t) for t in targets):
                out.append(Problem(r.id, "override-other-game",
                                   f"overrides {target}, which never applies in its games {list(r.games)}"))
    return out


def _top(tree) -> tuple[set[str], set[str]]:
    """The predicates a condition requires at its top level, and those it forbids there."""
    parts = tree.parts if isinstance(tree, And) else (tree,)
    need = {p.name for p in parts if isinstance(p, Pred)}
    forbid = {p.name for part in parts if isinstance(part, Not) and isinstance(part.part, Pred)
              for p in [part.part]}
    return need, forbid


def _exclusive(a, b) -> bool:
    """Whether two rules cannot both fire: one forbids outright what the other needs, or
    what the other itself concludes."""
    if a.tree is None or b.tree is None:
        return False
    need_a, forbid_a = _top(a.tree)
    need_b, forbid_b = _top(b.tree)
    return bool(need_a & forbid_b or need_b & forbid_a or forbid_a & b.concludes or forbid_b & a.concludes)


def _precedes(a, b) -> bool:
    """Whether ``a`` takes precedence over ``b``: it overrides it, prevails over it, or is
    more specific."""
    return a.names_first(b) or a.predicates > b.predicates


def _conflicts(rules: list) -> list[Problem]:
    rulings: dict[str, list] = {}
    for r in rules:
        if r.pending:
            continue
        for pair in r.atoms:
            if pair[1] is not None:
                rulings.setdefault(pair[1].name, []).append((r, pair[1]))
    out = []
    for name, held in rulings.items():
        for r, atom in held:
            for other, against in rulings.get("not_" + name, ()):
                if len(atom.args) != len(against.args) or not _games_meet(r, other):
                    continue
                if _precedes(r, other) or _precedes(other, r) or _exclusive(r, other):
                    continue
                out.append(Problem(r.id, "conflict", f"concludes {atom} and {other.id} concludes {against}, "
                                                     "with no precedence between them"))
    return out
