"""A disputed alternative that the rest of the incident rules out is not ruled, with a
warning at its line; the other ways are ruled. Only where every way is ruled out is it an
error (arbiter/table/replay.py, replay_all)."""

from __future__ import annotations

import pytest

from arbiter.incident import IncidentError, parse
from arbiter.ruling.decision import decide

DISPUTE = """code english-1864
trump spades
dealer Z
trick 1:
  A leads H5
  Y plays H2
  disputed "what B played":
    - B plays HA
    - B plays D3
  Z plays H9
"""


def test_an_alternative_a_finding_contradicts_is_not_ruled_and_is_warned_at_its_line(book):
    incident = parse(DISPUTE + "finding: B held no hearts\n", "t.whist")
    decision = decide(book, incident)
    assert [b.alternatives for b in decision.branches] == [("B plays D3",)]
    [warning] = decision.warnings
    assert (warning.line, warning.column) == (8, 15)
    assert "the facts cannot have gone this way if B plays HA" in str(warning)
    assert "line 11 finds he held no hearts" in str(warning)


def test_without_the_finding_both_alternatives_are_ruled_and_nothing_is_warned(book):
    decision = decide(book, parse(DISPUTE, "t.whist"))
    assert len(decision.branches) == 2
    assert decision.warnings == []


def test_where_every_alternative_is_ruled_out_the_incident_is_an_error(book):
    text = DISPUTE.replace("    - B plays D3\n", "    - B plays HK\n") + "finding: B held no hearts\n"
    with pytest.raises(IncidentError, match="B cannot play HA: line 11 finds he held no hearts"):
        decide(book, parse(text, "t.whist"))
