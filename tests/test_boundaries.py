"""Every deciding rule proved on both sides of its line.

Each file in tests/boundaries/ is a list of edges. An edge names the rule (or rules) it
proves and the words of the law that draw the line, then two incidents: one where the law
applies, and a near miss that differs from it in one decisive fact (the same correction
one event later, the card led not a winning card, the other player touching first). The
rule must fire in the first and not in the second, the decisions must differ, and each
incident's own expectations (the keys of tests/rulings/) must hold.

    - rules: [english-1864/76#saved]
      edge: "in time to save a revoke: before the trick is turned and quitted"
      code: english-1864                    # optional, for both incidents (and game)
      applies:
        name: "A renounce taken back before the trick is quitted is saved"
        incident: |
          ...
        not_holdings: [revoke]
      near_miss:
        name: "The same renounce taken back after the trick is quitted is a revoke"
        incident: |
          ...
        holdings: ["revoke(B, 2)"]
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
import yaml
from test_rulings import check_decision

from arbiter.incident import parse
from arbiter.ruling.decision import decide

BOUNDARIES = Path(__file__).resolve().parent / "boundaries"
KEYS = {"rules", "edge", "code", "game", "applies", "near_miss"}
SIDE_KEYS = {"name", "incident", "holdings", "not_holdings", "cites", "not_cites", "remedies", "answer",
             "rights", "not_rights", "demands", "turns_on",
             "branches", "code", "game"}
#: A near miss differs in one decisive fact: a line changed, or one moved (two lines), and
#: at most one more to keep the incident coherent.
MOST_LINES_CHANGED = 3


def load_edges():
    edges = []
    for path in sorted(BOUNDARIES.rglob("*.yaml")):
        for edge in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            rules = edge.get("rules", [])
            edges.append(pytest.param(path.relative_to(BOUNDARIES).as_posix(), edge, id=f"{path.relative_to(BOUNDARIES).with_suffix('').as_posix()}: {', '.join(rules)}: {edge.get('edge', '?')}"))
    return edges


EDGES = load_edges()


def _lines(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip() if '"' not in line else line.strip()
        if line:
            out.append(" ".join(line.split()))
    return out


def lines_changed(a: str, b: str) -> int:
    """How many lines differ between two incidents: lines changed, added or taken out (a line
    reworded counts once), and lines moved to another place in the story (each once)."""
    from collections import Counter

    first, second = _lines(a), _lines(b)
    removed, added = Counter(first) - Counter(second), Counter(second) - Counter(first)
    content = max(sum(removed.values()), sum(added.values()))
    common = Counter(first) & Counter(second)
    keep_a = [x for x in first if common[x] and not removed.get(x)] or [x for x in first if common[x]]
    keep_b = [x for x in second if common[x] and not added.get(x)] or [x for x in second if common[x]]
    kept = sum(m.size for m in difflib.SequenceMatcher(a=keep_a, b=keep_b, autojunk=False).get_matching_blocks())
    moved = min(len(keep_a), len(keep_b)) - kept
    return content + moved


def rule_side(book, file: str, edge: dict, side: str):
    """Rule one side of an edge; return the decision and the rules fired in any branch."""
    case = edge[side]
    incident = parse(case["incident"], f"{file}: {case['name']}")
    decision = decide(book, incident, code=case.get("code", edge.get("code")),
                      game=case.get("game", edge.get("game")))
    fired = set()
    for branch in decision.branches:
        fired |= branch.inference.fired()
    return decision, fired


def substance(decision, rules) -> list:
    """What a decision holds, grants and forbids, how it judges each demand, and the
    arbitrator's notes, branch by branch, with the facts the edge's own rules conclude (a
    rule that only gives a fact for other laws differs there): where two decisions must
    differ."""
    out = []
    for b in decision.branches:
        said = sorted((f.kind, f.rule, f.ruling or f.says) for f in b.findings + b.notes)
        said += sorted(("demand", j.demander, j.penalty, j.of, j.arg, str(j.stands), j.reason) for j in b.demands)
        facts = sorted(c.text for c in b.inference.conclusions if c.kind == "fact" and c.rule.id in rules)
        out.append((said, facts))
    return out


@pytest.mark.parametrize("file, edge", EDGES)
def test_edge(book, file, edge):
    unknown = set(edge) - KEYS
    assert not unknown, f"{file}: unknown keys {sorted(unknown)}"
    assert edge.get("rules") and edge.get("edge"), f"{file}: an edge names its rules and the words of its line"
    for side in ("applies", "near_miss"):
        extra = set(edge[side]) - SIDE_KEYS
        assert not extra, f"{file}: {side}: unknown keys {sorted(extra)}"
    known = {r.id for code in book.codes for r in book.rules_of(code)}
    missing = [r for r in edge["rules"] if r not in known]
    assert not missing, f"{file}: no such rule {missing}"
    applies, fired_in = rule_side(book, file, edge, "applies")
    near, fired_near = rule_side(book, file, edge, "near_miss")
    where = f"{file}: {edge['edge']}"
    for rule in edge["rules"]:
        assert rule in fired_in, f"{where}\n    {rule} does not fire where the law applies ({edge['applies']['name']})"
        assert rule not in fired_near, f"{where}\n    {rule} fires in the near miss ({edge['near_miss']['name']})"
    check_decision(applies, edge["applies"], f"{where}: {edge['applies']['name']}")
    check_decision(near, edge["near_miss"], f"{where}: {edge['near_miss']['name']}")
    assert substance(applies, edge["rules"]) != substance(near, edge["rules"]), (
        f"{where}\n    the two decisions do not differ")
    changed = lines_changed(edge["applies"]["incident"], edge["near_miss"]["incident"])
    assert changed <= MOST_LINES_CHANGED, (
        f"{where}\n    the near miss differs in {changed} lines: a near miss differs in one decisive fact")


def test_every_edge_has_sentences_for_names():
    for param in EDGES:
        _, edge = param.values
        for side in ("applies", "near_miss"):
            assert len(edge[side]["name"].split()) >= 5, edge[side]["name"]


def test_a_laws_edges_stand_in_one_file_under_its_code():
    """The boundary files are laid out as the laws are (by code, then subject): the edges of
    one law are found in one file, in the folder of its code."""
    homes: dict[str, set[str]] = {}
    for path in sorted(BOUNDARIES.rglob("*.yaml")):
        for edge in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            law = edge["rules"][0].split("#")[0]
            homes.setdefault(law, set()).add(path.relative_to(BOUNDARIES).as_posix())
    scattered = {law: sorted(files) for law, files in homes.items() if len(files) > 1}
    assert not scattered
    for law, (file,) in ((law, tuple(files)) for law, files in homes.items()):
        code = law.split("/")[0]
        assert file.split("/")[0] == ("cavendish" if code == "cavendish-principles" else code), (law, file)
