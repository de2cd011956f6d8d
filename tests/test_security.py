"""Nothing run from a cache another account could write, and free text shown as words.

Caches: a file planted where Lark's own cache would be (the shared temporary directory),
or in the arbiter's cache directory when that directory (or the file) is not the user's
alone, is never loaded; what the cache holds is read as data only, so even a file planted
in the user's own directory runs nothing (tests/test_cache_data.py has the rest). Planted
files create a marker file if they are ever run, so "nothing executed" is seen, not
assumed.

Text: escape sequences in speech, titles, names and the lines quoted in errors are shown
escaped in text output and errors, kept verbatim in JSON; free text in Markdown is
escaped as HTML output already is.
"""

from __future__ import annotations

import getpass
import hashlib
import json
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.incident import IncidentError, parse

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "examples" / "revoke-found-at-end-of-hand.whist"
GRAMMARS = (REPO / "arbiter" / "incident" / "grammar.lark", REPO / "arbiter" / "lawbook" / "conditions.lark")
runner = CliRunner()
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


class Plant:
    """Unpickled, it creates ``marker``: proof that a planted file was run."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def planted_pickle(marker: Path) -> bytes:
    return pickle.dumps(Plant(marker))


def arbiter(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    """The command as a new process: nothing it loads is already in memory."""
    return subprocess.run([sys.executable, "-m", "arbiter", *args], capture_output=True, text=True,
                          env={**os.environ, **env}, cwd=REPO)


# ------------------------------------------------------------------ Lark's cache in the temporary directory

def lark_temporary_names(tmpdir: Path) -> list[Path]:
    """Where ``Lark(grammar, parser="lalr", cache=True, transformer=…)`` looks for each
    grammar's analysis: a name anyone can work out, in a directory everyone can write."""
    import lark

    names = []
    for grammar in GRAMMARS:
        key = grammar.read_text(encoding="utf-8") + "parserlalr" + "cacheTrue" + lark.__version__ \
            + str(sys.version_info[:2])
        sha = hashlib.sha256(key.encode("utf-8")).hexdigest()
        names.append(tmpdir / (".lark_cache_%s_%s_%s_%s.tmp" % (getpass.getuser(), sha, *sys.version_info[:2])))
    return names


PARSE_BOTH = (
    "from arbiter.incident import parse_file\n"
    "from arbiter.lawbook.conditions import parse_condition\n"
    f"parse_file({str(EXAMPLE)!r})\n"
    "parse_condition('renounced(P, N) and not corrected(P, N)')\n"
    "print('parsed')\n"
)


@pytest.mark.parametrize("no_cache", [False, True], ids=["cache-on", "cache-off"])
def test_a_pickle_planted_where_lark_would_cache_its_grammar_is_never_loaded(tmp_path, no_cache):
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    marker = tmp_path / "ran"
    for name in lark_temporary_names(shared):
        sha = name.name.split("_")[3]
        name.write_bytes(sha.encode() + b"\n" + planted_pickle(marker))
    env = {"TMPDIR": str(shared), "XDG_CACHE_HOME": str(tmp_path / "xdg"), "WHIST_ARBITER_NO_CACHE": ""}
    if no_cache:
        env["WHIST_ARBITER_NO_CACHE"] = "1"
    out = subprocess.run([sys.executable, "-c", PARSE_BOTH], capture_output=True, text=True,
                         env={**os.environ, **env}, cwd=REPO)
    assert out.returncode == 0 and out.stdout == "parsed\n", out.stderr
    assert not marker.exists()


def test_the_parsers_open_nothing_in_the_shared_temporary_directory(tmp_path):
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    script = (
        "import sys\n"
        "opened = []\n"
        f"sys.addaudithook(lambda event, args: event == 'open' and str(args[0]).startswith({str(shared)!r})"
        " and opened.append(args[0]))\n"
        + PARSE_BOTH +
        "print(opened)\n"
    )
    env = {**os.environ, "TMPDIR": str(shared), "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    env.pop("WHIST_ARBITER_NO_CACHE", None)
    for _ in range(2):      # building the cache, then reading it
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=REPO)
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines()[-1] == "[]"
    assert list(shared.iterdir()) == []


# ------------------------------------------------------------------ the arbiter's own cache directory

