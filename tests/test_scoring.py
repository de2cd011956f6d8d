"""Settlements: the worked examples of the sources, computed from the data."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.lawbook import LawBookError
from arbiter.lawbook.loader import build_lawbook
from arbiter.scoring import (
    boston_payment,
    fontainebleau_payment,
    french_boston_payment,
    misere_partout,
    score_hand,
    score_rubber,
    scoring_system,
)
from arbiter.scoring.whist import ScoringError, game_values, score_words

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def english(book):
    return scoring_system("english-1864", book)


def test_law_72_v_the_claimants_at_two_add_three_and_win_a_treble(english):
    """'The claimants two--their opponents nothing--the former add three to their score--and
    thereby win a treble game, even should the latter have made thirteen tricks, and held
    four honours.'"""
    s = score_hand(english, before={"AB": 2, "YZ": 0}, tricks={"AB": 0, "YZ": 13},
                   honours={"YZ": 4}, revoke=("YZ", "add-points"))
    assert (s.winner, s.game_value, s.game_name) == ("AB", 3, "treble")
    assert s.after == {"AB": 5, "YZ": 0}


def test_tricks_then_honours_and_the_value_of_the_game(english):
    s = score_hand(english, before={"AB": 1, "YZ": 2}, tricks={"AB": 9, "YZ": 4}, honours={"AB": 3})
    assert s.after == {"AB": 5, "YZ": 2} and (s.winner, s.game_name) == ("AB", "double")
    s = score_hand(english, before={"AB": 0, "YZ": 3}, tricks={"AB": 7, "YZ": 6}, honours={"YZ": 4})
    assert s.after == {"AB": 1, "YZ": 5} and (s.winner, s.game_value) == ("YZ", 2)  # AB scored their trick first


def test_those_at_four_cannot_score_honours(english):
    s = score_hand(english, before={"AB": 4, "YZ": 0}, tricks={"AB": 6, "YZ": 7}, honours={"AB": 4})
    assert s.after == {"AB": 4, "YZ": 1} and s.winner is None


def test_the_revoking_side_cannot_score_more_than_four(english):
    s = score_hand(english, before={"AB": 3, "YZ": 0}, tricks={"AB": 13, "YZ": 0}, revoke=("AB", "deduct-points"))
    assert s.after["AB"] == 4 and s.winner is None


def test_a_three_game_rubber_deducts_the_losers_game(english):
    r = score_rubber(english, [("AB", 3), ("YZ", 1), ("AB", 2)])
    assert (r["winner"], r["net"]) == ("AB", 3 + 2 + 2 - 1)
    assert score_rubber(english, [("YZ", 2), ("YZ", 1)])["net"] == 5
    with pytest.raises(ScoringError, match="not finished"):
        score_rubber(english, [("AB", 1)])


def test_the_american_game_is_worth_seven_less_the_losers_score(book):
    american = scoring_system("american-1893", book)
    s = score_hand(american, before={"AB": 5, "YZ": 3}, tricks={"AB": 8, "YZ": 5})
    assert (s.winner, s.game_value) == ("AB", 4)
    s = score_hand(american, before={"AB": 0, "YZ": 0}, tricks={"AB": 13, "YZ": 0}, revoke=("AB", "take-tricks"))
    assert s.after == {"AB": 5, "YZ": 0} and s.winner is None


def test_fontainebleau_nine_hearts_six_won_pays_each_adversary_115(book):
    game = book.descriptions["boston-de-fontainebleau"]
    r = fontainebleau_payment(game, bid_tricks=9, trump="hearts", won=6)
    assert (r["each_adversary"], r["pool"]) == (-115, 115)


def test_fontainebleau_seven_diamonds_with_a_partner_nine_won_pays_135_each_and_135_to_the_pool(book):
    game = book.descriptions["boston-de-fontainebleau"]
    r = fontainebleau_payment(game, bid_tricks=7, trump="diamonds", won=9, partner=True)
    assert (r["each_adversary"], r["pool"], r["needed"]) == (-135, 135, 10)


