"""`arbiter rule`: the decision as text, Markdown, HTML and JSON; --explain; --compare."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

REVOKE = """code english-1864
title "A revoke made good by playing to the next trick"
dealer Z
trump clubs
trick 2:
  A leads H2
  Y plays H9
  B plays D3
  Z plays H5
trick 3:
  Y leads S4
  B plays S2
finding: B held HK
question "Is it a revoke?" about revoke
"""

DISPUTED = """code english-1864
trump clubs
trick 2:
  A leads H2
  Y plays H9
  disputed "whether B followed suit":
    - B plays D3
    - B plays H3
  Z plays H5
trick 3:
  Y leads S4
  B plays S2
finding: B held HK
question "Is it a revoke?" about revoke
"""


def rule(*args, input=None):
    return runner.invoke(app, ["rule", *args], input=input)


def test_the_decision_reads_like_the_book():
    result = rule("-", input=REVOKE)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Facts.--" in out and "Question.--Is it a revoke?" in out
    assert "Decision.--Yes. B revoked at trick 2" in out
    assert "(vide Law 73)." in out
    assert "Laws relied on:" in out


def test_a_disputed_fact_gives_a_conditional_answer():
    out = rule("-", input=DISPUTED).output
    assert "Decision.--It is a question of fact." in out
    assert "If B played the three of diamonds:" in out and "But if B played the three of hearts:" in out
    assert "benefit of reasonable doubt" in out


@pytest.mark.parametrize("fmt, marker", [("md", "## Decision"), ("html", "<h2>Decision</h2>"), ("text", "Decision.--")])
def test_every_format(fmt, marker):
    result = rule("-", "--format", fmt, input=REVOKE)
    assert result.exit_code == 0 and marker in result.output


def test_json_carries_holdings_and_laws():
    data = json.loads(rule("-", "--format", "json", input=REVOKE).output)
    assert data["answer"] == "yes"
    assert "revoke(B, 2)" in [h["ruling"] for h in data["branches"][0]["holdings"]]
    assert "english-1864/73" in data["cited"]
    assert data["laws"]["english-1864/73"]["label"] == "Law 73"


def test_explain_gives_the_facts_each_holding_rests_on_in_words():
    out = rule("-", "--explain", input=REVOKE).output
    assert "Why.--" in out
    why = out.split("Why.--")[1]
    assert "Law 73 (english-1864/73):" in why
    # Y's lead to trick 3 does not show that trick 2 was quitted; B's own play to it does
    assert "B renounced in error at trick 2 (line 8)" in why and "because B played after trick 2 (line 12)" in why
    assert "does not hold" not in why and "shuffles(" not in why


def test_explain_names_what_was_missing_only_on_the_incident_s_own_topics():
    why = rule("-", "--explain", input=REVOKE).output.split("Why.--")[1]
    missed = why.split("these laws did not apply:")[1]
    # a revoke law whose subject arose, and what it wanted, in words
    assert "Law 78 (english-1864/78): nothing shows that Y claimed revoke after the cards were cut" in missed
    assert "Law 30 " not in missed and "Law 32 " not in missed   # the shuffle: not on it
    assert "nothing shows that" in missed


def test_explain_in_markdown_groups_by_law():
    out = rule("-", "--explain", "--format", "md", input=REVOKE).output
    assert "## Why" in out and "- **Law 73** (`english-1864/73`):" in out


def test_html_escapes_the_words_spoken():
    text = REVOKE.replace('question "Is it a revoke?" about revoke',
                          'question "Is <b>this</b> a revoke?" about revoke')
    out = rule("-", "--format", "html", input=text).output
    assert "&lt;b&gt;this&lt;/b&gt;" in out and "<b>this</b>" not in out


def test_output_is_deterministic():
    first = rule("-", "--format", "json", "--explain", input=REVOKE).output
    assert all(rule("-", "--format", "json", "--explain", input=REVOKE).output == first for _ in range(3))


def test_compare_rules_under_every_code():
    out = rule("-", "--compare", input=REVOKE).output
    for code in ("english-1864", "english-revised", "american-1893"):
        assert f"({code}) ==" in out


def test_compare_states_the_answer_and_the_outcome_in_substance():
    """All three codes hold a revoke, each in its own words and predicate: said once, as an outcome."""
    out = rule("-", "--compare", input=REVOKE).output
    compared = out.split("How the codes compare:")[1]
    assert "Every code answers Yes." in compared
    assert "All three codes hold that there is a revoke, with its penalty." in compared
    assert "holds: " not in compared and "the other do not" not in compared


def test_compare_counts_taken_back_and_not_liable_as_one_outcome():
    out = rule("-", "--compare", input=(EXAMPLES / "lead-out-of-turn-second-and-third-hand.whist").read_text()).output
    compared = out.split("How the codes compare:")[1]
    assert "All three codes hold that the card is not liable to be called (it is taken back without penalty)." in compared


def test_compare_names_the_branch_of_a_disputed_incident():
    out = rule("-", "--compare", input=DISPUTED).output
    compared = out.split("How the codes compare:")[1]
    assert "If B played the three of diamonds:" in compared and "If B played the three of hearts:" in compared
    first, second = compared.split("If B played the three of hearts:")
    assert "there is a revoke" in first and "there is a revoke" not in second


def test_compare_in_html_is_a_whole_page_with_each_decision():
    out = rule("-", "--compare", "--format", "html", input=REVOKE).output
    assert out.startswith("<!doctype html>") and "<h2>How the codes compare</h2>" in out
    assert out.count("<li class=\"holding\">") >= 3 and "(vide Law 73)" in out


def test_compare_in_json_gives_the_points_and_who_holds_them():
    data = json.loads(rule("-", "--compare", "--format", "json", input=REVOKE).output)
    points = data["comparison"]["branches"][0]["points"]
    revoke = next(p for p in points if p["says"].startswith("there is a revoke"))
    assert sorted(revoke["codes"]) == ["american-1893", "english-1864", "english-revised"]


def test_code_and_game_overrides():
    data = json.loads(rule("-", "--code", "american-1893", "--format", "json", input=REVOKE).output)
    assert data["code"] == "american-1893"
    assert rule("-", "--game", "bridge", input=REVOKE).exit_code == 1
    assert "no code" in rule("-", "--code", "american", input=REVOKE).output


def test_bad_input_and_usage():
    assert rule("-", input="trick 1:\n  Y laeds S5\n").exit_code == 1
    assert rule("-", "--format", "xml", input=REVOKE).exit_code == 2
    for ignored in (["--code", "american-1893"], ["--explain"]):
        result = rule("-", "--compare", *ignored, input=REVOKE)
        assert result.exit_code == 2 and ignored[0] in result.output


def test_an_empty_incident_is_nothing_to_rule_on():
    for text in ("", "code english-1864\n", "# only a comment\n"):
        result = rule("-", input=text)
        assert result.exit_code == 1 and "nothing to rule on" in result.output
    assert rule("-", input="").output.startswith("<stdin>:1:1: nothing to rule on")
    assert rule("-", input="code english-1864\ndealer Z\n").output.startswith("<stdin>:2:9: nothing to rule on")


def test_the_json_of_a_decision_carries_it_written_out():
    import json

    data = json.loads(rule("-", "--format", "json", input=REVOKE).stdout)
    assert data["text"] == rule("-", input=REVOKE).stdout
    assert data["html"] in rule("-", "--format", "html", input=REVOKE).stdout


def test_an_unknown_code_or_game_in_the_file_is_shown_at_its_line():
    result = rule("-", input="code english-1865\ntrick 1:\n  A leads S5\n")
    assert result.exit_code == 1
    assert "<stdin>:1:6: no code 'english-1865'" in result.output and "did you mean `english-1864`" in result.output
    result = rule("-", input="code english-1864\ngame bostn\ntrick 1:\n  A leads S5\n")
    assert result.exit_code == 1 and "<stdin>:2:6: no game 'bostn'" in result.output


def test_compare_says_when_a_code_finds_nothing_irregular():
    out = rule("-", "--compare", input="code english-1864\ndealer Z\ntrick 1:\n  A leads S5\n").output
    compared = out.split("How the codes compare:")[1]
    assert "No code finds an irregularity in these facts." in compared and "The codes agree." in compared
    assert out.count("No law of this code finds an irregularity in these facts.") == 3


def test_every_example_can_be_ruled_in_every_format():
    for path in sorted(EXAMPLES.glob("*.whist")):
        for fmt in ("text", "json"):
            result = rule(str(path), "--format", fmt)
            assert result.exit_code == 0, (path.name, result.output)


def test_compare_says_how_english_and_american_differ_on_a_lead_out_of_turn():
    out = rule(str(EXAMPLES / "lead-out-of-turn-second-and-third-hand.whist"), "--compare").output
    compared = out.split("How the codes compare:")[1]
    assert "All three codes hold that a card was led out of turn." in compared
    # English 62 and revised 64: the card or a suit; American 24: a suit only, by one adversary
    card = next(line for line in compared.splitlines() if "the call of the card" in line)
    assert card.strip().startswith("- english-1864 and english-revised give the call of the card (AB)")
    assert card.rstrip().endswith("american-1893 does not.")
    assert "elected by the adversary on the right of the player called" in compared


def test_laws_with_parentheses_in_their_labels_are_cited_whole():
    incident = ("code american-1893\ngame boston\npartners none\nbidder Y\ndealer Z\ntrump clubs\n"
                "trick 2:\n  A leads H2\n  Y plays D3\n  B plays H9\n  Z plays H5\n"
                "trick 3:\n  B leads S4\n  Z plays S2\n  A plays S3\n  Y plays S5\nfinding: Y held HK\n")
    out = rule("-", input=incident).output
    line = next(x for x in out.splitlines() if x.startswith("Laws relied on:"))
    assert "Law 30, interlined paragraph (b);" in line


def test_the_facts_name_the_code_and_game_ruled_under_not_only_the_file_s(book):
    from arbiter.incident import parse
    from arbiter.ruling.decision import decide

    incident = parse("code english-1864\ntrump clubs\ntrick 1:\nA leads S5\n")
    decision = decide(book, incident, code="english-revised", game="dummy")
    facts = decision.branches[0].inference.facts
    assert facts.has("code", "english-revised") and not facts.has("code", "english-1864")
    assert facts.has("game", "dummy") and not facts.has("game", "whist")


def test_the_american_suit_call_names_the_adversary_who_may_enforce_it():
    """Law 24: "only by the adversary on the right of the player from whom the suit is then
    lawfully called" -- resolved to the seats: A sits on Y's right, B on Z's."""
    path = EXAMPLES / "lead-out-of-turn-second-and-third-hand.whist"
    out = rule(str(path), "--code", "american-1893").output
    assert "(here by A, if it is called from Y; by B, if from Z)" in out
    data = json.loads(rule(str(path), "--code", "american-1893", "--format", "json").output)
    remedy = next(f for f in data["branches"][0]["remedies"] if f["elects"] == "right of called")
    assert [list(p) for p in remedy["electors"]] == [["Y", "A"], ["Z", "B"]]


