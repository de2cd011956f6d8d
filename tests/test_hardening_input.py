"""Input that once hung or crashed the arbiter, and the limits that bound what it reads.

Each test names what it guards. A hang is guarded without a clock: the statements that
spun for ever are now errors found before the replay, and the replay's own walk round the
table is bounded (the fuzzer, ``tests/test_incident_fuzz.py``, bounds every example's time).
The limits are tested at their real values where that is cheap, and with a lowered limit
where reaching the real one would take seconds.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.incident import IncidentError, format_incident, limits, parse, parse_file
from arbiter.incident import parser as parser_module
from arbiter.incident.model import HAND_SIZE
from arbiter.ruling.decision import decide
from arbiter.table.replay import replay, replay_all

runner = CliRunner()

CARDS = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
NOT_SEATS = ["someone", "bystander", "all"]


def error_of(text: str, path: str = "t.whist") -> IncidentError:
    with pytest.raises(IncidentError) as caught:
        replay_all(parse(text, path))
    return caught.value


# ---------------------------------------------------------------- actors that are no seat

@pytest.mark.parametrize("actor", NOT_SEATS)
def test_a_card_played_after_a_lead_by_an_actor_who_is_no_seat_is_an_error_at_its_line(actor):
    error = error_of(f"trick 1:\n  A leads S2\n  {actor} plays S3\n")
    assert (error.line, error.column) == (3, 3)
    assert error.problem.startswith("only a seat plays a card")


def test_a_fifth_play_by_a_bystander_to_a_complete_trick_is_an_error_not_a_hang():
    text = "trick 1:\n  A leads S2\n  Y plays S3\n  B plays S4\n  Z plays S5\n  bystander plays S6\n"
    error = error_of(text)
    assert error.line == 6 and "a bystander is not at the table" in error.problem


@pytest.mark.parametrize("actor", NOT_SEATS)
def test_a_lead_by_an_actor_who_is_no_seat_is_an_error_not_a_crash(actor):
    error = error_of(f"trick 1:\n  {actor} leads S2\n")
    assert error.line == 2 and error.problem.startswith("only a seat leads a card")


@pytest.mark.parametrize("statement", ["withdraws S2", "takes up trump card", "held S9", "has 12 cards",
                                       "takes card S3 from other pack"])
@pytest.mark.parametrize("actor", NOT_SEATS)
def test_every_act_on_a_seats_own_hand_needs_a_seat(actor, statement):
    error = error_of(f"trick 1:\n  A leads S2\n  {actor} {statement}\n")
    assert error.line == 3 and error.problem.startswith("only a seat")


@pytest.mark.parametrize("where", ["  - {s}\n  - A passes\n", "finding: {s}\n"])
def test_a_card_played_by_no_seat_is_refused_in_a_dispute_and_a_finding_too(where):
    body = where.format(s="bystander plays S3")
    text = "trick 1:\n  A leads S2\n" + ("disputed:\n" if body.startswith("  -") else "") + body
    with pytest.raises(IncidentError, match="only a seat plays a card"):
        parse(text)


def test_what_someone_bystander_and_all_may_lawfully_do_is_kept(book):
    text = ('code english-1864\ndealer Z\ntrick 1:\n  A leads S2\n  bystander says "Play the king"\n'
            "  someone finds SK on the floor\n  someone exposes H4\n  all throws down hands\n")
    result = replay(parse(text))
    assert result.facts.has("said", "bystander", "Play the king")
    assert result.facts.has("card_found", "SK", "on-floor")
    assert all(result.facts.has("threw_down_hand", seat, 1) for seat in "AYBZ")
    assert decide(book, parse(text)).branches


def test_the_replay_refuses_a_card_played_by_no_seat_in_statements_not_made_by_the_parser():
    incident = parse("trick 1:\n  A leads S2\n  Y plays S3\n")
    statements = [incident.events[0], replace(incident.events[1], actor="bystander")]
    with pytest.raises(IncidentError, match="a bystander is not at the table"):
        replay(incident, statements)


# ---------------------------------------------------------------- numbers

@pytest.mark.parametrize("line", ["trick {n}:", "packs {n}", "A has {n} cards", "A marks {n}", "score A-B {n}",
                                  "A demands deduct points {n}", "A looks at trick {n}", "A quits trick {n}"])
def test_a_number_of_more_digits_than_python_reads_is_an_error_not_a_crash(line):
    error = error_of(line.format(n="9" * 4_301) + "\n")
    assert error.line == 1


@pytest.mark.parametrize("line", ["trick {n}:", "packs {n}", "A has {n} cards", "A marks {n}", "score A-B {n}",
                                  "A demands deduct points {n}", "A gathers trick {n}"])
def test_a_number_of_more_than_nine_digits_is_an_error_at_its_column(line):
    text = line.format(n="1234567890")
    error = error_of(text + "\n")
    assert (error.line, error.column) == (1, text.index("1234567890") + 1)
    assert "at most 9" in error.problem


def test_a_number_of_nine_digits_is_read():
    assert parse("A marks 999999999\n").events[0].number == 999_999_999


def test_the_number_check_refuses_what_int_would_refuse():
    assert limits.number_problem("9" * 5_000) is not None
    assert limits.number_problem("-" + "1" * 10) is not None
    assert limits.number_problem("13") is None


def test_a_bid_of_a_digit_int_cannot_read_is_no_crash():
    result = replay(parse('A bids "² hearts"\nY bids "9 grand"\n'))
    assert not result.facts.has("tricks_bid", "A", 2)
    assert result.facts.has("tricks_bid", "Y", 9)


# ---------------------------------------------------------------- the printer

def test_fmt_prints_a_deal_in_which_no_hand_is_known():
    printed = format_incident(parse("deal A:-\n"))
    assert printed == "deal A:-\n"
    assert format_incident(parse(printed)) == printed


def test_the_fmt_command_prints_a_deal_in_which_no_hand_is_known():
    result = runner.invoke(app, ["fmt", "-"], input="seats N E S W\ndeal S:- - -\n")
    assert result.exit_code == 0, result.output
    assert result.output == "seats N E S W\ndeal N:-\n"


# ---------------------------------------------------------------- thirteen tricks

def two_seat_hand(tricks: int) -> str:
    return "seats A B\n" + "".join(f"A leads {CARDS[2 * i]}\nB plays {CARDS[2 * i + 1]}\n" for i in range(tricks))


def test_leads_alone_cannot_carry_a_hand_past_its_thirteenth_trick():
    assert len(replay(parse(two_seat_hand(HAND_SIZE))).tricks) == HAND_SIZE
    error = error_of(two_seat_hand(HAND_SIZE + 1))
    assert error.line == 2 * HAND_SIZE + 2
    assert "no trick 14" in error.problem


def test_a_lead_again_before_the_thirteenth_trick_is_complete_leads_to_no_fourteenth():
    text = "seats A B\n" + "".join(f"A leads {CARDS[2 * i]}\nB plays {CARDS[2 * i + 1]}\n" for i in range(12))
    text += f"A leads {CARDS[24]}\nA leads {CARDS[25]}\n"
    error = error_of(text)
    assert error.line == 27 and "no trick 14" in error.problem


@pytest.mark.parametrize("line", ["trick 14:", "A looks at trick 14", "A quits trick 0", "A gathers trick 14"])
def test_every_trick_number_the_notation_reads_is_one_to_thirteen(line):
    with pytest.raises(IncidentError, match="tricks are numbered 1 to 13"):
        parse(line + "\n")


# ---------------------------------------------------------------- limits

class Endless(io.RawIOBase):
    """A stream without end, as /dev/zero is, that counts what is read from it."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        buffer[:] = b"A shuffles\n" * (len(buffer) // 11) + b"\n" * (len(buffer) % 11)
        self.given += len(buffer)
        return len(buffer)


