"""Shell completion: what TAB offers, read from the law book and cases/, as the shell asks
for it (the environment variables of the script `--show-completion` prints)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from typer.testing import CliRunner

from arbiter.cli import app, completion

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()


def offered(line: str) -> list[str]:
    """What bash is offered for the last word of ``line`` (a trailing space: a new word)."""
    words = line.split(" ")
    result = runner.invoke(app, [], prog_name="arbiter", env={
        "_ARBITER_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)})
    assert result.exit_code == 0, result.output
    return result.output.split()


def test_laws_show_completes_a_code_from_its_first_letters():
    words = offered("arbiter laws show eng")
    assert "english-1864" in words and "english-revised" in words
    assert "american-1893" not in words


def test_laws_show_completes_the_codes_law_numbers_after_the_code():
    words = offered("arbiter laws show english-1864 7")
    assert "72" in words and "73" in words and "8" not in words


def test_laws_show_offers_more_numbers_but_not_one_already_given():
    words = offered("arbiter laws show english-1864 72 7")
    assert "73" in words and "72" not in words


def test_laws_show_completes_within_a_section_of_the_code():
    assert "II" in offered("arbiter laws show english-1864 dummy ")


def test_a_slashed_law_id_completes_as_one_word():
    assert "english-1864/72" in offered("arbiter laws show english-1864/7")
    assert "american-1893/30a" in offered("arbiter laws compare english-1864/72 american-1893/30")


def test_an_unknown_code_offers_no_law_numbers():
    assert offered("arbiter laws show nonsense 7") == []


def test_the_game_option_completes_the_games_of_the_law_book():
    words = offered("arbiter rule x.whist --game bos")
    assert words == ["boston", "boston-de-fontainebleau"]


def test_the_format_options_complete_each_commands_own_formats():
    assert offered("arbiter rule x.whist --format ") == ["text", "md", "html", "json"]
    assert offered("arbiter cases report --format ") == ["md", "html"]
    assert offered("arbiter check x.whist --format ") == ["text", "json"]


def test_cases_show_completes_the_case_names():
    assert offered("arbiter cases show V") == ["V", "VI", "VII", "VIII"]


def test_the_score_code_option_offers_only_codes_with_scoring():
    words = offered("arbiter score hand --code ")
    assert "english-1864" in words and "english-revised" not in words


def test_the_lists_come_from_the_data_not_from_the_code(monkeypatch, tmp_path):
    """A code or a case added to the files is offered at once: nothing is listed in Python."""
    book = SimpleNamespace(codes={"scottish-1900": SimpleNamespace(id="scottish-1900", title="A club's own")})
    monkeypatch.setattr(completion, "_book", lambda: book)
    assert offered("arbiter laws show sco") == ["scottish-1900"]
    club = tmp_path / "my-club"
    club.mkdir()
    (club / "case-01.yaml").write_text("case: XLII\nbook: scottish-1900/1\nincident: case-01.whist\n")
    monkeypatch.setattr(completion, "_cases_dir", lambda: tmp_path)
    book.entries = {}
    assert offered("arbiter cases show --collection my-club X") == ["XLII"]
    assert offered("arbiter cases show --collection ") == ["my-club"]


def test_a_completer_that_fails_offers_nothing_rather_than_a_traceback(monkeypatch):
    def broken():
        raise ValueError("laws/english-1864.yaml:3:1: a malformed law file")

    monkeypatch.setattr(completion, "_book", broken)
    result = runner.invoke(app, [], prog_name="arbiter", env={
        "_ARBITER_COMPLETE": "complete_bash", "COMP_WORDS": "arbiter laws show eng", "COMP_CWORD": "3"})
    assert result.exit_code == 0
    assert result.output.strip() == ""


def test_completion_loads_neither_the_incident_parser_nor_the_validator():
    """TAB must be quick: the law book comes from its cache, and listing the cases parses no
    incident, so neither Lark nor pydantic's models of the law files is loaded by it."""
    script = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from arbiter.cli import app\n"
        "before = set(sys.modules)\n"
        "for line, cword in (('arbiter laws show english-1864 7', '4'), ('arbiter cases show V', '3')):\n"
        "    r = CliRunner().invoke(app, [], prog_name='arbiter', env={'_ARBITER_COMPLETE': 'complete_bash',\n"
        "                           'COMP_WORDS': line, 'COMP_CWORD': cword})\n"
        "    print(r.output.split())\n"
        "print('lark' in sys.modules, 'arbiter.lawbook.schema' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "'72'" in lines[0] and "'VII'" in lines[1]
    assert lines[-1] == "False False"


def test_show_completion_prints_a_bash_script_for_arbiter():
    result = runner.invoke(app, ["--show-completion", "bash"], prog_name="arbiter")
    assert result.exit_code == 0
    assert "_ARBITER_COMPLETE=complete_bash" in result.output
    assert "complete -o default -F _arbiter_completion arbiter" in result.output


def test_the_help_lists_the_completion_options_with_the_others():
    result = runner.invoke(app, ["--help"], prog_name="arbiter")
    assert result.exit_code == 0
    assert "--install-completion" in result.output and "--show-completion" in result.output
    assert "--version" in result.output and "rule" in result.output


def test_show_completion_prints_the_script_of_the_shell_named_whatever_shell_runs_it():
    """The shell named is the shell meant: run from `sh` (as a script or an editor runs it),
    `--show-completion bash` still prints bash's script, where Typer's own guessed the shell
    from the processes above and printed "Shell sh not supported"."""
    env = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent"}
    for shell, mark in (("bash", "complete -o default -F _arbiter_completion arbiter"),
                        ("zsh", "#compdef arbiter"), ("fish", "complete --command arbiter")):
        arbiter = Path(sys.executable).with_name("arbiter")
        out = subprocess.run(["/bin/sh", "-c", f'"{arbiter}" --show-completion {shell}'],
                             capture_output=True, text=True, cwd=REPO, env=env)
        assert out.returncode == 0, out.stderr
        assert mark in out.stdout


def test_a_shell_the_arbiter_does_not_complete_for_is_refused_with_those_it_does():
    result = runner.invoke(app, ["--show-completion", "csh"], prog_name="arbiter")
    assert result.exit_code == 2
    said = " ".join("".join(" " if ch in "│╭╮╰╯─" else ch for ch in result.output).split())   # out of its box
    assert "'csh' is not a shell the arbiter completes for: bash, zsh, fish, powershell, pwsh" in said
    result = runner.invoke(app, ["--install-completion", "csh"], prog_name="arbiter")
    assert result.exit_code == 2


def test_install_completion_writes_the_script_for_the_shell_named(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    result = runner.invoke(app, ["--install-completion", "bash"], prog_name="arbiter")
    assert result.exit_code == 0, result.output
    assert "bash completion installed in" in result.output
    script = tmp_path / ".bash_completions" / "arbiter.sh"
    assert "_ARBITER_COMPLETE=complete_bash" in script.read_text()
    assert f"source '{script}'" in (tmp_path / ".bashrc").read_text()
