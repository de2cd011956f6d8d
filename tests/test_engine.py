"""The engine on rules written for the test: conditions, chaining, precedence, why-not."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.engine.infer import infer
from arbiter.engine.solve import first_failure, solve
from arbiter.facts import FactSet
from arbiter.incident.model import Moment
from arbiter.lawbook.conditions import parse_condition
from arbiter.lawbook.loader import validate
from arbiter.lawbook.rules import build_rule
from arbiter.lawbook.schema import RuleData


def facts(*items, moment=None):
    out = FactSet()
    for name, *args in items:
        out.add(name, *args, moment=moment or Moment("play"))
    return out


def rule(law, rid, when, then, **kw):
    entry_games = tuple(kw.pop("entry_games", ()))
    data = validate(RuleData, {"id": rid, "when": when, "then": then, **kw}, Path("test-rules.yaml"))
    return build_rule(law, data, entry_games)


def bindings(text, fs):
    return [s.binding for s in solve(parse_condition(text), fs)]


def test_and_or_not_and_comparison():
    fs = facts(("renounced", "B", 5), ("held_suit_led", "B", 5), ("card_count", "Y", 14))
    assert bindings("renounced(P, N) and held_suit_led(P, N)", fs) == [{"P": "B", "N": 5}]
    assert bindings("renounced(P, N) and not held_suit_led(P, N)", fs) == []
    assert bindings("renounced(P, N) or card_count(P, N)", fs) == [{"P": "B", "N": 5}, {"P": "Y", "N": 14}]
    assert bindings("card_count(P, N) and N > 13", fs) == [{"P": "Y", "N": 14}]
    assert bindings("card_count(P, N) and N < 13", fs) == []
    assert bindings("renounced(_, 5)", fs) == [{}]


@pytest.mark.parametrize("condition, found", [
    ("card_count(P, N) and N = 14", ["Y"]),          # a number and a number
    ("card_count(P, N) and N = \"14\"", ["Y"]),    # and as text: equal as written or as text
    ("card_count(P, N) and N != 14", ["B"]),
    ("card_count(P, N) and N < 14", ["B"]), ("card_count(P, N) and N <= 13", ["B"]),
    ("card_count(P, N) and N > 13", ["Y"]), ("card_count(P, N) and N >= 13", ["B", "Y"]),
    ("card_count(P, N) and 13 < N", ["Y"]),          # the constant on the left
    ("card_count(P, N) and card_count(Q, M) and N < M", ["B"]),     # two variables
    ("card_count(P, N) and P < 14", []),             # a seat is not a number: never less, never more
    ("card_count(P, N) and P >= 14", []),
    ("card_count(P, N) and P = \"Y\"", ["Y"]), ("card_count(P, N) and P != \"Y\"", ["B"]),
    ("card_count(P, N) and M < 14", []),             # a side never bound: the comparison does not hold
    ("card_count(P, N) and M != 14", []),
])
def test_each_comparison_holds_on_one_side_of_its_edge_and_not_the_other(condition, found):
    fs = facts(("card_count", "B", 13), ("card_count", "Y", 14))
    assert [b["P"] for b in bindings(condition, fs)] == found


def test_moments_bound_a_condition_in_time():
    fs = FactSet()
    fs.add("claimed", "A", "revoke", moment=Moment("after-next-cut"))
    fs.add("claimed", "Y", "game", moment=Moment("after-hand"))
    assert bindings("claimed(P, W) @ after-next-cut", fs) == [{"P": "A", "W": "revoke"}]
    assert len(bindings("claimed(P, W) @ after-hand", fs)) == 2


def test_a_bad_condition_is_refused_with_its_place():
    with pytest.raises(ValueError, match="column"):
        parse_condition("renounced(P, N) and and held(P)")


def test_conclusions_chain_to_a_fixed_point():
    rules = [
        rule("x/1", "a", "renounced(P, N) and held_suit_led(P, N)", [{"fact": "renounce_in_error(P, N)"}]),
        rule("x/2", "b", "renounce_in_error(P, N) and played_after_trick(P, N)",
             [{"ruling": "revoke(P, N)", "says": "{P} revoked at trick {N}."}]),
        rule("x/3", "c", "revoke(P, N) and opposing_side(P, O)",
             [{"may": "exact three tricks", "who": "O", "says": "{O} may take three tricks."}]),
    ]
    fs = facts(("renounced", "B", 2), ("held_suit_led", "B", 2), ("played_after_trick", "B", 2),
               ("opposing_side", "B", "YZ"))
    result = infer(rules, fs, "whist")
    assert [c.says for c in result.conclusions if c.kind != "fact"] == [
        "B revoked at trick 2.", "YZ may take three tricks."]
    assert result.cited() == ["x/2", "x/3"]
    assert result.conclusions[-1].who == "YZ"


def test_an_exception_defeats_the_rule_it_overrides_only_where_it_holds():
    rules = [
        rule("x/72", "penalty", "revoke(P, N)", [{"may": "penalty", "says": "{P} pays."}]),
        rule("x/dummy", "not-liable", "revoke(P, N) and dummy(P)", [{"ruling": "revoke_stands(P, N)", "says": "stands"}],
             overrides=["x/72#penalty"], games=["dummy"]),
    ]
    fs = facts(("revoke", "Z", 3), ("revoke", "A", 5), ("dummy", "Z"))
    dummy = infer(rules, fs, "dummy")
    assert sorted(c.says for c in dummy.conclusions) == ["A pays.", "stands"]
    assert [(d.rule.id, d.by.id) for d in dummy.defeats] == [("x/72#penalty", "x/dummy#not-liable")]
    # at whist the exception does not apply, and both revokes are penalised
    whist = infer(rules, fs, "whist")
    assert sorted(c.says for c in whist.conclusions) == ["A pays.", "Z pays."]


def test_overriding_a_whole_law_with_no_condition():
    rules = [rule("x/18", "call", "named_trump_card(P, N)", [{"may": "call", "says": "call"}]),
             rule("x/18a", "not-here", None, [{"fact": "law_disapplied(x)"}], overrides=["x/18"], games=["boston"])]
    fs = facts(("named_trump_card", "A", 3))
    assert [c.says for c in infer(rules, fs, "whist").conclusions if c.kind != "fact"] == ["call"]
    assert [c.says for c in infer(rules, fs, "boston").conclusions if c.kind != "fact"] == []


def test_the_more_specific_of_two_conflicting_rulings_prevails():
    rules = [rule("x/44", "misdeal", "surplus(P, K)", [{"ruling": "misdeal(P)", "says": "misdeal"}]),
             rule("x/46", "stands", "surplus(P, K) and played_to_trick(P, 1)",
                  [{"ruling": "not_misdeal(P)", "says": "the deal stands"}])]
    fs = facts(("surplus", "A", 1), ("played_to_trick", "A", 1))
    result = infer(rules, fs, "whist")
    assert [c.says for c in result.conclusions] == ["the deal stands"]
    fs = facts(("surplus", "A", 1))
    assert [c.says for c in infer(rules, fs, "whist").conclusions] == ["misdeal"]


def test_why_not_names_the_part_that_failed():
    r = rule("x/78", "late", "revoke(P, N) and claimed(C, revoke) @ after-next-cut", [{"ruling": "too_late(C)", "says": "late"}])
    fs = facts(("revoke", "B", 2))
    result = infer([r], fs, "whist")
    assert [(w.rule.id, w.failed) for w in result.why_not] == [("x/78#late", "claimed(C, revoke) @ after-next-cut")]
    assert first_failure(parse_condition("revoke(P, N) and N > 5"), fs) == "N > 5"


def test_a_conclusion_may_not_use_a_variable_the_condition_does_not_bind():
    with pytest.raises(ValueError, match="not bound"):
        rule("x/1", "a", "renounced(P, N)", [{"ruling": "revoke(Q, N)", "says": "x"}])
    with pytest.raises(ValueError, match="not bound"):
        rule("x/1", "a", "renounced(P, N)", [{"may": "x", "who": "O", "says": "x"}])


def test_the_same_facts_give_the_same_conclusions_in_the_same_order():
    rules = [rule("x/1", "a", "renounced(P, N)", [{"ruling": "r(P, N)", "says": "{P} {N}"}])]
    fs = facts(("renounced", "B", 2), ("renounced", "A", 7), ("renounced", "Z", 1))
    first = [c.says for c in infer(rules, fs, "whist").conclusions]
    assert first == [c.says for c in infer(rules, fs, "whist").conclusions] == ["B 2", "A 7", "Z 1"]


def test_nothing_follows_from_the_absence_of_a_fact_a_later_rule_adds():
    """Negation waits for the rules that could conclude what it negates, whatever their order."""
    late = rule("x/9", "corrected", "withdrew(P, N)", [{"fact": "corrected(P, N)"}])
    early = rule("x/1", "revoke", "renounced(P, N) and not corrected(P, N)",
                 [{"ruling": "revoke(P, N)", "says": "revoke"}])
    fs = facts(("renounced", "B", 2), ("withdrew", "B", 2))
    for order in ([early, late], [late, early]):
        assert [c.says for c in infer(order, fs, "whist").conclusions if c.kind == "ruling"] == []


def test_an_exception_is_weighed_after_the_facts_it_depends_on():
    penalty = rule("x/1", "penalty", "revoke(P, N)", [{"may": "penalty", "says": "pay"}])
    dummy_fact = rule("x/2", "is-dummy", "seat_is_dummy(P)", [{"fact": "dummy(P)"}])
    exception = rule("x/3", "not-liable", "revoke(P, N) and dummy(P)", [{"fact": "stands(P, N)"}],
                     overrides=["x/1#penalty"])
    fs = facts(("revoke", "Z", 3), ("seat_is_dummy", "Z"))
    result = infer([penalty, exception, dummy_fact], fs, "whist")
    assert [c.says for c in result.conclusions if c.kind == "may"] == []


def test_a_rule_waits_for_the_facts_it_uses_even_from_a_later_stratum():
    """An exception that uses a fact concluded by a rule which must itself wait."""
    corrected = rule("x/9", "corrected", "withdrew(P, N)", [{"fact": "corrected(P, N)"}])
    revoke = rule("x/1", "revoke", "renounced(P, N) and not corrected(P, N)", [{"ruling": "revoke(P, N)", "says": "r"}])
    stands = rule("x/2", "stands", "revoke(P, N) and dummy(P)", [{"ruling": "stands(P, N)", "says": "s"}])
    fs = facts(("renounced", "Z", 2), ("dummy", "Z"))
    assert sorted(c.says for c in infer([stands, revoke, corrected], fs, "dummy").conclusions) == ["r", "s"]


def test_a_rule_read_back_from_the_cache_still_treats_underscore_as_anything():
    import pickle

    r = pickle.loads(pickle.dumps(rule("x/1", "a", "renounced(_, N) and held(_, C)",
                                       [{"ruling": "r(N, C)", "says": "{N} {C}"}])))
    fs = facts(("renounced", "B", 2), ("held", "A", "HK"))
    # (the card named in words, as every sentence of a decision names it)
    assert [c.says for c in infer([r], fs, "whist").conclusions] == ["2 the king of hearts"]
    assert "_" not in r.output_vars


def test_rules_that_wait_on_their_own_absence_are_refused():
    from arbiter.engine.infer import CycleError

    a = rule("x/1", "a", "p(X) and not q(X)", [{"fact": "r(X)"}])
    b = rule("x/2", "b", "r(X)", [{"fact": "q(X)"}])
    with pytest.raises(CycleError, match="x/1#a"):
        infer([a, b], facts(("p", "A")), "whist")


def test_every_code_can_be_ordered_for_every_game(book):
    from arbiter.engine.infer import active_rules, strata

    for code in ("english-1864", "english-revised", "american-1893"):
        for game in book.codes[code].games:
            rules = active_rules(book.rules_of(code), game)
            overriders = {}
            for r in rules:
                for target in r.overrides:
                    overriders.setdefault(target, []).append(r)
            assert strata(rules, overriders)


def test_an_exception_that_is_itself_defeated_defeats_nothing():
    penalty = rule("x/72", "penalty", "revoke(P, N)", [{"may": "penalty", "says": "pay"}])
    too_late = rule("x/78", "late", "revoke(P, N) and claimed_late(C)", [{"fact": "late(C)"}],
                    overrides=["x/72#penalty"])
    gloss = rule("x/case", "not-late", "revoke(P, N) and claimed_late(C) and cut_by_other_side(C)",
                 [{"fact": "in_time(C)"}], overrides=["x/78#late"])
    fs = facts(("revoke", "B", 6), ("claimed_late", "Y"))
    assert [c.says for c in infer([penalty, too_late, gloss], fs, "whist").conclusions if c.kind == "may"] == []
    fs.add("cut_by_other_side", "Y")
    assert [c.says for c in infer([penalty, too_late, gloss], fs, "whist").conclusions if c.kind == "may"] == ["pay"]


def test_a_fact_knows_its_time_and_a_condition_binds_it():
    fs = FactSet()
    fs.add("renounce_withdrawn", "B", 2, time=5)
    fs.add("trick_quitted", 2, time=7)
    assert bindings("renounce_withdrawn(P, N) @ W and trick_quitted(N) @ Q and W < Q", fs) == [
        {"P": "B", "N": 2, "W": 5, "Q": 7}]
    assert bindings("renounce_withdrawn(P, N) @ W and trick_quitted(N) @ Q and Q < W", fs) == []


def test_while_not_yet_holds_when_the_other_came_later_or_never():
    cond = "renounce_withdrawn(P, N) @ W and not (trick_quitted(N) @ Q and Q < W)"
    later, earlier, never = FactSet(), FactSet(), FactSet()
    for fs in (later, earlier, never):
        fs.add("renounce_withdrawn", "B", 2, time=5)
    later.add("trick_quitted", 2, time=6)
    earlier.add("trick_quitted", 2, time=4)
    assert bindings(cond, later) and bindings(cond, never)
    assert not bindings(cond, earlier)


def test_a_concluded_fact_takes_the_time_of_its_latest_support():
    fs = FactSet()
    fs.add("renounced", "B", 2, time=3)
    fs.add("held_suit_led", "B", 2, time=0)
    r = rule("x/1", "r", "renounced(P, N) and held_suit_led(P, N)", [{"fact": "renounce_in_error(P, N)"}])
    out = infer([r], fs, "whist")
    assert [f.time for f in out.facts.by_name("renounce_in_error")] == [3]


def test_the_replay_counts_time_in_the_order_the_statements_happened():
    from arbiter.incident import parse
    from arbiter.table.replay import replay

    r = replay(parse('trump clubs\ntrick 2:\nA leads H2\nY plays H9\nA quits trick\nY says "mine"\n'))
    time = {f.name: f.time for f in r.facts}
    assert time["seat"] == 0
    assert [f.time for f in r.facts.by_name("played")] == [1, 2] and time["best_card_on_table"] == 2
    assert time["trick_quitted"] == 3 and time["said"] == 4


def test_of_two_contradictory_rulings_the_one_whose_rule_overrides_the_other_stands():
    """An exception named the other way round ("the cards withdrawn are not liable") wins on
    the same arguments even where its variables do not line up with the rule it excepts."""
    fs = facts(("exposed", "B", "HK", "play"), ("withdrew", "B", 2, "HK"))
    liable = rule("x/1", "liable", "exposed(P, C, H)", [{"ruling": "card_liable_to_be_called(P, C)"}])
    excepted = rule("x/2", "not-liable", "withdrew(X, N, C)", [{"ruling": "not_card_liable_to_be_called(X, C)"}],
                    overrides=["x/1#liable"])
    held = [c.text for c in infer([liable, excepted], fs, "whist").rulings()]
    assert held == ["not_card_liable_to_be_called(B, HK)"]


def test_a_fact_that_arose_twice_is_bound_at_each_time():
    """``Z deals`` before and after an error is one fact with two times: "he dealt on after
    the error" must see the second."""
    fs = FactSet()
    fs.add("dealt_by", "Z", time=1)
    fs.add("deals_two_at_once", "Z", time=2)
    fs.add("dealt_by", "Z", time=3)
    assert len(fs) == 2
    cond = "deals_two_at_once(D) @ T and dealt_by(D) @ any U and U > T"
    assert bindings(cond, fs) == [{"D": "Z", "T": 2, "U": 3}]
    assert bindings("deals_two_at_once(D) @ T and dealt_by(D) @ U and U > T", fs) == []   # @ U: the first
    assert bindings("dealt_by(D)", fs) == [{"D": "Z"}]    # without @, once


