"""``arbiter notation`` lists the vocabulary from the tables the parser and the replay use,
and ``docs/notation.md`` is complete: every example in it parses and replays."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import guide as notation
from arbiter.cli import app
from arbiter.facts import given_by_replay
from arbiter.incident import parse
from arbiter.lawbook import load_lawbook
from arbiter.ruling.decision import about_names
from arbiter.table.replay import replay_all
from arbiter.words import vocabulary as vocab

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "notation.md"
GRAMMAR = ROOT / "arbiter" / "incident" / "grammar.lark"

#: Facts the decision gives (each demand as judged), not the replay: the command cannot list them.
DECISION_FACTS = {"demand_stands", "demand_refused"}


@pytest.fixture(scope="module")
def listed():
    result = CliRunner().invoke(app, ["notation", "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _fenced_blocks(text: str) -> list[tuple[str, str, int]]:
    """(language, body, line) of every fenced block in a Markdown text."""
    return [(m.group(1), m.group(2), text[:m.start()].count("\n") + 1)
            for m in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.S | re.M)]


def test_every_example_block_in_the_notation_guide_parses_and_replays():
    blocks = _fenced_blocks(GUIDE.read_text(encoding="utf-8"))
    examples = [(body, line) for lang, body, line in blocks if lang == "whist"]
    assert len(examples) >= 3
    for body, line in examples:
        incident = parse(body, f"docs/notation.md:{line}")
        assert replay_all(incident), f"the example at line {line} gives no replay"


def test_every_fenced_block_in_the_notation_guide_is_marked_as_an_incident_or_as_something_else():
    """An example left unmarked would escape the test above."""
    unmarked = [line for lang, _, line in _fenced_blocks(GUIDE.read_text(encoding="utf-8")) if not lang]
    assert not unmarked, f"fenced blocks with no language (write ```whist for an incident): lines {unmarked}"


def test_the_notation_guide_names_the_bidding_moment_partners_none_and_tells_the_two_counts_of_a_hand_apart():
    guide = GUIDE.read_text(encoding="utf-8")
    assert "`bidding:`" in guide
    assert "`partners none`: no fixed partnerships" in guide and "Solo Whist" in guide
    assert "`was dealt 12 cards` is the count of\n  the deal" in guide
    assert "`has 12 cards` is what is in his hand at that moment" in guide
    assert "`arbiter notation about`" in guide


def test_the_notation_guide_lists_every_act_and_every_penalty_the_parser_accepts():
    text = " ".join(GUIDE.read_text(encoding="utf-8").split())
    missing = [w for w in sorted(vocab.ACTS | vocab.PENALTIES) if w not in text]
    assert not missing, f"acts or penalties the guide does not list: {missing}"


def test_the_command_lists_every_verb_and_moment_of_the_grammar(listed):
    grammar = GRAMMAR.read_text(encoding="utf-8")
    section = grammar[grammar.index("action:"):grammar.index("cards:")]
    aliases = set(re.findall(r"-> (\w+)", section))
    assert {v["name"] for v in listed["verbs"]} == aliases
    moments = grammar[grammar.index("moment:"):grammar.index("statement:")]
    assert {m["name"] for m in listed["moments"]} == set(re.findall(r"-> (\w+)", moments))
    assert next(m for m in listed["moments"] if m["name"] == "bidding")["forms"] == ["bidding:"]
    assert "partners none" in [f for h in listed["headers"] for f in h["forms"]]


def test_the_command_lists_every_act_claim_penalty_and_score_word_of_the_vocabulary(listed):
    assert [a["name"] for a in listed["acts"]] == sorted(vocab.ACTS)
    assert [c["name"] for c in listed["claims"]] == sorted(vocab.CLAIMS)
    assert [p["name"] for p in listed["penalties"]] == sorted(vocab.PENALTIES)
    assert len(listed["marks"]) == len(vocab.MARKS)


def test_the_command_lists_every_about_name_the_laws_make_with_the_laws_that_make_it(listed):
    book = load_lawbook()
    assert [a["name"] for a in listed["about"]] == sorted(about_names(book))
    revoke = next(a for a in listed["about"] if a["name"] == "revoke")
    assert "english-1864" in revoke["laws"] and "renounced" in revoke["turns_on"]


def test_an_act_gives_its_own_fact_and_a_claim_in_words_gives_the_claim(listed):
    acts = {a["name"]: a["gives"] for a in listed["acts"]}
    assert acts["asks partner none"] == ["asks_partner_none(SEAT, TRICK)"]
    assert acts["claims game"] == ["claimed(SEAT, game)", "claims_game(SEAT, TRICK)"]


def test_a_verb_lists_the_facts_its_handler_in_the_replay_gives(listed):
    verbs = {v["name"]: v for v in listed["verbs"]}
    assert {"renounced", "held_suit_led", "played_out_of_turn", "won_trick"} <= set(verbs["plays"]["gives"])
    assert set(verbs["has_cards"]["gives"]) == {"card_count", "counted_at_trick", "surplus", "deficiency"}
    assert verbs["detaches"]["gives"] == ["detached"]
    assert verbs["shuffles"]["handler"] == "on_shuffles"


def test_a_penalty_lists_the_fact_its_demand_gives_as_the_replay_gives_it(listed):
    penalties = {p["name"]: p for p in listed["penalties"]}
    assert penalties["call suit"]["gives"] == ["penalty_demanded(SEAT, call suit, FROM, WHAT)"]
    assert penalties["highest"]["same_as"] == "call highest"
    assert penalties["take tricks"]["covers"] == ["three tricks", "two tricks"]


def test_a_moment_lists_the_verbs_that_give_other_facts_under_it(listed):
    moments = {m["name"]: m for m in listed["moments"]}
    assert moments["during_deal"]["moment"] == "deal" and "exposes" in moments["during_deal"]["changes"]
    assert "cuts" in moments["after_hand"]["changes"]


def test_every_fact_the_command_names_is_one_the_replay_declares(listed):
    declared = set(given_by_replay())
    named = {g for v in listed["verbs"] for g in v["gives"]}
    named |= {g for part in listed["replay"].values() for g in part}
    named |= {g.split("(")[0] for s in ("claims", "penalties", "marks", "acts") for e in listed[s] for g in e["gives"]}
    assert not named - declared, f"facts listed that the replay does not declare: {sorted(named - declared)}"


def test_every_fact_the_replay_declares_is_listed_under_what_gives_it(listed):
    """The reading of the replay's code misses nothing: each declared fact is reached from
    some verb, act, header or the end of the play."""
    named = {g for v in listed["verbs"] for g in v["gives"]}
    named |= {g for part in listed["replay"].values() for g in part}
    named |= {g.split("(")[0] for s in ("claims", "penalties", "marks", "acts") for e in listed[s] for g in e["gives"]}
    missing = set(given_by_replay()) - DECISION_FACTS - named
    assert not missing, f"facts the replay declares that no entry lists: {sorted(missing)}"


def test_the_text_listing_shows_each_section_with_its_facts():
    result = CliRunner().invoke(app, ["notation"])
    assert result.exit_code == 0, result.output
    assert "  bidding:\n      moment bidding" in result.output
    assert "  detaches CARD\n      gives: detached\n" in result.output
    assert "  asks partner none\n      gives: asks_partner_none(SEAT, TRICK)\n" in result.output


def test_one_section_alone_is_listed_when_named():
    result = CliRunner().invoke(app, ["notation", "acts", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert list(json.loads(result.output)) == ["acts"]


def test_an_unknown_section_is_a_usage_error_with_the_nearest_name():
    result = CliRunner().invoke(app, ["notation", "act"])
    assert result.exit_code == 2
    assert ("Error: no section 'act' (did you mean 'acts'?); sections are: headers, moments, verbs, "
            "claims, penalties, marks, places, acts, about") in result.output


def test_a_new_verb_in_the_replay_is_found_without_a_list_kept_by_hand():
    """The handler is the replay's own ``on_`` method, found in the replay's classes."""
    assert notation.handler_of("detaches") == "on_detaches"
    assert notation.handler_of("presents_pack") == "on_other"
    assert notation.verb_facts("presents_pack") == ("presents_pack",)


#: A scene for each verb's sample statement: a hand under way, with a trick led, so that a
#: play, a lead out of turn, a renounce or a card taken back each has something to act on.
_SCENE = "code english-1864\ndealer Z\ntrump hearts\ntrick 1:\n  A leads D2\n"


def test_what_each_verb_gives_when_the_replay_runs_it_is_listed_under_that_verb(listed):
    """The listing reads the replay's code (arbiter/guide.py); this replays a sample
    of every form of every verb and checks that every fact the statement itself gave is
    among those listed for its verb (or given by the replay of itself), so that the reading
    of the code cannot miss what the code does."""
    from arbiter.incident import IncidentError
    from arbiter.table.replay import replay

    itself = {f for facts in listed["replay"].values() for f in facts}
    checked = 0
    for verb in listed["verbs"]:
        for form in verb["forms"]:
            words = [notation._SAMPLES.get(w.rstrip("…"), w.rstrip("…")) for w in form.split()]
            if "WORD" in words:
                continue          # claims, penalties and scores have their own sections, probed apart
            line = "  Y " + " ".join(words)
            try:
                before = {str(f) for f in replay(parse(_SCENE, "t")).facts}
                after = replay(parse(_SCENE + line + "\n", "t")).facts
            except IncidentError:
                continue          # a form the scene does not allow (a second lead to the trick)
            given = {f.name for f in after if str(f) not in before} - itself
            assert given <= set(verb["gives"]), f"{line.strip()!r} gave {sorted(given - set(verb['gives']))}, " \
                                                f"not listed under {verb['name']}"
            checked += 1
    assert checked >= 40, checked
