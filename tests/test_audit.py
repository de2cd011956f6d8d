"""The static check of the rule base (arbiter.engine.audit), on the laws and on rules
written wrong on purpose: each kind of problem is caught, and the laws have none."""

from __future__ import annotations

from test_engine import rule

from arbiter.engine.audit import audit, audit_rules
from arbiter.facts import given_by_replay

GIVEN = given_by_replay()


def kinds(rules):
    return sorted((p.rule, p.kind) for p in audit_rules(rules, GIVEN))


def test_a_rule_reading_a_predicate_nothing_produces_is_caught():
    waiting = rule("x/1", "waits", "deals_two_at_once(D) and not rectified_before_third_card(D)",
                   [{"ruling": "misdeal(D)"}])
    assert kinds([waiting]) == [("x/1#waits", "unproduced")]


def test_a_predicate_some_rule_concludes_may_be_read():
    gives = rule("x/1", "gives", "renounced(P, N) and held_suit_led(P, N)", [{"fact": "renounce_in_error(P, N)"}])
    reads = rule("x/2", "reads", "renounce_in_error(P, N)", [{"ruling": "revoke(P, N)"}])
    assert kinds([gives, reads]) == []


def test_a_predicate_only_a_pending_rule_concludes_is_not_produced():
    gives = rule("x/1", "gives", "games_won(S, 2)", [{"fact": "rubber_won(S)"}], pending="no games yet")
    reads = rule("x/2", "reads", "rubber_won(S)", [{"ruling": "rubber_over(S)"}])
    assert ("x/2#reads", "unproduced") in kinds([gives, reads])


def test_a_predicate_read_with_the_wrong_number_of_arguments_is_caught():
    wrong = rule("x/1", "wrong", "renounced(P)", [{"ruling": "revoke(P, P)"}])
    assert kinds([wrong]) == [("x/1#wrong", "arity")]


def test_a_pending_rule_whose_facts_can_all_be_had_is_caught():
    needless = rule("x/1", "needless", "renounced(P, N)", [{"ruling": "revoke(P, N)"}], pending="why?")
    assert kinds([needless]) == [("x/1#needless", "pending-needless")]


def test_an_override_of_no_rule_and_one_of_another_game_are_caught():
    target = rule("x/1", "base", "renounced(P, N)", [{"ruling": "revoke(P, N)"}], games=["boston"])
    nowhere = rule("x/2", "nowhere", "renounced(P, N)", [{"ruling": "not_revoke(P, N)"}], overrides=["x/9#gone"])
    elsewhere = rule("x/3", "elsewhere", "renounced(P, N)", [{"ruling": "not_revoke(P, N)"}],
                     overrides=["x/1#base"], games=["dummy"])
    found = kinds([target, nowhere, elsewhere])
    assert ("x/2#nowhere", "override-unknown") in found
    assert ("x/3#elsewhere", "override-other-game") in found


def test_contradictory_rulings_without_precedence_are_caught_and_with_it_are_not():
    yes = rule("x/1", "yes", "renounced(P, N)", [{"ruling": "revoke(P, N)"}])
    no = rule("x/2", "no", "withdrew(P, N, C)", [{"ruling": "not_revoke(P, N)"}])
    assert ("x/1#yes", "conflict") in kinds([yes, no])
    excepted = rule("x/2", "no", "withdrew(P, N, C)", [{"ruling": "not_revoke(P, N)"}], overrides=["x/1#yes"])
    assert kinds([yes, excepted]) == []
    exclusive = rule("x/2", "no", "not renounced(P, N) and withdrew(P, N, C)", [{"ruling": "not_revoke(P, N)"}])
    assert kinds([yes, exclusive]) == []



def test_a_rule_that_forbids_what_the_other_concludes_cannot_conflict_with_it():
    stopped = rule("x/1", "stopped", "dealt_out_of_turn(X) and objects(Y)",
                   [{"fact": "deal_stopped(X)"}, {"ruling": "not_deal_stands(X)"}])
    proceeds = rule("x/2", "proceeds", "dealt_out_of_turn(X) and turned_up(X, C) and not deal_stopped(X)",
                    [{"ruling": "deal_stands(X)"}])
    assert kinds([stopped, proceeds]) == []


def test_prevails_over_settles_two_rulings_that_meet():
    yes = rule("x/1", "yes", "renounced(P, N)", [{"ruling": "revoke(P, N)"}])
    no = rule("x/2", "no", "withdrew(P, N, C)", [{"ruling": "not_revoke(P, N)"}], prevails_over=["x/1#yes"])
    assert kinds([yes, no]) == []


def test_the_laws_have_no_problem(book):
    problems = audit(book)
    assert not problems, f"{len(problems)} problems in the rule base:\n  " + "\n  ".join(map(str, problems))
