"""The decision in the book's English (issue 25): cards named as the facts name them, labels
only where they are true, disputed accounts numbered, the heading and the file's name from
the title or the question, and the Why in sentences a committee could read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.incident import parse
from arbiter.lawbook import load_lawbook
from arbiter.ruling.narrative import statement_of_facts
from arbiter.web.app import create_app
from arbiter.web.links import pack

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOTATION = re.compile(r"\b[SHDC](?:[2-9TJQKA]|10)\b")

DROPPED = (EXAMPLES / "card-dropped-face-up.whist").read_text(encoding="utf-8")
FOUND_AT_END = (EXAMPLES / "revoke-found-at-end-of-hand.whist").read_text(encoding="utf-8")

#: The README's incident: B renounces at trick 2 and plays to trick 3 (no title).
MADE_GOOD = """code english-1864
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
question "Is it a revoke?"
"""


def rule(*args, input=None):
    result = runner.invoke(app, ["rule", *args], input=input)
    assert result.exit_code == 0, result.output
    return result


# ------------------------------------------------------------------ cards named

def test_a_card_in_a_holding_a_remedy_a_duty_and_a_demand_is_named_as_the_facts_name_it():
    out = rule("-", input=DROPPED).stdout
    decision = out.split("Decision.--")[1]
    assert "The king of spades is an exposed card" in decision        # opening a sentence: capitalised
    assert "YZ may call the king of spades" in decision
    assert "B must leave or place the king of spades face upwards" in decision
    assert "Y demanded the call of the king of spades from B" in decision
    assert not NOTATION.search(decision), decision


def test_the_json_keeps_the_notation_where_it_is_data():
    data = json.loads(rule("-", "--format", "json", input=DROPPED).stdout)
    branch = data["branches"][0]
    assert "exposed_card(B, SK)" in [h["ruling"] for h in branch["holdings"]]    # the ruling: data
    assert branch["demands"][0]["named"] == "SK"
    assert all(not NOTATION.search(f["says"]) for f in branch["holdings"] + branch["remedies"])


def test_a_card_in_the_why_is_named_too():
    why = rule("-", "--explain", input=DROPPED).stdout.split("Why.--")[1]
    assert "the king of spades" in why and not NOTATION.search(why), why


# ------------------------------------------------------------------ labels

def test_remedy_labels_a_penalty_and_right_labels_any_other_permission():
    md = rule("-", "--format", "md", input=FOUND_AT_END).stdout
    assert "- **Remedy.** For the revoke of B at trick 5, YZ may" in md
    assert "- **Right.** At the end of the hand, YZ, the claimants of a revoke, may search all the tricks." in md
    assert "- **Right.** AB, the revoking player and his partner, may require the hand" in md
    assert "**Remedy.** At the end of the hand" not in md and "**Remedy.** AB, the revoking" not in md
    html = rule("-", "--format", "html", input=FOUND_AT_END).stdout
    assert '<li class="right"><strong>Right.</strong> At the end of the hand' in html
    assert '<li class="remedy"><strong>Remedy.</strong> For the revoke of B' in html


def test_the_right_lasts_until_the_end_of_the_hand_in_words():
    md = rule("-", "--format", "md", input=FOUND_AT_END).stdout
    assert "The right lasts until the end of the hand." in md and "until end of" not in md


# ------------------------------------------------------------------ disputes numbered

TWO_DISPUTES = """code english-1864
trump clubs
trick 2:
  disputed:
    - A leads H2
    - A leads H3
  Y plays H9
  disputed "what B played":
    - B plays D3
    - B plays H4
  Z plays H5
trick 3:
  Y leads S4
  B plays S2
