"""Cavendish's eleven Cases and Decisions: the arbiter must decide them as the book did."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from arbiter.cases import judge, load_cases
from arbiter.cli import app

ROOT = Path(__file__).resolve().parent.parent
CASES = load_cases("cavendish", ROOT / "cases")

#: The laws the book itself relies on in its decisions (and in the facts it states).
BOOK_CITES = {
    "I": ["english-1864/59", "english-1864/46"],
    "II": ["english-1864/6", "english-1864/7"],
    "III": ["english-1864/6"],
    "V": ["english-1864/58"],
    "VI": ["english-1864/44", "english-1864/70", "english-1864/46"],
    "VII": ["english-1864/73"],
    "VIII": ["english-1864/78"],
    "X": ["english-1864/84"],
}


def test_all_eleven_cases_are_encoded():
    assert [c.name for c in CASES] == ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"]


@pytest.mark.parametrize("case", CASES, ids=[f"Case {c.name}" for c in CASES])
def test_the_arbiter_decides_the_case_as_the_book_did(book, case):
    verdict = judge(book, case)
    assert verdict.agrees, f"Case {case.name}:\n    " + "\n    ".join(verdict.problems)


@pytest.mark.parametrize("name, laws", sorted(BOOK_CITES.items()))
def test_the_decision_cites_the_laws_the_book_cites(book, name, laws):
    case = next(c for c in CASES if c.name == name)
    cited = judge(book, case).decision.cited
    for law in laws:
        assert law in cited, (name, law, cited)


@pytest.mark.parametrize("case", CASES, ids=[f"Case {c.name}" for c in CASES])
def test_each_case_keeps_the_book_s_own_words(book, case):
    entry = book.law(case.book_entry)
    assert entry.label == f"Case {case.name}"
    assert any(p.text.startswith("_Decision_") for p in entry.paragraphs)


def test_glosses_cite_their_case(book):
    case = next(c for c in CASES if c.name == "VII")
    assert "cavendish-principles/case/7" in judge(book, case).decision.cited


runner = CliRunner()


def test_cases_test_reports_eleven_of_eleven():
    result = runner.invoke(app, ["cases", "test"])
    assert result.exit_code == 0, result.output
    assert "11 of 11 in agreement" in result.output


def test_cases_show_sets_book_and_arbiter_side_by_side():
    out = runner.invoke(app, ["cases", "show", "vii"]).output
    assert "Case VII — as the book has it" in out and "Case VII — as the arbiter rules" in out
    assert "equivalent to playing to the following trick" in out
    assert "Agreement: yes" in out


@pytest.mark.parametrize("fmt, marker", [("md", "## Case XI — agrees"), ("html", "<h2>Case XI")])
def test_the_report(fmt, marker):
    out = runner.invoke(app, ["cases", "report", "--format", fmt]).output
    assert "11 of 11 cases in agreement" in out and marker in out


def test_a_case_decided_otherwise_fails_the_suite(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "laws", tmp_path / "laws")
    shutil.copytree(ROOT / "cases", tmp_path / "cases")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    path = tmp_path / "cases" / "cavendish" / "case-11.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["expect"]["answer"] = "yes"      # as if the book had held it a lead out of turn
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    monkeypatch.setenv("WHIST_ARBITER_DATA", str(tmp_path))
    result = runner.invoke(app, ["cases", "test"])
    assert result.exit_code == 1
    assert "Case XI" in result.output and "DISAGREES" in result.output and "10 of 11" in result.output
