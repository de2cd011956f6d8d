"""Words read, never dropped (issue 13, item 3): speech that matches a formula the books quote
is warned about and shown its act, never silently decided; the Boston family's bids are read
as each game's data names them, and a bid that cannot be read is an error at its line;
partnerships follow the game's data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from arbiter.incident import IncidentError, parse
from arbiter.lawbook import load_lawbook
from arbiter.lawbook import phrases as table
from arbiter.lawbook.errors import LawBookError
from arbiter.ruling.customs import customs_of
from arbiter.ruling.decision import decide
from arbiter.ruling.narrative import statement_of_facts
from arbiter.table.replay import replay as replay_at
from arbiter.words import phrases
from arbiter.words.vocabulary import ACTS

ROOT = Path(__file__).resolve().parent.parent


def replay(incident):
    """The replay as a ruling runs it: at a table keeping the incident's game's customs."""
    return replay_at(incident, customs=customs_of(load_lawbook(), incident.game))


def _flat(text: str) -> str:
    return " ".join(text.split())


# --- the phrase table --------------------------------------------------------------

def test_every_formula_suggests_an_act_of_the_notation_and_quotes_its_seed_verbatim(seeds_dir):
    loaded = table.load_phrases()
    assert loaded.formulas
    for formula in loaded.formulas:
        assert formula.act in ACTS
        if formula.seed is None:
            continue
        seed = _flat((seeds_dir / formula.seed).read_text(encoding="utf-8"))
        assert formula.quote and _flat(formula.quote) in seed, formula.quote


def test_every_bid_call_of_the_phrase_table_is_quoted_from_the_seed(seeds_dir):
    raw = yaml.safe_load((ROOT / "laws" / "phrases.yaml").read_text(encoding="utf-8"))
    seed = _flat((seeds_dir / raw["bids"]["seed"]).read_text(encoding="utf-8"))
    assert _flat(raw["bids"]["quote"]) in seed
    for call in raw["bids"]["calls"]:
        assert _flat(call["quote"]) in seed, call["quote"]


def test_a_phrase_table_naming_an_act_the_notation_lacks_is_an_error_naming_the_file(tmp_path):
    text = (ROOT / "laws" / "phrases.yaml").read_text(encoding="utf-8")
    (tmp_path / "phrases.yaml").write_text(text.replace("act: concedes", "act: concede"), encoding="utf-8")
    with pytest.raises(LawBookError) as raised:
        table.load_phrases(tmp_path)
    assert str(raised.value).endswith("phrases.yaml: entry formula #9: field 'act': no act 'concede' in the notation")


def test_the_longest_formula_within_the_words_is_the_one_suggested():
    assert phrases.suggested_act("There's the game.", table.load_phrases()) == "claims game"
    assert phrases.suggested_act("We have lost the game", table.load_phrases()) == "concedes"
    assert phrases.suggested_act("We have the game", table.load_phrases()) == "can win rest"
    assert phrases.suggested_act("You are not game", table.load_phrases()) == "disputes claim"
    assert phrases.suggested_act("If Y had scored his honours, he would have been game", table.load_phrases()) is None


# --- speech -------------------------------------------------------------------------

HAVING_NONE = """code english-1864
trump hearts
trick 1:
  Y leads S5
  B plays H2
  A asks B "Having none, partner?"{act}
