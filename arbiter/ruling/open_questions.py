"""Open questions weighed: what the ruling would turn on, were each unknown fact known.

The replay keeps what the incident does not say as an :class:`~arbiter.table.unknowns.Unknown`
with the fact each answer would give. Here each is put to the code's rules: a hypothetical
inference with that answer's facts added, and where an answer changes what is held, the
decision says so: "It is not known whether B held a heart at trick 5; if he did, …"

Only questions some rule of the code needs answered, and could then apply (a rule that needs
the fact and whose other needs are present), are weighed, so a hand full of undecided
winning cards costs nothing where no law asks about them. An answer is said to matter where
it adds a holding. A holding already made is not put in doubt by an answer no one alleges:
a law's "unless" (a rule's ``not``) is read on what is shown, as a table reads it -- the
revoke established when the cards are mixed after the claim is established, though the
player might, unknown to anyone, have held none of the suit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..facts import FactSet
from ..table.unknowns import Unknown

#: At most this many open questions are weighed in one branch (each costs two inferences);
#: the rest are named as not weighed.
MAX_WEIGHED = 6


@dataclass
class TurnsOn:
    """An open question weighed: the holdings each answer adds, as findings of the decision,
    and (where the judgment gathers them) the whole branch each answer would make, so that
    the question put to the decision can be asked of each."""

    question: str
    line: int | None
    so: str
    not_so: str
    if_so: list = field(default_factory=list)          # findings added were the answer yes
    if_not: list = field(default_factory=list)         # and were it no
    # each answer's inference, and what makes a branch of one: the branches are made only
    # when asked for (only a question put to the decision asks)
    so_inference: object | None = field(default=None, repr=False, compare=False)
    not_inference: object | None = field(default=None, repr=False, compare=False)
    gather: Callable[[object], object] | None = field(default=None, repr=False, compare=False)
    _branches: dict = field(default_factory=dict, repr=False, compare=False)
    demands_so: list = field(default_factory=list)     # demands judged otherwise were the answer yes
    demands_not: list = field(default_factory=list)    # and were it no

    @property
    def so_branch(self) -> object | None:
        return self._branch(self.so_inference)

    @property
    def not_branch(self) -> object | None:
        return self._branch(self.not_inference)

    def _branch(self, inference: object | None) -> object | None:
        if inference is None or self.gather is None:
            return None
        key = id(inference)
        if key not in self._branches:
            self._branches[key] = self.gather(inference)
        return self._branches[key]

    @property
    def matters(self) -> bool:
        """Whether an answer adds a holding, or judges a demand otherwise (only then is it
        told in the decision)."""
        return bool(self.if_so or self.if_not or self.demands_so or self.demands_not)

    @property
    def rulings(self) -> set[str]:
        return {f.ruling for f in self.if_so + self.if_not if f.ruling}


def weigh(unknowns: list[Unknown], facts: FactSet, rules: list, readers: dict[str, list[int]],
          infer: Callable[[FactSet, frozenset[str]], object], finding: Callable,
          gather: Callable[[object], object] | None = None, derived: set[str] | None = None,
          base_inference: object | None = None) -> list[TurnsOn]:
    """The open questions some rule needs answered, each with what each answer holds.
    ``readers`` gives the places in ``rules`` of the rules that read each predicate (the
    inference's plan worked them out once for the code and game); ``infer`` runs the code's
    rules over a set of facts (as the decision does), given too the names of the facts added
    to ``facts`` to make it; ``finding`` makes a decision's finding
    of a conclusion; ``gather``, where given, the whole branch an inference makes;
    ``derived``, the names of the facts the rules drew from these (a rule may need one of
    them beside the fact an answer would give); ``base_inference``, where given, what
    ``infer`` gives of ``facts`` themselves (the decision has drawn it already)."""
    present = facts.names() | (derived or set())
    read: dict[tuple[str, ...], bool] = {}     # by the facts' names: a rule's needs name no arguments
    live = []
    for u in unknowns:
        names = u.names()
        if names not in read:
            read[names] = _read(set(names), rules, readers, present)
        if read[names]:
            live.append(u)
    out = []
    base = None
    for unknown in live[:MAX_WEIGHED]:
        if base is None:
            base = _holdings(base_inference if base_inference is not None else infer(facts, frozenset()))
        inferences: list = []
        for answer in unknown.answers():
            if not answer:
                inferences.append(None)
                continue
            supposed = facts.copy()
            for fact in answer:
                supposed.add_fact(fact)
            inferences.append(infer(supposed, frozenset(fact.name for fact in answer)))
        gained_so, gained_not = (_diff(_holdings(i), base) if i is not None else [] for i in inferences)
        out.append(TurnsOn(unknown.question, unknown.line, unknown.so, unknown.not_so,
                           [finding(c) for c in gained_so], [finding(c) for c in gained_not],
                           inferences[0], inferences[1], gather))
    return out


def _read(names: set[str], rules: list, readers: dict[str, list[int]], present: set[str]) -> bool:
    """Whether some rule reads a fact of these names and, given it, has all else it needs --
    directly, or through what another rule so enabled would conclude (a call disobeyed, were
    he found to hold the suit, is a failure to comply, and that failure a revoke). A rule
    reads a fact where its condition names it anywhere: joined by ``and``, as one way of an
    ``or`` ("the trick turned and quitted, or he played to the next"), or under ``not``
    ("not quitted before he corrected it")."""
    reach = set(names)
    fired = False
    grew = True
    while grew:
        grew = False
        known = present | reach
        # only the rules that read a fact of ``reach`` can be enabled by it; in their order
        places = {i for name in reach for i in readers.get(name, ())}
        for rule in (rules[i] for i in sorted(places)):
            if rule.required <= known:
                fired = True
                new = rule.concludes - known
                if new:
                    reach |= new
                    known |= new
                    grew = True
    return fired


def _holdings(inference) -> dict[str, object]:
    """The rulings of an inference, by what they hold."""
    out: dict[str, object] = {}
    for c in inference.conclusions:
        if c.kind == "ruling":
            out.setdefault(c.text, c)
    return out


def _diff(these: dict[str, object], those: dict[str, object]) -> list:
    return [c for key, c in these.items() if key not in those]


def demand_key(j) -> tuple:
    """One demand, the same in every branch: where it was made, by whom, for what, of whom."""
    return (j.line, j.demander, j.penalty, j.of, j.arg)


def demands_turning(demands: list, base_rulings: set[str], weighed: list[TurnsOn], rulings: Callable) -> None:
    """The demands whose verdict an open question's answer would change, told with that
    answer (``demands_so``, ``demands_not``). An answer that would only take away holdings
    already made is not alleged (a law's "unless" read on what is shown), and changes no
    demand; one that adds a holding, or takes none away, is weighed."""
    base = {demand_key(j): j for j in demands}
    if not base:
        return      # no demand to judge again: no branch is made for it
    for t in weighed:
        for supposed, gained, name in ((t.so_branch, t.if_so, "demands_so"), (t.not_branch, t.if_not, "demands_not")):
            if supposed is None:
                continue
            if not gained and not base_rulings <= rulings(supposed):
                continue
            changed = [j for j in supposed.demands       # type: ignore[attr-defined]
                       if demand_key(j) in base and base[demand_key(j)].stands != j.stands]
            setattr(t, name, changed)
