"""`arbiter laws …` as a user runs it: exit codes and what is printed."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from arbiter.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def run_json(*args: str):
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_show_prints_the_law_and_its_footnote():
    result = run("laws", "show", "english-1864", "72")
    assert result.exit_code == 0
    assert "take three tricks from the revoking player" in result.output
    assert "And add them to their own." in result.output
    assert "american-1893/30" in result.output          # counterpart
    assert "english-1864/dummy/II" in result.output     # variant exception
    assert "english-1864-foster/72" in result.output    # other printing


def test_show_accepts_a_slashed_id():
    assert run("laws", "show", "english-1864/72").output == run("laws", "show", "english-1864", "72").output


def test_show_lists_the_american_exceptions():
    result = run("laws", "show", "american-1893", "30")
    assert result.exit_code == 0
    assert "american-1893/30a [cayenne, solo]" in result.output
    assert "american-1893/30b [boston, misere-partout, boston-de-fontainebleau, russian-boston]" in result.output
    assert "put in for one trick" in result.output


@pytest.mark.parametrize("code, count, first, last",
                         [("english-1864", 91, 1, 91), ("american-1893", 39, 1, 39), ("english-revised", 52, 43, 94)])
def test_list_counts_the_laws(code, count, first, last):
    data = run_json("laws", "list", code)
    assert data["numbered_laws"] == count
    numbers = [e["number"] for e in data["entries"] if e["kind"] == "law" and isinstance(e["number"], int)]
    assert numbers == list(range(first, last + 1))
    text = run("laws", "list", code).output
    assert f"{count} numbered laws" in text


def test_list_without_a_code_lists_the_codes():
    result = run("laws", "list")
    assert result.exit_code == 0
    for code in ("english-1864", "english-revised", "american-1893", "english-1864-foster"):
        assert code in result.output
    assert "43–94" in result.output


def test_list_by_topic():
    data = run_json("laws", "list", "american-1893", "--topic", "revoke")
    ids = {e["id"] for e in data["entries"]}
    assert {"american-1893/28", "american-1893/30", "american-1893/30b"} <= ids
    assert "american-1893/2" not in ids


def test_search_turned_and_quitted():
    data = run_json("laws", "search", "turned", "and", "quitted", "--limit", "30")
    ids = [r["id"] for r in data["results"]]
    for eid in ["english-1864/52", "english-1864/73", "english-1864/74", "english-1864/91",
                "american-1893/28", "american-1893/37"]:
        assert eid in ids
    text = run("laws", "search", "turned and quitted").output
    assert "english-1864/73" in text and "turned and quitted" in text


def test_search_narrowed_to_a_code():
    data = run_json("laws", "search", "revoke", "--code", "english-1864", "--limit", "12")
    assert {r["id"] for r in data["results"]} == {f"english-1864/{n}" for n in range(71, 83)}


def test_compare_two_printings_shows_the_word_difference():
    result = run("laws", "compare", "english-1864/29", "english-1864-foster/29")
    assert result.exit_code == 0
    assert "two printings of Law 29" in result.output
    assert "{+cut [see Law 34],+}" in result.output


def test_compare_two_codes_side_by_side():
    result = run("laws", "compare", "english-1864/72", "american-1893/30")
    assert result.exit_code == 0
    assert "Listed as counterparts: yes" in result.output
    data = run_json("laws", "compare", "english-1864/72", "american-1893/30")
    assert data["same_law"] is False


def test_compare_whole_printings():
    data = run_json("laws", "compare", "english-1864", "english-1864-foster")
    assert data["compared"] == 106
    assert any(d["left"] == "english-1864/29" for d in data["differing"])


@pytest.mark.parametrize("args, message", [
    (("laws", "show", "english-1864", "92"), "no law 'english-1864/92'"),
    (("laws", "show", "englsh-1864", "72"), "did you mean 'english-1864'"),
    (("laws", "list", "american"), "no code 'american'"),
    (("laws", "search", "revoke", "--code", "bridge"), "no code 'bridge'"),
    (("laws", "list", "american-1893", "--topic", "revokes"), "unknown topic 'revokes'"),
])
def test_bad_input_is_a_clear_error_with_exit_code_1(args, message):
    result = run(*args)
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output


def test_usage_errors_exit_2():
    assert run("laws", "show").exit_code == 2
    assert run("laws", "frobnicate").exit_code == 2


def test_game_lists_the_family():
    result = run("laws", "game")
    assert result.exit_code == 0
    for game in ("boston", "french-boston", "solo", "cayenne", "german-whist", "chinese-whist"):
        assert game in result.output


def test_game_shows_a_table_as_numbers():
    data = run_json("laws", "game", "fontainebleau")
    table = next(t for t in data["description"]["tables"] if t["name"] == "table-1")
    assert table["rows"][0]["values"] == [10, 20, 30, 5]
    text = run("laws", "game", "boston-de-fontainebleau", "--tables").output
    assert "TABLE No. 1." in text and "Piccolissimo" in text


def test_game_without_a_description_says_so():
    result = run("laws", "game", "cayenne")
    assert result.exit_code == 0
    assert "no description of this game beyond its laws" in result.output


def test_unknown_game_is_an_error():
    result = run("laws", "game", "bridge")
    assert result.exit_code == 1
    assert "no game 'bridge'" in result.output


@pytest.mark.parametrize("args, message", [
    (("laws", "search", "  "), "give some words"),
    (("laws", "search", "revoke", "--limit", "0"), "--limit must be at least 1"),
    (("laws", "list", "--topic", "revoke"), "--topic needs a code"),
    (("laws", "compare", "english-1864", "american-1893"), "different codes"),
])
def test_usage_mistakes_exit_2_with_a_hint(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output


@pytest.mark.parametrize("ref, found", [
    ("English-1864 072", "english-1864/72"),
    ("english-1864/72/", "english-1864/72"),
    ("english-revised dummy II", "english-revised/dummy/2"),
    ("english-1864 dummy 2", "english-1864/dummy/II"),
    ("american-1893 30A", "american-1893/30a"),
])
def test_the_ways_a_reader_names_a_law(ref, found):
    data = run_json("laws", "show", *ref.split())
    assert data["id"] == found


def test_show_several_laws_at_once():
    data = run_json("laws", "show", "english-1864", "72", "73")
    assert [d["id"] for d in data] == ["english-1864/72", "english-1864/73"]


def test_an_unknown_law_lists_what_there_is():
    result = run("laws", "show", "english-1864", "dummy", "IV")
    assert result.exit_code == 1
    assert "dummy/intro–III" in result.output and "etiquette/intro–9" in result.output


def test_interlined_paragraphs_are_not_given_numbers_the_book_never_printed():
    data = run_json("laws", "show", "american-1893", "30b")
    assert data["label"] == "Law 30, interlined paragraph (b)"


def test_counterparts_are_grouped_by_subject_and_code():
    text = run("laws", "show", "english-1864", "44").output
    assert "On the same subject" in text and "what is a misdeal" in text
    assert "american-1893/17             (american-1893)" in text
    assert "english-1864/43              (this code)" in text


def test_search_understands_american_spelling():
    ids = [r["id"] for r in run_json("laws", "search", "honors")["results"]]
    assert "english-1864/3" in ids


def test_search_reads_a_question_naming_a_code():
    data = run_json("laws", "search", "penalty", "for", "revoke", "in", "American", "code")
    assert data["results"][0]["id"] == "american-1893/30"
    assert {r["id"].split("/")[0] for r in data["results"]} == {"american-1893"}


def test_search_highlights_the_old_word_a_new_word_found():
    text = run("laws", "search", "exposed", "card", "--code", "american-1893").output
    assert "american-1893/20" in text and "faced" in text


def test_topic_is_read_whatever_its_case_and_suggested_when_misspelt():
    assert run_json("laws", "list", "american-1893", "--topic", "Revoke")["entries"]
    assert "did you mean 'revoke'" in run("laws", "list", "american-1893", "--topic", "revok").output


def test_version_flag():
    assert run("--version").output.strip().startswith("whist-arbiter ")


def test_a_closed_pipe_is_not_an_error():
    """`arbiter laws list english-1864 | head -1` exits 0 and prints no traceback."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "arbiter", "laws", "list", "english-1864"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()
    stderr = proc.stderr.read().decode()
    assert proc.wait() == 0, stderr
    assert "Traceback" not in stderr


def test_an_unreadable_law_file_is_an_error_not_a_traceback(tmp_path):
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    laws = tmp_path / "laws"
    shutil.copytree(Path(__file__).resolve().parent.parent / "laws", laws)
    with (laws / "english-1864.yaml").open("ab") as fh:
        fh.write(b"\xff")
    result = subprocess.run([sys.executable, "-m", "arbiter", "laws", "show", "english-1864", "72"],
                            capture_output=True, text=True, env={**__import__("os").environ,
                                                                 "WHIST_ARBITER_DATA": str(tmp_path)})
    assert result.returncode == 1
    assert "is not UTF-8 text" in result.stderr and "Traceback" not in result.stderr


def test_laws_check_finds_the_rules_sound_and_says_so_in_json():
    from typer.testing import CliRunner

    from arbiter.cli import app

    result = CliRunner().invoke(app, ["laws", "check"])
    assert result.exit_code == 0 and "the rules are sound" in result.output
    result = CliRunner().invoke(app, ["laws", "check", "english-1864", "--format", "json"])
    assert result.exit_code == 0 and result.output.strip() == "[]"
    result = CliRunner().invoke(app, ["laws", "check", "english-1846"])
    assert result.exit_code == 1 and "english-1864" in result.output
