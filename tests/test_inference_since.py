"""An inference drawn from an earlier one (``infer(..., since=...)``, issue 23): the open
questions' answers and the demands' judgments add a few facts to facts already inferred
from, and a rule that reads nothing those facts can change is not solved again. It must
come to exactly what an inference drawn afresh comes to: the same conclusions in the same
order, the same defeats, the same facts. Tried here on rules written for the test, on both
sides of each edge (a rule that reads what was added; one that reads only what a rule
reading it concludes; one whose defeater reads it; one that reads none of it), and on every
open question of every published case and example under its own code."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.engine import infer as infer_module
from arbiter.engine.infer import infer
from arbiter.facts import FactSet
from arbiter.incident import parse
from arbiter.incident.model import Moment
from arbiter.lawbook.loader import validate
from arbiter.lawbook.rules import build_rule
from arbiter.lawbook.schema import RuleData
from arbiter.ruling.customs import customs_of
from arbiter.table.replay import replay_all

REPO = Path(__file__).resolve().parent.parent


def rule(law, rid, when, then, **kw):
    data = validate(RuleData, {"id": rid, "when": when, "then": then, **kw}, Path("test-rules.yaml"))
    return build_rule(law, data, ())


def facts(*items):
    out = FactSet()
    for name, *args in items:
        out.add(name, *args, moment=Moment("play"))
    return out


def drawn(inference):
    """All an inference comes to, in order, as plain values."""
    return ([(c.rule.id, c.kind, c.text, c.says, c.binding, tuple(str(f) for f in c.used)) for c in inference.conclusions],
            [(d.rule.id, d.by.id, d.binding) for d in inference.defeats],
            [(str(f), f.time, inference.facts.times(f)) for f in inference.facts])


def with_added(base: FactSet, *items) -> tuple[FactSet, set[str]]:
    more = base.copy()
    for name, *args in items:
        more.add(name, *args, moment=Moment("play"), time=5)
    return more, {name for name, *_ in items}


def solving(monkeypatch):
    """The rules solved, by id, as they are solved."""
    solved: list[str] = []
    original = infer_module._solutions

    def counted(rule, facts):
        solved.append(rule.id)
        return original(rule, facts)

    monkeypatch.setattr(infer_module, "_solutions", counted)
    return solved


# reads the fact an answer adds; reads only what that rule concludes; reads neither
READS = rule("x/1", "reads", "renounced(P, N) and held_suit(P, N)", [{"fact": "revoked(P, N)"}])
CHAINED = rule("x/2", "chained", "revoked(P, N)", [{"ruling": "revoke(P, N)", "says": "a revoke"}])
APART = rule("x/3", "apart", "deals(P)", [{"ruling": "dealt(P)", "says": "dealt"}])
# a rule whose own facts an answer does not touch, but whose defeater reads it
PENALTY = rule("x/4", "penalty", "deals(P)", [{"may": "penalty", "says": "the penalty"}])
EXCUSED = rule("x/5", "excused", "deals(P) and excused(P)", [{"fact": "pardoned(P)"}], overrides=["x/4#penalty"])
# a fact a defeated rule would have concluded, and a rule that reads it
FORGIVEN = rule("x/8", "forgiven", "deals(P) and excused(P)", [{"fact": "forgiven(P)"}], overrides=["x/9#collect-owed"])
COLLECT_OWED = rule("x/9", "collect-owed", "deals(P)", [{"fact": "to_collect(P)"}])
COLLECTED = rule("x/10", "collected", "to_collect(P)", [{"ruling": "collected(P)", "says": "collected from {P}"}])
RULES = [READS, CHAINED, APART, PENALTY, EXCUSED, FORGIVEN, COLLECT_OWED, COLLECTED]


@pytest.mark.parametrize("added", [
    (("held_suit", "B", 1),),            # the rules that read it, and what they conclude, change
    (("excused", "Z"),),                 # the penalty is now defeated, its own facts unchanged
    (("held_suit", "B", 1), ("excused", "Z")),
    (("renounced", "B", 1),),            # a fact already there, arising again later
    (),                                  # nothing added: everything taken from before
])
def test_an_inference_from_an_earlier_one_comes_to_what_one_drawn_afresh_does(added):
    base = facts(("renounced", "B", 1), ("deals", "Z"))
    before = infer(RULES, base, "whist")
    more, names = with_added(base, *added)
    assert drawn(infer(RULES, more, "whist", (before, names))) == drawn(infer(RULES, more, "whist"))


def test_only_what_the_added_facts_cannot_change_is_taken_from_before(monkeypatch):
    base = facts(("renounced", "B", 1), ("deals", "Z"))
    before = infer(RULES, base, "whist")
    more, names = with_added(base, ("held_suit", "B", 1))
    solved = solving(monkeypatch)
    again = infer(RULES, more, "whist", (before, names))
    # the rule that reads the answer, and the one that reads what it concludes, are solved
    # again; the dealing rules read nothing it changes, and are not
    assert set(solved) == {"x/1#reads", "x/2#chained"}      # and not x/3, x/4, x/5, x/8, x/9, x/10
    assert [c.says for c in again.conclusions if c.kind == "ruling"] == ["dealt", "a revoke", "collected from Z"]


def test_a_rule_whose_defeater_reads_the_added_fact_is_defeated_all_the_same():
    base = facts(("deals", "Z"))
    before = infer(RULES, base, "whist")
    assert [c.says for c in before.conclusions if c.kind == "may"] == ["the penalty"]
    more, names = with_added(base, ("excused", "Z"))
    again = infer(RULES, more, "whist", (before, names))
    assert [c.says for c in again.conclusions if c.kind == "may"] == []
    assert [(d.rule.id, d.by.id) for d in again.defeats] == [("x/4#penalty", "x/5#excused"),
                                                             ("x/9#collect-owed", "x/8#forgiven")]


def test_what_a_rule_defeated_now_would_have_concluded_is_read_afresh():
    # the rule that collects reads only what a rule concludes whose defeater reads the answer;
    # it is still tried (there is something to collect from Y), and must not collect from Z
    base = facts(("deals", "Z"), ("deals", "Y"))
    before = infer(RULES, base, "whist")
    assert [c.says for c in before.conclusions if c.says and c.says.startswith("collected")] == [
        "collected from Z", "collected from Y"]
    more, names = with_added(base, ("excused", "Z"))
    again = infer(RULES, more, "whist", (before, names))
    assert [c.says for c in again.conclusions if c.says and c.says.startswith("collected")] == ["collected from Y"]
    assert drawn(again) == drawn(infer(RULES, more, "whist"))


def test_an_inference_of_other_rules_is_not_taken_from(monkeypatch):
    base = facts(("deals", "Z"))
    before = infer([APART], base, "whist")
    solved = solving(monkeypatch)
    infer([APART, PENALTY], base, "whist", (before, set()))
    assert solved == ["x/3#apart", "x/4#penalty"]         # another list of rules: all solved afresh


def _open_questions(book):
    for path in sorted((REPO / "cases").rglob("*.whist")) + sorted((REPO / "examples").glob("*.whist")):
        incident = parse(path.read_text(encoding="utf-8"), str(path))
        code = book.code_id(incident.code or "english-1864")
        game = incident.game or "whist"
        rules = book.rules_of(code)
        for _, result in replay_all(incident, customs_of(book, game)):
            for unknown in result.unknowns:
                for answer in unknown.answers():
                    if answer:
                        yield path.name, rules, game, result.facts, answer


def test_every_answer_to_every_open_question_of_the_cases_and_examples_infers_as_afresh(book):
    tried = 0
    for name, rules, game, base, answer in _open_questions(book):
        before = infer(rules, base, game)
        more = base.copy()
        for fact in answer:
            more.add_fact(fact)
        since = infer(rules, more, game, (before, {fact.name for fact in answer}))
        assert drawn(since) == drawn(infer(rules, more, game)), name
        tried += 1
    assert tried >= 10


def test_every_inference_a_decision_draws_from_an_earlier_one_is_what_one_drawn_afresh_is(book, monkeypatch):
    """At the decision's own call sites (each answer to an open question, each round of the
    demands' judgment), over every incident of the golden file: the inference taken from
    before, beside one drawn afresh from the same facts."""
    import sys

    from arbiter.ruling import decision as decision_module
    from arbiter.ruling.decision import decide

    sys.path.insert(0, str(REPO / "benchmarks"))
    import golden

    compared = [0]
    original = decision_module.infer

    def both_ways(rules, facts, game, since=None):
        got = original(rules, facts, game, since)
        if since is not None:
            assert drawn(got) == drawn(original(rules, facts, game)), name
            compared[0] += 1
        return got

    monkeypatch.setattr(decision_module, "infer", both_ways)
    for name, entry in golden.incidents().items():
        decide(book, parse(entry["text"], name), entry["code"], entry["game"])
    assert compared[0] > 500          # answers and judgments by the hundred, not a handful
