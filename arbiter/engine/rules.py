"""Rules as the engine uses them: a law's ``rules`` part with its condition parsed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ..lawbook.schema import ConclusionData, RuleData
from .conditions import And, Not, Pred, parse_condition, predicates, variables

_BRACED = re.compile(r"\{([A-Z][A-Za-z0-9_]*)\}")


@dataclass(frozen=True, eq=False)
class Rule:
    id: str                 # "<code>/<law>#<rule>", e.g. the penalty rule of a revoke law
    law: str                # "<code>/<law>"
    when: str | None
    tree: object | None
    then: tuple[ConclusionData, ...]
    games: tuple[str, ...]
    overrides: tuple[str, ...]
    note: str | None = None
    pending: str | None = None

    @cached_property
    def predicates(self) -> set[str]:
        return {p.name for p in predicates(self.tree)} if self.tree is not None else set()

    @cached_property
    def required(self) -> frozenset[str]:
        """Predicates that must have some fact for the condition to hold at all: those joined
        by ``and`` at the top (not under ``or`` or ``not``). A rule missing one is skipped."""
        if self.tree is None:
            return frozenset()
        parts = self.tree.parts if isinstance(self.tree, And) else (self.tree,)
        return frozenset(p.name for p in parts if isinstance(p, Pred))

    @cached_property
    def positive(self) -> frozenset[str]:
        """The predicates the condition uses outside ``not``, less those that only describe
        the table (every incident has them): what makes a rule look relevant to an incident."""
        table = {"seat", "partner", "adversary", "code", "game", "packs", "side_of", "opposing_side"}
        return frozenset(self.predicates - self.negated - table)

    @property
    def concludes(self) -> set[str]:
        """The predicates this rule adds as facts."""
        return {parse_condition(atom).name for c in self.then for atom in (c.fact, c.ruling) if atom}

    @cached_property
    def negated(self) -> set[str]:
        """The predicates this rule requires to be absent (under ``not``)."""
        out, stack = set(), [self.tree]
        while stack:
            node = stack.pop()
            if isinstance(node, Not):
                out |= {p.name for p in predicates(node.part)}
            else:
                stack.extend(getattr(node, "parts", ()))
        return out

    @cached_property
    def variables(self) -> set[str]:
        """The variables of the condition."""
        return variables(self.tree) if self.tree is not None else set()

    @cached_property
    def output_vars(self) -> set[str]:
        """The variables the conclusions mention: bindings that differ only elsewhere give the
        same conclusions, and fire once."""
        out = set()
        for c in self.then:
            for text in (c.fact, c.ruling):
                if text:
                    out |= variables(parse_condition(text))
            out |= set(_BRACED.findall(c.says or ""))
            if c.who:
                out.add(c.who)
        return out

    def applies_in(self, game: str) -> bool:
        return not self.games or game in self.games


def build_rule(law_id: str, data: RuleData, entry_games: tuple[str, ...]) -> Rule:
    """Check and build one rule; a ValueError names the field at fault."""
    tree = None
    if data.when:
        try:
            tree = parse_condition(data.when)
        except ValueError as exc:
            raise ValueError(f"when: {exc}") from None
    bound = variables(tree) if tree is not None else set()
    for i, c in enumerate(data.then):
        kinds = [k for k in ("ruling", "may", "must", "cannot", "forfeits", "score", "note") if getattr(c, k)]
        if len(kinds) > 1:
            raise ValueError(f"then[{i}]: one conclusion may be one of ruling, may, must, cannot, "
                             f"forfeits, score, note, not {kinds}")
        if not kinds and not c.fact:
            raise ValueError(f"then[{i}]: a conclusion needs fact, ruling, may, must, cannot, forfeits, score or note")
        for atom in (c.fact, c.ruling):
            if atom:
                try:
                    pred = parse_condition(atom)
                except ValueError as exc:
                    raise ValueError(f"then[{i}]: {exc}") from None
                if not isinstance(pred, Pred):
                    raise ValueError(f"then[{i}]: {atom!r} must be a single predicate")
                unbound = {a.name for a in pred.args if hasattr(a, "name")} - bound - {"_"}
                if unbound:
                    raise ValueError(f"then[{i}]: {sorted(unbound)} not bound by `when`")
        for text in (c.says, c.who):
            for name in _BRACED.findall(text or "") + ([text] if text and text == c.who else []):
                if name not in bound:
                    raise ValueError(f"then[{i}]: {name} is not bound by `when`")
    return Rule(
        id=f"{law_id}#{data.id}", law=law_id, when=data.when, tree=tree, then=tuple(data.then),
        games=tuple(data.games or entry_games), overrides=tuple(data.overrides), note=data.note,
        pending=data.pending,
    )
