"""What is known of a hand, and what cannot be (issue 13, items 1 and 2).

Findings (``finding: Y held HA HK``, ``finding: Z held no spades``), cards shown in the
play, the deal and the play itself tell who held which card. What they tell is used: the
honours counted, a void that reaches the law on a suit called from a player who has none.
What they do not tell stays unknown. What no real table could produce is an error at its
line; what a real table can produce but the reader should check is a warning.
"""

from __future__ import annotations

import pytest

from arbiter.incident import IncidentError, format_incident, parse
from arbiter.ruling.decision import decide
from arbiter.ruling.narrative import sentence
from arbiter.table.replay import replay

HEAD = "code english-1864\ndealer Z\ntrump hearts\n"


def facts(text: str):
    return replay(parse(HEAD + text, "t.whist")).facts


def said(book, text: str) -> list[str]:
    branch = decide(book, parse(HEAD + text, "t.whist")).branches[0]
    return [f.says for f in branch.findings]


def error(text: str) -> IncidentError:
    with pytest.raises(IncidentError) as caught:
        replay(parse(HEAD + text, "t.whist"))
    return caught.value


# ---------------------------------------------------------------- the notation

def test_a_void_is_written_held_no_and_a_suit_or_trumps_and_prints_back_as_written():
    text = HEAD + "finding: Z held no spades\nfinding: Y held no trumps\n"
    incident = parse(text)
    spades, trumps = (f.statement for f in incident.findings)
    assert (spades.verb, spades.suit and spades.suit.word) == ("held-none", "spades")
    assert (trumps.verb, trumps.detail) == ("held-none", "trumps")
    assert format_incident(incident) == text
    assert sentence(spades) == "Z held no spades"


def test_a_void_in_a_singular_suit_is_an_error_that_offers_the_plural():
    with pytest.raises(IncidentError) as caught:
        parse("finding: Z held no spade\n", "t.whist")
    assert str(caught.value).startswith("t.whist:1:20: unexpected 'spade': expected a suit")
    assert caught.value.suggestion == "spades"


def test_only_a_seat_can_be_found_void_in_a_suit():
    with pytest.raises(IncidentError) as caught:
        parse("finding: someone held no spades\n", "t.whist")
    assert caught.value.problem == ("only a seat is void in a suit; `someone` names no seat "
                                    "(seats: A Y B Z)")


# ---------------------------------------------------------------- what is known

def test_four_honours_found_held_by_one_player_score_four_for_his_side(book):
    claimed = "after the hand:\n  Y claims honours\n"
    assert "YZ, holding the four honours, score four points." in said(book, claimed + "finding: Y held HA HK HQ HJ\n")
    assert "YZ, holding the four honours, score four points." not in said(book, claimed)


def test_honours_are_placed_by_elimination_where_the_other_side_held_no_trumps():
    f = facts("finding: Y held HA HK\nfinding: Z held HQ\nfinding: A held no trumps\nfinding: B held no trumps\n")
    assert f.has("honours_held", "YZ", 4) and f.has("honours_held", "AB", 0)


def test_three_honours_known_and_the_fourth_not_give_no_count_of_honours():
    f = facts("finding: Y held HA HK HQ\n")
    assert not f.by_name("honours_held")


def test_an_honour_played_is_known_to_have_been_held_by_him_who_played_it():
    f = facts("trick 1:\n  A leads HJ\nfinding: Y held HA HK HQ\n")
    assert f.has("honours_held", "YZ", 3) and f.has("honours_held", "AB", 1)


def test_a_suit_called_from_a_player_found_to_hold_none_of_it_reaches_law_66(book):
    called = "trick 1:\n  Y leads S5\n  A demands call suit spades from Z\n"
    says = "Z, called on to lead spades, having none of it, the penalty is paid."
    assert says in said(book, called + "finding: Z held no spades\n")
    assert says not in said(book, called)


@pytest.mark.parametrize("code, says", [
    ("english-revised", "Z, called on to lead spades, has none of it: the penalty is paid."),
    ("american-1893", "The player called on to lead a suit, Z, having none of it, no penalty can be enforced."),
])
def test_the_other_codes_reach_their_law_on_a_suit_called_from_a_player_found_to_hold_none(book, code, says):
    # B, the adversary on Z's right, is the one the American law lets call (24)
    text = (f"code {code}\ndealer Z\ntrump hearts\ntrick 1:\n  Y leads S5\n  B demands call suit spades from Z\n"
            "finding: Z held no spades\n")
    findings = decide(book, parse(text, "t.whist")).branches[0].findings
    assert says in [f.says for f in findings]


def test_a_void_in_trumps_is_a_void_in_the_suit_that_is_trumps(book):
    called = "trick 1:\n  Y leads S5\n  A demands call suit hearts from Z\nfinding: Z held no trumps\n"
    assert "Z, called on to lead hearts, having none of it, the penalty is paid." in said(book, called)


def test_a_void_follows_where_every_card_of_the_suit_is_found_with_the_others():
    f = facts("trick 1:\n  Y leads D5\n  A demands call suit spades from Z\n"
              "finding: A held SA SK SQ SJ S10 S9 S8\nfinding: B held S7 S6 S5 S4 S3 S2\n")
    assert f.has("void_in_suit", "Z", "spades")


