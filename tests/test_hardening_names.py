"""Names a user types -- of cases, codes, games and laws -- are looked up among the things
that exist, never computed on (issue 21).

The attack: ``/cases/<n>`` turned any digits into a Roman numeral a thousand at a time (9
digits took 14 s on the server's one event loop; 12 would take hours), ``²`` and a number
of more than 4,300 digits were a 500 there and exit 3 from ``arbiter cases show``; and a
code spelt in capitals (``--code ENGLISH-1864``) was a KeyError, exit 3 or a 500, although
``laws show`` took the same spelling. Each spelling here gets the thing meant or an error in
words: never a traceback, never a wait.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from urllib.parse import quote

import pytest
from typer.testing import CliRunner

from arbiter.cases import case_named, load_cases
from arbiter.cli import app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from arbiter.web import create_app

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "examples" / "revoke-found-at-end-of-hand.whist"
runner = CliRunner()

#: What a user may type for a case that is not one of the book's: digits a Roman numeral
#: cannot be made of in any time, digits Python will not read, digits that are not ASCII.
NO_SUCH_CASE = ["¹²", "9" * 5000, "99999", "0", "12", "-7", "7.0", "VIIII", "I" * 10_000, "", " ",
                "\x1b[2J", "M" * 100]


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), raise_server_exceptions=False)


@pytest.fixture(scope="module")
def cases():
    return load_cases("cavendish")


def no_crash(result) -> None:
    """A command that ended by itself (an exit code), not by an exception escaping it."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


# ------------------------------------------------------------------ cases

@pytest.mark.parametrize("name", ["VII", "vii", " Vii ", "7", "07", "0007", "٧", "７", "Ⅶ"])
def test_a_case_is_found_by_any_spelling_of_its_number(cases, name):
    assert case_named(cases, name).name == "VII"


def test_a_superscript_two_is_the_two_it_stands_for(cases):
    """Unicode's compatibility form of 2, as a full-width ７ is 7: the thing meant."""
    assert case_named(cases, "²").name == "II"
    result = runner.invoke(app, ["cases", "show", "²"])
    no_crash(result)
    assert result.exit_code == 0 and "Case II" in result.output


@pytest.mark.parametrize("name", NO_SUCH_CASE)
def test_a_number_that_is_no_case_of_the_book_is_none(cases, name):
    assert case_named(cases, name) is None


@pytest.mark.parametrize("name", ["¹²", "9" * 5000, "99999"])
def test_cases_show_names_the_cases_for_a_number_that_is_none_of_them(name):
    result = runner.invoke(app, ["cases", "show", name])
    no_crash(result)
    assert result.exit_code == 1 and "no case" in result.output and "I, II, III" in result.output


@pytest.mark.parametrize("name", ["¹²", "9" * 5000, "99999", "\x1b[2J", "%00"])
def test_the_case_page_and_the_api_answer_404_for_a_number_that_is_no_case(client, name):
    for path in ("/cases/", "/api/cases/"):
        response = client.get(path + quote(name, safe=""))
        assert response.status_code == 404, (path, response.text[:200])
    assert client.get("/api/cases/" + quote(name, safe="")).json()["error"]["message"].startswith("no case")
    assert client.get("/", params={"case": name[:10]}).status_code == 404


def test_a_twelve_digit_case_number_is_answered_at_once_not_after_hours():
    """The attack as it was made: a new process asks for case 999999999999. Converting it to
    Roman numerals a thousand at a time would take hours; the bound is a generous minute."""
    result = subprocess.run([sys.executable, "-m", "arbiter", "cases", "show", "999999999999"],
                            capture_output=True, text=True, cwd=REPO, timeout=60, env=os.environ)
    assert result.returncode == 1 and "no case '999999999999'" in result.stderr


# ------------------------------------------------------------------ codes and games

SPELLINGS = ["ENGLISH-1864", "English-1864", " english-1864 ", "ｅｎｇｌｉｓｈ-1864"]


