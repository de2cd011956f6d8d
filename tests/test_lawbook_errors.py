"""A malformed law file is refused with an error naming the file, the entry and the field.

One broken copy of laws/ per failure mode, each paired with the words its message must
contain, in the manner of OpenFisca's tests of its parameter files.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.lawbook import LawBookError
from arbiter.lawbook.loader import build_lawbook

REPO = Path(__file__).resolve().parent.parent


def broken_copy(tmp_path: Path, edit) -> Path:
    """A copy of laws/ with english-1864.yaml passed through ``edit`` (a function of the data)."""
    laws = tmp_path / "laws"
    shutil.copytree(REPO / "laws", laws)
    path = laws / "english-1864.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return laws


def entry(data, eid):
    return next(e for e in data["entries"] if e["id"] == eid)


CASES = [
    ("an unknown key", lambda d: entry(d, "english-1864/72").update(penalty="three tricks"),
     ["english-1864.yaml", "english-1864/72", "penalty", "unknown key"]),
    ("a missing field", lambda d: entry(d, "english-1864/72").pop("topics"),
     ["english-1864.yaml", "english-1864/72", "topics", "missing field"]),
    ("a reference to a law that does not exist", lambda d: entry(d, "english-1864/5").update(see=["english-1864/172"]),
     ["english-1864.yaml", "english-1864/5", "see", "english-1864/172"]),
    ("a duplicate id", lambda d: entry(d, "english-1864/73").update(id="english-1864/72"),
     ["english-1864.yaml", "english-1864/72", "'id'", "duplicate"]),
    ("an unknown topic", lambda d: entry(d, "english-1864/72").update(topics=["revokes"]),
     ["english-1864.yaml", "english-1864/72", "topics", "revokes"]),
    ("a footnote marker with no footnote", lambda d: entry(d, "english-1864/72").pop("footnotes"),
     ["english-1864.yaml", "english-1864/72", "footnotes", "[32]"]),
    ("a footnote with no marker", lambda d: entry(d, "english-1864/71").update(footnotes={31: "x", 99: "y"}),
     ["english-1864.yaml", "english-1864/71", "footnotes", "99"]),
    ("a wrong type", lambda d: entry(d, "english-1864/72").update(text="one string"),
     ["english-1864.yaml", "english-1864/72", "'text'"]),
    ("an exception without games", lambda d: entry(d, "english-1864/dummy/II").update(games=[]),
     ["english-1864.yaml", "english-1864/dummy/II", "games"]),
    ("an id outside its code", lambda d: entry(d, "english-1864/72").update(id="american-1893/72"),
     ["english-1864.yaml", "american-1893/72", "'id'", "english-1864/"]),
    ("an unknown game", lambda d: d["code"].update(games=["bridge"]),
     ["english-1864.yaml", "code", "games", "bridge"]),
    ("an entry with no text", lambda d: entry(d, "english-1864/72").update(text=[]),
     ["english-1864.yaml", "english-1864/72", "'text'", "at least one paragraph"]),
    ("a rule that concludes nothing", lambda d: entry(d, "english-1864/72")["rules"][0].update(then=[]),
     ["english-1864.yaml", "english-1864/72", ".then'", "at least one conclusion"]),
    ("a paragraph that is neither text nor a labelled paragraph",
     lambda d: entry(d, "english-1864/72")["text"].append(["a", "list"]),
     ["english-1864.yaml", "english-1864/72", "'text'"]),
]


@pytest.mark.parametrize("what, edit, words", CASES, ids=[c[0] for c in CASES])
def test_malformed_file_is_refused_with_file_entry_and_field(tmp_path, what, edit, words):
    laws = broken_copy(tmp_path, edit)
    with pytest.raises(LawBookError) as caught:
        build_lawbook(laws)
    for word in words:
        assert word in str(caught.value), (what, str(caught.value))


def test_invalid_yaml_names_the_line(tmp_path):
    laws = tmp_path / "laws"
    shutil.copytree(REPO / "laws", laws)
    (laws / "topics.yaml").write_text("revoke: ok\n  bad: [\n", encoding="utf-8")
    with pytest.raises(LawBookError, match=r"topics\.yaml: line \d+, column \d+"):
        build_lawbook(laws)


@pytest.mark.parametrize("group, words", [
    ("- subject: nothing\n  laws: [english-1864/72, american-1893/99]\n",
     ("concordance.yaml", "american-1893/99", "'laws'", "does not exist")),
    ("- subject: alone\n  laws: [english-1864/72]\n",
     ("concordance.yaml", "alone", "'laws'", "at least two")),
], ids=["a law that does not exist", "a group of one law"])
def test_a_bad_concordance_group_is_refused(tmp_path, group, words):
    laws = tmp_path / "laws"
    shutil.copytree(REPO / "laws", laws)
    with (laws / "concordance.yaml").open("a", encoding="utf-8") as fh:
        fh.write(group)
    with pytest.raises(LawBookError) as caught:
        build_lawbook(laws)
    for word in words:
        assert word in str(caught.value)


def test_cli_reports_a_malformed_file_without_a_traceback(tmp_path, monkeypatch):
    laws = broken_copy(tmp_path, lambda d: entry(d, "english-1864/72").update(penalty="x"))
    monkeypatch.setenv("WHIST_ARBITER_DATA", str(laws.parent))
    result = CliRunner().invoke(app, ["laws", "show", "english-1864", "72"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "english-1864.yaml: entry english-1864/72: field 'penalty': unknown key" in result.output


def test_the_cache_never_hides_an_edit(tmp_path, monkeypatch):
    from arbiter.lawbook.loader import cached_lawbook

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("WHIST_ARBITER_NO_CACHE", raising=False)
    laws = tmp_path / "laws"
    shutil.copytree(REPO / "laws", laws)
    first = cached_lawbook(laws)
    assert list((tmp_path / "cache" / "whist-arbiter").glob("lawbook-*.json"))
    again = cached_lawbook(laws)          # read back from the cache
    assert again.law("english-1864/72").text == first.law("english-1864/72").text
    path = laws / "english-1864.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("topics: [revoke, honours, scoring, penalties]",
                                                              "topics: [revokes]", 1), encoding="utf-8")
    with pytest.raises(LawBookError, match="unknown topic 'revokes'"):
        cached_lawbook(laws)


def _family_edited(tmp_path: Path, edit) -> Path:
    laws = tmp_path / "laws"
    shutil.copytree(REPO / "laws", laws)
    path = laws / "family.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(next(g for g in data if g["id"] == "boston-de-fontainebleau"))
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return laws


@pytest.mark.parametrize("edit, words", [
    (lambda g: g["laws_of"][0].update(quote="The Laws are those of Boston."),
     ["family.yaml", "boston-de-fontainebleau", "laws_of[0].quote", "not in the description"]),
    (lambda g: g["laws_of"][0].update(game="bridge"),
     ["family.yaml", "boston-de-fontainebleau", "laws_of[0].game", "bridge"]),
    (lambda g: g["laws_of"][0].update(departs=[{"laws": ["american-1893/99"], "quote": "Twelve deals is a game"}]),
     ["family.yaml", "boston-de-fontainebleau", "american-1893/99", "does not exist"]),
    (lambda g: g["laws_of"].append({"game": "russian-boston", "quote": g["laws_of"][0]["quote"]}),
     ["family.yaml", "boston-de-fontainebleau", "from itself"]),
], ids=["words not in the game's description", "an unknown game", "a departure from a law that does not exist",
        "a game taking its laws from itself"])
def test_a_game_taking_its_laws_from_another_is_refused_unless_its_words_and_laws_exist(tmp_path, edit, words):
    with pytest.raises(LawBookError) as caught:
        build_lawbook(_family_edited(tmp_path, edit))
    for word in words:
        assert word in str(caught.value), str(caught.value)


def test_the_boston_exceptions_reach_the_games_whose_laws_are_bostons_but_where_they_depart():
    from arbiter.lawbook import load_lawbook

    book = load_lawbook()
    single = next(r for r in book.entries["american-1893/20a"].rules if r.id.endswith("#single-player"))
    for game in ("boston", "solo", "boston-de-fontainebleau", "russian-boston", "french-boston"):
        assert single.applies_in(game), game
    assert not single.applies_in("cayenne") and not single.applies_in("whist")
    deals_again = book.entries["american-1893/17a"].rules[0]
    assert deals_again.applies_in("boston-de-fontainebleau") and not deals_again.applies_in("french-boston")
    fontainebleau = book.entries["boston-family/fontainebleau-revokes"].rules[0]
    assert fontainebleau.applies_in("russian-boston") and not fontainebleau.applies_in("boston")
