"""Files and caches under stress: `fmt --write` never loses a file, standard input is read
once, the comment stripper reads quotes as the grammar does, a bad template, law file or
cache entry is a clear error or is rebuilt (never an internal error), a key given twice in
a law file is refused, the law-book cache is keyed on what was read, and an error quotes a
bounded part of a long line."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.incident import IncidentError, parse
from arbiter.lawbook import LawBook, LawBookError
from arbiter.lawbook.yamlio import read_yaml

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "examples" / "revoke-found-at-end-of-hand.whist"
runner = CliRunner()

#: Not in canonical form (one space of indentation), and longer than 1,024 bytes.
MESSY = "trick 1:\n" + "".join(f' Y says "remark number {i}, made at some length"\n' for i in range(120))


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """A cache of this test's own: ``$XDG_CACHE_HOME/whist-arbiter``, turned on."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("WHIST_ARBITER_NO_CACHE", raising=False)
    return tmp_path / "xdg" / "whist-arbiter"


def canonical(text: str) -> str:
    return runner.invoke(app, ["fmt", "-"], input=text).output


# ------------------------------------------------------------------ fmt --write

def test_fmt_write_renames_the_new_text_over_the_file_and_keeps_its_mode(tmp_path):
    path = tmp_path / "messy.whist"
    path.write_text(MESSY, encoding="utf-8")
    path.chmod(0o604)
    before = path.stat().st_ino
    result = runner.invoke(app, ["fmt", "--write", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == canonical(MESSY)
    assert stat.S_IMODE(path.stat().st_mode) == 0o604
    assert path.stat().st_ino != before            # a new file renamed over the old, not the old one emptied
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.whist"]    # nothing left beside it


def test_fmt_write_through_a_link_rewrites_the_file_and_keeps_the_link(tmp_path):
    target = tmp_path / "real.whist"
    target.write_text(MESSY, encoding="utf-8")
    link = tmp_path / "link.whist"
    link.symlink_to(target)
    assert runner.invoke(app, ["fmt", "--write", str(link)]).exit_code == 0
    assert link.is_symlink() and target.read_text(encoding="utf-8") == canonical(MESSY)


def test_a_write_that_fails_part_way_leaves_the_file_as_it_was(tmp_path):
    """A file system that refuses more than 1,024 bytes (as a full disk does) while the
    new text is written: the old file is whole, and the error says so, exit 1."""
    path = tmp_path / "messy.whist"
    path.write_text(MESSY, encoding="utf-8")
    script = ("import resource, signal, sys\n"
              "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
              "resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))\n"
              "from arbiter.cli import main\n"
              f"sys.argv = ['arbiter', 'fmt', '--write', {str(path)!r}]\n"
              "main()\n")
    env = {**os.environ, "WHIST_ARBITER_NO_CACHE": "1"}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=REPO)
    assert path.read_text(encoding="utf-8") == MESSY
    assert out.returncode == 1, out.stderr
    assert "cannot be written" in out.stderr and "the file is unchanged" in out.stderr
    assert "internal error" not in out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.whist"]


def test_a_read_only_file_under_fmt_write_is_a_clear_error_and_is_left_alone(tmp_path):
    path = tmp_path / "messy.whist"
    path.write_text(MESSY, encoding="utf-8")
    path.chmod(0o444)
    result = runner.invoke(app, ["fmt", "--write", str(path)])
    assert result.exit_code == 1
    assert "read-only" in result.output and "internal error" not in result.output
    assert path.read_text(encoding="utf-8") == MESSY


def test_fmt_write_leaves_a_canonical_file_untouched(tmp_path):
    path = tmp_path / "tidy.whist"
    path.write_text(canonical(MESSY), encoding="utf-8")
    before = path.stat().st_ino
    assert runner.invoke(app, ["fmt", "--write", str(path)]).exit_code == 0
    assert path.stat().st_ino == before


# ------------------------------------------------------------------ fmt --check -

def test_fmt_check_on_standard_input_accepts_a_canonical_incident():
    tidy = canonical(EXAMPLE.read_text(encoding="utf-8"))
    result = runner.invoke(app, ["fmt", "--check", "-"], input=tidy)
    assert result.exit_code == 0, result.output


def test_fmt_check_on_standard_input_still_refuses_a_messy_one():
    result = runner.invoke(app, ["fmt", "--check", "-"], input=MESSY)
    assert result.exit_code == 1 and "not in canonical form" in result.output


# ------------------------------------------------------------------ comments and quotes

def test_a_curly_closing_quote_inside_straight_quotes_does_not_end_the_string():
    incident = parse('trick 1:\n  A says "a ” # b"\n')
    assert incident.events[0].words == "a ” # b"


def test_a_straight_quote_inside_curly_quotes_does_not_end_the_string():
    incident = parse('trick 1:\n  A says “a " # b”  # a comment\n')
    assert incident.events[0].words == 'a " # b'


def test_a_backslash_in_curly_quotes_escapes_nothing_as_in_the_grammar():
    incident = parse("trick 1:\n  A says “a\\” # a comment\n")
    assert incident.events[0].words == "a\\"


# ------------------------------------------------------------------ templates, law files, cache entries

def data_tree(tmp_path: Path, template: str | None = None) -> Path:
    """A data directory with the repository's laws and cases, and its templates, one of
    them (decision.text.j2) replaced by ``template``."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "laws").symlink_to(REPO / "laws")
    (data / "cases").symlink_to(REPO / "cases")
    shutil.copytree(REPO / "templates", data / "templates")
    if template is not None:
        (data / "templates" / "decision.text.j2").write_text(template, encoding="utf-8")
    return data


@pytest.mark.parametrize("template, words", [
    ("{% if %}\n", "decision.text.j2, line 1"),
    ("{{ d.no_such_thing }}\n", "no_such_thing"),
], ids=["syntax", "undefined"])
def test_a_template_with_an_error_is_a_clear_error_not_an_internal_one(tmp_path, monkeypatch, template, words):
    monkeypatch.setenv("WHIST_ARBITER_DATA", str(data_tree(tmp_path, template)))
    result = runner.invoke(app, ["rule", str(EXAMPLE)])
    assert result.exit_code == 1, result.output
    assert "Error: a template cannot be used:" in result.output and words in result.output
    assert "internal error" not in result.output


def copy_of_laws(tmp_path: Path) -> Path:
    laws = tmp_path / "laws"
    shutil.copytree(REPO / "laws", laws)
    return laws


def test_a_law_file_that_is_a_directory_is_a_clear_error_with_the_cache_on(tmp_path, cache):
    from arbiter.lawbook.loader import cached_lawbook

    laws = copy_of_laws(tmp_path)
    (laws / "extra.yaml").mkdir()
    with pytest.raises(LawBookError, match="extra.yaml: cannot be read"):
        cached_lawbook(laws)


def test_a_law_file_that_cannot_be_read_is_a_clear_error_with_the_cache_on(tmp_path, cache, monkeypatch):
    from arbiter.lawbook.loader import cached_lawbook

    laws = copy_of_laws(tmp_path)
    real = Path.read_bytes

    def unreadable(self):
        if self.name == "english-1864.yaml":
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", unreadable)
    with pytest.raises(LawBookError, match=r"english-1864.yaml: cannot be read \(Permission denied\)"):
        cached_lawbook(laws)


def test_a_law_file_that_is_a_dangling_link_is_a_clear_error_from_the_command(tmp_path, cache, monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(REPO / "laws", data / "laws")
    (data / "laws" / "gone.yaml").symlink_to(tmp_path / "nowhere.yaml")
    (data / "cases").symlink_to(REPO / "cases")
    (data / "templates").symlink_to(REPO / "templates")
    monkeypatch.setenv("WHIST_ARBITER_DATA", str(data))
    result = runner.invoke(app, ["laws", "list"])
    assert result.exit_code == 1, result.output
    assert "malformed law file" in result.output and "gone.yaml: cannot be read" in result.output


def test_a_cached_law_book_of_the_wrong_shape_is_ignored_and_rebuilt(tmp_path, cache):
    from arbiter.lawbook.loader import cached_lawbook

    laws = copy_of_laws(tmp_path)
    from arbiter.lawbook import bookfile
    from arbiter.support import plaindata

    first = cached_lawbook(laws)
    (kept,) = cache.glob("lawbook-*")
    kept.write_bytes(plaindata.dumps({"not": "a law book"}, bookfile.KIND))     # whole, but no book
    again = cached_lawbook(laws)
    assert isinstance(again, LawBook)
    assert again.law("english-1864/72").text == first.law("english-1864/72").text
    assert isinstance(bookfile.book_from(kept.read_bytes()), LawBook)      # rebuilt, and kept again


# ------------------------------------------------------------------ duplicate keys

def test_a_key_given_twice_in_a_yaml_file_is_refused_with_its_line_and_column(tmp_path):
    path = tmp_path / "code.yaml"
    path.write_text("entries:\n  - id: x/1\n    rules: [a]\n    text: [t]\n    rules: [b]\n", encoding="utf-8")
    with pytest.raises(LawBookError) as caught:
        read_yaml(path)
    assert str(caught.value).startswith(f"{path}:5:5: duplicate key 'rules' (first given on line 3)")


def test_a_key_given_twice_in_a_flow_mapping_is_refused(tmp_path):
    path = tmp_path / "flow.yaml"
    path.write_text("{a: 1, a: 2}\n", encoding="utf-8")
    with pytest.raises(LawBookError, match="flow.yaml:1:8: duplicate key 'a'"):
        read_yaml(path)


def test_a_law_book_with_a_topic_given_twice_is_refused(tmp_path):
    from arbiter.lawbook.loader import build_lawbook

    laws = copy_of_laws(tmp_path)
    topics = laws / "topics.yaml"
    lines = topics.read_text(encoding="utf-8").splitlines()
    first = next(n for n, line in enumerate(lines, 1) if line.startswith("bets:"))
    topics.write_text("\n".join(lines) + "\nbets: Said again.\n", encoding="utf-8")
    with pytest.raises(LawBookError, match=rf"topics.yaml:{len(lines) + 1}:1: duplicate key 'bets' "
                                           rf"\(first given on line {first}\)"):
        build_lawbook(laws)


def test_yaml_merge_keys_may_still_override_what_they_merge(tmp_path):
    path = tmp_path / "merge.yaml"
    path.write_text("base: &b {x: 1, y: 2}\nthis:\n  <<: *b\n  x: 3\n", encoding="utf-8")
    assert read_yaml(path)["this"] == {"x": 3, "y": 2}


# ------------------------------------------------------------------ what the cache is keyed on

def test_a_law_file_changed_while_the_book_is_built_never_leaves_a_stale_book(tmp_path, cache, monkeypatch):
    """The book is kept under the bytes it was built from: after the file is put back as it
    was when it was hashed, the book is the original's, not the one built from the edit."""
    from arbiter.lawbook import loader

    laws = copy_of_laws(tmp_path)
    topics = laws / "topics.yaml"
    original = topics.read_text(encoding="utf-8")
    edited = original.replace("bets: Bets on the game, the odd trick or the score.", "bets: EDITED.")
    assert edited != original
    real_build = loader.build_lawbook

    def build_after_an_edit(directory):
        topics.write_text(edited, encoding="utf-8")     # between hashing and reading
        return real_build(directory)

    monkeypatch.setattr(loader, "build_lawbook", build_after_an_edit)
    assert loader.cached_lawbook(laws).topics["bets"] == "EDITED."
    monkeypatch.setattr(loader, "build_lawbook", real_build)
    topics.write_text(original, encoding="utf-8")
    assert loader.cached_lawbook(laws).topics["bets"] == "Bets on the game, the odd trick or the score."


# ------------------------------------------------------------------ long lines in errors

def test_an_error_in_a_very_long_line_quotes_only_the_part_around_the_column():
    line = "a" * 5_000_000 + " BAD " + "b" * 5_000_000
    error = IncidentError("x.whist", 1, 5_000_002, line, "a verb", problem="unexpected " + repr("c" * 100_000))
    message = str(error)
    assert len(message) < 1_000
    head, quoted, caret = message.splitlines()
    assert quoted.startswith("    …a") and quoted.endswith("b…")
    assert quoted[len(caret) - 1:].startswith("BAD")      # the caret is under the word
    assert head.endswith("…")


def test_a_ten_megabyte_line_gives_a_short_error():
    text = 'trick 1:\n  A says "' + "x" * 10_000_000 + '"\n'
    with pytest.raises(IncidentError) as caught:
        parse(text)
    assert len(str(caught.value)) < 1_000


def test_a_short_line_is_still_quoted_whole_with_the_caret_under_its_column():
    message = str(IncidentError("x.whist", 2, 5, "  Y laeds S5", "a verb"))
    assert message.splitlines()[1:] == ["      Y laeds S5", "        ^"]


# ------------------------------------------------------------------ the grammars' cache

def test_an_incident_parser_read_back_from_the_cache_parses_as_a_freshly_analysed_one(cache, monkeypatch):
    import lark

    from arbiter.incident import parser

    examples = sorted((REPO / "examples").glob("*.whist"))
    parser._lark.cache_clear()
    try:
        fresh = [parse(path.read_text(encoding="utf-8"), path.name) for path in examples]
        assert list(cache.glob("lark-incident-*")), "the analysed grammar was not kept"
        parser._lark.cache_clear()

        def analyse(*args, **kwargs):
            raise AssertionError("the grammar was analysed again instead of read back")

        monkeypatch.setattr(lark.Lark, "__init__", analyse)
        again = [parse(path.read_text(encoding="utf-8"), path.name) for path in examples]
    finally:
        parser._lark.cache_clear()
    assert again == fresh


def test_a_damaged_grammar_cache_is_analysed_again(cache):
    from arbiter.lawbook import conditions
    from arbiter.support import grammars, plaindata

    text = "renounced(P, N) and not corrected(P, N)"
    conditions._lark.cache_clear()
    try:
        expected = conditions._lark().parse(text)
        (kept,) = cache.glob("lark-conditions-*")
        kept.write_bytes(kept.read_bytes()[:100])
        conditions._lark.cache_clear()
        assert conditions._lark().parse(text) == expected
        assert isinstance(plaindata.loads(kept.read_bytes(), grammars.KIND), dict)      # kept whole again
    finally:
        conditions._lark.cache_clear()


def test_the_cache_keeps_the_newest_few_versions_of_a_thing_and_forgets_the_rest(cache):
    """Two checkouts whose law files differ each keep their own law book, rather than each
    building it afresh on every run in turn; older versions beyond the few kept go."""
    from arbiter.support import cachefiles

    kept = cachefiles.OTHER_VERSIONS + 1
    for n in range(kept + 2):
        assert cachefiles.write(f"thing-{n}.json", b"version %d" % n, replaces="thing-")
        os.utime(cache / f"thing-{n}.json", ns=(n * 10**9, n * 10**9))     # written in this order
    assert sorted(p.name for p in cache.glob("thing-*")) == [f"thing-{n}.json" for n in range(2, kept + 2)]
    assert cachefiles.read(f"thing-{kept + 1}.json") == b"version %d" % (kept + 1)
    assert cachefiles.write("other-0.json", b"x", replaces="other-")       # another thing's versions: apart
    assert len(list(cache.glob("thing-*"))) == kept