@pytest.mark.parametrize("tricks, expected", [
    ({"A": 4, "Y": 3, "B": 3, "Z": 3}, {"A": -3, "Y": 1, "B": 1, "Z": 1}),       # "A wins 4 … loss 3"
    ({"A": 7, "Y": 2, "B": 2, "Z": 2}, {"A": -15, "Y": 5, "B": 5, "Z": 5}),      # "A wins 7 … 15"
    ({"A": 6, "Y": 2, "B": 5, "Z": 0}, {"A": -11, "Y": 4, "B": 1, "Z": 6}),      # "gives 4 to Y; 1 to B; 6 to Z"
    ({"A": 5, "Y": 5, "B": 1, "Z": 2}, {"A": -3.5, "Y": -3.5, "B": 4, "Z": 3}),  # "7 red counters … divided"
    ({"A": 4, "Y": 4, "B": 4, "Z": 1}, {"A": -1, "Y": -1, "B": -1, "Z": 3}),     # "each pay the fourth man a red counter"
])
def test_misere_partout_worked_examples(book, tricks, expected):
    assert misere_partout(book.descriptions["boston"], tricks) == expected


def test_tables_are_data_a_changed_entry_changes_the_settlement(tmp_path):
    laws = tmp_path / "laws"
    shutil.copytree(REPO / "laws", laws)
    path = laws / "games" / "boston-de-fontainebleau.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    table = next(t for t in data["tables"] if t["name"] == "table-1")
    row = next(r for r in table["rows"] if r["label"].startswith("Nine"))
    row["values"][1] = 101            # hearts
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    game = build_lawbook(laws).descriptions["boston-de-fontainebleau"]
    assert fontainebleau_payment(game, 9, "hearts", 6)["each_adversary"] == -116


def test_the_scoring_file_is_checked(tmp_path):
    laws = tmp_path / "laws"
    shutil.copytree(REPO / "laws", laws)
    path = laws / "scoring.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("rubber_points: 2", "rubber_pionts: 2"), encoding="utf-8")
    with pytest.raises(LawBookError) as caught:
        build_lawbook(laws)
    for words in ("scoring.yaml", "entry english-1864", "rubber"):
        assert words in str(caught.value)


runner = CliRunner()


def test_score_commands():
    out = runner.invoke(app, ["score", "hand", "--before", "AB=2", "--before", "YZ=0", "--tricks", "AB=0",
                              "--tricks", "YZ=13", "--honours", "YZ=4", "--revoke", "YZ:add-points"]).output
    assert "AB win the game: a treble, worth 3" in out
    assert "115 white counters to each adversary" in runner.invoke(
        app, ["score", "fontainebleau", "--bid", "9", "--trump", "hearts", "--won", "6"]).output
    out = runner.invoke(app, ["score", "misere-partout", "A=6", "Y=2", "B=5", "Z=0"]).output
    assert "A pays 11 red counters" in out and "Z receives 6 red counters" in out
    assert "6 points" in runner.invoke(app, ["score", "rubber", "AB=3", "YZ=1", "AB=2"]).output
    bad = runner.invoke(app, ["score", "hand", "--tricks", "AB=nine"])
    assert bad.exit_code == 2 and "SIDE=NUMBER" in bad.output


def test_boston_tables_from_the_command():
    out = runner.invoke(app, ["score", "boston", "--bid", "8", "--put-in-for", "7"]).output
    assert "100" in out and "doubles the pool" in out
    out = runner.invoke(app, ["score", "boston", "--misere", "grand-spread"]).output
    assert "160 white counters" in out
    bad = runner.invoke(app, ["score", "boston", "--bid", "5", "--put-in-for", "9"])
    assert bad.exit_code == 1 and "Traceback" not in bad.output


def test_a_decision_states_the_revoke_penalty_s_effect_on_the_score():
    """Law 72 V's example, reached from an incident: the claimants at two add three."""
    incident = ('code english-1864\nscore A-B 0, Y-Z 2\ndealer Z\ntrump clubs\ntrick 2:\n  A leads H2\n'
                '  Y plays H9\n  B plays D3\n  Z plays H5\ntrick 3:\n  Y leads S4\n  B plays S2\nfinding: B held HK\n')
    out = runner.invoke(app, ["rule", "-"], input=incident).output
    assert "If YZ add 3 to their score of 2, they have 5 and win the game, a treble, worth 3 (vide Law 72)." in out
    without_score = runner.invoke(app, ["rule", "-"], input=incident.replace("score A-B 0, Y-Z 2\n", "")).output
    assert "If YZ add" not in without_score


