"""Rulings as data: incidents with the holdings and laws the arbiter must reach.

Each file in tests/rulings/ is a list of cases, each named by a full sentence, with the
incident in the notation and what the decision must hold (OpenFisca's way of writing
tests). A failure prints the file, the case and the difference.

    - name: "A revoke established by playing to the next trick costs three tricks"
      incident: |
        code english-1864
        ...
      holdings: ["revoke(B, 2)"]          # rulings held (in every branch, unless `branches`)
      not_holdings: [lead_out_of_turn]     # rulings (by name or in full) that must not be held
      cites: [english-1864/73, english-1864/72]
      not_cites: [english-1864/78]
      remedies: [english-1864/72]          # laws giving a right (may) in the decision
      answer: yes                          # with `question "…" about NAME`
      branches:                            # for disputed facts: one expectation per branch
        - {holdings: [...], cites: [...]}
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from arbiter.incident import parse
from arbiter.ruling.decision import decide

RULINGS = Path(__file__).resolve().parent / "rulings"
KEYS = {"name", "incident", "code", "game", "holdings", "not_holdings", "cites", "not_cites",
        "remedies", "answer", "branches", "rights", "not_rights", "demands", "turns_on"}


def load_cases():
    cases = []
    for path in sorted(RULINGS.rglob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            cases.append(pytest.param(path.relative_to(RULINGS).as_posix(), case, id=f"{path.relative_to(RULINGS).with_suffix('').as_posix()}: {case.get('name', '?')}"))
    return cases


CASES = load_cases()


def check_branch(branch, expect, where):
    held = [r for f in branch.holdings for r in (f.ruling, *f.also_holds) if r]   # a sentence may hold two
    names = {h.split("(")[0] for h in held}
    problems = []
    for h in expect.get("holdings", []):
        if h not in held:
            problems.append(f"expected holding {h}; held {held}")
    for h in expect.get("not_holdings", []):
        if h in held or ("(" not in h and h in names):
            problems.append(f"did not expect holding {h}; held {held}")
    cited = branch.cited
    for law in expect.get("cites", []):
        if law not in cited:
            problems.append(f"expected {law} to be cited; cited {cited}")
    for law in expect.get("not_cites", []):
        if law in cited:
            problems.append(f"did not expect {law} to be cited; cited {cited}")
    remedies = [f.law for f in branch.remedies]
    for law in expect.get("remedies", []):
        if law not in remedies:
            problems.append(f"expected a remedy under {law}; remedies under {remedies}")
    problems += _check_rights(branch, expect) + _check_demands(branch, expect) + _check_turns_on(branch, expect)
    assert not problems, f"{where}\n    " + "\n    ".join(problems)


def _check_rights(branch, expect):
    """``rights: ["YZ call suit"]``: a remedy held by YZ whose penalties include ``call suit``."""
    granted = {f"{f.who} {k}" for f in branch.remedies for k in (f.exacts or ()) if f.who}
    problems = [f"expected the right {r}; granted {sorted(granted)}" for r in expect.get("rights", [])
                if r not in granted]
    problems += [f"did not expect the right {r}; granted {sorted(granted)}" for r in expect.get("not_rights", [])
                 if r in granted]
    return problems


def _check_turns_on(branch, expect):
    """``turns_on: [{question: "whether B held a heart", if_so: "revoke(B, 5)"}]``: a fact the
    incident leaves open, on which the ruling turns, and the holding an answer would add;
    ``turns_on: []`` says the ruling turns on nothing unknown."""
    if "turns_on" not in expect:
        return []
    open_ = [(t.question, {f.ruling for f in t.if_so}, {f.ruling for f in t.if_not}) for t in branch.turns_on]
    if not expect["turns_on"] and open_:
        return [f"expected the ruling to turn on nothing unknown; it turns on {[q for q, _, _ in open_]}"]
    problems = []
    for want in expect["turns_on"]:
        found = [(q, so, no) for q, so, no in open_ if want["question"] in q]
        if not found:
            problems.append(f"expected the ruling to turn on {want['question']!r}; it turns on "
                            f"{[q for q, _, _ in open_]}")
            continue
        _, so, no = found[0]
        for key, got in (("if_so", so), ("if_not", no)):
            if key in want and want[key] not in got:
                problems.append(f"expected {key} to add {want[key]}; it adds {sorted(got)}")
    return problems


def _check_demands(branch, expect):
    """``demands: [{by: A, penalty: call suit, stands: false, because: "only B"}]``: each
    demand judged as expected, the reason containing ``because``; ``trick: 4`` picks the
    demand made at trick 4, where the same demand was made more than once."""
    problems = []
    for want in expect.get("demands", []):
        found = [j for j in branch.demands if j.demander == want["by"] and j.penalty == want["penalty"]
                 and ("trick" not in want or j.trick == want["trick"])]
        if not found:
            problems.append(f"expected a demand of {want['penalty']} by {want['by']}; judged "
                            f"{[(j.demander, j.penalty) for j in branch.demands]}")
            continue
        j = found[0]
        if j.stands != want["stands"]:
            problems.append(f"expected {want['by']}'s demand of {want['penalty']} to "
                            f"{'stand' if want['stands'] else 'be refused'}: {j.says}")
        if want.get("because") and want["because"] not in j.reason:
            problems.append(f"expected the reason to say {want['because']!r}: {j.says}")
    return problems


@pytest.mark.parametrize("file, case", CASES)
def test_ruling(book, file, case):
    unknown = set(case) - KEYS
    assert not unknown, f"{file}: {case.get('name')}: unknown keys {sorted(unknown)}"
    incident = parse(case["incident"], f"{file}: {case['name']}")
    decision = decide(book, incident, code=case.get("code"), game=case.get("game"))
    check_decision(decision, case, f"{file}: {case['name']}")


def check_decision(decision, case, where):
    """The answer, each branch's own expectations, and what every branch must hold."""
    if "answer" in case:
        expected = {True: "yes", False: "no"}.get(case["answer"], case["answer"])  # YAML reads yes as true
        assert decision.answer == expected, f"{where}\n    answer {decision.answer}, expected {expected}"
    if "branches" in case:
        assert len(decision.branches) == len(case["branches"]), where
        for i, (branch, expect) in enumerate(zip(decision.branches, case["branches"])):
            check_branch(branch, expect, f"{where} (branch {i + 1}: {'; '.join(branch.alternatives)})")
    for branch in decision.branches:
        check_branch(branch, case, where)


def test_every_case_has_a_sentence_for_a_name():
    for param in CASES:
        _, case = param.values
        assert len(case["name"].split()) >= 5, case["name"]
