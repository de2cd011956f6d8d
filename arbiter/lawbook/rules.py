"""Rules as the engine uses them: a law's ``rules`` part with its condition parsed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .conditions import ANY, And, Not, Pred, from_data, parse_condition, predicates, variables
from .records import ConclusionData

if TYPE_CHECKING:
    from .schema import RuleData

#: What a conclusion that names its penalties adds as a fact, ``name(Who, Penalty)``: the
#: laws that speak of "a penalty to which he is entitled" read these.
PENALTY_FACT = {"may": "entitled", "cannot": "barred", "forfeits": "forfeited"}

#: What :meth:`Rule.warm` works out, and the kind of set each is: the cache keeps them with
#: the rule (:mod:`.bookfile`), so that a book read back has them without walking the trees.
WARM = {"predicates": set, "required": frozenset, "positive": frozenset, "concludes": set, "negated": set,
        "variables": set, "output_vars": set}

#: A variable in a sentence: ``{P}``, or ``{Wt:penalty}`` for a penalty told in words
_BRACED = re.compile(r"\{([A-Z][A-Za-z0-9_]*)(?::penalty)?\}")


@dataclass(frozen=True, eq=False)
class Rule:
    id: str                 # "<code>/<law>#<rule>", e.g. the penalty rule of a revoke law
    law: str                # "<code>/<law>"
    when: str | None
    tree: object | None
    then: tuple[ConclusionData, ...]
    games: tuple[str, ...]
    overrides: tuple[str, ...]
    #: each conclusion's ``fact`` and ``ruling``, parsed (None where it has none)
    atoms: tuple[tuple[Pred | None, Pred | None], ...]
    prevails_over: tuple[str, ...] = ()
    note: str | None = None
    pending: str | None = None

    def __getattr__(self, name: str) -> Any:
        """``tree`` and ``atoms`` of a rule read back from the cache (:mod:`.bookfile`), made
        when first asked for from the plain data kept with it (``_condition_data``): making
        the trees is most of the cost of reading a book, and most of a book's rules are never
        solved in one process. Both are made before the data is let go, so a rule asked for
        both at once from two threads makes them twice at worst, never misses them."""
        held = self.__dict__
        kept = held.get("_condition_data")
        if kept is None or name not in ("tree", "atoms"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        tree, atoms = kept
        names = {"_": ANY}
        held["tree"] = from_data(tree, names)
        held["atoms"] = tuple((from_data(fact, names), from_data(ruling, names)) for fact, ruling in atoms)
        held.pop("_condition_data", None)
        return held[name]

    def warm(self) -> "Rule":
        """Work out now what the engine will ask of the rule, so that a law book stored in
        the cache carries it, and a ruling never needs the condition parser."""
        for name in WARM:
            getattr(self, name)
        return self

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

    @cached_property
    def concludes(self) -> set[str]:
        """The predicates this rule adds as facts: its atoms, and for a right, a limit or a
        forfeiture that names its penalties, ``entitled``, ``barred`` or ``forfeited``."""
        out = {atom.name for pair in self.atoms for atom in pair if atom is not None}
        return out | {PENALTY_FACT[c.kind] for c in self.then if c.exacts and c.kind in PENALTY_FACT}

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
        for c, pair in zip(self.then, self.atoms):
            for atom in pair:
                if atom is not None:
                    out |= variables(atom)
            out |= set(_BRACED.findall(c.says or ""))
            if c.who:
                out.add(c.who)
            if c.against:
                out.add(c.against)
        return out

    def names_first(self, other: "Rule") -> bool:
        """Whether this rule takes precedence over ``other`` where their rulings meet: it
        overrides it, or prevails over it (by rule or by law)."""
        named = (*self.overrides, *self.prevails_over)
        return other.id in named or other.law in named

    def applies_in(self, game: str) -> bool:
        return not self.games or game in self.games


def _check_penalties(i: int, c: ConclusionData, bound: set[str], tree: object = None) -> None:
    """A conclusion's penalties are the notation's own words, held by someone."""
    from ..words.vocabulary import PENALTIES

    if c.cites_law_of and c.cites_law_of not in {p.name for p in predicates(tree)}:
        raise ValueError(f"then[{i}]: cites_law_of: {c.cites_law_of} is not a predicate of `when`")
    if c.binds and c.kind not in ("cannot", "forfeits"):
        raise ValueError(f"then[{i}]: binds goes with cannot or forfeits, not {c.kind}")
    if c.exacts is None:
        if c.against or c.elects:
            raise ValueError(f"then[{i}]: against and elects go with exacts")
        return
    if c.kind not in PENALTY_FACT:
        raise ValueError(f"then[{i}]: exacts goes with may, cannot or forfeits, not {c.kind}")
    unknown = [k for k in c.exacts if k not in PENALTIES]
    if unknown:
        raise ValueError(f"then[{i}]: {unknown} are not penalties the notation can demand "
                         f"(arbiter/words/vocabulary.py PENALTIES)")
    if c.exacts and not c.who:
        raise ValueError(f"then[{i}]: a penalty needs `who` may exact it")
    if c.against and c.against not in bound:
        raise ValueError(f"then[{i}]: against: {c.against} is not bound by `when`")


def build_rule(law_id: str, data: RuleData, entry_games: tuple[str, ...]) -> Rule:
    """Check and build one rule; a ValueError names the field at fault."""
    tree = None
    if data.when:
        try:
            tree = parse_condition(data.when)
        except ValueError as exc:
            raise ValueError(f"when: {exc}") from None
    bound = variables(tree) if tree is not None else set()
    atoms = []
    for i, c in enumerate(data.then):
        kinds = [k for k in ("ruling", "may", "must", "cannot", "forfeits", "score", "note") if getattr(c, k)]
        if len(kinds) > 1:
            raise ValueError(f"then[{i}]: one conclusion may be one of ruling, may, must, cannot, "
                             f"forfeits, score, note, not {kinds}")
        if not kinds and not c.fact:
            raise ValueError(f"then[{i}]: a conclusion needs fact, ruling, may, must, cannot, forfeits, score or note")
        pair: list[Pred | None] = []
        for atom in (c.fact, c.ruling):
            if not atom:
                pair.append(None)
                continue
            try:
                pred = parse_condition(atom)
            except ValueError as exc:
                raise ValueError(f"then[{i}]: {exc}") from None
            if not isinstance(pred, Pred):
                raise ValueError(f"then[{i}]: {atom!r} must be a single predicate")
            unbound = {a.name for a in pred.args if hasattr(a, "name")} - bound - {"_"}
            if unbound:
                raise ValueError(f"then[{i}]: {sorted(unbound)} not bound by `when`")
            pair.append(pred)
        atoms.append((pair[0], pair[1]))
        _check_penalties(i, c, bound, tree)
        for text in (c.says, c.who):
            for name in _BRACED.findall(text or "") + ([text] if text and text == c.who else []):
                if name not in bound:
                    raise ValueError(f"then[{i}]: {name} is not bound by `when`")
    return Rule(
        id=f"{law_id}#{data.id}", law=law_id, when=data.when, tree=tree, then=tuple(data.then),
        games=tuple(data.games or entry_games), overrides=tuple(data.overrides),
        prevails_over=tuple(data.prevails_over), note=data.note,
        pending=data.pending, atoms=tuple(atoms),
    )
