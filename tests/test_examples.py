"""The example incidents in ``examples/``: each parses, is in canonical form, replays, and
means what it says (the facts the replay derives from it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.incident import format_incident, parse, parse_file
from arbiter.incident.printer import alternative_text
from arbiter.table.replay import replay, replay_all

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FILES = sorted(EXAMPLES.glob("*.whist"))
CODES = {"english-1864", "english-revised", "american-1893"}


def load(name: str):
    return parse_file(EXAMPLES / f"{name}.whist")


def only(name: str):
    """The replay of an example that has no dispute."""
    branches = replay_all(load(name))
    assert len(branches) == 1, f"{name} has {len(branches)} branches"
    return branches[0][1]


def facts_named(r, name: str) -> list[tuple]:
    return [f.args for f in r.facts.match(name)]


# ------------------------------------------------------------------ every example

def test_the_examples_folder_holds_at_least_twenty_incidents():
    assert len(FILES) >= 20


def test_the_examples_use_all_three_codes():
    assert {parse_file(p).code for p in FILES} >= CODES


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_parses_is_canonical_and_replays(path: Path):
    text = path.read_text(encoding="utf-8")
    incident = parse(text, str(path))
    assert format_incident(incident) == text
    printed = format_incident(parse(format_incident(incident)))
    assert printed == text
    branches = replay_all(incident)
    assert branches
    for _, r in branches:
        assert len(r.facts) > 0


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_has_a_comment_a_title_and_a_code(path: Path):
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# ")
    incident = parse(text)
    assert incident.title
    assert incident.code in CODES
    assert path.stem == path.stem.lower() and " " not in path.stem and "_" not in path.stem


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_passes_arbiter_check_and_fmt_check(path: Path):
    runner = CliRunner()
    checked = runner.invoke(app, ["check", str(path)])
    assert checked.exit_code == 0, checked.output
    formatted = runner.invoke(app, ["fmt", "--check", str(path)])
    assert formatted.exit_code == 0, formatted.output


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_example_has_its_own_test_of_facts(path: Path):
    assert callable(globals().get("test_" + path.stem.replace("-", "_"))), \
        f"no test_{path.stem.replace('-', '_')} for {path.name}"


# ------------------------------------------------------------------ what each example means

def test_revoke_found_at_end_of_hand():
    r = only("revoke-found-at-end-of-hand")
    assert r.facts.has("renounced", "B", 5)
    assert r.facts.has("held_suit_led", "B", 5)
    assert r.facts.has("claimed", "Y", "revoke")
    assert r.facts.has("trumped", "Z", 8)
    # Z's hand is not known: his trump at trick 8 is not shown to be a revoke
    assert not r.facts.has("held_suit_led", "Z", 8)
    assert not r.facts.has("trumped", "B", 5)


def test_revoke_with_full_deal():
    r = only("revoke-with-full-deal")
    assert r.facts.has("renounced", "B", 2)
    assert r.facts.has("held_suit_led", "B", 2)
    assert r.facts.has("void_in_suit_led", "Y", 3)
    assert not r.facts.has("held_suit_led", "Y", 3)
    assert [r.tricks[n].winner for n in (1, 2, 3)] == ["A", "Z", "B"]


def test_lead_out_of_turn_second_and_third_hand():
    r = only("lead-out-of-turn-second-and-third-hand")
    assert r.facts.has("led_out_of_turn", "Y", 1)
    assert r.facts.has("should_have_led", "A", 1)
    assert r.facts.has("hand_position", "B", 1, 2)
    assert r.facts.has("hand_position", "Z", 1, 3)
    assert r.facts.has("trick_incomplete", 1)
    assert not r.facts.has("played_out_of_turn", "B", 1)
    assert not r.facts.has("played_out_of_turn", "Z", 1)


def test_misdeal_fourteen_cards():
    r = only("misdeal-fourteen-cards")
    assert r.facts.has("wrong_number_of_cards", "A", 14)
    assert r.facts.has("surplus", "A", 1)
    assert r.facts.has("deficiency", "Y", 1)
    assert r.facts.has("penalty_demanded", "Y", "new deal")
    assert not r.facts.has("wrong_number_of_cards", "B")
    assert not r.facts.has("wrong_number_of_cards", "Z")


def test_card_dropped_face_up():
    r = only("card-dropped-face-up")
    assert r.facts.has("dropped", "B", "SK", "face-up")
    assert r.facts.has("exposed", "B", "SK", "dropped")
    assert r.facts.has("played", "B", 3, "C8")
    assert r.facts.has("penalty_demanded", "Y", "call card", "B", "SK")
    assert not r.facts.has("played", "B", 3, "SK")


def test_claim_of_the_rest():
    r = only("claim-of-the-rest")
    assert r.facts.has("can_win_rest", "A", 10)
    assert r.facts.has("claimed", "A", "rest")
    assert r.facts.has("threw_down_hand", "A", 10)
    assert r.facts.has("trick_winner", 10, "A")
    assert not r.facts.has("threw_down_hand", "B")


WINNERS = ["N", "W", "S", "S", "S", "N", "S", "S", "E", "N", "N", "W", "S"]


def test_full_hand_from_pbn_deal():
    r = only("full-hand-from-pbn-deal")
    assert [r.tricks[n].winner for n in range(1, 14)] == WINNERS
    assert len(r.played) == 52
    assert sorted(r.tricks) == list(range(1, 14))
    assert all(len(r.tricks[n].plays) == 4 for n in range(1, 14))
    assert all(not cards for cards in r.hands.values())
    assert r.facts.has("tricks_recorded", 13)
    # everyone followed suit when he could, and each trick was led by the last one's winner
    assert not r.facts.has("held_suit_led")
    assert not r.facts.has("led_out_of_turn")
    assert not r.facts.has("played_out_of_turn")
    assert r.facts.has("void_in_suit_led", "E", 3)
    assert sum(w in "NS" for w in WINNERS) == 10


def test_full_hand_comments_name_each_winner():
    text = (EXAMPLES / "full-hand-from-pbn-deal.whist").read_text(encoding="utf-8")
    for n, winner in enumerate(WINNERS, 1):
        assert f"trick {n}:  # {winner} wins with " in text


def test_fourth_hand_plays_before_second():
    r = only("fourth-hand-plays-before-second")
    assert r.facts.has("played_out_of_turn", "Z", 1)
    assert r.facts.has("played_before", "Z", "Y", 1)
    assert r.facts.has("penalty_demanded", "A", "not win trick", "Y")
    assert r.facts.has("trick_winner", 1, "B")
    assert not r.facts.has("played_out_of_turn", "Y", 1)
    assert not r.facts.has("played_out_of_turn", "B", 1)


def test_two_cards_played_at_once():
    r = only("two-cards-played-at-once")
    assert r.facts.has("played", "B", 4, "D4")
    assert r.facts.has("played_at_once", "B", 4, "D9")
    assert r.facts.has("two_or_more_cards_played", "B", 4)
    assert r.facts.has("trick_winner", 4, "A")
    assert not r.facts.has("played", "B", 4, "D9")


def test_trump_card_named_after_taken_up():
    r = only("trump-card-named-after-taken-up")
    assert r.facts.has("took_up_trump_card", "Z", 1)
    assert r.facts.has("named_trump_card", "B", 3)
    assert r.facts.has("names_trump_card", "B", 3)
    assert r.facts.has("asked", "A", "table", "What was the trump card?")
    # taken up after the dealer had played to the first trick, as the law allows
    assert not r.facts.has("took_up_trump_card_early", "Z")


def test_dealing_out_of_turn():
    r = only("dealing-out-of-turn")
    assert r.facts.has("dealer", "A")
    assert r.facts.has("dealt_out_of_turn", "Y")
    assert r.facts.has("interrupts", "B")
    assert r.facts.has("stops_dealing", "Y")
    assert not r.facts.has("dealt_without_cut", "Y")


def test_card_exposed_in_dealing():
    r = only("card-exposed-in-dealing")
    assert r.facts.has("exposed_in_dealing", "Z", "SA")
    assert r.facts.has("exposed", "Z", "SA", "dealing")
    assert r.facts.has("penalty_demanded", "A", "new deal")
    assert r.facts.has("cut", "B")
    assert not r.facts.has("exposed", "Z", "SA", "play")


def test_trump_card_turned_face_down():
    r = only("trump-card-turned-face-down")
    assert r.facts.has("turned_up", "Z", "DK")
    assert r.facts.has("trump_face_down", "Z")
    assert r.facts.has("asks_trump_suit", "Y", 1)
    assert r.facts.has("trump", "diamonds")
    assert not r.facts.has("took_up_trump_card", "Z")


def test_having_none_question():
    r = only("having-none-question")
    assert r.facts.has("renounced", "Z", 6)
    assert r.facts.has("asked", "Y", "Z", "Having none?")
    assert r.facts.has("asks_partner_none", "Y", 6)
    assert r.facts.has("answered", "Z", "I have none")
    assert not r.facts.has("held_suit_led", "Z", 6)
    assert not r.facts.has("trumped", "Z", 6)


def test_calling_attention_to_the_trick():
    r = only("calling-attention-to-the-trick")
    assert r.facts.has("calls_attention", "A", 7)
    assert r.facts.has("penalty_demanded", "Z", "lowest", "B")
    assert r.facts.has("trick_winner", 7, "A")
    # A spoke before his partner played: B is third hand and had not yet played
    [spoke] = r.facts.match("calls_attention", "A", 7)
    [b_played] = r.facts.match("played", "B", 7)
    assert spoke.line < b_played.line
    assert not r.facts.has("won_trick", "B", 7)


def test_consulting_partner_about_penalty():
    r = only("consulting-partner-about-penalty")
    assert r.facts.has("led_out_of_turn", "Y", 1)
    assert r.facts.has("consulted", "B", "A")
    assert r.facts.has("consults_about_penalty", "B", 1)
    assert not r.facts.has("consulted", "A", "B")


def test_winning_cards_led_without_waiting():
    r = only("winning-cards-led-without-waiting")
    assert r.facts.has("led_again_before_partner_played", "A", 9)
    assert r.facts.has("led_prematurely", "A", 10, "DK")
    assert r.facts.has("trick_winner", 9, "A")
    assert r.played[next(c for c in r.played if str(c) == "DK")] == ("A", 10)
    assert not r.facts.has("led_out_of_turn", "A")
    assert 10 not in r.tricks


def test_card_found_on_the_floor():
    r = only("card-found-on-the-floor")
    assert r.facts.has("card_found", "HQ", "on-floor")
    assert r.facts.has("card_count", "Y", 12)
    assert r.facts.has("deficiency", "Y", 1)
    assert r.facts.has("marked", "Y", 4, "honours")
    assert not r.facts.has("card_found", "HQ", "among-tricks")


def test_player_with_twelve_cards():
    r = only("player-with-twelve-cards")
    assert r.facts.has("trick_winner", 12, "A")
    assert r.facts.has("card_count", "A", 12)
    assert r.facts.has("deficiency", "A", 1)
    assert r.facts.match("deficiency", "A", 1)[0].moment.trick == 13
    assert not r.facts.has("surplus", "A")
    assert 13 not in r.tricks


def test_all_four_hands_thrown_down():
    r = only("all-four-hands-thrown-down")
    assert all(r.facts.has("threw_down_hand", seat, 9) for seat in "AYBZ")
    assert r.facts.has("all_hands_thrown_down", 9)
    assert r.facts.has("concedes", "Y", 9)
    assert not r.facts.has("retains_hand")


def test_hand_thrown_down_partner_retains():
    r = only("hand-thrown-down-partner-retains")
    assert r.facts.has("retains_hand", "Z")
    assert r.facts.has("concedes", "Y", 10)
    assert not r.facts.has("all_hands_thrown_down")
    assert not r.facts.has("threw_down_hand", "Z")
    # The cards were thrown down under `trick 10:`, as Y's concession was
    assert all(r.facts.has("threw_down_hand", seat, 10) for seat in "YAB")


def test_revoke_claimed_after_next_cut():
    r = only("revoke-claimed-after-next-cut")
    assert r.facts.has("renounced", "B", 6)
    assert r.facts.has("held_suit_led", "B", 6)
    assert r.facts.has("cut_for_next_deal", "Z")
    [claim] = r.facts.match("claimed", "Y", "revoke")
    assert claim.moment.kind == "after-next-cut"
    assert not r.facts.has("presents_pack")
    assert not r.facts.has("cut", "Z")


def test_honours_claimed_after_next_trump_card():
    r = only("honours-claimed-after-next-trump-card")
    [claim] = r.facts.match("claimed", "A", "honours")
    assert claim.moment.kind == "after-next-trump"
    assert all(f.moment.kind == "after-next-trump" for f in r.facts.match("claims_honours"))
    [game] = r.facts.match("claims_game", "A")
    assert game.moment.kind == "after-hand"
    assert r.facts.has("marked", "A", 2, "points")
    assert r.facts.has("objects", "Y")
    assert not r.facts.has("marked", "A", 2, "honours")


def test_bystander_remark():
    r = only("bystander-remark")
    assert r.facts.has("said", "bystander", "Surely Z had a diamond")
    assert r.facts.has("calls_attention", "bystander", 5)
    assert r.facts.has("renounced", "Z", 5)
    assert r.facts.has("held_suit_led", "Z", 5)
    assert r.facts.has("claimed", "A", "revoke")
    assert not r.facts.has("trumped", "Z", 5)


def test_disputed_ace_of_trumps():
    branches = replay_all(load("disputed-ace-of-trumps"))
    assert [[alternative_text(a) for a in choice] for choice, _ in branches] == [["Z plays HA"], ["Z exposes HA"]]
    played, exposed = (r for _, r in branches)
    assert played.facts.has("renounced", "Z", 12)
    assert played.facts.has("trumped", "Z", 12)
    assert played.facts.has("held_suit_led", "Z", 12)
    assert not played.facts.has("exposed", "Z", "HA")
    assert exposed.facts.has("exposed", "Z", "HA", "play")
    assert not exposed.facts.has("renounced", "Z", 12)
    assert not exposed.facts.has("held_suit_led", "Z", 12)
    for r in (played, exposed):
        assert r.facts.has("claims_game", "Z", 12)
        assert r.facts.has("threw_down_hand", "Z", 12)


def test_dummy_game():
    r = only("dummy-game")
    assert r.facts.has("game", "dummy")
    assert r.facts.has("dummy", "Z")
    assert r.facts.has("trick_winner", 2, "Z")
    assert r.facts.has("led_out_of_turn", "Y", 3)
    assert r.facts.has("should_have_led", "Z", 3)
    assert not r.facts.has("led_out_of_turn", "A", 2)


def test_boston_bid():
    r = only("boston-bid")
    assert r.facts.has("game", "boston")
    assert r.facts.has("code", "american-1893")
    assert r.facts.has("bidder", "Y")
    assert r.facts.has("bids", "Y", "Boston")
    assert not r.facts.has("partner", "A")          # in Boston each plays for himself
    assert r.facts.match("bids", "Y")[0].moment.kind == "bidding"
    assert r.facts.has("led_out_of_turn", "B", 1)
    assert not r.facts.has("bids", "A")
    assert r.facts.has("passes", "A") and r.facts.has("passes", "Z")


def test_boston_bid_keeps_the_words_of_the_bid():
    incident = load("boston-bid")
    [bid] = [s for s in incident.events if getattr(s, "verb", None) == "bids"]
    assert bid.words == "Boston"


def test_replay_of_an_example_without_a_dispute_is_its_only_branch():
    incident = load("revoke-found-at-end-of-hand")
    assert [str(f) for f in replay(incident).facts] == [str(f) for f in replay_all(incident)[0][1].facts]