@pytest.fixture(scope="module")
def filled_cache(tmp_path_factory) -> tuple[Path, str]:
    """A cache directory filled by one ruling, and the ruling's output (made once: each
    test plants in a copy)."""
    xdg = tmp_path_factory.mktemp("filled") / "xdg"
    first = arbiter(["rule", str(EXAMPLE)], {"XDG_CACHE_HOME": str(xdg), "WHIST_ARBITER_NO_CACHE": ""})
    assert first.returncode == 0, first.stderr
    return xdg / "whist-arbiter", first.stdout


@pytest.fixture
def populated(tmp_path, filled_cache) -> tuple[Path, dict[str, str], str]:
    """A copy of the filled cache for this test: its directory, the environment that uses
    it, and what the ruling should print."""
    import shutil

    source, expected = filled_cache
    directory = tmp_path / "xdg" / "whist-arbiter"
    shutil.copytree(source, directory)
    directory.chmod(0o700)
    return directory, {"XDG_CACHE_HOME": str(tmp_path / "xdg"), "WHIST_ARBITER_NO_CACHE": ""}, expected


def planted_book(kept: bytes) -> bytes:
    """The law book of the cache entry ``kept`` with Law 72 of the Club Code cited as
    ``PLANTED``: a whole, well-formed entry, which changes the ruling if it is read."""
    from dataclasses import replace

    from arbiter.lawbook import bookfile

    book = bookfile.book_from(kept)
    assert book is not None
    book.entries["english-1864/72"] = replace(book.entries["english-1864/72"], cited_as="PLANTED")
    return bookfile.book_bytes(book)


def plant_everywhere(directory: Path, marker: Path) -> list[str]:
    """Replace every file the cache holds: the law book by one that changes the ruling
    (:func:`planted_book`), the grammars by a pickle that creates ``marker`` if it is ever
    loaded."""
    kinds = []
    for path in sorted(directory.iterdir()):
        if path.name.startswith("lawbook-"):
            path.write_bytes(planted_book(path.read_bytes()))
        else:
            path.write_bytes(planted_pickle(marker))
        kinds.append(path.name.split("-")[0])
    assert {"lawbook", "lark"} <= set(kinds), kinds
    return kinds


def test_the_cache_directory_is_made_private_and_its_files_are_the_users_alone(filled_cache):
    directory, _ = filled_cache
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700
    for path in directory.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path.name
        assert path.stat().st_uid == os.geteuid()


def test_files_planted_in_a_shared_cache_directory_are_never_loaded(tmp_path, populated):
    """Every file of the cache replaced, in a directory anyone may write to; the other
    unsafe modes are tried on the directory check itself, below."""
    directory, env, expected = populated
    marker = tmp_path / "ran"
    plant_everywhere(directory, marker)
    directory.chmod(0o777)
    out = arbiter(["rule", str(EXAMPLE)], env)
    assert out.returncode == 0, out.stderr
    assert out.stdout == expected
    assert not marker.exists()


@pytest.mark.skipif(not ROOT, reason="needs to give the directory to another user")
def test_files_planted_in_a_cache_directory_of_another_user_are_never_loaded(tmp_path, populated):
    directory, env, expected = populated
    marker = tmp_path / "ran"
    plant_everywhere(directory, marker)
    os.chown(directory, 65534, 65534)
    directory.chmod(0o755)
    out = arbiter(["rule", str(EXAMPLE)], env)
    assert out.returncode == 0 and out.stdout == expected, out.stderr
    assert not marker.exists()


def test_a_planted_book_would_be_read_from_a_private_directory_which_is_why_the_directory_is_checked(
        tmp_path, populated):
    """The control for the tests above: the planted law book is live. The cache trusts what
    the user's own account wrote (whoever can write there can write the user's shell
    start-up files too), so what is read rests on the check -- but even there, nothing in
    the cache runs: the planted pickles are refused, as they would not be if unpickled."""
    directory, env, expected = populated
    marker = tmp_path / "ran"
    plant_everywhere(directory, marker)
    out = arbiter(["rule", str(EXAMPLE)], env)
    assert out.returncode == 0, out.stderr
    assert "vide PLANTED" in out.stdout and "vide PLANTED" not in expected
    assert not marker.exists()
    pickle.loads(planted_pickle(marker))
    assert marker.exists()