def test_cayenne_as_far_as_the_text_goes(book):
    cayenne = scoring_system("cayenne", book)
    r = score_rubber(cayenne, [("AB", 12), ("YZ", 10), ("AB", 11), ("AB", 10), ("AB", 10)])
    assert (r["winner"], r["net"]) == ("AB", 43 + 8 - 10)       # eight added, the losers' score deducted
    with pytest.raises(ScoringError, match="table of values.*not in the sources"):
        score_hand(cayenne, before={"AB": 0, "YZ": 0}, tricks={"AB": 8, "YZ": 5})


def test_french_boston_misere_is_paid_by_the_suit_turned(book):
    """"If a heart is turned, and little misère is played, the payment is 64 counters to or
    from each player. If a spade was turned, the payment would be 16 only.\""""
    game = book.descriptions["french-boston"]
    assert french_boston_payment(game, "petite-misere", "hearts") == 64
    assert french_boston_payment(game, "petite-misere", "spades") == 16
    assert french_boston_payment(game, "petite-independence", "diamonds", honours=4, extra_tricks=1) == 18 + 18 + 6
    assert french_boston_payment(game, "petite-independence", "clubs", double=True) == 24
    out = runner.invoke(app, ["score", "french-boston", "--bid", "petite-misere", "--suit", "hearts"]).output
    assert "64 counters" in out


def test_one_red_counter_is_said_in_the_singular_and_each_payment_is_a_sentence():
    out = runner.invoke(app, ["score", "misere-partout", "A=1", "Y=4", "B=3", "Z=5"]).output
    assert "Y receives one red counter." in out and "1 red counters" not in out
    assert "Z pays 7 red counters." in out


@pytest.mark.parametrize("args, said", [
    (["--tricks", "AB=7"], "a hand of whist is scored between two sides: give both (e.g. AB=7 and YZ=6); given: AB"),
    (["--tricks", "AB=7", "--tricks", "YZ=6", "--honours", "AB=5"], "a side holds from none to four honours, not 5"),
    (["--tricks", "AB=7", "--tricks", "YZ=6", "--honours", "AB=3", "--honours", "YZ=2"],
     "there are four honours, not 5 between the sides"),
    (["--tricks", "AB=7", "--tricks", "YZ=6", "--honours", "CD=4"], "no side CD in this hand"),
    (["--code", "american-1893", "--tricks", "AB=7", "--tricks", "YZ=6", "--honours", "AB=4"],
     "honours do not count in this code's scoring; leave them out"),
])
def test_honours_and_sides_that_cannot_be_are_errors_in_words_not_ignored(args, said):
    result = runner.invoke(app, ["score", "hand", *args])
    assert result.exit_code == 1 and said in result.output, result.output
    assert "[" not in result.output     # no Python list shown


def test_a_side_that_reaches_the_game_is_at_the_games_points_and_no_more(english):
    """Five at short whist: the points past it do not count, and the score says "game"."""
    s = score_hand(english, before={"AB": 3, "YZ": 0}, tricks={"AB": 9, "YZ": 4})
    assert s.after == {"AB": 5, "YZ": 0} and (s.winner, s.game_value) == ("AB", 3)
    assert s.steps[0][2] == 2 and "3 made, and the game is 5" in s.steps[0][0]
    assert score_words(s) == "Score: AB 5, game; YZ 0"
    short = score_hand(english, before={"AB": 2, "YZ": 0}, tricks={"AB": 9, "YZ": 4})   # exactly to five
    assert short.after["AB"] == 5 and "made" not in short.steps[0][0]
    under = score_hand(english, before={"AB": 1, "YZ": 0}, tricks={"AB": 8, "YZ": 5})
    assert score_words(under) == "Score: AB 3; YZ 0" and under.winner is None
    out = runner.invoke(app, ["score", "hand", "--before", "AB=3", "--tricks", "AB=9", "--tricks", "YZ=4"]).output
    assert "Score: AB 5, game; YZ 0" in out and "AB 6" not in out