def test_a_misspelt_about_is_an_error_at_the_word_with_the_nearest_name():
    result = rule("-", input='code english-1864\ntrick 1:\n  A leads S5\nquestion "Is it a revoke?" about revokes\n')
    assert result.exit_code == 1
    assert "<stdin>:4:34: no holding 'revokes' to ask about" in result.output
    assert "did you mean `revoke`?" in result.output
    assert rule("-", input=REVOKE).exit_code == 0        # a holding the laws make is accepted


def test_a_game_the_code_has_no_laws_for_is_an_error_not_plain_whist():
    result = rule("-", input="code american-1893\ngame dummy\ndealer Z\ntrick 1:\n  A leads S5\n")
    assert result.exit_code == 1
    assert "<stdin>:2:6: the code american-1893 has no laws for dummy" in result.output
    assert "dummy is ruled under english-1864, english-revised" in result.output
    result = rule("-", "--game", "boston", input="code english-1864\ntrick 1:\n  A leads S5\n")
    assert result.exit_code == 1 and "the code english-1864 has no laws for boston" in result.output
    # the Boston family's exceptions join the American code: French Boston is ruled under it
    ok = rule("-", input="code american-1893\ngame french-boston\npartners none\ndealer Z\ntrick 1:\n  A leads S5\n")
    assert ok.exit_code == 0, ok.output


