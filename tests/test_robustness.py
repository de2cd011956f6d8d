"""Hard input: huge or deeply disputed incidents, hostile text, unsafe YAML."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.incident import IncidentError, parse
from arbiter.lawbook import LawBookError
from arbiter.lawbook.loader import build_lawbook
from arbiter.ruling.decision import decide

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
    out = runner.invoke(app, ["rule", "-", "--format", "html"], input=text).stdout   # the document itself
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


def test_a_cached_law_book_and_a_ruling_need_no_validator_yaml_or_condition_parser(tmp_path):
    """What keeps a command quick to start: the law book read back from the cache needs
    neither pydantic nor PyYAML, and a ruling parses no condition (Lark is loaded for the
    incident's own notation only). A new process shows what each import costs."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("WHIST_ARBITER_NO_CACHE", None)
    script = (
        "import sys\n"
        "from arbiter.lawbook import load_lawbook\n"
        "book = load_lawbook()\n"
        "print(sorted(m for m in ('pydantic', 'yaml', 'lark', 'jinja2') if m in sys.modules))\n"
        "import arbiter.lawbook.conditions as conditions\n"
        "def refuse(*a, **k):\n"
        "    raise AssertionError('a condition was parsed during a ruling')\n"
        "conditions._lark = refuse\n"
        "from arbiter.ruling.decision import decide\n"
        "from arbiter.incident import parse_file\n"
        f"decision = decide(book, parse_file({str(REPO / 'examples/revoke-found-at-end-of-hand.whist')!r}))\n"
        "print(decision.branches[0].holdings[0].ruling)\n"
    )
    first = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, cwd=REPO)
    assert first.returncode == 0, first.stderr
    assert "revoke(B, 5)" in first.stdout           # built and checked the first time
    again = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, cwd=REPO)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines() == ["[]", "revoke(B, 5)"]


def test_ruling_from_the_command_line_does_not_load_rich():
    """`arbiter rule` prints plain text through typer; rich, which the law browser's styled
    output needs, is loaded only by the commands that use it (it costs a command's start)."""
    import subprocess
    import sys

    script = ("import sys\nfrom typer.testing import CliRunner\nfrom arbiter.cli import app\n"
              f"result = CliRunner().invoke(app, ['rule', {str(REPO / 'examples/revoke-found-at-end-of-hand.whist')!r}])\n"
              "print(result.exit_code, 'rich' in sys.modules)\n"
              "CliRunner().invoke(app, ['laws', 'show', 'english-1864', '72'])\n"
              "print('rich' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["0", "False", "True"]
