"""Disputes made cheaper (issue 21): what the ways share is replayed once, and each way
comes out exactly as its own replay from the start would make it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from arbiter.incident import parse
from arbiter.table import replay as replay_module
from arbiter.table.replay import replay, replay_all

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from golden import disputed_cards, disputed_remarks  # noqa: E402


def _facts(result):
    return [(str(f), f.line, f.moment, result.facts.times(f)) for f in result.facts]


def _whole(incident):
    """Each way replayed from the start, as the replay did before it shared anything."""
    return [(choice, replay(incident, statements)) for choice, statements in incident.branches()]


def _same_ways(shared, whole):
    assert [c for c, _ in shared] == [c for c, _ in whole]
    for (_, a), (_, b) in zip(shared, whole):
        assert a.statements == b.statements
        assert _facts(a) == _facts(b)
        assert a.unknowns == b.unknowns
        assert a.tricks == b.tricks and a.hands == b.hands and a.played == b.played


def _count_statements(monkeypatch) -> list[int]:
    replayed = [0]
    original = replay_module._Replayer.play_through

    def counting(self, statements):
        replayed[0] += len(statements)
        return original(self, statements)

    monkeypatch.setattr(replay_module._Replayer, "play_through", counting)
    return replayed


@pytest.mark.parametrize("text", [disputed_cards(8), disputed_remarks(8)], ids=["cards", "remarks"])
def test_eight_disputes_replay_what_the_ways_share_once(monkeypatch, text):
    incident = parse(text)
    ways = incident.branches()
    assert len(ways) == 256
    every_way_whole = sum(len(statements) for _, statements in ways)
    replayed = _count_statements(monkeypatch)
    shared = replay_all(incident)
    monkeypatch.undo()
    # the first stretch once, and each alternative with the stretch after it once for each
    # way the disputes before it give
    stretches, reached, expected = [0], 1, 0
    for event in incident.events:
        if hasattr(event, "alternatives"):
            expected += stretches[-1] * reached
            reached *= len(event.alternatives)
            expected += sum(len(a.statements) for a in event.alternatives) * (reached // len(event.alternatives))
            stretches.append(0)
        else:
            stretches[-1] += 1
    expected += stretches[-1] * reached
    assert replayed[0] == expected <= every_way_whole / 2
    _same_ways(shared, _whole(incident))


def test_a_way_ruled_out_in_a_shared_stretch_rules_out_every_way_after_it():
    text = disputed_cards(3).replace("    - B plays SQ", "    - B plays SA", 1)     # SA was led: played twice
    incident = parse(text)
    shared = replay_all(incident)
    assert len(shared) == 4 and all(choice[0].statements[0].cards[0].rank != "A" for choice, _ in shared)
    _same_ways(shared, [(c, r) for c, r in _whole_or_none(incident) if r is not None])
    assert "4 of the 8 ways" in str(incident.warnings[0])


def _whole_or_none(incident):
    from arbiter.incident import IncidentError

    out = []
    for choice, statements in incident.branches():
        try:
            out.append((choice, replay(incident, statements)))
        except IncidentError:
            out.append((choice, None))
    return out


def test_a_card_taken_from_the_other_pack_in_one_way_is_replayed_way_by_way():
    text = ("code english-1864\ntrick 1:\n  A leads S2\n  disputed:\n    - Y takes card S5 from other pack\n"
            "    - Y says \"nothing\"\n  Y plays S5\n  B plays S7\n  Z plays S9\n")
    incident = parse(text)
    _same_ways(replay_all(incident), _whole(incident))


def test_a_stretch_that_reads_the_statements_still_to_come_is_replayed_way_by_way(monkeypatch):
    """A part of the replay that looks ahead (as the cards taken from the other pack are
    looked for) cannot be shared: which way it is, and what comes later, is not yet known."""
    incident = parse(disputed_cards(3))
    original = replay_module._Replayer.on_leads
    seen = []

    def looking_ahead(self, s):
        seen.append(len(self.statements))
        return original(self, s)

    monkeypatch.setattr(replay_module._Replayer, "on_leads", looking_ahead)
    shared = replay_all(incident)
    assert seen and all(n == len(incident.branches()[0][1]) for n in seen)
    monkeypatch.undo()
    _same_ways(shared, _whole(incident))


def test_a_fact_taken_out_of_a_copy_is_still_in_the_set_it_was_copied_from():
    """The suit led to a trick begun again is taken out (a false lead taken back) in one way
    of a dispute; the other ways, which share the facts' lists, keep it, and the copy can
    add the suit led anew."""
    from arbiter.facts import FactSet
    shared = FactSet()
    shared.add("suit_led", 3, "spades", time=1)
    shared.add("suit_led", 4, "hearts", time=2)
    way = shared.copy()
    way.retract("suit_led", 3, "spades")
    assert not way.has("suit_led", 3) and shared.has("suit_led", 3, "spades")
    assert shared.by_first("suit_led", 3) and not way.by_first("suit_led", 3)
    way.add("suit_led", 3, "clubs", time=5)
    assert way.has("suit_led", 3, "clubs") and not shared.has("suit_led", 3, "clubs")
    assert [str(f) for f in shared.by_name("suit_led")] == ["suit_led(3, spades)", "suit_led(4, hearts)"]
