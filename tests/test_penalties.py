"""Rights and penalties as typed data: every right says what may be exacted, in the
notation's own words, and by whom; the engine makes them facts the laws can read."""

from __future__ import annotations

import pytest

from arbiter.engine.infer import infer
from arbiter.facts import FactSet
from arbiter.lawbook.records import ConclusionData
from arbiter.lawbook.rules import build_rule
from arbiter.lawbook.schema import RuleData
from arbiter.ruling.outcomes import outcomes
from arbiter.words.vocabulary import PENALTIES, penalty_answers, penalty_phrase

CODES = ("english-1864", "english-revised", "american-1893", "cavendish-principles")


def _rule(when: str, **then) -> object:
    return build_rule("test/1", RuleData(id="r", when=when, then=[ConclusionData(**then)]), ())


def test_every_right_a_law_grants_says_what_may_be_exacted(book):
    untyped = [f"{r.id}: may {c.may}" for code in CODES for r in book.rules_of(code) for c in r.then
               if c.may and c.exacts is None]
    assert not untyped, f"{len(untyped)} rights without `exacts`:\n  " + "\n  ".join(untyped[:40])


def test_every_penalty_named_in_the_laws_can_be_demanded_in_the_notation(book):
    for code in CODES:
        for r in book.rules_of(code):
            for c in r.then:
                assert set(c.exacts or ()) <= PENALTIES, (r.id, c.exacts)


def test_a_penalty_the_notation_does_not_know_is_refused_when_the_rule_is_built():
    with pytest.raises(ValueError, match="not penalties the notation can demand"):
        _rule("revoke(P, N) and opposing_side(P, O)", may="take three tricks", who="O", exacts=["three trcks"])


def test_a_penalty_needs_someone_to_exact_it():
    with pytest.raises(ValueError, match="needs `who`"):
        _rule("revoke(P, N)", may="take three tricks", exacts=["three tricks"])


def test_a_holding_does_not_exact_anything():
    with pytest.raises(ValueError, match="exacts goes with may, cannot or forfeits"):
        _rule("revoke(P, N)", ruling="revoke(P, N)", exacts=["three tricks"])


def test_against_must_be_bound():
    with pytest.raises(ValueError, match="against: Q is not bound"):
        _rule("revoke(P, N) and opposing_side(P, O)", may="x", who="O", exacts=["three tricks"], against="Q")


def test_a_right_becomes_a_fact_under_every_word_a_demand_may_use():
    rule = _rule("revoke(P, N) and opposing_side(P, O)", may="exact the penalty", who="O",
                 exacts=["three tricks", "call highest"], says="{O} may exact the penalty.")
    facts = FactSet()
    facts.add("revoke", "B", 5, time=7)
    facts.add("opposing_side", "B", "YZ")
    result = infer([rule], facts, "whist")
    entitled = {f.args for f in result.facts.by_name("entitled")}
    assert {("YZ", "three tricks"), ("YZ", "take tricks"), ("YZ", "call highest"), ("YZ", "highest"),
            ("YZ", "penalty"), ("YZ", "revoke penalty")} == entitled
    assert all(f.time == 7 for f in result.facts.by_name("entitled"))   # from when the right arose


def test_a_right_that_exacts_nothing_adds_no_fact():
    rule = _rule("revoke(P, N)", may="search the tricks", who="P", exacts=[])
    facts = FactSet()
    facts.add("revoke", "B", 5)
    assert not infer([rule], facts, "whist").facts.by_name("entitled")


@pytest.mark.parametrize("demanded, granted, answers", [
    ("highest", "call highest", True), ("call highest", "highest", True), ("take tricks", "two tricks", True),
    ("penalty", "call suit", True), ("call suit", "call card", False), ("trump", "not trump", False),
])
def test_which_right_answers_which_demand(demanded, granted, answers):
    assert penalty_answers(demanded, granted) is answers


def test_every_penalty_has_words():
    for key in PENALTIES:
        words = penalty_phrase(key)
        assert words and "{" not in words and "_" not in words, key


def test_every_outcome_names_holdings_the_codes_make(book):
    made = {c.ruling.split("(")[0] for code in CODES + ("boston-family",) if code in book.codes
            for r in book.rules_of(code) for c in r.then if c.ruling}
    stale = sorted(set(outcomes()) - made)
    assert not stale, f"laws/outcomes.yaml names holdings no code makes: {stale}"
