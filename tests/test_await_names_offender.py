"""Law 39 (American): "the offender must await the decision of the adversaries". The duty
falls on the offender, and on his partner only where the law makes the partner liable; a
player called for another's offence who is no partner of his (at Boston, one playing with
the offender against the bidder) awaits nothing. The boundary files prove that the rule
fires; these check whom the decision names, which a citation cannot show."""

from __future__ import annotations

from pathlib import Path

from arbiter.incident import parse, parse_file
from arbiter.ruling.decision import decide

ROOT = Path(__file__).resolve().parent.parent


def _duties(book, incident) -> list[str]:
    decision = decide(book, incident)
    return [d.says for b in decision.branches for d in b.duties if d.says and "await" in d.says]


def test_at_boston_the_offender_awaits_the_bidder_and_the_player_called_from_awaits_nothing(book):
    said = _duties(book, parse_file(ROOT / "examples" / "boston-bid.whist"))
    assert said == ["A penalty having been incurred, B must await the decision of the bidder, Y."]


def test_the_fourth_hand_playing_before_his_partner_awaits_the_decision_as_well_as_his_partner(book):
    text = "code american-1893\ndealer Z\ntrump clubs\ntrick 1:\n  A leads H5\n  Z plays H9\n"
    said = sorted(_duties(book, parse(text, "fourth-hand")))
    assert said == ["A penalty having been incurred, Y must await the decision of the adversaries.",
                    "A penalty having been incurred, Z must await the decision of the adversaries."]