def test_a_pickle_in_place_of_the_law_book_is_never_unpickled(tmp_path, monkeypatch):
    """Even in a private directory, a pickle that calls anything (here ``open``) is not read."""
    from arbiter.lawbook import LawBook, loader

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("WHIST_ARBITER_NO_CACHE", raising=False)
    laws = tmp_path / "laws"
    laws.symlink_to(REPO / "laws")
    loader.cached_lawbook(laws)
    (kept,) = (tmp_path / "xdg" / "whist-arbiter").glob("lawbook-*")
    marker = tmp_path / "ran"
    kept.write_bytes(planted_pickle(marker))
    assert isinstance(loader.cached_lawbook(laws), LawBook)
    assert not marker.exists()


def own_cache(tmp_path: Path, monkeypatch) -> Path:
    from arbiter.support import cachefiles

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("WHIST_ARBITER_NO_CACHE", raising=False)
    assert cachefiles.write("probe", b"kept")
    return tmp_path / "xdg" / "whist-arbiter"


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o707, 0o720])
def test_a_cache_directory_others_may_write_to_is_neither_read_nor_written(tmp_path, monkeypatch, mode):
    from arbiter.support import cachefiles

    directory = own_cache(tmp_path, monkeypatch)
    directory.chmod(mode)
    assert cachefiles.read("probe") is None
    assert cachefiles.write("other", b"x") is False and not (directory / "other").exists()


def test_a_cache_file_others_may_write_is_not_read(tmp_path, monkeypatch):
    from arbiter.support import cachefiles

    directory = own_cache(tmp_path, monkeypatch)
    assert cachefiles.read("probe") == b"kept"
    (directory / "probe").chmod(0o666)
    assert cachefiles.read("probe") is None


def test_a_cache_file_that_is_a_link_is_not_followed(tmp_path, monkeypatch):
    from arbiter.support import cachefiles

    directory = own_cache(tmp_path, monkeypatch)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(b"not ours to read")
    elsewhere.chmod(0o600)
    (directory / "link").symlink_to(elsewhere)
    assert cachefiles.read("link") is None


def test_a_cache_directory_of_someone_else_is_neither_read_nor_written(tmp_path, monkeypatch):
    from arbiter.support import cachefiles

    own_cache(tmp_path, monkeypatch)
    monkeypatch.setattr(cachefiles, "_me", lambda: os.geteuid() + 1)
    assert cachefiles.read("probe") is None
    assert cachefiles.write("other", b"x") is False


@pytest.mark.skipif(not ROOT, reason="needs to give a file to another user")
def test_a_cache_file_of_another_user_is_not_read(tmp_path, monkeypatch):
    from arbiter.support import cachefiles

    directory = own_cache(tmp_path, monkeypatch)
    os.chown(directory / "probe", 65534, 65534)
    assert cachefiles.read("probe") is None


def test_nothing_is_kept_or_read_with_the_cache_turned_off(tmp_path, monkeypatch):
    from arbiter.support import cachefiles

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("WHIST_ARBITER_NO_CACHE", "1")
    assert cachefiles.write("probe", b"x") is False and cachefiles.read("probe") is None
    assert not (tmp_path / "xdg").exists()


# ------------------------------------------------------------------ escape sequences

HOSTILE = (
    'code english-1864\n'
    'title "Title\x1b]0;owned\x07 \x1b]52;c;b3duZWQ=\x07"\n'
    'player A "Mr \x1b[31mRed\x9b2J"\n'
    'trick 1:\n'
    '  A leads S2  # a comment \x1b[2J\n'
    '  Y says "clear \x1b[2J\x1b]8;;http://evil/\x1b\\\\link\x1b]8;;\x1b\\\\"\n'
    'question "Is it \x1b[5mblinking\x1b[0m?"\n'
)
RAW = ("\x1b", "\x9b", "\x07")


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_escape_sequences_in_free_text_are_shown_escaped_in_every_written_format(fmt):
    result = runner.invoke(app, ["rule", "-", "--format", fmt], input=HOSTILE)
    assert result.exit_code == 0, result.output
    assert not any(c in result.output for c in RAW)
    assert "\\x1b" in result.output and "owned" in result.output and "blinking" in result.output