"""


def test_speech_without_its_act_that_matches_a_formula_is_warned_at_its_line_with_the_act_to_add():
    incident = parse(HAVING_NONE.format(act=""), "t.whist")
    replay(incident)
    assert [str(w) for w in incident.warnings] == [
        't.whist:6:13: warning: speech without its act: did you mean `(asks partner none)`?\n'
        '      A asks B "Having none, partner?"\n'
        '                ^\n'
        '  did you mean `A asks B "Having none, partner?" (asks partner none)`?']


def test_speech_without_its_act_is_not_silently_given_the_act_it_may_mean():
    facts = replay(parse(HAVING_NONE.format(act=""), "t.whist")).facts
    assert not facts.match("asks_partner_none")
    assert facts.has("asked", "A", "B", "Having none, partner?")


def test_speech_with_its_act_is_unchanged_and_not_warned_about():
    incident = parse(HAVING_NONE.format(act=" (asks partner none)"), "t.whist")
    facts = replay(incident).facts
    assert incident.warnings == []
    assert facts.match("asks_partner_none")


def test_the_usual_formula_of_election_untagged_is_warned_about_and_the_decision_carries_it(book):
    incident = parse('code english-1864\ntrick 1:\n  Y leads S5\n  B asks A "Will you exact the penalty, or shall I?"\n',
                     "t.whist")
    decision = decide(book, incident)
    assert [w.problem for w in decision.warnings] == ["speech without its act: did you mean `(asks who elects)`?"]


def test_speech_no_formula_matches_is_not_warned_about():
    incident = parse('code english-1864\ntrick 1:\n  Y leads S5\n  B says "Lovely weather"\n', "t.whist")
    replay(incident)
    assert incident.warnings == []


# --- bids ---------------------------------------------------------------------------

def _bid_facts(game: str, words: str):
    incident = parse(f'code american-1893\ngame {game}\ndealer Z\nbidder A\nbidding:\n  A bids "{words}"\n', "b.whist")
    facts = replay(incident).facts
    read = [f.args[1] for f in facts.match("bid_read")]
    obj = [f.args[1] for f in facts.match("bid_object")]
    tricks = [f.args[1] for f in facts.match("tricks_bid")]
    trump = [f.args[1] for f in facts.match("bid_trump")]
    return read, obj, tricks, trump


@pytest.mark.parametrize("game, words, expected", [
    ("boston", "seven hearts", (["7-hearts"], ["win"], [7], ["hearts"])),
    ("boston", "Seven Grand", (["7-grand"], ["win"], [7], ["grand"])),
    # the ten, in words or in figures
    ("boston", "ten tricks", (["10-tricks"], ["win"], [10], [])),
    ("boston", "10 tricks", (["10-tricks"], ["win"], [10], [])),
    ("boston", "Ten Hearts", (["10-hearts"], ["win"], [10], ["hearts"])),
    ("boston", "10 hearts", (["10-hearts"], ["win"], [10], ["hearts"])),
    ("boston", "misère", (["misere"], ["lose"], [], [])),
    ("boston", "Little Misère", (["little-misere"], ["lose"], [], [])),
    ("boston", "petite misère", (["little-misere"], ["lose"], [], [])),
    ("boston", "grande misère", (["grand-misere"], ["lose-all"], [], [])),
    ("boston", "misère partout", (["misere-partout"], ["partout"], [], [])),
    ("solo", "solo", (["solo"], ["win"], [], [])),
    ("solo", "abundance", (["abundance"], ["win"], [], [])),
    ("solo", "slam", (["slam"], ["win"], [13], [])),
    ("boston-de-fontainebleau", "Piccolissimo", (["piccolissimo"], ["win-exactly"], [], [])),
    ("boston-de-fontainebleau", "Little Spread", (["little-spread"], ["lose"], [], [])),
    ("russian-boston", "Grand Misère", (["grand-misere"], ["lose-all"], [], [])),
    ("french-boston", "Petite misère", (["petite-misere"], ["lose"], [], [])),
    ("french-boston", "Six tricks solo, in any suit", (["petite-independence"], ["win"], [6], [])),
])
def test_the_bids_of_the_boston_family_are_read_as_each_games_data_names_them(game, words, expected):
    assert _bid_facts(game, words) == expected


def test_a_bid_that_cannot_be_read_is_an_error_at_its_line():
    incident = parse('code american-1893\ngame boston\ndealer Z\nbidding:\n  A bids "seven hurts"\n', "b.whist")
    with pytest.raises(IncidentError) as raised:
        replay(incident)
    assert str(raised.value).startswith(
        "b.whist:5:11: cannot read the bid 'seven hurts' in Boston: a bid is a number of tricks and what is "
        'trumps ("seven hearts"), or a call such as "boston", "little misère", "grand misère", "little spread", '
        '"grand spread", "misère partout"\n'
        '      A bids "seven hurts"\n')


def test_a_bid_that_cannot_be_read_in_solo_whist_is_offered_solo_whists_calls_not_bostons():
    incident = parse('code american-1893\ngame solo\ndealer Z\nbidding:\n  A bids "seven hurts"\n', "b.whist")
    with pytest.raises(IncidentError) as raised:
        replay(incident)
    message = str(raised.value)
    assert 'in Solo Whist' in message
    assert 'a call such as "proposal", "acceptance", "solo", "misère", "abundance", "misère ouverte"' in message
    assert "boston" not in message and "little spread" not in message


@pytest.mark.parametrize("game, words", [
    ("solo", "boston"), ("solo", "Little Spread"), ("solo", "Grand Misère"), ("solo", "piccolissimo"),
    ("boston", "Abundance declared"), ("boston-de-fontainebleau", "abundance declared"),
])
def test_a_call_of_one_game_is_not_read_in_another(game, words):
    """Boston's calls at Solo Whist, and Solo Whist's own at Boston, are errors, not bids."""
    incident = parse(f'code american-1893\ngame {game}\ndealer Z\nbidding:\n  A bids "{words}"\n', "b.whist")
    with pytest.raises(IncidentError, match="cannot read the bid"):
        replay(incident)


def test_the_same_words_are_each_games_own_call():
    """"Misère ouverte" is Solo Whist's open misère, and at Boston its Little Spread."""
    assert _bid_facts("solo", "misère ouverte")[0] == ["misere-ouverte"]
    assert _bid_facts("boston", "misère ouverte")[0] == ["little-spread"]


