"""The replay gives only the facts it declares (arbiter.facts.GIVEN_BY_REPLAY), with the
numbers of arguments it declares: the static check of the rule base relies on it."""

from __future__ import annotations

from pathlib import Path

import yaml

from arbiter.facts import given_by_replay
from arbiter.incident import parse, parse_file
from arbiter.table.replay import replay_all

ROOT = Path(__file__).resolve().parent.parent


def every_incident():
    for folder in ("rulings", "boundaries"):
        for path in sorted((ROOT / "tests" / folder).rglob("*.yaml")):
            for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
                for side in ([case] if "incident" in case else [case["applies"], case["near_miss"]]):
                    yield parse(side["incident"], path.name)
    for path in sorted((ROOT / "examples").glob("*.whist")) + sorted((ROOT / "cases").rglob("*.whist")):
        yield parse_file(path)


def test_the_replay_gives_only_declared_facts():
    declared = given_by_replay()
    wrong = set()
    for incident in every_incident():
        for _, result in replay_all(incident):
            for fact in result.facts:
                if len(fact.args) not in declared.get(fact.name, ()):
                    wrong.add(f"{fact.name}/{len(fact.args)}")
    assert not wrong, f"facts the replay gives but does not declare: {sorted(wrong)}"
