"""The generic facts the laws' edges turn on: which card wins, which call was failed.

Unknown is not false: where the hands are not known and an adversary has yet to play,
neither ``winning_card`` nor ``not_winning_card`` is said."""

from __future__ import annotations

from arbiter.cards import Card
from arbiter.incident import parse
from arbiter.table.replay import replay

DEAL = "deal A:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def facts(text):
    return replay(parse(text)).facts


def test_a_card_both_adversaries_have_played_under_is_a_winning_card():
    fs = facts("trump clubs\ntrick 2:\nA leads SA\nY plays S2\nB plays S3\nZ plays S4\n")
    assert fs.has("winning_card", "A", 2) and not fs.has("not_winning_card", "A", 2)


def test_a_card_an_adversary_beat_is_not_a_winning_card():
    fs = facts("trump clubs\ntrick 2:\nA leads S5\nY plays SK\n")
    assert fs.has("not_winning_card", "A", 2) and not fs.has("winning_card", "A", 2)
    assert fs.has("best_card_on_table", "Y", 2)


def test_with_an_adversary_yet_to_play_and_no_deal_a_card_is_neither():
    fs = facts("trump clubs\ntrick 2:\nA leads SA\nY plays S2\n")
    assert not fs.has("winning_card", "A", 2) and not fs.has("not_winning_card", "A", 2)


def test_with_the_deal_known_an_adversary_yet_to_play_is_weighed_by_his_hand():
    # Y has played under the ace; Z, yet to play, holds only the 4, 3 and 2 of spades
    fs = facts(f"dealer Z\ntrump clubs\n{DEAL}\ntrick 1:\nA leads SA\nY plays ST\n")
    assert fs.has("winning_card", "A", 1)
    # nobody has played to the eight of hearts, and Z holds the ace, king, queen and knave
    fs = facts(f"dealer Z\ntrump clubs\n{DEAL}\ntrick 1:\nA leads H8\n")
    assert fs.has("not_winning_card", "A", 1) and not fs.has("winning_card", "A", 1)


def test_a_call_to_win_failed_is_told_apart_from_highest_or_lowest():
    text = ("trump clubs\nfinding: B held HA H3\ntrick 2:\nA leads H2\nY demands win trick from B\n"
            "Y plays HK\nB plays H3\n")
    fs = facts(text)
    assert fs.has("failed_call", "B", 2, "win") and not fs.has("failed_call", "B", 2, "highest")
    fs = facts(text.replace("win trick", "highest"))
    assert fs.has("failed_call", "B", 2, "highest")


def test_a_call_to_trump_is_not_failed_by_a_player_who_holds_the_suit_led():
    fs = facts("dealer Z\ntrump clubs\n" + DEAL + "\ntrick 1:\nA leads D7\nY demands trump from B\n"
               "Y plays D2\nB plays H4\n")
    # B holds diamonds (AKQJ): he could not trump lawfully, so no call is failed
    assert not fs.has("failed_call", "B", 1, "trump")


def test_a_call_for_the_lowest_is_failed_only_if_a_lower_card_is_known():
    text = ("trump clubs\nfinding: B held HA\ntrick 2:\nA leads H2\nY demands lowest from B\n"
            "Y plays HK\nB plays H5\n")
    assert not facts(text).has("failed_call", "B", 2, "lowest")     # nothing lower is known
    assert facts(text.replace("held HA", "held HA H3")).has("failed_call", "B", 2, "lowest")


def test_a_call_not_to_trump_is_failed_by_trumping_whatever_else_is_known():
    fs = facts("trump clubs\ntrick 2:\nA leads H2\nY demands not trump from B\nY plays HK\nB plays C5\n")
    assert fs.has("failed_call", "B", 2, "not trump")


def test_whether_the_winner_had_quitted_the_last_trick_when_he_led_to_the_next_is_a_question_of_fact():
    # the law tells the trick "turned and quitted" apart from a lead to the following trick:
    # the winner's lead does not show that he had turned it first, nor that he had not
    text = "trump clubs\ntrick 2:\nA leads H2\nY plays H9\nB plays D3\nZ plays H5\n{}trick 3:\n{} leads S4\n{}"
    r = replay(parse(text.format("", "Y", "")))           # Y won trick 2 with the nine
    assert not r.facts.has("trick_quitted", 2)
    [open_question] = [u for u in r.unknowns if "turned and quitted" in u.question]
    assert open_question.question == "whether trick 2 had been turned and quitted when Y led to trick 3"
    [lead] = [f for f in r.facts.by_name("led") if f.args[1] == 3]
    so, not_so = open_question.answers()
    assert {(f.name, f.args, f.time) for f in so} == {("trick_quitted", (2,), lead.time),
                                                      ("quitted_trick", ("Y", 2), lead.time)} and not not_so