def test_escape_sequences_are_kept_verbatim_in_json():
    data = json.loads(runner.invoke(app, ["rule", "-", "--format", "json"], input=HOSTILE).stdout)   # the warnings go to stderr
    assert data["title"] == "Title\x1b]0;owned\x07 \x1b]52;c;b3duZWQ=\x07"
    assert "\x1b[5m" in data["question"]


def test_escape_sequences_are_shown_escaped_by_check():
    result = runner.invoke(app, ["check", "-"], input=HOSTILE)
    assert result.exit_code == 0, result.output
    assert not any(c in result.output for c in RAW)
    assert "\\x1b[2J" in result.output


def test_the_terminal_console_shows_control_characters_but_keeps_its_own_styles():
    import io

    from arbiter.cli import terminal

    out = io.StringIO()
    console = terminal._console_class()(file=out, force_terminal=True, color_system="standard", markup=False)
    console.print(terminal.Text("law \x1b[2J text", style="bold"))
    written = out.getvalue()
    assert "\\x1b[2J" in written and "\x1b[2J" not in written
    assert "\x1b[1m" in written          # rich's bold, which is its own


def test_the_line_quoted_in_an_error_shows_its_escape_sequences():
    with pytest.raises(IncidentError) as caught:
        parse('trick 1:\n  A laeds S2 "\x1b]0;owned\x07"\n')
    message = str(caught.value)
    assert not any(c in message for c in RAW) and "\\x1b]0;owned\\x07" in message
    column = message.splitlines()[2].index("^")
    assert message.splitlines()[1][column:].startswith("laeds")


def test_an_escape_sequence_in_a_file_name_is_shown_escaped_in_the_error(tmp_path):
    result = runner.invoke(app, ["check", str(tmp_path / "x\x1b[2J.whist")])
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "x\\x1b[2J.whist: no such file" in result.output


def test_an_escape_sequence_in_a_command_error_is_shown_escaped():
    result = runner.invoke(app, ["rule", str(EXAMPLE), "--game", "whist\x1b[2J"])
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "whist\\x1b[2J" in result.output


# ------------------------------------------------------------------ Markdown

def markdown_as_html(text: str) -> str:
    markdown_it = pytest.importorskip("markdown_it")
    return markdown_it.MarkdownIt("commonmark").enable("table").render(text)


MARKDOWN_HOSTILE = (
    'code english-1864\n'
    'title "# Not a heading <b>bold</b>"\n'
    'trick 1:\n'
    '  A leads S2\n'
    '  Y says "```"\n'
    '  Z says "<script>alert(1)</script> *stars* [link](http://evil) | bar \\\\ back"\n'
    'question "<!-- the rest is hidden"\n'
)


def test_markdown_output_escapes_html_comments_code_fences_and_scripts():
    text = runner.invoke(app, ["rule", "-", "--format", "md"], input=MARKDOWN_HOSTILE).stdout   # the document itself
    assert "<!--" not in text and "```" not in text and "<script>" not in text
    html = markdown_as_html(text)
    assert "<script>" not in html and "<!--" not in html and "<b>" not in html
    assert "<pre>" not in html and "<em>stars</em>" not in html and "<a href" not in html
    assert "&lt;!-- the rest is hidden" in html           # the question, shown as its words
    assert "&lt;script&gt;alert(1)&lt;/script&gt; *stars* [link](http://evil) | bar \\ back" in html
    assert "<h2>Decision</h2>" in html                    # the rest of the document is still there
    assert html.count("<h1>") == 1 and "# Not a heading &lt;b&gt;bold&lt;/b&gt;" in html


def test_markdown_escaping_leaves_the_templates_own_markup_alone():
    text = runner.invoke(app, ["rule", str(EXAMPLE), "--format", "md"]).output
    html = markdown_as_html(text)
    assert "<h2>Facts</h2>" in html and "<strong>" in html and "<li>" in html


def test_the_case_report_keeps_its_table_and_line_breaks():
    html = markdown_as_html(runner.invoke(app, ["cases", "report", "--format", "md"]).output)
    assert "<table>" in html and "<br><br>" in html
