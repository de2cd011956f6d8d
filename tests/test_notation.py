"""The notation's model, printer and replay on small incidents written for the purpose."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arbiter.cards import Card, Suit
from arbiter.cli import app
from arbiter.incident import IncidentError, format_incident, parse
from arbiter.incident.printer import alternative_text
from arbiter.ruling.narrative import statement_of_facts
from arbiter.table.replay import replay, replay_all

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

CASE_VII = '''# Case VII
code english-1864
trump hearts
trick 12:
  Y leads S5
  B plays S3
  disputed "what Z did with the ace of trumps":
    - Z plays HA  # played to the trick
    - Z exposes HA  # laid down to save time
  Z says "There's the game" (claims game)
  Z throws down hand
finding: Z held S9 S4
question "Is it a revoke?"
'''


def test_the_canonical_form_is_kept_with_its_comments():
    assert format_incident(parse(CASE_VII)) == CASE_VII


def test_untidy_input_is_made_canonical():
    messy = "code   english-1864\ntrick 12 :\nY  leads s10   # ten\n    B plays h10\n"
    assert format_incident(parse(messy)) == "code english-1864\ntrick 12:\n  Y leads S10  # ten\n  B plays H10\n"


# ------------------------------------------------------------------ what the canonical form keeps

def fmt_twice(text: str) -> str:
    """The canonical form, checked to be its own canonical form."""
    once = format_incident(parse(text))
    assert format_incident(parse(once)) == once
    return once


def test_a_ten_keeps_the_spelling_it_was_written_in():
    text = "trump card D10\ntrick 1:\n  A leads H10\n  Y plays HT\n  B plays ♠10\n  Z plays ct\nfinding: Y held S10 DT\n"
    assert fmt_twice(text) == ("trump card D10\ntrick 1:\n  A leads H10\n  Y plays HT\n  B plays S10\n"
                               "  Z plays CT\nfinding: Y held S10 DT\n")
    assert fmt_twice("trump card DT\n") == "trump card DT\n"


def test_a_ten_in_a_demand_and_an_alternative_keeps_its_spelling():
    text = 'disputed:\n  - A plays S10; Y plays HT\n  - "no"\ntrick 2:\n  Y demands call S10 from A\n'
    assert "- A plays S10; Y plays HT" in fmt_twice(text)
    assert "Y demands call card S10 from A" in fmt_twice(text)


def test_comments_aligned_on_neighbouring_lines_stay_aligned_at_their_column():
    text = "trick 1:\n  A leads S5        # first\n  Y plays S10       # second\n  B plays S3        # third\n"
    assert fmt_twice(text) == text


def test_aligned_comments_whose_lines_grow_past_their_column_move_out_together():
    text = "trick 1:\nA leads S5  # first\nY plays S3  # second\n"    # the statements take an indent
    assert fmt_twice(text) == "trick 1:\n  A leads S5  # first\n  Y plays S3  # second\n"
    text = "trick 1:\nA leads S5 # a\nY plays S3 S4 S6 # b\n"
    assert fmt_twice(text) == "trick 1:\n  A leads S5  # a\n  Y plays S3 S4 S6  # b\n"


def test_a_comment_with_no_neighbour_at_its_column_gets_two_spaces():
    text = "trick 1:\n  A leads S5        # first\n  Y plays S3\n  B plays S4             # third\n"
    assert fmt_twice(text) == "trick 1:\n  A leads S5  # first\n  Y plays S3\n  B plays S4  # third\n"
    # neighbouring lines whose comments stood at different columns are not aligned either
    text = "trick 1:\n  A leads S5        # first\n  Y plays S3    # second\n"
    assert fmt_twice(text) == "trick 1:\n  A leads S5  # first\n  Y plays S3  # second\n"


def test_a_dispute_gives_one_branch_per_alternative():
    incident = parse(CASE_VII)
    branches = replay_all(incident)
    assert [alternative_text(choice[0]) for choice, _ in branches] == ["Z plays HA", "Z exposes HA"]
    played, exposed = (r.facts for _, r in branches)
    assert played.has("renounced", "Z", 12) and played.has("held_suit_led", "Z", 12)
    assert not exposed.has("renounced", "Z", 12)
    assert exposed.has("exposed", "Z", "HA", "play")
    assert played.has("claims_game", "Z", 12) and played.has("threw_down_hand", "Z", 12)


def test_two_disputes_multiply():
    text = CASE_VII.replace('question "Is it a revoke?"\n',
                            'disputed:\n  - A plays S2\n  - A plays S4\n  - "A had not played"\n')
    assert len(parse(text).branches()) == 6


def test_statements_take_the_moment_they_stand_under():
    incident = parse("before the deal:\n  A shuffles\ndeal:\n  Z deals\ntrick 3:\n  Y leads S5\n"
                     "after the next cut:\n  Y claims revoke\n")
    kinds = [(s.moment.kind, s.moment.trick) for s in incident.events]
    assert kinds == [("before-deal", None), ("deal", None), ("trick", 3), ("after-next-cut", None)]


def test_partners_are_the_players_opposite_unless_declared():
    assert parse("").partner_of("A") == "B"
    assert parse("seats N E S W\n").partner_of("E") == "W"
    assert parse("seats N E S W\npartners N E\npartners S W\n").partner_of("N") == "E"


def test_a_pbn_deal_with_unknown_hands():
    incident = parse("seats N E S W\ndeal N:AKQ.JT9.876.5432 - - -\n")
    assert set(incident.deal) == {"N"}
    assert Card(Suit.CLUBS, "2") in incident.deal["N"]


def test_lead_out_of_turn_and_the_right_leader():
    r = replay(parse("dealer Z\ntrump clubs\ntrick 1:\n  Y leads S5\n"))
    assert r.facts.has("led_out_of_turn", "Y", 1) and r.facts.has("should_have_led", "A", 1)
    r = replay(parse("dealer Z\ntrump clubs\ntrick 1:\n  A leads S5\n"))
    assert not r.facts.has("led_out_of_turn", "A", 1)


def test_the_winner_of_a_trick_leads_the_next():
    r = replay(parse("dealer Z\ntrump clubs\ntrick 1:\n  A leads S5\n  Y plays SK\n  B plays S2\n"
                     "  Z plays C2\ntrick 2:\n  Y leads H3\n"))
    assert r.tricks[1].winner == "Z"
    assert r.facts.has("led_out_of_turn", "Y", 2) and r.facts.has("should_have_led", "Z", 2)


def test_fourth_hand_before_second():
    r = replay(parse("trick 4:\n  A leads S5\n  Z plays S9\n"))
    assert r.facts.has("played_out_of_turn", "Z", 4)
    assert r.facts.has("played_before", "Z", "Y", 4) and r.facts.has("played_before", "Z", "B", 4)
    assert r.facts.has("hand_position", "Z", 4, 4)


def test_winning_cards_led_without_waiting_for_partner():
    r = replay(parse("trick 5:\n  A leads SA\n  Y plays S2\n  A leads SK\n"))
    assert r.facts.has("led_again_before_partner_played", "A", 5)
    assert r.facts.has("led_prematurely", "A", 6, "SK")


def test_a_second_card_to_a_complete_trick():
    r = replay(parse("trick 6:\n  A leads S5\n  Y plays S6\n  B plays S7\n  Z plays S8\n  A plays S9\n"))
    assert r.facts.has("trick_complete", 6)
    assert r.facts.has("played_to_complete_trick", "A", 6, "S9")
    assert not r.facts.has("led_out_of_turn", "A", 7)


def test_two_cards_played_at_once():
    r = replay(parse("trick 2:\n  A leads S5\n  Y plays S6 S7\n"))
    assert r.facts.has("two_or_more_cards_played", "Y", 2)
    assert r.facts.has("played_at_once", "Y", 2, "S7")


def test_a_renounce_with_the_suit_in_hand_from_the_deal():
    deal = "seats N E S W\ndealer W\ntrump hearts\ndeal N:AK2.AK2.AK2.AK32 QJ3.QJ3.QJ3.QJ54 T9.T94.T94.T9876 87654.8765.8765.-\n"
    r = replay(parse(deal + "trick 1:\n  N leads SA\n  E plays H3\n  S plays S9\n  W plays S5\n"))
    assert r.facts.has("renounced", "E", 1) and r.facts.has("held_suit_led", "E", 1)
    assert r.facts.has("trick_winner", 1, "E")
    r = replay(parse(deal + "trick 1:\n  N leads C2\n  E plays C4\n  S plays C6\n  W plays H5\n"))
    assert r.facts.has("renounced", "W", 1) and r.facts.has("void_in_suit_led", "W", 1)
    assert not r.facts.has("held_suit_led", "W", 1)


def test_a_wrong_number_of_cards_in_the_deal_is_a_fact_not_an_error():
    r = replay(parse("seats N E S W\ndeal N:AKQJ.AKQJ.AKQ.AKQ T98.T98.JT9.JT9 - -\n"))
    assert r.facts.has("surplus", "N", 1) and r.facts.has("deficiency", "E", 1)


def test_the_deal_phase():
    r = replay(parse("dealer Z\ndeal:\n  A deals\n  A exposes HK\n  A counts cards\n"))
    assert r.facts.has("dealt_out_of_turn", "A")
    assert r.facts.has("exposed_in_dealing", "A", "HK")
    assert r.facts.has("dealt_without_cut", "A")
    assert r.facts.has("counts_cards", "A")


def test_statement_of_facts_reads_like_the_book():
    text = "\n".join(statement_of_facts(parse(CASE_VII)))
    assert "Hearts are trumps" in text
    assert "At trick 12: Y led the five of spades; B played the three of spades" in text
    assert "whether Z played the ace of hearts, or whether Z exposed the ace of hearts" in text
    assert 'Z said, "There\'s the game" (claiming the game)' in text
    assert "It is found that Z held the nine of spades and the four of spades." in text


runner = CliRunner()


def test_check_prints_facts_per_branch(tmp_path):
    path = tmp_path / "case.whist"
    path.write_text(CASE_VII, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0
    assert "Facts if Z plays HA" in result.output and "renounced(Z, 12)" in result.output
    assert "Question: Is it a revoke?" in result.output


def test_check_reads_standard_input_and_reports_errors():
    result = runner.invoke(app, ["check", "-"], input="trick 1:\n  Y laeds S5\n")
    assert result.exit_code == 1
    assert "<stdin>:2:5:" in result.output and "did you mean `leads`" in result.output
    assert "Traceback" not in result.output


def test_check_json():
    import json

    result = runner.invoke(app, ["check", "-", "--format", "json"], input=CASE_VII)
    data = json.loads(result.output)
    assert len(data["branches"]) == 2
    assert any(f["fact"] == "renounced(Z, 12)" for f in data["branches"][0]["facts"])


def test_fmt_prints_check_and_writes(tmp_path):
    path = tmp_path / "messy.whist"
    path.write_text("trick 1 :\nY leads s10\n", encoding="utf-8")
    assert runner.invoke(app, ["fmt", str(path)]).output == "trick 1:\n  Y leads S10\n"
    checked = runner.invoke(app, ["fmt", "--check", str(path)])
    assert checked.exit_code == 1
    assert checked.output.splitlines() == [
        f"{path}:1: not in canonical form (arbiter fmt --write {path})",
        f"--- {path} (as written)", f"+++ {path} (as arbiter fmt prints it)",
        "@@ -1,2 +1,2 @@", "-trick 1 :", "-Y leads s10", "+trick 1:", "+  Y leads S10"]
    assert runner.invoke(app, ["fmt", "--write", str(path)]).exit_code == 0
    assert runner.invoke(app, ["fmt", "--check", str(path)]).exit_code == 0


def test_fmt_check_names_the_first_line_that_differs_and_shows_only_the_lines_that_do(tmp_path):
    path = tmp_path / "nearly.whist"
    path.write_text("code english-1864\ntrick 1:\n  A leads S5\n  Y plays  S3\n  B plays S4\n", encoding="utf-8")
    checked = runner.invoke(app, ["fmt", "--check", str(path)])
    assert checked.exit_code == 1
    lines = checked.output.splitlines()
    assert lines[0] == f"{path}:4: not in canonical form (arbiter fmt --write {path})"
    assert lines[3:] == ["@@ -4 +4 @@", "-  Y plays  S3", "+  Y plays S3"]


def test_fmt_check_says_in_words_what_no_line_shows(tmp_path):
    path = tmp_path / "crlf.whist"
    path.write_bytes(b"trick 1:\r\n  A leads S5\r\n")
    assert "its lines end in CR LF" in runner.invoke(app, ["fmt", "--check", str(path)]).output
    path.write_bytes(b"trick 1:\n  A leads S5")
    assert runner.invoke(app, ["fmt", "--check", str(path)]).output == (
        f"{path}:2: not in canonical form (arbiter fmt --write {path}): its last line has no newline at the end\n")
    path.write_bytes(b"trick 1:\n  A leads S5\n")
    assert runner.invoke(app, ["fmt", "--check", str(path)]).output == ""


def test_check_answers_a_word_the_notation_does_not_take_with_what_to_write(tmp_path):
    path = tmp_path / "said.whist"
    path.write_text("code english-1864\ntrick 1:\n  A leads S5\n  Y revokes\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.startswith(f"{path}:4:5: the notation does not write `revokes`: a revoke is found from the play")
    path.write_text("code english-1864\ntrumps hearts\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.output.endswith("  did you mean `trump hearts`?\n")


def test_a_solo_whist_bidding_in_its_players_words_is_ruled_and_told_in_the_facts(tmp_path):
    path = tmp_path / "solo.whist"
    path.write_text('code american-1893\ngame solo\ndealer Z\nbidding:\n  A passes\n  Y bids "prop"\n'
                    '  B bids "cop"\n  Z passes\ntrick 1:\n  A leads S2\n', encoding="utf-8")
    ruled = runner.invoke(app, ["rule", str(path)])
    assert ruled.exit_code == 0, ruled.output
    assert 'Y bid "prop"; B bid "cop"' in ruled.output
    checked = runner.invoke(app, ["check", str(path), "--format", "json"])
    facts = {f["fact"] for f in json.loads(checked.output)["branches"][0]["facts"]}
    assert {"bid_read(Y, proposal)", "bid_read(B, acceptance)", "accepted(B, Y)", "bidder(Y)"} <= facts


def test_missing_file_is_a_clean_error():
    result = runner.invoke(app, ["check", "/nonexistent/x.whist"])
    assert result.exit_code == 1
    assert result.output == "/nonexistent/x.whist: no such file\n"


def test_every_item_knows_the_line_and_column_it_starts_at():
    """The parser builds the model as it parses; positions come from the tokens and from the
    start of each line, and must be the ones a person counting in the file would give."""
    text = ('# a comment line\n'
            'code english-1864\n'
            '\n'
            'partners none   # trailing comment\n'
            '   trick 2:\n'
            '  A leads S5 ; \n'
            '  disputed "who spoke":\n'
            '    - Y says "mine" ;  B plays S6\n'
            '    - "nobody spoke"\n'
            '  finding: B plays S7\n'
            'after the hand:\n'
            'note "that is all"\n')
    text = text.replace(" ; \n", "\n")
    incident = parse(text)
    where = {type(item).__name__ + ":" + str(getattr(item, "key", "")): (item.pos.line, item.pos.column)
             for item in incident.items if type(item).__name__ != "Comment"}
    assert where["HeaderLine:code"] == (2, 1)
    assert where["HeaderLine:no_partners"] == (4, 1)
    assert where["HeaderLine:note"] == (12, 1)
    moments = [(m.pos.line, m.pos.column) for m in incident.items if type(m).__name__ == "MomentLine"]
    assert moments == [(5, 4), (11, 1)]
    dispute = next(i for i in incident.items if type(i).__name__ == "Dispute")
    assert (dispute.pos.line, dispute.pos.column) == (7, 3)
    first, second = dispute.alternatives
    assert (first.pos.line, first.pos.column) == (8, 5) and (second.pos.line, second.pos.column) == (9, 5)
    assert [(s.pos.line, s.pos.column) for s in first.statements] == [(8, 7), (8, 24)]
    finding = next(i for i in incident.items if type(i).__name__ == "Finding")
    assert (finding.pos.line, finding.pos.column) == (10, 3)
    assert (finding.statement.pos.line, finding.statement.pos.column) == (10, 12)
    lead = next(i for i in incident.items if type(i).__name__ == "Statement")
    assert (lead.pos.line, lead.pos.column, lead.moment.trick) == (6, 3, 2)


def test_parsing_in_several_threads_gives_what_parsing_in_turn_gives():
    """One parser serves every thread; what it is parsing is kept per thread."""
    from concurrent.futures import ThreadPoolExecutor

    files = sorted(EXAMPLES.glob("*.whist"))
    texts = [f.read_text(encoding="utf-8") for f in files] * 4
    in_turn = [format_incident(parse(t)) for t in texts]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda t: format_incident(parse(t)), texts))
    assert together == in_turn
    broken = "code english-1864\ntrick 1:\n  A laeds S5\n"
    with ThreadPoolExecutor(max_workers=4) as pool:
        errors = list(pool.map(lambda t: _error_of(t), [broken] * 8))
    assert all(e == (3, 5) for e in errors)


def _error_of(text):
    try:
        parse(text)
    except IncidentError as exc:
        return (exc.line, exc.column)
    return None