def test_an_exception_to_an_exception_is_weighed_before_the_rule_the_first_excepts():
    """C overrides A, A overrides B; C rests on a fact a later rule concludes. B must wait
    for it: A, defeated by C, defeats nothing."""
    fs = facts(("renounced", "B", 2), ("withdrew", "B", 2, "D3"), ("asks_partner_none", "A", 2))
    base = rule("x/1", "b", "renounced(P, N)", [{"ruling": "revoke(P, N)"}])
    excepts = rule("x/2", "a", "withdrew(P, N, C)", [{"fact": "taken_back(P, N)"}], overrides=["x/1#b"])
    gives = rule("x/3", "d", "asks_partner_none(Q, N) and partner(Q, P)", [{"fact": "asked(P, N)"}])
    undoes = rule("x/4", "c", "asked(P, N)", [{"fact": "question_asked(P, N)"}], overrides=["x/2#a"])
    fs.add("partner", "A", "B")
    held = [c.text for c in infer([base, excepts, gives, undoes], fs, "whist").rulings()]
    assert held == ["revoke(B, 2)"]


def test_a_bound_first_argument_finds_its_facts_by_index_as_a_scan_would():
    fs = FactSet()
    fs.add("played", "B", 3, "H4")
    fs.add("played", "A", 3, "H2")
    fs.add("tricks_won", "AB", 7)
    fs.add("trick_winner", 5, "Y")
    assert bindings('played("B", N, C)', fs) == [{"N": 3, "C": "H4"}]
    assert bindings('played(P, 3, C) and played(P, N, "H4")', fs) == [{"P": "B", "C": "H4", "N": 3}]
    assert bindings("trick_winner(5, W)", fs) == [{"W": "Y"}]        # a number written as a name
    assert bindings('trick_winner("5", W)', fs) == [{"W": "Y"}]
    assert bindings('played("Z", N, C)', fs) == []
