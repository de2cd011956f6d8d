"""Forward chaining over the facts of one branch of an incident, to a fixed point.

Every rule of the chosen code that applies in the chosen game is tried against the facts;
each way its condition holds fires its conclusions once, and the facts they add may fire
other rules, until nothing new follows. Precedence never comes from file order: a rule is
defeated where a rule that ``overrides`` it holds for the same bindings (a Dummy exception,
a variant of Boston, a later law that says "except"), and where two rulings on one question
conflict, the rule whose condition is the more specific wins.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from ..cards import in_words
from ..facts import Fact, FactSet
from ..lawbook.conditions import Pred, Var
from ..lawbook.rules import PENALTY_FACT, Rule
from ..words.vocabulary import penalty_phrase, penalty_words
from .solve import Solution, first_failure, solutions, solve

MAX_ROUNDS = 50


class CycleError(ValueError):
    """Rules that cannot be ordered: one waits on the absence of what it itself concludes."""


@dataclass(frozen=True)
class Conclusion:
    """One conclusion of one rule under one binding, with what it rests on."""

    rule: Rule
    kind: str                    # fact, ruling, may, must, cannot, forfeits, score
    text: str                    # the ruling's predicate, or the right/duty/limit in words
    says: str | None             # the sentence for the decision, filled in
    who: str | None
    binding: tuple[tuple[str, object], ...]
    used: tuple[Fact, ...]
    options: tuple[str, ...] = ()
    consult: bool | None = None
    until: str | None = None
    points: int | None = None
    exacts: tuple[str, ...] | None = None     # the penalties a right, limit or forfeiture names
    against: str | None = None                # the seat or side that suffers them
    elects: str | None = None                 # who of ``who`` elects ("right of called")
    binds: str | None = None                  # which demands a limit refuses (others, all, this)

    @property
    def law(self) -> str:
        return self.rule.law


@dataclass(frozen=True)
class Defeat:
    rule: Rule
    by: Rule
    binding: tuple[tuple[str, object], ...]


@dataclass(frozen=True)
class WhyNot:
    rule: Rule
    failed: str                  # the first part of the condition that did not hold


@dataclass
class Inference:
    facts: FactSet
    conclusions: list[Conclusion] = field(default_factory=list)
    defeats: list[Defeat] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    #: the places in ``rules`` of the rules that read each predicate (the plan's, made once)
    readers: dict[str, list[int]] = field(default_factory=dict)
    #: each rule's solutions, by the stratum and round it was tried in and its id: what an
    #: inference from these facts and a few more takes for a rule that reads none they change
    solved: dict[tuple[int, int, str], list[Solution]] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def why_not(self) -> list[WhyNot]:
        """The rules that look relevant (a fact they name is present) but did not fire, each
        with the first part of its condition that failed. Computed when first asked for:
        only ``--explain`` shows it, and it costs as much as the inference itself."""
        fired_ids = self.fired()
        out = []
        for rule in self.rules:
            if rule.tree is not None and rule.id not in fired_ids and looks_relevant(rule, self.facts):
                failed = first_failure(rule.tree, self.facts)
                if failed is not None:
                    out.append(WhyNot(rule, failed))
        return out

    def rulings(self) -> list[Conclusion]:
        return [c for c in self.conclusions if c.kind == "ruling"]

    def of_kind(self, kind: str) -> list[Conclusion]:
        return [c for c in self.conclusions if c.kind == kind]

    def cited(self) -> list[str]:
        """The laws the conclusions rest on, in the order first relied on."""
        return list(dict.fromkeys(c.law for c in self.conclusions if c.kind != "fact"))

    def fired(self) -> set[str]:
        return {c.rule.id for c in self.conclusions}


def active_rules(rules: list[Rule], game: str) -> list[Rule]:
    return [r for r in rules if r.applies_in(game)]


def infer(rules: list[Rule], facts: FactSet, game: str,
          since: tuple[Inference, Iterable[str]] | None = None) -> Inference:
    """Run ``rules`` (those of one code) over a copy of ``facts`` for ``game``.

    ``since``: an inference of the same rules over the facts ``facts`` were made from, and
    the names of the facts added to them since (an open question's answer, a demand's
    judgment). The inference is drawn in full all the same, in the same order, to the same
    conclusions; only a rule that reads no predicate those facts can change -- theirs, and
    what any rule they can reach concludes (:meth:`_Plan.changeable`) -- is not solved
    again: stratum by stratum and round by round, it has before it the very facts it had
    there, so its solutions are taken from there."""
    facts = facts.copy()
    plan = _plan(rules, game)
    result = Inference(facts=facts, rules=plan.active, readers=plan.readers)
    known = None
    if since is not None and since[0].rules is plan.active:
        known = (since[0].solved, plan.changeable(frozenset(since[1])))
    fired: set[tuple] = set()
    defeated: set[tuple] = set()
    for place, stratum in enumerate(plan.strata):
        _saturate(place, stratum, facts, plan.overriders, fired, defeated, result, known)
    result.conclusions = _resolve_conflicts(result.conclusions, result)
    return result


@dataclass
class _Stratum:
    rules: list[Rule]
    triggered_by: dict[str, list[Rule]]     # predicate -> the rules of this stratum whose result it can change
    unconditional: list[tuple[int, Rule]]   # rules that need no particular fact, with their place
    keyed_by: dict[str, list[tuple[int, Rule]]]   # one predicate each rule needs -> those rules

    _seen: dict = field(default_factory=dict)     # the candidates, by the predicates present
    places: dict[int, int] = field(init=False)      # each rule's place, by its id

    def __post_init__(self) -> None:
        self.places = {id(r): i for i, r in enumerate(self.rules)}

    def candidates(self, present) -> list[Rule]:
        """The rules whose needed predicates all have facts, in the stratum's order: looked
        up by one predicate each needs, rather than by trying every rule; and kept by the
        predicates present, which repeat (the inferences of one ruling, and its answers to
        its open questions, mostly start from the same predicates)."""
        key = frozenset(present)
        found = self._seen.get(key)
        if found is None:
            if len(self._seen) > 512:      # a server rules on many incidents: keep the cache small
                self._seen.clear()
            found = self._seen[key] = self._find(key)
        return found

    def again(self, added: set[str], present) -> list[Rule]:
        """The rules to try again once facts of ``added`` are new: those whose result they
        can change and whose needed predicates all have facts, in the stratum's order."""
        places = self.places
        again = {places[id(r)] for name in added for r in self.triggered_by.get(name, ())}
        rules = self.rules
        return [rules[i] for i in sorted(again) if present >= rules[i].required]

    def _find(self, present: frozenset) -> list[Rule]:
        keyed_by = self.keyed_by
        names = keyed_by.keys() & present
        if not names:
            return [r for _, r in self.unconditional]
        found = list(self.unconditional)
        for name in names:
            for pair in keyed_by[name]:
                if pair[1].required <= present:
                    found.append(pair)
        found.sort()        # by place: each rule's place in its stratum is its own
        return [r for _, r in found]