def test_a_side_at_the_game_before_the_hand_has_already_won_it(english):
    with pytest.raises(ScoringError, match="AB cannot have 5 points before the hand: the game is 5"):
        score_hand(english, before={"AB": 5, "YZ": 0}, tricks={"AB": 7, "YZ": 6})
    assert score_hand(english, before={"AB": 4, "YZ": 0}, tricks={"AB": 7, "YZ": 6}).winner == "AB"
    result = runner.invoke(app, ["score", "hand", "--before", "AB=6", "--tricks", "AB=7", "--tricks", "YZ=6"])
    assert result.exit_code == 1 and "the game is 5" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("value", [4, 5, 13])
def test_a_game_in_a_rubber_is_worth_what_the_codes_bands_allow(english, value):
    with pytest.raises(ScoringError, match=rf"game 2 is worth {value}: a game is worth 1, 2 or 3 "
                                           r"\(a single, a double or a treble; english-1864/8\)"):
        score_rubber(english, [("AB", 3), ("YZ", value), ("AB", 2)])


def test_each_value_the_bands_allow_is_accepted(english):
    assert game_values(english) == [1, 2, 3]
    for value in (1, 2, 3):
        assert score_rubber(english, [("AB", value), ("AB", value)])["winner"] == "AB"
    result = runner.invoke(app, ["score", "rubber", "AB=5", "YZ=5", "AB=5"])
    assert result.exit_code == 1 and "a game is worth 1, 2 or 3" in result.output
    assert "Traceback" not in result.output


def test_the_allowed_values_come_from_the_data(book):
    american = scoring_system("american-1893", book)
    assert game_values(american) == list(range(1, 8))          # seven less the losers' score
    assert game_values(scoring_system("cayenne", book)) is None  # the sources give no value


def test_a_rubber_has_two_sides(english):
    with pytest.raises(ScoringError, match="between two sides, not 3"):
        score_rubber(english, [("AB", 1), ("YZ", 1), ("CD", 1)])


def test_boston_pays_a_bid_failed_from_its_table_and_a_bid_made_its_pool(book):
    boston = book.descriptions["boston"]
    failed = boston_payment(boston, 8, won=1)
    assert (failed["made"], failed["put_in_for"], failed["amount"]) == (False, 7, 100)
    assert boston_payment(boston, 8, put_in_for=7) == failed | {"won": None}
    made = boston_payment(boston, 8, won=9)
    assert (made["made"], made["over_tricks"], made["amount"]) == (True, 1, None)
    assert made["pool"].startswith("takes the pool") and "does not hold" in made["unpaid"]
    assert boston_payment(boston, 6, won=6)["pool"].startswith("does not take the pool")
    out = runner.invoke(app, ["score", "boston", "--bid", "8", "--won", "9"])
    assert out.exit_code == 0 and "made with 9 (one over-trick): the caller takes the pool" in out.output
    out = runner.invoke(app, ["score", "boston", "--bid", "5", "--won", "3"])
    assert out.exit_code == 0 and "put in for 2: 20" in out.output


@pytest.mark.parametrize("args, words", [
    ({"bid": 4, "won": 3}, "bids of 5 to 13 tricks, not 4"),
    ({"bid": 14, "won": 3}, "bids of 5 to 13 tricks, not 14"),
    ({"bid": 5, "won": 14}, "from none to thirteen tricks, not 14"),
    ({"bid": 5, "put_in_for": 6}, "put in for 1 to 5, not 6"),
    ({"bid": 5, "put_in_for": -1}, "never -1"),
    ({"bid": 8, "won": 1, "put_in_for": 3}, "is put in for 7, not 3"),
])
def test_boston_refuses_what_its_table_does_not_allow(book, args, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        boston_payment(book.descriptions["boston"], **args)
    cli = [f"--{k.replace('_', '-')}={v}" for k, v in args.items()]
    result = runner.invoke(app, ["score", "boston", *cli])
    assert result.exit_code == 1 and words in result.output and "Traceback" not in result.output