def test_an_endless_input_is_read_no_further_than_the_file_limit():
    stream = Endless()
    with pytest.raises(IncidentError, match="4 MiB"):
        limits.read_capped(io.BufferedReader(stream), "<stdin>")
    assert stream.given <= limits.MAX_FILE_BYTES + io.DEFAULT_BUFFER_SIZE + 1


def test_a_device_without_end_is_refused_as_too_large_not_read_until_memory_runs_out():
    zero = Path("/dev/zero")
    if not zero.exists():
        pytest.skip("no /dev/zero here")
    with pytest.raises(IncidentError, match="passes 4 MiB"):
        parse_file(zero)


def test_a_file_larger_than_the_limit_is_an_error_at_the_line_that_passes_it(tmp_path):
    line = "A shuffles\n"
    count = limits.MAX_FILE_BYTES // len(line) + 1
    path = tmp_path / "large.whist"
    path.write_text(line * count, encoding="utf-8")
    with pytest.raises(IncidentError) as caught:
        parse_file(path)
    assert caught.value.line == limits.MAX_FILE_BYTES // len(line) + 1
    assert "the most an incident file may hold" in caught.value.problem


def test_a_text_larger_than_the_limit_is_refused_by_the_parser_itself():
    with pytest.raises(IncidentError, match="passes 4 MiB"):
        parse("A shuffles\n" * (limits.MAX_FILE_BYTES // 11 + 1))


def test_the_rule_command_refuses_standard_input_larger_than_the_limit():
    result = runner.invoke(app, ["rule", "-"], input="A shuffles\n" * (limits.MAX_FILE_BYTES // 11 + 1))
    assert result.exit_code == 1
    assert "<stdin>:" in result.output and "4 MiB" in result.output


def test_a_line_longer_than_the_limit_is_an_error_at_that_line_and_where_it_passes():
    text = 'A says "short"\nA says "' + "x" * limits.MAX_LINE_CHARS + '"\n'
    error = error_of(text)
    assert (error.line, error.column) == (2, limits.MAX_LINE_CHARS + 1)
    assert "longer than 4,000 characters" in error.problem


def test_a_line_as_long_as_the_limit_is_read():
    words = "x" * (limits.MAX_LINE_CHARS - len('A says ""'))
    assert parse(f'A says "{words}"\n').events[0].words == words


def test_more_lines_than_the_limit_is_an_error_at_the_first_line_past_it():
    error = error_of("\n" * limits.MAX_LINES + "A shuffles\n")
    assert error.line == limits.MAX_LINES + 1


def test_more_statements_than_the_limit_is_an_error_at_the_first_statement_past_it(monkeypatch):
    monkeypatch.setattr(limits, "MAX_STATEMENTS", 5)
    text = "A shuffles\n" * 3 + "disputed:\n  - A cuts; Y cuts\n  - A deals\n" + "A shuffles\n"
    error = error_of(text)
    assert error.line == 6 and "more than 5 statements" in error.problem
    assert parse("A shuffles\n" * 5).events


def test_disputes_that_would_replay_too_many_statements_are_an_error_at_the_dispute_that_passes():
    statements = limits.MAX_REPLAYED // 2 ** 7 + 1     # passes at the seventh two-way dispute
    lines = ["A shuffles"] * statements
    for i in range(8):
        lines += ["disputed:", f'  - A says "{i}"', f'  - Y says "{i}"']
    error = error_of("\n".join(lines) + "\n")
    assert error.line == statements + 3 * 6 + 1
    assert "128 ways" in error.problem


def test_more_than_256_branches_is_still_refused_however_short_the_incident():
    text = "".join(f'disputed:\n  - A says "{i}a"\n  - A says "{i}b"\n' for i in range(9))
    error = error_of(text)
    assert error.line == 25 and "more than 256 ways" in error.problem


class CountingActs(frozenset):
    """The known acts, counting how often a phrase is looked up."""

    lookups = 0

    def __contains__(self, phrase) -> bool:
        CountingActs.lookups += 1
        return frozenset.__contains__(self, phrase)


@pytest.mark.parametrize("count", [100, 250])
def test_the_acts_of_a_statement_are_read_in_time_linear_in_their_number(monkeypatch, count):
    """Every act once tried the whole rest of the line, rebuilt as a string, at every word."""
    monkeypatch.setattr(parser_module.vocab, "ACTS", CountingActs(parser_module.vocab.ACTS))
    CountingActs.lookups = 0
    acts = ", ".join(["claims game", "calls attention"] * (count // 2))
    statement = parse(f'A says "x" ({acts})\n').events[0]
    assert len(statement.act) == count
    assert CountingActs.lookups <= count * parser_module._longest_act()