@dataclass
class _Plan:
    """What the rules of one code in one game need worked out once, not per incident: which
    apply, what overrides what, in which order (strata) they run, and which read each
    predicate (by their places in ``active``)."""
    active: list[Rule]
    overriders: dict[str, list[Rule]]
    strata: list[_Stratum]
    readers: dict[str, list[int]]
    #: each rule, with the predicates whose facts can change whether and how it fires (its
    #: own, and those of the rules that may defeat it)
    triggers: list[tuple[Rule, set[str]]]
    _changeable: dict[frozenset[str], frozenset[str]] = field(default_factory=dict)

    def changeable(self, added: frozenset[str]) -> frozenset[str]:
        """The predicates whose facts may differ once facts of ``added`` are added: those,
        and what every rule concludes whose firing turns on one of them, to a fixed point.
        (A rule that reads none of them, and none of whose defeaters does, is tried in the
        same rounds over the same facts as before, and fires as it did.)"""
        found = self._changeable.get(added)
        if found is None:
            reach = set(added)
            grew = True
            while grew:
                grew = False
                for rule, names in self.triggers:
                    if not rule.concludes <= reach and not names.isdisjoint(reach):
                        reach |= rule.concludes
                        grew = True
            if len(self._changeable) > 256:
                self._changeable.clear()
            found = self._changeable[added] = frozenset(reach)
        return found