def test_the_incident_says_whether_the_trick_was_quitted_before_the_next_lead():
    text = "trump clubs\ntrick 2:\nA leads H2\nY plays H9\nB plays D3\nZ plays H5\n{}trick 3:\n{} leads S4\n{}"

    def quitting_open(r):
        return [u for u in r.unknowns if u.question.startswith("whether trick 2 had been turned and quitted")]

    quitted = replay(parse(text.format("Y quits trick\n", "Y", "")))       # said: quitted, then led
    assert quitted.facts.has("trick_quitted", 2) and not quitting_open(quitted)
    later = replay(parse(text.format("", "Y", "trick 2:\nB withdraws D3\nB plays H4\nY quits trick\n")))
    assert not quitting_open(later)     # quitted only after the correction: not when Y led
    [quit] = later.facts.by_name("trick_quitted")
    assert quit.time > next(f.time for f in later.facts.by_name("withdrew"))
    for left in ("Y leaves trick 2 on table\n", "finding: Y leaves trick 2 on table\n"):
        r = replay(parse(text.format("", "Y", left)))
        assert r.facts.has("left_trick_on_table", "Y", 2) and not quitting_open(r)
        assert not r.facts.has("trick_quitted", 2)
    # a lead by another than the winner, or with the winner not known, shows nothing
    assert not quitting_open(replay(parse(text.format("", "A", ""))))
    assert not quitting_open(replay(parse(text.replace("trump clubs\n", "").format("", "Y", ""))))
    # nothing but the next trick played before a later lead shows the trick quitted: nothing turns on it
    played_on = replay(parse(text.format("", "Y", "B plays S2\nZ plays S3\nA plays S5\ntrick 4:\nA leads D2\n")))
    assert not quitting_open(played_on) and played_on.facts.has("trick_quitted", 2)


def test_a_trick_led_to_two_tricks_later_shows_the_older_one_quitted():
    fs = facts("trump clubs\ntrick 2:\nA leads H2\nY plays H9\ntrick 4:\nB leads S4\n")
    assert fs.has("trick_quitted", 2)


def test_a_card_played_in_place_of_one_taken_back_goes_to_its_trick_in_turn():
    r = replay(parse("trump clubs\ntrick 2:\nA leads H2\nY plays D3\nB plays H9\nY withdraws D3\n"
                     "Y plays H4\ntrick 3:\nB leads S2\ntrick 2:\nZ plays H5\n"))
    assert not r.facts.has("played_out_of_turn", "Y", 2)
    assert ("Y", Card.parse("H4")) in r.trick(2).plays


def test_a_correction_made_after_the_next_lead_goes_back_to_the_earlier_trick():
    r = replay(parse("trump clubs\ntrick 2:\nA leads H2\nY plays H9\nB plays D3\nZ plays H5\n"
                     "trick 3:\nY leads S4\ntrick 2:\nB withdraws D3\nB plays H4\n"))
    assert ("B", Card.parse("H4")) in r.trick(2).plays
    assert r.trick(3).plays == [("Y", Card.parse("S4"))]


def test_the_dealer_taking_up_the_trump_card_at_his_turn_is_not_early():
    text = "dealer Z\ntrump clubs\ntrick 1:\nA leads H2\nY plays H9\nB plays H3\nZ takes up trump card\n"
    assert not facts(text).has("took_up_trump_card_early", "Z")
    before = text.replace("B plays H3\nZ takes up trump card\n", "Z takes up trump card\nB plays H3\n")
    assert facts(before).has("took_up_trump_card_early", "Z")


def test_a_card_led_early_by_another_than_the_trick_s_winner_is_led_out_of_turn():
    text = "dealer Z\ntrump clubs\ntrick 2:\nA leads DQ\nY plays {}\nA leads S4\nB plays D2\nZ plays D3\n"
    beaten = facts(text.format("DK"))
    assert beaten.has("led_out_of_turn", "A", 3) and beaten.has("should_have_led", "Y", 3)
    assert beaten.has("led", "A", 3, "S4")
    won = facts(text.format("D4"))        # A won the trick: his early lead was his own, in turn
    assert not won.has("led_out_of_turn", "A", 3)
    unfinished = facts(text.format("DK").replace("Z plays D3\n", ""))    # the winner not yet known
    assert not unfinished.has("led_out_of_turn", "A", 3)


