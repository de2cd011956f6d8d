"""Hard input: huge or deeply disputed incidents, hostile text, unsafe YAML."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.decision import decide
from arbiter.incident import IncidentError, parse
from arbiter.lawbook import LawBookError
from arbiter.lawbook.loader import build_lawbook

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()


def test_a_ten_thousand_line_incident_is_ruled(book):
    lines = ["code english-1864", "dealer Z", "trump clubs", "trick 1:", "  A leads S2"]
    lines += ['  bystander says "Play on"'] * 10_000
    decision = decide(book, parse("\n".join(lines) + "\n"))
    assert decision.branches


def test_too_many_disputed_alternatives_is_a_clean_error():
    text = "trick 1:\n" + "".join(f'  disputed:\n    - A says "{i}a"\n    - A says "{i}b"\n' for i in range(12))
    with pytest.raises(IncidentError, match="more than 256 ways"):
        parse(text).branches()
    result = runner.invoke(app, ["rule", "-"], input=text)
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_html_escapes_everything_from_the_incident():
    text = ('code english-1864\ntitle "<script>alert(1)</script>"\ntrick 1:\n'
            '  A says "<script>alert(2)</script>" (claims game)\n'
            'question "<img src=x onerror=alert(3)>?"\n')
    out = runner.invoke(app, ["rule", "-", "--format", "html"], input=text).output
    assert "<script>" not in out and "<img" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out


def test_law_files_are_read_with_a_safe_loader(tmp_path):
    laws = tmp_path / "laws"
    shutil.copytree(REPO / "laws", laws)
    (laws / "topics.yaml").write_text("revoke: !!python/object/apply:os.system ['echo owned']\n", encoding="utf-8")
    with pytest.raises(LawBookError, match="topics.yaml"):
        build_lawbook(laws)


@pytest.mark.parametrize("fmt", ["text", "md", "html", "json"])
def test_every_format_is_byte_identical_run_to_run(fmt):
    path = str(REPO / "cases" / "cavendish" / "case-07.whist")
    first = runner.invoke(app, ["rule", path, "--format", fmt, "--explain"]).output
    assert runner.invoke(app, ["rule", path, "--format", fmt, "--explain"]).output == first