_PLANS: dict[tuple[int, str], tuple[list[Rule], _Plan]] = {}


def _plan(rules: list[Rule], game: str) -> _Plan:
    key = (id(rules), game)
    cached = _PLANS.get(key)
    if cached is not None and cached[0] is rules:
        return cached[1]
    active = active_rules(rules, game)
    overriders: dict[str, list[Rule]] = {}
    for r in active:
        for target in r.overrides:
            overriders.setdefault(target, []).append(r)
    layers = []
    triggers = []
    for layer in strata(active, overriders):
        triggered_by: dict[str, list[Rule]] = {}
        for r in layer:
            names = set(r.predicates) | _overriders_predicates(r, overriders)
            triggers.append((r, names))
            for name in names:
                triggered_by.setdefault(name, []).append(r)
        keyed_by: dict[str, list[tuple[int, Rule]]] = {}
        for i, r in enumerate(layer):
            if r.required:
                keyed_by.setdefault(min(r.required), []).append((i, r))
        unconditional = [(i, r) for i, r in enumerate(layer) if not r.required]
        layers.append(_Stratum(layer, triggered_by, unconditional, keyed_by))
    readers: dict[str, list[int]] = {}
    for i, r in enumerate(active):
        for name in r.predicates:
            readers.setdefault(name, []).append(i)
    plan = _Plan(active, overriders, layers, readers, triggers)
    if len(_PLANS) > 64:    # rule lists made on the fly (tests, tools) must not pile up
        _PLANS.clear()
    _PLANS[key] = (rules, plan)     # the list is kept, so its id is never reused while cached
    return plan


def strata(rules: list[Rule], overriders: dict[str, list[Rule]]) -> list[list[Rule]]:
    """Order rules so that nothing is concluded from the absence of a fact that a later rule
    could still add. A rule that says ``not p(…)``, or that an exception may override, runs
    after every rule that concludes ``p`` (or the exception's facts) has run to a fixed point.
    Within a stratum the order does not matter."""
    concluding: dict[str, list[Rule]] = {}
    for r in rules:
        for name in r.concludes:
            concluding.setdefault(name, []).append(r)
    after: dict[str, set[str]] = {}      # must run in a later stratum than these
    with_or_after: dict[str, set[str]] = {}   # may share their stratum
    for r in rules:
        names = set(r.negated) | _overriders_predicates(r, overriders)
        after[r.id] = {q.id for n in names for q in concluding.get(n, ()) if q.id != r.id}
        with_or_after[r.id] = {q.id for n in r.predicates for q in concluding.get(n, ())}
    level = {r.id: 0 for r in rules}
    for _ in range(len(rules) + 2):
        changed = False
        for r in rules:
            need = max([level[q] + 1 for q in after[r.id]] + [level[q] for q in with_or_after[r.id]] + [0])
            if need > level[r.id]:
                level[r.id], changed = need, True
        if not changed:
            break
    else:
        looping = sorted(r.id for r in rules if level[r.id] > len(rules))
        raise CycleError("these rules wait, through `not` or an override, on their own conclusions: "
                         + ", ".join(looping))
    out: dict[int, list[Rule]] = {}
    for r in rules:
        out.setdefault(level[r.id], []).append(r)
    return [out[k] for k in sorted(out)]


def _overriders_predicates(rule: Rule, overriders: dict[str, list[Rule]]) -> set[str]:
    """The predicates of every rule that may defeat ``rule``: those that override it, and
    those that override them in turn (an exception to an exception decides whether the
    first exception stands, so its facts must be in before ``rule`` is weighed)."""
    names: set[str] = set()
    seen = {rule.id}
    stack = [rule]
    while stack:
        current = stack.pop()
        for target in (current.id, current.law):
            for other in overriders.get(target, ()):
                if other.id not in seen:
                    seen.add(other.id)
                    names |= other.predicates
                    stack.append(other)
    return names