@pytest.mark.parametrize("words, expected", [
    ("prop", (["proposal"], ["win"], [], [])),
    ("Proposal", (["proposal"], ["win"], [], [])),
    ("solo", (["solo"], ["win"], [], [])),
    ("misère", (["misere"], ["lose"], [], [])),
    ("misere", (["misere"], ["lose"], [], [])),
    ("abundance", (["abundance"], ["win"], [], [])),
    ("Abundance Declared", (["abundance-declared"], ["win"], [], [])),
    ("misère ouverte", (["misere-ouverte"], ["lose"], [], [])),
    ("Misere Ouverte", (["misere-ouverte"], ["lose"], [], [])),
    ("open misère", (["misere-ouverte"], ["lose"], [], [])),
    ("open misere", (["misere-ouverte"], ["lose"], [], [])),
])
def test_solo_whists_calls_are_read_as_its_players_call_them(words, expected):
    assert _bid_facts("solo", words) == expected


SOLO = """code american-1893
game solo
dealer Z
bidding:
  A passes
  Y bids "{prop}"
  B bids "{cop}"
  Z passes
trick 1:
  A leads S2
"""


def test_prop_and_cop_make_the_acceptor_the_proposers_partner_as_accepts_does():
    facts = replay(parse(SOLO.format(prop="prop", cop="cop"), "s.whist")).facts
    assert facts.has("accepted", "B", "Y") and facts.has("bidder", "Y")
    assert facts.has("bid_read", "B", "acceptance") and not facts.match("overcalled")
    written = replay(parse(SOLO.format(prop="prop", cop="cop").replace('B bids "cop"', "B accepts Y"), "s.whist")).facts
    assert written.has("accepted", "B", "Y") and written.has("bidder", "Y")


def test_a_second_proposal_is_no_acceptance_but_an_over_call():
    facts = replay(parse(SOLO.format(prop="prop", cop="solo"), "s.whist")).facts
    assert not facts.match("accepted") and facts.has("overcalled", "Y", "B") and facts.has("bidder", "B")