finding: B held HK
question "Is it a revoke?"
"""


def test_a_dispute_opening_a_moment_is_told_at_that_moment_its_accounts_numbered():
    paragraphs = statement_of_facts(parse(TWO_DISPUTES))
    assert paragraphs[0] == "Clubs are trumps; A and B are partners against Y and Z."
    assert paragraphs[1] == "At trick 2, it is disputed which of these happened:"
    assert paragraphs[2:4] == ["1. A led the two of hearts.", "2. A led the three of hearts."]
    assert paragraphs[4] == "Then Y played the nine of hearts."
    assert paragraphs[5] == "It is then disputed what B played:"
    assert paragraphs[6:8] == ["1. B played the three of diamonds.", "2. B played the four of hearts."]
    assert paragraphs[8] == "Then Z played the five of hearts."
    assert paragraphs[9] == "At trick 3: Y led the four of spades; B played the two of spades."


def test_a_moment_without_a_dispute_is_one_sentence_as_before():
    paragraphs = statement_of_facts(parse(MADE_GOOD))
    assert "At trick 2: A led the two of hearts; Y played the nine of hearts; B played the three of diamonds; " \
           "Z played the five of hearts." in paragraphs
    assert not any(p[:2] in ("1.", "2.") for p in paragraphs)


def test_all_the_players_throw_their_cards_down_and_their_words_are_kept():
    text = "code english-1864\ntrick 9:\n  all throws down hand\n  all says \"his deal\"\n"
    paragraphs = statement_of_facts(parse(text))
    assert paragraphs[-1] == 'At trick 9: All the players threw their cards on the table; All the players said, "his deal".'


def test_the_ways_of_two_disputes_are_joined_in_words_not_semicolons():
    out = rule("-", input=TWO_DISPUTES).stdout
    decision = out.split("Decision.--")[1].split("Laws relied on")[0]
    assert "If A led the two of hearts, and B played the three of diamonds:" in decision
    assert not re.search(r"If [^:]*;[^:]*:", decision)


# ------------------------------------------------------------------ the heading

@pytest.mark.parametrize("fmt, heading", [("text", "{}\n"), ("md", "# {}\n"), ("html", '<h1 class="decision-title">{}</h1>')])
def test_the_heading_is_the_question_when_there_is_no_title(fmt, heading):
    out = rule("-", "--format", fmt, input=MADE_GOOD).stdout
    assert heading.format("Is it a revoke?") in out and "&lt;stdin&gt;" not in out and "<stdin>" not in out


def test_the_heading_is_the_title_where_there_is_one_and_the_file_s_name_where_neither(tmp_path):
    titled = 'title "B\'s renounce made good"\n' + MADE_GOOD
    assert rule("-", input=titled).stdout.startswith("B's renounce made good\n")
    bare = tmp_path / "renounce-at-trick-two.whist"
    bare.write_text(MADE_GOOD.replace('question "Is it a revoke?"\n', ""), encoding="utf-8")
    assert rule(str(bare)).stdout.startswith("Renounce at trick two\n")


def test_the_page_is_headed_by_the_question_and_its_download_named_for_it():
    client = TestClient(create_app())
    page = client.get("/rule", params={"i": pack(MADE_GOOD)})
    assert page.status_code == 200
    assert '<h1 class="decision-title">Is it a revoke?</h1>' in page.text
    assert "incident.whist</h1>" not in page.text
    got = client.get("/download", params={"i": pack(MADE_GOOD)})
    assert got.headers["content-disposition"] == 'attachment; filename="is-it-a-revoke.whist"'


@pytest.mark.parametrize("head, name", [
    ('title "Misère ouverte: \\"a lead\\" / ../etc"\n', "misere-ouverte-a-lead-etc.whist"),
    ("", "is-it-a-revoke.whist"),
    ('title "???"\n', "incident.whist"),
])
def test_the_download_is_named_safely_from_the_title_else_the_question(head, name):
    client = TestClient(create_app())
    got = client.get("/download", params={"i": pack(head + MADE_GOOD)})
    assert got.status_code == 200
    assert got.headers["content-disposition"] == f'attachment; filename="{name}"'


def test_an_incident_with_neither_title_nor_question_downloads_as_incident():
    client = TestClient(create_app())
    got = client.get("/download", params={"i": pack("trick 1:\n  A leads S2\n")})
    assert got.headers["content-disposition"] == 'attachment; filename="incident.whist"'


# ------------------------------------------------------------------ the Why in words

def test_no_near_miss_contradicts_the_decision():
    """Law 71 finds B's renounce in error by his later play of the suit; what its other rule
    lacked ("B held the suit led") is no reason it did not apply, and is not told."""
    out = rule("-", "--explain", input=MADE_GOOD).stdout
    assert "Decision.--Yes. B revoked at trick 2" in out
    missed = out.split("these laws did not apply:")[1]
    assert "Law 71 " not in missed and "held the suit led" not in missed


def test_a_near_miss_names_a_missing_fact_in_words_never_in_machine_english():
    out = rule("-", "--explain", input=FOUND_AT_END).stdout
    why = out.split("Why.--")[1]
    assert "Law 91 (english-1864/91): it does not apply, as Y searched the tricks (line 17)." in why
    assert "Law 78 (english-1864/78): nothing shows that Y claimed a revoke after the cards were cut for the next deal." in why
    assert "nothing shows that the trump card is known, or that Z turned up a card" in why
    for machine in ("someone, or", "is someone", "adversary", "plays for", "made the act", "what the law",
                    "(some", "mixes cards", "searches tricks (", "Its rule", "#"):
        assert machine not in why, machine


def test_a_holding_s_reasons_are_told_in_words():
    why = rule("-", "--explain", input=FOUND_AT_END).stdout.split("Why.--")[1]
    assert "because Y claimed a revoke (line 18)" in why
    assert "because trick 5 was turned and quitted (line 12) and B renounced in error at trick 5 (line 19)" in why


def test_a_holding_of_several_sentences_gets_its_reason_as_a_sentence_of_its_own():
    why = rule("-", "--explain", input=FOUND_AT_END).stdout.split("Why.--")[1]
    assert "Tricks score next. Honours last. This holds because B revoked at trick 5 (line 19)." in why
    assert "Honours last, because" not in why
    # one sentence: the reason follows it
    assert "may search all the tricks, because Y claimed a revoke (line 18)." in why


def test_several_near_misses_of_one_law_are_sentences_of_their_own():
    why = rule("-", "--explain", input=FOUND_AT_END).stdout.split("Why.--")[1]
    law77 = next(line for line in why.splitlines() if "Law 77 " in line)
    assert "mixed the cards. Nothing shows that" in law77 and ";" not in law77


def test_every_fact_the_laws_name_has_its_words():
    """A fact a condition names is told in words: from the table of words, or (a fact the
    laws conclude) from a law's own sentence; never by its name and arguments."""
    from arbiter.lawbook.conditions import predicates
    from arbiter.ruling.explain import _Words
    from arbiter.words.facts import table

    book = load_lawbook()
    words = _Words(book)
    named = {(p.name, len(p.args)) for code in book.codes for law in book.entries_of(code)
             for rule_ in law.rules if rule_.tree is not None for p in predicates(rule_.tree)}
    missing = sorted(k for k in named if k not in table().facts and k not in words.templates())
    assert missing == []