def _saturate(place: int, stratum: _Stratum, facts, overriders, fired, defeated, result,
              known: tuple[dict, frozenset[str]] | None = None) -> None:
    """Fire the rules of one stratum to a fixed point. After the first pass, a rule is tried
    again only if a fact was added to a predicate it (or a rule that overrides it) names:
    nothing else can give it a new solution. ``known``: the solutions of an earlier
    inference, and the predicates whose facts may differ from it (see :func:`infer`)."""
    present = facts.predicates()
    rules = stratum.candidates(present)
    solved = result.solved
    for round_ in range(MAX_ROUNDS):
        added: set[str] = set()
        for rule in rules:
            at = (place, round_, rule.id)
            found = None
            if known is not None and rule.predicates.isdisjoint(known[1]):
                found = known[0].get(at)
            if found is None:
                found = _solutions(rule, facts)
            solved[at] = found
            for sol in found:
                # one firing per binding of the variables the conclusions use
                binding = tuple(sorted((k, v) for k, v in sol.binding.items() if k in rule.output_vars))
                key = (rule.id, binding)
                if key in fired or key in defeated:
                    continue
                by = _defeated_by(rule, sol.binding, overriders, facts)
                if by is not None:
                    defeated.add(key)
                    result.defeats.append(Defeat(rule, by, binding))
                    continue
                fired.add(key)
                for data, atoms in zip(rule.then, rule.atoms):
                    conclusion = _conclude(rule, data, atoms, sol, binding)
                    result.conclusions.append(conclusion)
                    new = [_ground(atom, sol.binding, sol.used) for atom in atoms if atom is not None]
                    new += _penalty_facts(conclusion)
                    for fact in new:
                        if facts.add_fact(fact):
                            added.add(fact.name)
        if not added:
            return
        rules = stratum.again(added, present)


def _solutions(rule: Rule, facts: FactSet):
    """The rule's solutions, the earliest first: where a conclusion can be reached in more
    than one way ("the trick turned and quitted, or he played to the following trick"), it
    holds from the first moment any of them held, and it is that way it is drawn by."""
    if rule.tree is None:
        return [Solution({})]
    found = solutions(rule.tree, facts)
    if len(found) < 2:
        return found
    return sorted(found, key=lambda sol: max((f.time for f in sol.used), default=0))


def _defeated_by(rule: Rule, binding: dict, overriders, facts: FactSet, seen=()) -> Rule | None:
    """The rule that defeats ``rule`` for ``binding``: one that overrides it and holds for
    the same bindings, and is not itself defeated there (a gloss may defeat an exception)."""
    for target in (rule.id, rule.law):
        for other in overriders.get(target, ()):
            if other.id in seen:
                continue
            if other.tree is None:
                return other
            shared = {k: v for k, v in binding.items() if k in _vars(other)}
            for sol in solve(other.tree, facts, shared):
                if _defeated_by(other, sol.binding, overriders, facts, seen + (rule.id,)) is None:
                    return other
    return None


def _vars(rule: Rule) -> set[str]:
    return rule.variables


def _ground(pred: Pred, binding: dict, used) -> Fact:
    args = tuple(binding.get(a.name, a.name) if isinstance(a, Var) else a.value for a in pred.args)
    if not used:
        return Fact(pred.name, args, None, time=0)
    # A conclusion holds from the moment its last support arose (the first of those latest),
    # at the last line and time of what it rests on.
    line, moment, time = None, used[0].moment, 0
    latest: tuple[int, int] | None = None
    for f in used:
        if f.line and (line is None or f.line > line):
            line = f.line
        key = f.moment.sort_key()
        if latest is None or key > latest:
            moment, latest = f.moment, key
        if f.time > time:
            time = f.time
    return Fact(pred.name, args, line, moment, time)


