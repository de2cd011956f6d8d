"""The cache holds data and nothing else, even in the user's own directory (issue 21).

The attack: the law-book cache was a pickle whose allow-list admitted any type reachable
under ``arbiter.*``, and pickle resolves dotted names, so a function's ``__class__`` and a
code object's ``__class__`` let an entry build a function and call it while it loaded. Here
an entry is crafted that way, and others are damaged or foreign; each must run nothing and
be rebuilt. Planted entries create a marker file if they are ever run, so "nothing ran" is
seen, not assumed.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "examples" / "revoke-found-at-end-of-hand.whist"
#: A law, and words that stand once in the law files (and so in any cache of the book): its opening.
LAW, WORDS = "english-1864/72", "The penalty for a revoke:--".encode()


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("WHIST_ARBITER_NO_CACHE", raising=False)
    return tmp_path / "xdg" / "whist-arbiter"


@pytest.fixture
def laws(tmp_path) -> Path:
    laws = tmp_path / "laws"
    laws.symlink_to(REPO / "laws")
    return laws


def the_entry(cache: Path, kind: str) -> Path:
    (entry,) = cache.glob(f"{kind}-*")
    return entry


def function_built_and_called_by_dotted_names(marker: Path) -> bytes:
    """A pickle that names only things "under arbiter.*", through dotted names: a function's
    ``__class__`` (the type of functions) and its code's ``__class__`` (the type of code). It
    builds a code object that opens ``marker``, makes it a function, and calls it."""
    import types

    code = compile(f"open({str(marker)!r}, 'w').close()", "planted", "exec")
    args = tuple(getattr(code, name) for name in (
        "co_argcount", "co_posonlyargcount", "co_kwonlyargcount", "co_nlocals", "co_stacksize", "co_flags",
        "co_code", "co_consts", "co_names", "co_varnames", "co_filename", "co_name", "co_qualname",
        "co_firstlineno", "co_linetable", "co_exceptiontable", "co_freevars", "co_cellvars"))
    assert types.CodeType(*args) == code
    spliced = pickle.dumps(args, protocol=3)[2:-1]          # the tuple alone: no PROTO, no STOP
    module = b"arbiter.lawbook.conditions\n"
    return (b"\x80\x04"                                      # protocol 4: dotted names are followed
            + b"c" + module + b"describe.__class__\n"        # the type of functions
            + b"c" + module + b"describe.__code__.__class__\n"   # the type of code objects
            + spliced + b"R"                                 # a code object that opens the marker
            + b"}" + b"\x86" + b"R"                          # a function of it, with empty globals
            + b")" + b"R"                                    # called
            + b".")


def test_a_law_book_entry_crafted_with_dotted_names_runs_nothing_and_is_rebuilt(tmp_path, cache, laws):
    from arbiter.lawbook import LawBook, loader

    fresh = loader.cached_lawbook(laws)
    entry = the_entry(cache, "lawbook")
    marker = tmp_path / "ran"
    entry.write_bytes(function_built_and_called_by_dotted_names(marker))
    book = loader.cached_lawbook(laws)
    assert not marker.exists(), "the cache entry ran code"
    assert isinstance(book, LawBook) and book.law(LAW).text == fresh.law(LAW).text
    assert loader.cached_lawbook(laws).law(LAW).text == fresh.law(LAW).text


def test_the_crafted_pickle_is_live(tmp_path):
    """The control for the test above: unpickled with nothing in the way, it runs."""
    marker = tmp_path / "ran"
    pickle.loads(function_built_and_called_by_dotted_names(marker))
    assert marker.exists()


def test_a_byte_changed_in_a_kept_law_book_is_noticed_and_the_book_rebuilt(cache, laws):
    """Damage that leaves the entry readable (one letter of a law's text) must not reach a
    reader: the entry is checked whole before it is used."""
    from arbiter.lawbook import loader

    fresh = loader.cached_lawbook(laws)
    entry = the_entry(cache, "lawbook")
    kept = entry.read_bytes()
    assert kept.count(WORDS) == 1
    entry.write_bytes(kept.replace(WORDS, WORDS.replace(b"revoke", b"revolt")))
    assert loader.cached_lawbook(laws).law(LAW).text == fresh.law(LAW).text


@pytest.mark.parametrize("cut", [0, 1, 20, 0.5, -1])
def test_a_law_book_entry_cut_short_is_rebuilt(cache, laws, cut):
    from arbiter.lawbook import loader

    fresh = loader.cached_lawbook(laws)
    entry = the_entry(cache, "lawbook")
    whole = entry.read_bytes()
    entry.write_bytes(whole[: int(len(whole) * cut) if isinstance(cut, float) else cut])
    assert loader.cached_lawbook(laws).law(LAW).text == fresh.law(LAW).text
    assert entry.read_bytes() == whole                     # kept whole again


def test_a_byte_changed_in_a_kept_grammar_is_noticed_and_the_grammar_analysed_again(cache):
    from arbiter.lawbook import conditions

    text = "renounced(P, N) and not corrected(P, N)"
    conditions._lark.cache_clear()
    try:
        expected = conditions._lark().parse(text)
        entry = the_entry(cache, "lark-conditions")
        kept = entry.read_bytes()
        assert b"not" in kept                   # the keyword, a terminal of the grammar: made ``nut``
        entry.write_bytes(kept.replace(b"not", b"nut"))
        conditions._lark.cache_clear()
        assert conditions._lark().parse(text) == expected
    finally:
        conditions._lark.cache_clear()


# ------------------------------------------------------------------ nothing but data is read

#: Run as a new process with a filled cache: whatever reading it unpickles or unmarshals
#: (outside Python's own import of modules) is listed.
WATCH = """
import sys
seen = []
def watch(event, args):
    if event == "pickle.find_class":
        seen.append(f"unpickled {args[0]}.{args[1]}")
    elif event == "marshal.loads":
        caller = sys._getframe(1).f_code.co_filename
        if "importlib" not in caller:
            seen.append(f"unmarshalled in {caller}")
sys.addaudithook(watch)
from arbiter.cli import main
sys.argv = ["arbiter", "rule", sys.argv[1], "--format", sys.argv[2]]
try:
    main()
except SystemExit:
    pass
print("SEEN", sorted(set(seen)))
"""


@pytest.mark.parametrize("fmt", ["text", "md"])
def test_a_ruling_from_a_filled_cache_unpickles_and_unmarshals_nothing(tmp_path, fmt):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    env.pop("WHIST_ARBITER_NO_CACHE", None)
    for _ in range(2):      # the first run fills the cache, the second reads it
        out = subprocess.run([sys.executable, "-c", WATCH, str(EXAMPLE), fmt], capture_output=True, text=True,
                             env=env, cwd=tmp_path)
        assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "SEEN []"
    kinds = {path.name.split("-")[0] for path in (tmp_path / "xdg" / "whist-arbiter").iterdir()}
    assert kinds == {"lawbook", "lark", "table"}, kinds          # no compiled templates: they would be code
    for path in (tmp_path / "xdg" / "whist-arbiter").iterdir():
        head, body = path.read_bytes().split(b"\n", 1)
        assert head.startswith(b"whist-arbiter ") and isinstance(json.loads(body), (dict, list)), path.name


# ------------------------------------------------------------------ the book read back is the book built

def same(built, read, where: str = "book") -> None:
    """``read`` holds what ``built`` holds, of the same types, down to the last tuple and set."""
    import dataclasses

    assert type(built) is type(read), f"{where}: {type(built).__name__} read back as {type(read).__name__}"
    if isinstance(built, (list, tuple)):
        assert len(built) == len(read), where
        for i, (a, b) in enumerate(zip(built, read)):
            same(a, b, f"{where}[{i}]")
    elif isinstance(built, dict):
        assert list(built) == list(read), where
        for key in built:
            same(built[key], read[key], f"{where}[{key!r}]")
    elif isinstance(built, (set, frozenset)):
        assert built == read, where
    elif dataclasses.is_dataclass(built):
        for f in dataclasses.fields(built):
            if f.compare:
                same(getattr(built, f.name), getattr(read, f.name), f"{where}.{f.name}")
        assert set(vars(built)) == set(vars(read)), where          # what warm() worked out included
        for name in vars(built):
            if not any(name == f.name for f in dataclasses.fields(built)):
                same(vars(built)[name], vars(read)[name], f"{where}.{name}")
    else:
        assert built == read, where


def test_the_law_book_read_back_is_the_book_built(laws):
    from arbiter.lawbook import bookfile, loader

    built = loader.build_lawbook(laws)
    read = bookfile.book_from(bookfile.book_bytes(built))
    same(built, read)
    assert bookfile.book_bytes(read) == bookfile.book_bytes(built)


def test_a_rule_read_back_makes_its_condition_only_when_asked_for(laws):
    """Making the trees is most of the cost of reading the book, and a process uses the
    rules of one code at most: a rule read back holds its condition as plain data until it
    is asked for, and then holds the same tree a parse would give."""
    from arbiter.lawbook import bookfile
    from arbiter.lawbook.conditions import parse_condition

    read = bookfile.book_from(bookfile.book_bytes(load_book(laws)))
    rule = next(r for r in read.rules_of("english-1864") if r.when)
    assert "tree" not in vars(rule) and "atoms" not in vars(rule)
    copied = pickle.loads(pickle.dumps(rule))            # copied (to another process) before it is made
    assert rule.required                                  # what warm() worked out, kept: no tree made
    assert "tree" not in vars(rule)
    assert rule.tree == parse_condition(rule.when)
    assert "tree" in vars(rule) and "atoms" in vars(rule) and "_condition_data" not in vars(rule)
    assert copied.tree == rule.tree and copied.atoms == rule.atoms


def load_book(laws: Path):
    from arbiter.lawbook import loader

    return loader.build_lawbook(laws)


@pytest.mark.parametrize("body", [
    {"arbiter.lawbook.conditions.describe.__class__": [["x"]]},     # a dotted name, as pickle would follow
    {"os.system": ["touch ran"]},
    {"__reduce__": [["os", "system"]]},
    {"LawBook": [1, 2, 3]},                                       # a record of the wrong shape
    {"Rule": ["x"] * 18},
    ["not", "a", "book"],
])
def test_a_whole_entry_that_is_no_law_book_is_read_as_data_and_rebuilt(tmp_path, cache, laws, body, monkeypatch):
    """An entry of the right kind and check, crafted to hold anything but a book: its tags
    are looked up in the book's own table, and nothing it names is found or called."""
    from arbiter.lawbook import LawBook, bookfile, loader
    from arbiter.support import plaindata

    fresh = loader.cached_lawbook(laws)
    entry = the_entry(cache, "lawbook")
    entry.write_bytes(plaindata.dumps(body, bookfile.KIND))
    assert bookfile.book_from(entry.read_bytes()) is None
    monkeypatch.chdir(tmp_path)
    book = loader.cached_lawbook(laws)
    assert isinstance(book, LawBook) and book.law(LAW).text == fresh.law(LAW).text
    assert not (tmp_path / "ran").exists()
    assert isinstance(bookfile.book_from(entry.read_bytes()), LawBook)       # rebuilt and kept again


def test_plain_data_names_nothing_to_find():
    """What the reader makes of tags it was not given: the mapping as written."""
    from arbiter.support import plaindata

    for value in ({"os.system": ["echo"]}, {"builtins.eval": ["1"]}, {"()": "not a list"}):
        data = plaindata.dumps(value, "probe")
        assert plaindata.loads(data, "probe") == value
    data = plaindata.dumps((1, {2: frozenset({"a"})}, {"()": [3]}), "probe")
    assert plaindata.loads(data, "probe") == (1, {2: frozenset({"a"})}, {"()": [3]})
    with pytest.raises(plaindata.NotOurs):
        plaindata.loads(data, "another kind")