def test_an_adversary_playing_low_after_a_card_proves_nothing_of_the_higher_card_he_may_hold():
    text = "trump clubs\n{}trick 2:\nA leads SK\nY plays S2\nB plays S3\nZ plays S4\n"
    unknown = facts(text.format(""))            # the ace of spades may have been in Y's or Z's hand
    assert not unknown.has("winning_card", "A", 2) and not unknown.has("not_winning_card", "A", 2)
    gone = facts(text.format("trick 1:\nB leads SA\n"))     # the ace fell at the first trick
    assert gone.has("winning_card", "A", 2)
    partner_holds = facts("trump clubs\nfinding: B held SA\n" + text.format("").split("\n", 1)[1])
    assert partner_holds.has("winning_card", "A", 2)


def test_a_card_played_under_an_earlier_trick_written_again_goes_back_to_it():
    r = replay(parse("trump clubs\ntrick 2:\nA leads HA\nY plays H9\nB plays D3\ntrick 3:\nA leads S4\n"
                     "trick 2:\nB withdraws D3\nB plays H4\nZ plays H5\n"))
    assert ("Z", Card.parse("H5")) in r.trick(2).plays
    assert not r.facts.has("played_out_of_turn", "Z", 3)


def test_the_others_following_an_early_lead_by_the_trick_s_winner_make_it_the_next_lead():
    r = replay(parse("dealer Y\ntrump hearts\ntrick 9:\nA leads DA\nY plays D3\nA leads DK\nB plays D5\n"
                     "Z plays D7\ntrick 10:\nY plays D8\nB plays D9\nZ plays DT\n"))
    assert r.trick(10).plays[0] == ("A", Card.parse("DK")) and r.trick(10).leader == "A"
    assert not r.facts.has("led_out_of_turn", "Y", 10) and not r.facts.has("played_out_of_turn", "Y", 10)


def test_a_card_named_and_afterwards_played_by_him_was_his_own_when_named():
    fs = facts("trump clubs\ntrick 1:\nY names HK\nA leads H2\nY plays HK\n")
    assert fs.has("named_own_card", "Y", "HK")
    assert not facts("trump clubs\ntrick 1:\nY names HK\nA leads H2\nY plays H3\n").has("named_own_card", "Y", "HK")


FALSE_LEAD = ("dealer Z\ntrump hearts\ntrick 2:\nZ leads D8\nA plays D2\nY plays D3\nB plays DA\n"
              "trick 3:\nY leads S5\nB plays S6\nZ plays SK\nA objects \"It was B's lead\"\n{}"
              "B leads D5\nZ plays D6\nA plays D7\nY plays DK\ntrick 4:\nY leads C8\nB plays C2\n")


def test_a_false_lead_taken_back_begins_the_trick_again_with_the_right_lead():
    r = replay(parse(FALSE_LEAD.format("Y withdraws S5\nB withdraws S6\nZ withdraws SK\n")))
    fs = r.facts
    # the suit of the lead taken back is no longer the suit led to the trick
    assert fs.has("suit_led", 3, "diamonds") and not fs.has("suit_led", 3, "spades")
    assert r.trick(3).leader == "B" and [c for _, c in r.trick(3).plays] == [Card.parse(c) for c in
                                                                              ("D5", "D6", "D7", "DK")]
    # B's lead is the card he owed the trick: his next card goes to trick 4, in turn
    assert ("B", Card.parse("C2")) in r.trick(4).plays
    assert not fs.has("renounced", "B", 3) and not fs.has("played_out_of_turn", "Z", 4)


def test_the_cards_played_to_a_false_lead_go_back_with_it():
    # the lead alone is said to be taken back: B's six and Z's king go back to their hands
    r = replay(parse(FALSE_LEAD.format("Y withdraws S5\n")))
    assert r.facts.has("taken_back_with_lead", "B", 3, "S6") and r.facts.has("taken_back_with_lead", "Z", 3, "SK")
    assert r.trick(3).plays[0] == ("B", Card.parse("D5")) and not r.facts.has("renounced", "B", 3)
    # the others' taking back said after the lead's is no impossibility
    later = replay(parse(FALSE_LEAD.format("Y withdraws S5\nZ withdraws SK\n")))
    assert later.facts.has("withdrew", "Z", 3, "SK")


def test_a_card_taken_back_while_the_lead_stands_leaves_the_trick_as_led():
    r = replay(parse("trump clubs\ntrick 2:\nA leads H2\nY plays D3\nB plays H9\nY withdraws D3\nY plays H4\n"))
    assert r.facts.has("suit_led", 2, "hearts") and r.trick(2).leader == "A"
    assert not r.facts.has("taken_back_with_lead")
