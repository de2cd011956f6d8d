"""The guided interview (arbiter/interview): scripted interviews reach the holdings of the
written incidents asking fewer questions than the incident has statements; a fact whose
answers would not change the ruling is not asked, one whose answer would is; the state is
checked, never trusted; an earlier answer can be changed; ``arbiter ask`` writes the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from arbiter.api import rule
from arbiter.cli import app as cli
from arbiter.incident import parse
from arbiter.incident.model import Comment, HeaderLine, MomentLine
from arbiter.interview import Answer, Done, Interview, InterviewError, State
from arbiter.interview.script import run
from arbiter.interview.state import MAX_STATE

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "tests" / "interviews").glob("*.yaml"))
#: The incidents the interview cannot tell, and why: none.
UNTOLD: dict[str, str] = {}


def holdings(decision) -> list[set[str]]:
    return [{r for f in b.holdings for r in (f.ruling, *f.also_holds) if r} for b in decision.branches]


def statements(text: str) -> int:
    """What the incident states: every line but its comments, moments, title and source."""
    incident = parse(text)
    return sum(1 for i in incident.items if not isinstance(i, (Comment, MomentLine))
               and not (isinstance(i, HeaderLine) and i.key in ("title", "source")))


def scripted(path: Path) -> tuple[dict, Interview, int]:
    script = yaml.safe_load(path.read_text(encoding="utf-8"))
    interview, asked = run(Interview.begin(), script["answers"])
    return script, interview, asked


def test_every_example_and_case_has_a_script_or_a_reason():
    told = {yaml.safe_load(p.read_text())["incident"] for p in SCRIPTS}
    every = {str(p.relative_to(ROOT)) for p in sorted((ROOT / "examples").glob("*.whist"))
             + sorted((ROOT / "cases" / "cavendish").glob("*.whist"))}
    assert every - told == set(UNTOLD)
    assert len(told) == 38


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_a_scripted_interview_reaches_the_holdings_of_the_written_incident(path):
    script, interview, asked = scripted(path)
    step = interview.next()
    assert isinstance(step, Done), f"still asking {step.question.asks!r}"
    text = (ROOT / script["incident"]).read_text(encoding="utf-8")
    written = rule(text).decision
    assert holdings(step.decision) == holdings(written)
    assert asked <= statements(text), f"{asked} questions for {statements(text)} statements"
    # the result is the canonical form, and rules again the same
    again = rule(interview.text).decision
    assert holdings(again) == holdings(written)
    from arbiter.api import format_text

    assert format_text(interview.text) == interview.text


def test_the_scripts_ask_fewer_questions_than_the_incidents_have_statements_in_all():
    asked = total = 0
    for path in SCRIPTS:
        script, _, n = scripted(path)
        asked += n
        total += statements((ROOT / script["incident"]).read_text(encoding="utf-8"))
    assert asked < total * 0.75, (asked, total)


# ------------------------------------------------------------------ asks only what matters

REVOKE = [Answer("table", {"dealer": "Z", "trump": "hearts"}), Answer("topic", {"topic": "revoke"}),
          Answer("trick", {"trick": "5", "seat1": "Y", "card1": "S5", "seat2": "B", "card2": "D3",
                           "seat3": "Z", "card3": "S9", "seat4": "A", "card4": "SK"})]
CLAIM_KEY = "revoke-claimed:N=5,P=B,Q=Z,R=Y"
CLAIMED_AFTER_THE_HAND = Answer("fact", {"answer": "4"}, CLAIM_KEY)      # "Yes, Y, after the hand was played"
NOT_CLAIMED = Answer("fact", {"answer": "6"}, CLAIM_KEY)                  # "No"


def answered(answers: list[Answer]) -> Interview:
    interview = Interview.begin()
    for a in answers:
        interview = interview.answer(a)
    return interview


def test_after_a_renounce_the_claim_is_asked_before_the_renouncers_hand():
    step = answered(REVOKE).next()
    assert step.question.id == "fact" and step.question.key == CLAIM_KEY
    assert step.question.asks == "Did Z or Y claim that B revoked at trick 5, and when?"
    says = [c.says for c in step.question.fields[0].choices]
    assert says[4] == "Yes, Y, after the hand was played" and says[6] == "No"
    # whether B held a spade is not asked yet: with no claim, no answer to it changes the ruling
    assert "held" not in step.question.asks


def test_a_renounce_never_claimed_asks_nothing_of_the_renouncers_hand():
    step = answered(REVOKE + [NOT_CLAIMED]).next()
    assert step.question.id == "story"


def test_a_renounce_claimed_asks_whether_he_held_the_suit_with_the_law():
    step = answered(REVOKE + [CLAIMED_AFTER_THE_HAND]).next()
    assert step.question.id == "settle"
    assert step.question.key == "whether B held a spade when he renounced at trick 5"
    values = [c.value for c in step.question.fields[0].choices]
    assert "held:B:S2" in values and "none:B:spades" in values
    assert "held:B:S5" not in values and "held:B:SK" not in values     # played by others
    assert step.question.law["label"] == "Law 73"


def test_a_renounce_the_later_play_settles_is_not_asked_about():
    # B plays a spade at trick 8: he held one at trick 5, and nothing is asked of it
    interview = answered(REVOKE[:2] + [
        Answer("trick", {"trick": "5", "seat1": "Y", "card1": "S5", "seat2": "B", "card2": "D3"}),
        CLAIMED_AFTER_THE_HAND])
    key = interview.next().question.key         # not known yet: asked
    interview = interview.answer(Answer("settle", {}, key, True))
    assert interview.decision().branches[0].turns_on != []
    interview = interview.answer(Answer("trick", {"trick": "8", "seat1": "A", "card1": "SQ", "seat2": "Y",
                                                  "card2": "S6", "seat3": "B", "card3": "S2"}))
    assert interview.next().question.id == "story"
    assert interview.decision().branches[0].turns_on == []


def test_a_called_suit_is_asked_about_only_where_the_answer_changes_the_ruling():
    base = [Answer("table", {"dealer": "Z", "trump": "hearts"}), Answer("topic", {"topic": "out-of-turn"}),
            Answer("trick", {"trick": "1", "seat1": "Y", "card1": "S5"})]
    first = answered(base).next()
    assert first.question.id == "fact" and first.question.asks.startswith("After Y's lead out of turn at trick 1")
    says = [c.says for c in first.question.fields[0].choices]
    demand = Answer("fact", {"answer": str(says.index("Yes, A called spades"))}, first.question.key)
    asked = answered(base + [demand]).next()
    # whether Z held a spade when spades were called: the penalty paid (Law 66) or not
    assert asked.question.id == "settle" and "spade" in asked.question.key
    # no suit called: whether anyone held one is not asked
    none = answered(base).answer(Answer("fact", {"answer": str(says.index("No"))}, first.question.key))
    assert none.next().question.id == "story"


def test_a_question_answered_not_known_is_not_asked_again_and_stays_in_the_decision():
    interview = answered(REVOKE + [CLAIMED_AFTER_THE_HAND])
    key = interview.next().question.key
    interview = interview.answer(Answer("settle", {}, key, True))
    assert interview.next().question.id == "story"
    done = interview.answer(Answer("story", {"done": "yes"})).next()
    assert isinstance(done, Done)
    assert done.decision.answer == "depends"
    assert [t.question for t in done.decision.branches[0].turns_on] == [key]


def test_an_answer_of_fact_is_written_as_a_finding():
    interview = answered(REVOKE + [CLAIMED_AFTER_THE_HAND])
    assert "after the hand:\n  Y claims revoke" in interview.text
    key = interview.next().question.key
    told = interview.answer(Answer("settle", {"answer": "held:B:S2"}, key))
    assert "finding: B held S2" in told.text
    with pytest.raises(InterviewError, match="choose one of the answers offered"):
        interview.answer(Answer("settle", {"answer": "held:B:S5"}, key))
    with pytest.raises(InterviewError, match="choose one of the answers offered"):
        answered(REVOKE).answer(Answer("fact", {"answer": "9"}, CLAIM_KEY))


# ------------------------------------------------------------------ changing an answer

def test_an_earlier_answer_changed_asks_again_from_there():
    interview = answered(REVOKE + [CLAIMED_AFTER_THE_HAND])
    back = interview.back_to(2)          # the trick
    assert back.next().question.id == "trick"
    assert "trick 5" not in back.text
    changed = back.answer(Answer("trick", {"trick": "5", "seat1": "Y", "card1": "S5", "seat2": "B", "card2": "S3"}))
    assert "B plays S3" in changed.text
    assert changed.next().question.id == "story"        # no renounce now: no claim to ask of
    with pytest.raises(InterviewError):
        interview.back_to(9)


# ------------------------------------------------------------------ the state is checked

def test_the_state_round_trips_and_is_checked():
    interview = answered(REVOKE)
    again = Interview.resume(interview.state.dumps())
    assert again.text == interview.text
    for bad, words in [("nonsense", "not JSON"), ("[]", '"v": 1'), ('{"v":1,"answers":[{"form":"x"}]}', "form must be"),
                       ('{"v":1,"answers":[{"form":"table","fields":{"dealer":"Q"}}]}', "not a seat"),
                       ('{"v":1,"answers":[{"form":"story","fields":{"act":"leads","who":"A","when":"trick",'
                        '"trick":"2"}}]}', "give the card"),
                       ("x" * (MAX_STATE + 1), "larger than")]:
        with pytest.raises(InterviewError, match=words):
            Interview.resume(bad)


def test_a_state_whose_story_cannot_be_is_refused_in_words():
    state = State((Answer("table", {}), Answer("topic", {"topic": "revoke"}),
                   Answer("trick", {"trick": "1", "seat1": "A", "card1": "S5", "seat2": "Y", "card2": "S5"})))
    with pytest.raises(InterviewError, match="that cannot be: .*S5"):
        Interview.resume(state.dumps())


def test_words_are_written_as_quoted_words_and_cannot_write_a_statement():
    interview = answered(REVOKE + [NOT_CLAIMED, Answer("story", {"when": "trick", "trick": "5", "who": "A",
                                                                  "act": "says", "words": 'Mine"\nZ plays HA \x1b'})])
    text = interview.text
    assert 'A says "Mine\\" Z plays HA \\x1b"' in text
    assert "\nZ plays HA" not in text and "  Z plays HA" not in text


def test_an_answer_to_another_question_is_refused():
    with pytest.raises(InterviewError, match="the question asked is"):
        Interview.begin().answer(Answer("trick", {"trick": "1", "seat1": "A", "card1": "S5"}))


# ------------------------------------------------------------------ arbiter ask

def test_arbiter_ask_from_a_script_rules_and_writes_the_file(tmp_path):
    out = tmp_path / "told.whist"
    result = CliRunner().invoke(cli, ["ask", "--script", str(ROOT / "tests/interviews/revoke-found-at-end-of-hand.yaml"),
                                      str(out)])
    assert result.exit_code == 0, result.output
    assert "Decision.--Yes. B revoked at trick 5" in result.stdout
    written = out.read_text()
    assert "Y claims revoke" in written and written.startswith("code english-1864\n")
    assert [p.name for p in tmp_path.iterdir()] == ["told.whist"]         # nothing left beside it
    again = CliRunner().invoke(cli, ["ask", "--script", str(ROOT / "tests/interviews/revoke-found-at-end-of-hand.yaml"),
                                     str(out)])
    assert again.exit_code == 1 and "exists" in again.output


def test_arbiter_ask_says_where_a_script_goes_wrong(tmp_path):
    script = tmp_path / "bad.yaml"
    script.write_text(json.dumps({"answers": [{"table": {"dealer": "Q"}}]}))
    result = CliRunner().invoke(cli, ["ask", "--script", str(script)])
    assert result.exit_code == 1
    assert "answer 1" in result.output and "not a seat" in result.output and "Traceback" not in result.output


def test_arbiter_ask_in_the_terminal_offers_menus_and_a_way_back(tmp_path):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    enter, down = "\r", "\x1b[B"
    keys = enter * 10                          # the table: every field as offered
    keys += enter * 2                          # a revoke; the question offered
    keys += enter * 6                          # trick 1, A, spades, the ace; no one else
    keys += down * 5 + enter + down * 2 + enter        # "Change an earlier answer": the third, the trick
    keys += down + enter + enter * 2 + down + enter + enter * 2    # trick 2: A leads the king of spades
    keys += down * 3 + enter                   # "Nothing more happened: rule now"
    out = tmp_path / "told.whist"
    with create_pipe_input() as keyboard:
        keyboard.send_text(keys)
        with create_app_session(input=keyboard, output=DummyOutput()):
            result = CliRunner().invoke(cli, ["ask", str(out)])
    assert result.exit_code == 0, result.output
    assert "Decision.--No." in result.stdout
    assert out.read_text() == 'code english-1864\ntrick 2:\n  A leads SK\nquestion "Is it a revoke?"\n'


def asked_in(name: str) -> list[str]:
    """The questions of fact a scripted interview was asked, in order (their keys)."""
    from arbiter.interview.script import answer_of

    script = yaml.safe_load((ROOT / "tests" / "interviews" / f"{name}.yaml").read_text(encoding="utf-8"))
    interview, keys = Interview.begin(), []
    for entry in script["answers"]:
        step = interview.next()
        if step.question.id in ("settle", "fact"):
            keys.append(step.question.key)
        interview = interview.answer(answer_of(entry, step.question.key))
    return keys


@pytest.mark.parametrize("name, weighed", [
    # the written decision weighs these, and finds that no answer changes it: never asked
    ("all-four-hands-thrown-down", "whether B's card at trick 9 was a winning card as against his adversaries"),
    ("calling-attention-to-the-trick", "whether B held a lower spade than the three of spades he played at trick 7, "
                                       "his lowest having been called"),
    ("revoke-with-full-deal", "whether trick 2 had been turned and quitted when Z led to trick 3"),
])
def test_a_fact_whose_answers_would_not_change_the_ruling_is_not_asked(name, weighed):
    incident = yaml.safe_load((ROOT / "tests" / "interviews" / f"{name}.yaml").read_text())["incident"]
    written = rule((ROOT / incident).read_text()).decision
    assert weighed in [t.question for b in written.branches for t in b.weighed if not t.matters]
    assert weighed not in asked_in(name)


@pytest.mark.parametrize("name, turning", [
    ("revoke-found-at-end-of-hand", "whether Z held a spade when he renounced at trick 8"),
    ("having-none-question", "whether Z held a heart when he renounced at trick 6"),
])
def test_a_fact_whose_answer_would_change_the_ruling_is_asked(name, turning):
    assert turning in asked_in(name)