def test_a_question_whether_a_penalty_may_still_be_exacted_is_about_entitled():
    """Case VIII's revoke claimed after the cut for the next deal: too late, so No; the same
    claim made after the hand, before the cut: Yes."""
    late = (EXAMPLES / "revoke-claimed-after-next-cut.whist").read_text().replace(
        'question "Is it too late for Y to claim the revoke?"',
        'question "May YZ still exact the penalty for the revoke?" about entitled')
    assert "Decision.--No. " in rule("-", input=late).output
    lines = late.splitlines()
    cut = lines.index("after the next cut:")
    in_time = "\n".join(lines[:cut] + lines[cut + 3:] + ["after the hand:", "  Y claims revoke"]) + "\n"
    assert "Decision.--Yes. " in rule("-", input=in_time).output


def test_double_dummy_names_both_dummies_and_each_is_a_dummy_to_the_laws():
    text = "code english-1864\ngame double-dummy\ndummy B Z\ndealer Z\ntrump spades\ntrick 1:\n  B leads S5\n"
    checked = json.loads(runner.invoke(app, ["check", "-", "--format", "json"], input=text).output)
    assert sorted(f["fact"] for f in checked["branches"][0]["facts"] if f["name"] == "dummy") == ["dummy(B)", "dummy(Z)"]
    assert "dummy B Z" in runner.invoke(app, ["fmt", "-"], input=text).output
    out = rule("-", input=text).output
    assert "B led out of turn at trick 1" in out and "(vide Dummy III)" in out


def test_the_two_dummies_of_double_dummy_cannot_be_partners():
    result = rule("-", input="code english-1864\ngame double-dummy\ndummy A B\ntrick 1:\n  A leads S5\n")
    assert result.exit_code == 1
    assert "<stdin>:3:1: the two dummies of Double Dummy sit on opposite sides, one for each player: " \
           "A and B are partners" in result.output