def test_a_cop_with_no_proposal_standing_makes_no_partner_and_is_warned_about():
    incident = parse(SOLO.format(prop="prop", cop="cop").replace('  Y bids "prop"\n', ""), "s.whist")
    facts = replay(incident).facts
    assert not facts.match("accepted")
    assert any("no bid of another player stands to be accepted" in str(w) for w in incident.warnings)


def test_the_laws_read_a_solo_misere_called_in_its_players_words(book):
    text = MISERE.replace("game boston", "game solo")
    assert "game_lost(Y)" in _holdings(book, text.format(bid="misère ouverte"))
    assert "game_lost(Y)" not in _holdings(book, text.format(bid="abundance declared"))


def test_a_bid_outside_the_boston_family_stands_as_its_words():
    incident = parse('code american-1893\ngame cayenne\ndealer Z\nbidding:\n  Z bids "nullo"\n', "b.whist")
    facts = replay(incident).facts
    assert facts.has("bids", "Z", "nullo") and not facts.match("bid_read")


def _holdings(book, text: str) -> list[str]:
    decision = decide(book, parse(text, "m.whist"))
    return [h.ruling for b in decision.branches for h in b.holdings if h.ruling]


MISERE = """code american-1893
game boston
dealer Z
bidder A
trump hearts
bidding:
  A bids "{bid}"
trick 1:
  Y leads S5
"""


def test_a_misere_bid_within_game_boston_is_a_misere_whatever_its_printed_capitals(book):
    assert "game_lost(Y)" in _holdings(book, MISERE.format(bid="Little Misère"))
    assert "game_lost(Y)" in _holdings(book, MISERE.format(bid="grande misère"))
    assert "game_lost(Y)" not in _holdings(book, MISERE.format(bid="seven hearts"))


# --- partnerships -------------------------------------------------------------------

def test_the_game_data_of_boston_and_solo_says_they_have_no_fixed_partners_in_the_seeds_words(book, seeds_dir):
    seed = _flat((seeds_dir / "001_dc97ec05c3a8c8e1.txt").read_text(encoding="utf-8"))
    for game in ("boston", "solo", "boston-de-fontainebleau", "french-boston", "russian-boston"):
        data = book.game(game)
        assert data.partners == "none"
        assert data.partners_quote and _flat(data.partners_quote) in seed
    assert book.game("whist").partners == "fixed" and book.game("cayenne").partners == "fixed"


@pytest.mark.parametrize("game", ["boston", "solo-whist"])
def test_where_a_game_has_no_fixed_partners_none_are_assumed_without_partners_none(game):
    incident = parse(f"code american-1893\ngame {game}\ndealer Z\ntrick 1:\n  A leads S5\n", "p.whist")
    facts = replay(incident).facts
    assert not facts.match("partner")
    assert not any(re.search("partners against", p) for p in statement_of_facts(incident, customs_of(load_lawbook(), game)))


def test_at_whist_the_partners_sit_opposite_as_before():
    incident = parse("code american-1893\ntrick 1:\n  A leads S5\n", "p.whist")
    assert replay(incident).facts.has("partner", "A", "B")
    assert "A and B are partners against Y and Z" in " ".join(statement_of_facts(incident))


ALL_PASS = """code american-1893
game boston-de-fontainebleau
dealer Z
bidding:
  A passes
  Y passes
  B passes
{last}
trick 1:
  B leads HQ
"""


def test_a_bidding_in_which_every_player_passes_names_no_bidder_and_is_not_warned_about(book):
    decision = decide(book, parse(ALL_PASS.format(last="  Z passes"), "t.whist"))
    assert not [w for w in decision.warnings if "bidder" in w.problem]
    assert any(f.ruling == "misere_partout_played(Z)" for b in decision.branches for f in b.holdings)


def test_a_bidding_cut_short_before_every_player_has_passed_is_warned_about_for_want_of_a_bidder(book):
    decision = decide(book, parse(ALL_PASS.format(last=""), "t.whist"))
    assert [w for w in decision.warnings if "names none" in w.problem]