_BRACED = re.compile(r"\{([A-Z][A-Za-z0-9_]*)(:penalty)?\}")


def _penalty_facts(c: Conclusion) -> list[Fact]:
    """``entitled(Who, Penalty)`` for a right that names its penalties (``barred`` for a
    limit, ``forfeited`` for a right lost), holding from the moment the conclusion does."""
    if not c.exacts or not c.who:
        return []
    name = PENALTY_FACT[c.kind]
    line = max((f.line for f in c.used if f.line), default=None)
    time = max((f.time for f in c.used), default=0)
    # every word a demand may use for it: a right to the highest answers ``demands highest``
    keys = dict.fromkeys(word for key in c.exacts for word in penalty_words(key))
    return [Fact(name, (c.who, key), line, time=time) for key in keys]


def fill(text: str | None, binding: dict) -> str | None:
    """A rule's sentence with its variables' values: a card named as the facts name it
    ("the queen of hearts", capitalised where it opens a sentence), a penalty in words."""
    if text is None or "{" not in text:
        return text
    def value(m: re.Match) -> str:
        got = binding.get(m.group(1))
        if got is None:
            return m.group(0)
        # ``{Wt:penalty}``: the penalty in words ("the call of a suit"), not the notation's key
        if m.group(2):
            return penalty_phrase(str(got))
        said = in_words(got)
        opens = not text[:m.start()].strip() or text[:m.start()].rstrip().endswith((".", "?", "!"))
        return said[:1].upper() + said[1:] if opens else said

    return _BRACED.sub(value, text)


def _conclude(rule: Rule, data, atoms, sol, binding) -> Conclusion:
    kind = data.kind
    text = data.text if kind != "fact" else data.fact
    if kind in ("fact", "ruling"):
        atom = atoms[1] if kind == "ruling" else atoms[0]
        text = str(_ground(atom, sol.binding, sol.used))
    return Conclusion(
        rule=rule, kind=kind, text=text, says=fill(data.says, sol.binding),
        who=str(sol.binding.get(data.who, data.who)) if data.who else None,
        binding=binding, used=sol.used, options=tuple(data.options), consult=data.consult,
        until=data.until, points=data.points,
        exacts=tuple(data.exacts) if data.exacts is not None else None,
        against=str(sol.binding.get(data.against, data.against)) if data.against else None,
        elects=data.elects, binds=data.binds,
    )


def _resolve_conflicts(conclusions: list[Conclusion], result: Inference) -> list[Conclusion]:
    """Two rulings on one predicate for the same arguments can't both stand when one says
    ``not_…``: a rule that ``overrides`` the other, or says it ``prevails_over`` it,
    stands (its exception holds for these very arguments, whatever its variables are
    called); else the rule with the more specific condition (a superset of the other's
    predicates)."""
    rulings = [c for c in conclusions if c.kind == "ruling"]
    beaten = set()
    for c in rulings:
        for d in rulings:
            if c is d or f"not_{c.text}" != d.text:
                continue
            if c.rule.names_first(d.rule) and not d.rule.names_first(c.rule):
                beaten.add(id(d))
                result.defeats.append(Defeat(d.rule, c.rule, d.binding))
            elif d.rule.names_first(c.rule) and not c.rule.names_first(d.rule):
                beaten.add(id(c))
                result.defeats.append(Defeat(c.rule, d.rule, c.binding))
            elif c.rule.predicates > d.rule.predicates:
                beaten.add(id(d))
                result.defeats.append(Defeat(d.rule, c.rule, d.binding))
            elif d.rule.predicates > c.rule.predicates:
                beaten.add(id(c))
                result.defeats.append(Defeat(c.rule, d.rule, c.binding))
    return [c for c in conclusions if id(c) not in beaten]


def looks_relevant(rule: Rule, facts: FactSet) -> bool:
    """A rule is worth a "why not" when one of its (non-negated) predicates has a fact."""
    return any(facts.by_name(n) for n in rule.positive)
