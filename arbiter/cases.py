"""Published cases as a regression suite: replay each, rule on it, compare with the book.

A case is a pair of files: ``case-NN.whist`` (the incident in the notation) and
``case-NN.yaml`` (which entry of the law book holds the book's own words, and what the
decision must hold: the answer, the holdings, the laws cited, per branch where the facts
are disputed). Agreement is on holdings and cited laws, not on prose.

Uses: ruling, engine, table, facts, scoring, lawbook, incident, cards, words, support.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .lawbook import Law, LawBook
from .lawbook.yamlio import read_yaml
from .support.names import decimal, name_key
from .support.resources import cases_dir

if TYPE_CHECKING:   # the parser and the engine are loaded to judge, not to list the cases
    from .ruling.decision import Branch, Decision

EXPECT_KEYS = {"answer", "holdings", "not_holdings", "cites", "not_cites", "branches"}


@dataclass
class Case:
    name: str                 # "VII"
    path: Path                # the .yaml
    incident_path: Path
    book_entry: str           # the law book entry holding the book's text
    expect: dict


@dataclass
class Verdict:
    case: Case
    decision: Decision
    problems: list[str] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return not self.problems


def load_cases(collection: str = "cavendish", directory: Path | None = None) -> list[Case]:
    base = (directory or cases_dir()) / collection
    cases = []
    for path in sorted(base.glob("*.yaml")):
        data = read_yaml(path)
        unknown = set(data.get("expect", {})) - EXPECT_KEYS
        if unknown:
            raise ValueError(f"{path}: unknown keys under expect: {sorted(unknown)}")
        cases.append(Case(name=str(data["case"]), path=path, incident_path=base / data["incident"],
                          book_entry=data["book"], expect=data.get("expect", {})))
    return cases


def judge(book: LawBook, case: Case) -> Verdict:
    """Rule on the case's incident and compare the decision with what the book held."""
    from .incident import parse_file
    from .ruling.decision import decide

    decision = decide(book, parse_file(case.incident_path))
    verdict = Verdict(case, decision)
    expect = case.expect
    if "answer" in expect:
        wanted = {True: "yes", False: "no"}.get(expect["answer"], expect["answer"])
        if decision.answer != wanted:
            verdict.problems.append(f"answer: the book says {wanted}, the arbiter {decision.answer}")
    _compare(verdict, expect, decision.branches, "the decision")
    for i, (branch, wanted) in enumerate(zip(decision.branches, expect.get("branches", [])), 1):
        _compare(verdict, wanted, [branch], f"branch {i} ({'; '.join(branch.described)})")
    if "branches" in expect and len(expect["branches"]) != len(decision.branches):
        verdict.problems.append(
            f"branches: the book has {len(expect['branches'])}, the arbiter {len(decision.branches)}")
    return verdict


def _compare(verdict: Verdict, expect: dict, branches: list[Branch], where: str) -> None:
    held = [f.ruling for b in branches for f in b.holdings]
    names = {h.split("(")[0] for h in held if h}
    cited = list(dict.fromkeys(law for b in branches for law in b.cited))
    for h in expect.get("holdings", []):
        if h not in held and not ("(" not in h and h in names):
            verdict.problems.append(f"{where}: the book holds {h}; the arbiter holds {held}")
    for h in expect.get("not_holdings", []):
        if h in held or ("(" not in h and h in names):
            verdict.problems.append(f"{where}: the book does not hold {h}; the arbiter does")
    for law in expect.get("cites", []):
        if law not in cited:
            verdict.problems.append(f"{where}: the book relies on {law}; the arbiter cites {cited}")
    for law in expect.get("not_cites", []):
        if law in cited:
            verdict.problems.append(f"{where}: the book does not rely on {law}; the arbiter does")


def book_text(book: LawBook, case: Case) -> Law:
    return book.law(case.book_entry)


def arabic(numeral: str) -> int | None:
    """The value of a Roman numeral of the book's (``VII`` is 7), or None if it is not one.
    Read only from a case's own name, which is short: never from what a reader typed."""
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    if not numeral or len(numeral) > 15 or any(c not in values for c in numeral):
        return None
    total = 0
    for here, after in zip(numeral, numeral[1:] + "I"):
        total += -values[here] if values[here] < values[after] else values[here]
    return total


def case_names(case: Case) -> set[str]:
    """What a reader may call a case, as :func:`~arbiter.support.names.name_key` makes keys:
    its Roman number (``vii``) and the same number in figures (``7``)."""
    number = arabic(case.name.upper())
    return {name_key(case.name)} | ({str(number)} if number else set())


def case_named(cases: list[Case], name: str) -> Case | None:
    """A case by its Roman number (VII) or an Arabic one (7, 07, ٧); None if there is none.
    The name is looked up among the names of the cases there are: nothing is computed from
    it, so a number of any length is answered at once (as "no such case")."""
    key = name_key(name)
    key = decimal(key) or key
    return next((case for case in cases if key in case_names(case)), None)
