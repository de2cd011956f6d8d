"""Every law that decides something has rules; every rule is fired by some incident; and a
rule counts as proved only when it is proved on both sides of its line.

The incidents are the rulings in tests/rulings/, the edges in tests/boundaries/, the
examples in examples/ and the published cases in cases/. A rule that no incident fires is
untested; a law that decides something with neither rules nor a `text_only` reason has
been left out. Firing once proves nothing about where a rule stops: a rule is *proved*
when an edge in tests/boundaries/ shows it firing where its law applies and not firing in
a near miss (tests/test_boundaries.py checks each edge).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from arbiter.incident import parse, parse_file
from arbiter.ruling.decision import decide

ROOT = Path(__file__).resolve().parent.parent
DECIDING = ("law", "exception", "rule")


def codes(book):
    return [c.id for c in book.codes.values() if not c.edition_of and not c.supplements]


@pytest.fixture(scope="module")
def incidents_ruled(book):
    """(rules fired, predicates seen) over every incident we have."""
    out: set[str] = set()
    seen: set[str] = set()

    def collect(decision):
        for branch in decision.branches:
            out.update(branch.inference.fired())
            seen.update(branch.inference.facts.names())

    for path in sorted((ROOT / "tests" / "rulings").rglob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            incident = parse(case["incident"], path.name)
            collect(decide(book, incident, code=case.get("code"), game=case.get("game")))
    for path in sorted((ROOT / "tests" / "boundaries").rglob("*.yaml")):
        for edge in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            for side in ("applies", "near_miss"):
                case = edge[side]
                incident = parse(case["incident"], path.name)
                collect(decide(book, incident, code=case.get("code", edge.get("code")),
                               game=case.get("game", edge.get("game"))))
    for path in sorted((ROOT / "examples").glob("*.whist")) + sorted((ROOT / "cases").rglob("*.whist")):
        collect(decide(book, parse_file(path)))
    return out, seen


@pytest.fixture(scope="module")
def fired(incidents_ruled):
    return incidents_ruled[0]


def test_every_law_that_decides_has_rules_or_a_reason(book):
    missing = [law.id for code in codes(book) for law in book.entries_of(code, DECIDING)
               if not law.rules and not law.text_only]
    assert not missing, f"{len(missing)} laws with neither rules nor text_only: {missing}"


def test_every_rule_is_fired_by_some_incident(book, fired):
    """Rules marked ``pending`` wait on facts no incident can give yet; all others fire."""
    rules = {r.id for code in codes(book) for r in book.rules_of(code) if not r.pending}
    unfired = sorted(rules - fired)
    assert not unfired, f"{len(unfired)} of {len(rules)} rules fired by no incident: {unfired}"


def test_a_pending_rule_really_waits_on_a_fact_nothing_gives(book, incidents_ruled):
    """``pending`` is not a way to excuse a rule from testing: each pending rule must use a
    predicate that neither the replay nor any rule has produced in any incident, and must
    not have fired."""
    fired, seen = incidents_ruled
    concluded = {name for code in codes(book) for r in book.rules_of(code) if not r.pending for name in r.concludes}
    for code in codes(book):
        for r in book.rules_of(code):
            if r.pending:
                assert r.id not in fired, f"{r.id} is marked pending but fires: remove `pending`"
                missing = r.predicates - seen - concluded
                assert missing, f"{r.id} is marked pending, but every fact it uses can be had"


def test_coverage_figures(book, capsys):
    """Prints laws with rules / laws that decide, per code (see the closing note)."""
    for code in codes(book):
        entries = book.entries_of(code, DECIDING)
        with_rules = sum(1 for law in entries if law.rules)
        deciding = sum(1 for law in entries if not law.text_only)
        pending = sum(1 for r in book.rules_of(code) if r.pending)
        print(f"{code}: {with_rules} of {deciding} deciding laws have rules "
              f"({len(entries) - deciding} text only; {len(book.rules_of(code))} rules, {pending} pending)")
        assert with_rules == deciding


def proved_rules() -> set[str]:
    """The rules that some edge names (each edge is checked to fire on one side only)."""
    out: set[str] = set()
    for path in sorted((ROOT / "tests" / "boundaries").rglob("*.yaml")):
        for edge in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            out.update(edge.get("rules", []))
    return out


def deciding_rules(book, code: str) -> list:
    """The rules of a code that could decide something: all but those pending a fact no
    incident can give yet."""
    return [r for r in book.rules_of(code) if not r.pending]


#: Deciding rules not yet proved on both sides, each with the reason. A rule is covered only
#: when an edge proves it; this list may only shrink (a rule proved since is an error here).
NOT_YET_PROVED: dict[str, str] = {}


def test_every_deciding_rule_is_proved_on_both_sides(book, capsys):
    """Prints, per code, the deciding rules proved on both sides of their line (see the note);
    fails for a deciding rule that no edge proves and that is not listed with its reason."""
    proved = proved_rules()
    unproved, stale = [], [r for r in NOT_YET_PROVED if r in proved]
    with capsys.disabled():
        print()
        for code in [*codes(book), *(c.id for c in book.codes.values() if c.supplements)]:
            own = [r for r in deciding_rules(book, code) if r.id.startswith(code + "/")]
            both = sum(1 for r in own if r.id in proved)
            print(f"  {code}: {both} of {len(own)} deciding rules proved on both sides")
            unproved += [r.id for r in own if r.id not in proved and r.id not in NOT_YET_PROVED]
    assert not unproved, f"{len(unproved)} deciding rules proved on one side or none: {unproved}"
    assert not stale, f"proved now, so no longer to be listed as not yet proved: {stale}"
