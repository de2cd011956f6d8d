"""Two counts of a hand told apart: ``was dealt N cards`` (the deal, against thirteen) and
``has N cards`` (his hand at that moment, against thirteen less the tricks he has played
to). Each on both sides of its line."""

from __future__ import annotations

import pytest

from arbiter.incident import parse
from arbiter.ruling.narrative import statement_of_facts
from arbiter.table.replay import replay

PLAYED = "code english-1864\ndealer Z\ntrick 1:\n  A leads S2\n  Y plays S3\n  B plays S4\n  Z plays S5\n"


def counted(text: str):
    facts = replay(parse(text, "t.whist")).facts
    return ([tuple(f.args) for f in facts.by_name("surplus")], [tuple(f.args) for f in facts.by_name("deficiency")])


@pytest.mark.parametrize("moment, statement, surplus, deficiency", [
    ("before the deal", "before the deal:\n  A has 13 cards\n", [], []),
    ("before the play, one short", "deal:\n  A has 12 cards\n", [], [("A", 1)]),
    ("at trick 2 before A plays, twelve is right", "trick 2:\n  A has 12 cards\n", [], []),
    ("at trick 2 before A plays, thirteen is one too many", "trick 2:\n  A has 13 cards\n", [("A", 1)], []),
    ("at trick 2 after A plays, eleven is right", "trick 2:\n  Z leads H2\n  A plays H3\n  A has 11 cards\n", [], []),
    ("at trick 2 after A plays, twelve is one too many", "trick 2:\n  Z leads H2\n  A plays H3\n  A has 12 cards\n",
     [("A", 1)], []),
    ("at trick 13 before A plays, none is one short", "trick 13:\n  A has 0 cards\n", [], [("A", 1)]),
    ("after the hand, none is right", "after the hand:\n  A has 0 cards\n", [], []),
])
def test_has_n_cards_is_his_hand_at_that_moment(moment, statement, surplus, deficiency):
    assert counted(PLAYED + statement) == (surplus, deficiency), moment


@pytest.mark.parametrize("statement, surplus, deficiency", [
    ("trick 13:\n  A was dealt 12 cards\n", [], [("A", 1)]),
    ("after the hand:\n  Y was dealt 14 cards\n", [("Y", 1)], []),
    ("trick 2:\n  A was dealt 13 cards\n", [], []),
])
def test_was_dealt_n_cards_is_the_deal_against_thirteen_whenever_it_is_told(statement, surplus, deficiency):
    assert counted(PLAYED + statement) == (surplus, deficiency)


def test_the_two_counts_read_apart_in_the_statement_of_facts():
    told = " ".join(statement_of_facts(parse(PLAYED + "trick 2:\n  A has 12 cards\n  Y was dealt 14 cards\n", "t")))
    assert "A had 12 cards in his hand" in told and "Y had been dealt 14 cards" in told


def test_was_dealt_prints_back_as_written():
    from arbiter.incident import format_incident

    assert "  Y was dealt 14 cards\n" in format_incident(parse(PLAYED + "trick 2:\n  Y was dealt 14 cards\n", "t"))


def test_only_a_seat_is_dealt_cards():
    from arbiter.incident import IncidentError

    with pytest.raises(IncidentError, match="only a seat is dealt cards"):
        parse(PLAYED + "after the hand:\n  bystander was dealt 13 cards\n", "t.whist")