def test_every_fact_the_replay_gives_has_its_words():
    from arbiter.table.replay import replay_all
    from arbiter.words.facts import table

    given = set()
    for path in sorted(EXAMPLES.glob("*.whist")):
        for _, result in replay_all(parse(path.read_text(encoding="utf-8"), path.name)):
            given |= {(f.name, len(f.args)) for f in result.facts}
    assert sorted(k for k in given if k not in table().facts) == []


def test_the_table_of_words_uses_each_argument_it_declares():
    from arbiter.words.facts import table

    for (name, arity), entry in table().facts.items():
        used = {int(n) for n in re.findall(r"\{(\d)\}", entry.says)}
        assert used <= set(range(arity)), name
        assert not re.search(r"[{}]", re.sub(r"\{\d\}", "", entry.says)), name


def test_an_argument_left_open_is_told_by_its_kind():
    from arbiter.words.facts import OPEN, told

    assert told("renounced", ("A", OPEN)) == "A renounced at some trick"
    assert told("claimed", (OPEN, "revoke")) == "someone claimed a revoke"
    assert told("held", ("B", OPEN)) == "B held a card"
    assert told("held", ("B", "HQ")) == "B held the queen of hearts"


# ------------------------------------------------------------------ check, laws show, warnings, help

def test_check_shows_what_happened_before_the_table_and_folds_the_seating():
    result = runner.invoke(app, ["check", "-"], input=FOUND_AT_END)
    assert result.exit_code == 0, result.output
    out = result.stdout
    facts = out.split("\nFacts\n")[1]
    first = facts.splitlines()[0]
    assert first.strip().startswith("suit_of(") or "line " in first
    assert facts.index("renounced(B, 5)") < facts.index("From the header and the whole hand:") \
        < facts.index("The seating: 16 facts of who sits where (--all lists them).")
    assert "left_of(" not in out and "side_of(" not in out