def test_a_card_of_the_suit_played_later_shows_he_held_the_suit_when_it_was_called():
    f = facts("trick 1:\n  Y leads D5\n  A demands call suit spades from Z\ntrick 2:\n  Z leads S4\n")
    assert f.has("holds_suit", "Z", "spades") and not f.has("void_in_suit", "Z")


def test_a_renounce_in_a_suit_he_is_found_to_hold_none_of_is_no_revoke():
    f = facts("trick 1:\n  A leads S2\n  Y plays D5\nfinding: Y held no spades\n")
    assert f.has("void_in_suit_led", "Y", 1) and not f.has("held_suit_led", "Y", 1)


def test_what_is_not_known_of_a_hand_stays_unknown():
    """A renounce alone shows neither a void nor the suit held (it may be the revoke to be
    judged), and a suit called from one of whose hand nothing is known gives neither."""
    f = facts("trick 1:\n  A leads S2\n  Y plays D5\n  B demands call suit clubs from Y\nfinding: Y held HA\n")
    for name in ("void_in_suit_led", "held_suit_led", "void_in_suit", "holds_suit"):
        assert not f.by_name(name), name


def test_a_card_exposed_in_the_play_is_known_to_have_been_in_his_hand():
    f = facts("trick 1:\n  A leads S2\n  Y drops S9 face up\n  Y plays D5\n")
    assert f.has("held_suit_led", "Y", 1)


# ---------------------------------------------------------------- what cannot be

def test_one_card_found_held_by_two_players_is_an_error_at_the_second_finding():
    e = error("finding: Y held HA\nfinding: Z held HA\n")
    assert (e.line, e.column) == (5, 17)
    assert e.problem == "Z cannot have held HA: line 4 finds Y held it, and a pack has one HA"


def test_a_card_of_the_other_pack_may_be_held_by_two_players():
    f = facts("trick 1:\n  Z takes card HA from other pack\nfinding: Y held HA\nfinding: Z held HA\n")
    assert f.has("held", "Y", "HA") and f.has("held", "Z", "HA")


def test_a_card_played_by_one_and_found_held_by_another_is_an_error_at_the_play():
    e = error("trick 1:\n  A leads HA\nfinding: Y held HA\n")
    assert (e.line, e.column) == (5, 11)
    assert e.problem == "A cannot play HA: line 6 finds Y held it"


def test_a_card_of_a_suit_played_after_a_void_in_it_is_found_is_an_error_at_the_play():
    e = error("trick 1:\n  A leads S2\n  Y plays S5\nfinding: Y held no spades\n")
    assert (e.line, e.column) == (6, 11)
    assert e.problem == "Y cannot play S5: line 7 finds he held no spades"


def test_a_void_found_where_another_finding_gives_him_a_card_of_the_suit_is_an_error():
    e = error("finding: Y held S5\nfinding: Y held no spades\n")
    assert (e.line, e.problem) == (5, "Y cannot have held no spades: line 4 finds he held S5")
    e = error("finding: Y held no trumps\nfinding: Y held HA\n")
    assert (e.line, e.problem) == (5, "Y cannot have held HA: line 4 finds he held no trumps (hearts)")


def test_a_finding_among_the_events_after_the_play_it_contradicts_is_an_error_at_the_finding():
    e = error("trick 1:\n  A leads S2\n  Y plays S5\nafter the hand:\n  Y held no spades\n  Z held S2\n")
    assert (e.line, e.problem) == (8, "Y cannot have held no spades: he played S5 at trick 1")
    e = error("trick 1:\n  A leads S2\nafter the hand:\n  Z held S2\n")
    assert (e.line, e.column, e.problem) == (7, 10, "Z cannot have held S2: A played it at trick 1")


def test_a_void_found_where_the_deal_gives_him_a_card_of_the_suit_is_an_error():
    deal = "deal A:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\n"
    e = error(deal + "finding: Y held no hearts\n")
    assert (e.line, e.problem) == (5, "Y cannot have held no hearts: the deal gives him HA")


def test_a_card_exposed_by_one_and_found_held_by_another_is_an_error_at_the_exposure():
    e = error("trick 1:\n  A exposes HK\nfinding: Y held HK\n")
    assert (e.line, e.column) == (5, 13)
    assert e.problem == "A cannot have held HK: line 6 finds Y held it, and a pack has one HK"


def test_a_card_exposed_by_one_and_then_played_by_another_is_an_error_at_the_play():
    e = error("trick 1:\n  A exposes HK\n  Y leads HK\n")
    assert (e.line, e.problem) == (6, "Y cannot play HK: line 5 shows A held it")


def test_more_cards_found_held_than_a_hand_has_is_a_warning_and_the_hand_is_still_ruled(book):
    incident = parse(HEAD + "trick 1:\n  Y leads HA\nfinding: Y held SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2\n",
                     "t.whist")
    decision = decide(book, incident)
    assert decision.branches
    (warning,) = incident.warnings
    assert (warning.line, warning.warning) == (6, True)
    assert warning.problem == ("Y is found to have held 14 cards, more than the 13 of a hand: a misdeal, "
                               "or a card taken up that was not his; the laws judge a surplus from his "
                               "count of cards, where it was counted")
    assert warning.suggestion == "Y was dealt 14 cards"