@pytest.mark.parametrize("code", SPELLINGS)
def test_a_code_in_any_case_rules_under_that_code_on_the_command_line(code):
    result = runner.invoke(app, ["rule", str(EXAMPLE), "--code", code, "--format", "json"])
    no_crash(result)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["code"] == "english-1864"


@pytest.mark.parametrize("code", SPELLINGS)
def test_a_code_in_any_case_rules_under_that_code_in_the_api_and_on_the_ruling_page(client, code):
    response = client.post("/api/rule", json={"text": EXAMPLE.read_text(), "code": code})
    assert response.status_code == 200, response.text[:300]
    assert response.json()["code"] == "english-1864"
    from arbiter.web.links import pack

    page = client.get("/rule", params={"i": pack(EXAMPLE.read_text()), "code": code})
    assert page.status_code == 200 and "Decision" in page.text


@pytest.mark.parametrize("code", SPELLINGS)
def test_a_code_in_any_case_is_that_code_wherever_a_code_is_named(client, code):
    assert client.get("/api/codes/" + quote(code)).json()["id"] == "english-1864"
    assert client.get("/laws/" + quote(code)).status_code == 200
    assert client.get("/api/search", params={"q": "revoke", "code": code}).status_code == 200
    assert client.post("/api/score/hand", json={"tricks": {"AB": 7, "YZ": 6}, "code": code}).status_code == 200
    for args in (["laws", "list", code], ["laws", "search", "revoke", "--code", code],
                 ["score", "hand", "--tricks", "AB=7", "--tricks", "YZ=6", "--code", code],
                 ["score", "rubber", "AB=3", "AB=2", "--code", code]):
        result = runner.invoke(app, args)
        no_crash(result)
        assert result.exit_code == 0, (args, result.output)


@pytest.mark.parametrize("game", ["WHIST", "Whist", " whist "])
def test_a_game_in_any_case_is_that_game(client, game):
    result = runner.invoke(app, ["rule", str(EXAMPLE), "--game", game, "--format", "json"])
    no_crash(result)
    assert result.exit_code == 0 and json.loads(result.stdout)["game"] == "whist"
    assert client.post("/api/rule", json={"text": EXAMPLE.read_text(), "game": game}).status_code == 200


@pytest.mark.parametrize("name", ["²", "9" * 5000, "\x1b[2J", "english-1864\u202e", "", "-"])
def test_a_name_that_is_no_code_is_an_error_in_words_everywhere(client, name):
    for args in (["rule", str(EXAMPLE), "--code", name], ["laws", "list", name],
                 ["laws", "search", "revoke", "--code", name], ["rule", str(EXAMPLE), "--game", name]):
        if not name and args[-2:] != ["--code", name]:
            continue
        result = runner.invoke(app, args)
        no_crash(result)
        assert result.exit_code in (0, 1, 2), (args, result.output)
    if not name:
        return
    response = client.post("/api/rule", json={"text": EXAMPLE.read_text(), "code": name})
    assert response.status_code == 400 and "no code" in response.json()["error"]["message"]
    assert client.get("/api/codes/" + quote(name, safe="")).status_code in (404, 405)


@pytest.mark.parametrize("ref", ["english-1864 dummy ²", "english-1864 dummy 99999999999999999999",
                                 "ENGLISH-1864 DUMMY II", "english-1864 ² 3", "ENGLISH-1864/999"])
def test_a_law_named_with_odd_digits_is_found_or_an_error_in_words(client, ref):
    result = runner.invoke(app, ["laws", "show", *ref.split()])
    no_crash(result)
    assert result.exit_code in (0, 1), result.output
    if result.exit_code == 1:
        assert "no law" in result.output
    assert client.get("/api/laws/" + quote(ref)).status_code in (200, 404)


def test_a_code_spelt_in_capitals_that_has_no_law_of_that_number_says_what_laws_it_has():
    result = runner.invoke(app, ["laws", "show", "ENGLISH-1864/999"])
    assert result.exit_code == 1 and "english-1864 has laws 1–" in result.output