def test_check_shows_the_irregularities_first_in_words():
    out = runner.invoke(app, ["check", "-"], input=FOUND_AT_END).stdout
    assert out.index("\nIrregularities\n") < out.index("\nFacts\n")
    irregular = out.split("\nIrregularities\n")[1].split("\n\n")[0]
    assert "B renounced at trick 5 (line 8)" in irregular and "Z renounced at trick 8 (line 15)" in irregular
    assert "led(" not in irregular and "searched" not in irregular       # what is regular is not here


def test_check_of_a_regular_incident_has_no_irregularities():
    regular = "code english-1864\ntrick 1:\n  A leads S2\n  Y plays S3\n  B plays S4\n  Z plays S5\n"
    out = runner.invoke(app, ["check", "-"], input=regular).stdout
    assert "Irregularities" not in out and "\nFacts\n" in out


def test_check_all_lists_the_seating_last():
    out = runner.invoke(app, ["check", "-", "--all"], input=FOUND_AT_END).stdout
    facts = out.split("\nFacts\n")[1]
    assert facts.index("renounced(B, 5)") < facts.index("The seating: seat(A), left_of(Y, A)")


def test_laws_show_a_number_alone_is_the_default_code_s_law():
    alone = runner.invoke(app, ["laws", "show", "72"])
    assert alone.exit_code == 0, alone.output
    assert alone.stdout == runner.invoke(app, ["laws", "show", "english-1864", "72"]).stdout
    two = runner.invoke(app, ["laws", "show", "72", "73"])
    assert "english-1864/72" in two.stdout and "english-1864/73" in two.stdout


def test_laws_show_a_number_the_default_code_lacks_names_the_codes_that_have_it():
    result = runner.invoke(app, ["laws", "show", "30b"])
    assert result.exit_code == 1
    assert "english-1864, the default code, has no law 30b; it is in american-1893" in result.output
    nowhere = runner.invoke(app, ["laws", "show", "999"])
    assert nowhere.exit_code == 1 and "no code has a law 999" in nowhere.output
    misspelt = runner.invoke(app, ["laws", "show", "englsh-1864", "72"])
    assert "did you mean 'english-1864'" in misspelt.output


def test_a_dummy_game_without_a_dummy_is_warned_of():
    result = runner.invoke(app, ["rule", "-", "--game", "dummy"], input=MADE_GOOD)
    assert result.exit_code == 0
    assert "warning: Dummy is played with one dummy, but the incident names none" in result.stderr
    assert "Decision.--" in result.stdout and "warning" not in result.stdout


def test_a_dummy_named_in_a_game_without_one_is_warned_of_at_its_line():
    text = MADE_GOOD.replace("dealer Z\n", "dealer Z\ndummy Z\n")
    result = runner.invoke(app, ["rule", "-", "--game", "whist"], input=text)
    assert "<stdin>:3:1: warning: Z is named dummy, but Whist is played with no dummy: rule it as dummy" in result.stderr
    data = json.loads(runner.invoke(app, ["rule", "-", "--format", "json"], input=text).stdout)
    assert [w["line"] for w in data["warnings"]] == [3]


def test_the_game_and_the_seats_agreeing_give_no_warning():
    assert "warning" not in runner.invoke(app, ["rule", "-"], input=MADE_GOOD).stderr
    dummy = (EXAMPLES / "dummy-game.whist").read_text(encoding="utf-8")
    assert "warning" not in runner.invoke(app, ["rule", "-"], input=dummy).stderr


@pytest.mark.parametrize("command", [["rule"], ["check"], ["laws", "search"], []])
def test_help_shows_a_flag_as_a_flag(command):
    result = runner.invoke(app, [*command, "--help"], terminal_width=120)
    assert result.exit_code == 0
    assert "<bool>" not in result.stdout
    assert "--help" in result.stdout
