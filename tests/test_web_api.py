"""The JSON API, in process: every endpoint, its errors, and oversized input. The JSON is
the command line's own (`--format json`), made by the same calls."""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from arbiter.cli import app as cli
from arbiter.web import create_app
from arbiter.web.limits import MAX_BODY

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "revoke-found-at-end-of-hand.whist"
TYPO = "code english-1864\ntrick 1:\n  A leeds S5\n"


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), raise_server_exceptions=False)


def cli_json(*args: str):
    from typer.testing import CliRunner

    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def cli_text(*args: str) -> str:
    from typer.testing import CliRunner

    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_ruling_is_the_same_json_as_the_command_lines(client):
    response = client.post("/api/rule", json={"text": EXAMPLE.read_text()})
    assert response.status_code == 200
    mine, theirs = response.json(), cli_json("rule", str(EXAMPLE), "--format", "json")
    theirs["file"] = mine["file"]        # the one difference: the name of what was read
    assert mine == theirs


def test_a_ruling_under_another_code_and_with_why(client):
    data = client.post("/api/rule", json={"text": EXAMPLE.read_text(), "code": "american-1893",
                                           "explain": True}).json()
    assert data["code"] == "american-1893"
    assert data["branches"][0]["why"], "explain adds why each holding follows"


def test_a_comparison_of_the_codes_holds_each_codes_decision(client):
    data = client.post("/api/rule", json={"text": EXAMPLE.read_text(), "compare": True}).json()
    assert {d["code"] for d in data["decisions"]} >= {"english-1864", "american-1893"}
    assert "comparison" in data


def test_an_incident_that_cannot_be_read_is_a_422_at_its_line_and_column(client):
    response = client.post("/api/rule", json={"text": TYPO})
    assert response.status_code == 422
    error = response.json()["error"]
    assert (error["line"], error["column"], error["suggestion"]) == (3, 5, "leads")
    assert error["text"] == "  A leeds S5"
    assert "^" in error["rendered"] and "did you mean `leads`?" in error["rendered"]


def test_a_rule_given_both_a_code_and_compare_is_refused_in_words(client):
    response = client.post("/api/rule", json={"text": EXAMPLE.read_text(), "compare": True, "code": "english-1864"})
    assert response.status_code == 400
    assert "does not take a code" in response.json()["error"]["message"]


@pytest.mark.parametrize("field, value, words", [
    ("game", "bridge", "no game 'bridge'"),
    ("code", "bridge", "no code 'bridge'"),
])
def test_an_unknown_game_or_code_is_refused_in_words(client, field, value, words):
    response = client.post("/api/rule", json={"text": EXAMPLE.read_text(), field: value})
    assert response.status_code == 400
    assert words in response.json()["error"]["message"]


def test_an_empty_incident_is_refused_with_what_to_write(client):
    response = client.post("/api/rule", json={"text": "code english-1864\n"})
    assert response.status_code == 422
    assert "nothing to rule on" in response.json()["error"]["message"]


@pytest.mark.parametrize("text, line, column", [("", 1, 1), ("code english-1864\n", 1, 18), ("# a note\n\n", 2, 1)])
def test_an_empty_incident_is_refused_at_the_end_of_its_text_never_at_line_0(client, text, line, column):
    error = client.post("/api/rule", json={"text": text}).json()["error"]
    assert (error["line"], error["column"]) == (line, column)
    assert error["rendered"].startswith(f"incident.whist:{line}:{column}: nothing to rule on")


def test_a_ruling_carries_the_decision_written_out_as_text_and_as_the_pages_html(client):
    data = client.post("/api/rule", json={"text": EXAMPLE.read_text()}).json()
    assert data["text"] == cli_text("rule", str(EXAMPLE))
    assert "Decision.--Yes. B revoked at trick 5" in data["text"]
    assert data["html"].startswith('<h1 class="decision-title">A revoke found at the end of the hand</h1>')
    assert "<!doctype" not in data["html"], "the fragment the page shows, without a page around it"
    from arbiter.web.links import pack

    page = client.get("/rule", params={"i": pack(EXAMPLE.read_text())}).text
    unlinked = re.sub(r'<a class="vide" href="[^"]*">([^<]*)</a>', r"\1", page)
    assert data["html"] in unlinked, "the fragment the ruling page shows, less its links to the law browser"
    assert data["html"] in cli_text("rule", str(EXAMPLE), "--format", "html"), "and --format html shows"


def test_the_written_decision_follows_explain_and_compare(client):
    plain = client.post("/api/rule", json={"text": EXAMPLE.read_text()}).json()
    why = client.post("/api/rule", json={"text": EXAMPLE.read_text(), "explain": True}).json()
    assert "Why" not in plain["text"] and "Why" in why["text"] and "<h2>Why</h2>" in why["html"]
    compared = client.post("/api/rule", json={"text": EXAMPLE.read_text(), "compare": True}).json()
    assert compared["text"] == cli_text("rule", str(EXAMPLE), "--compare")
    assert "the codes compared</h1>" in compared["html"]
    assert all(d["text"] and d["html"] for d in compared["decisions"])


def test_check_gives_the_facts_or_the_error(client):
    data = client.post("/api/check", json={"text": EXAMPLE.read_text()}).json()
    assert data["statement_of_facts"] and data["branches"][0]["facts"]
    assert client.post("/api/check", json={"text": TYPO}).status_code == 422


def test_format_gives_the_canonical_form_and_says_whether_it_was(client):
    data = client.post("/api/format", json={"text": "code english-1864\ntrick 1:\n    A leads s5\n"}).json()
    assert data["text"].splitlines()[-1] == "  A leads S5"
    assert data["canonical"] is False
    again = client.post("/api/format", json={"text": data["text"]}).json()
    assert again["canonical"] is True


def test_a_request_body_past_the_limit_is_refused_before_it_is_read(client):
    body = json.dumps({"text": "x" * (MAX_BODY + 10)})
    response = client.post("/api/rule", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert "256 KiB" in response.json()["error"]["message"]


def test_a_streamed_body_past_the_limit_is_refused_too(client):
    def chunks():
        yield b'{"text": "'
        for _ in range(40):
            yield b"x" * 8192
        yield b'"}'

    response = client.post("/api/check", content=chunks(), headers={"content-type": "application/json"})
    assert response.status_code == 413


def test_a_body_that_is_not_json_is_a_422_in_words(client):
    response = client.post("/api/rule", content=b"not json", headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert response.json()["error"]["message"]


def test_a_request_without_its_text_names_the_missing_field(client):
    response = client.post("/api/rule", json={"code": "english-1864"})
    assert response.status_code == 422
    assert "text" in response.json()["error"]["message"]


def test_the_codes_and_one_code(client):
    codes = client.get("/api/codes").json()
    assert "english-1864" in {c["id"] for c in codes}
    one = client.get("/api/codes/american-1893").json()
    assert one["entries"] and one["id"] == "american-1893"
    missing = client.get("/api/codes/bridge")
    assert missing.status_code == 404 and "no code 'bridge'" in missing.json()["error"]["message"]


def test_one_law_is_the_json_of_laws_show(client):
    assert client.get("/api/laws/english-1864/72").json() == cli_json("laws", "show", "english-1864", "72",
                                                                      "--format", "json")
    missing = client.get("/api/laws/english-1864/999")
    assert missing.status_code == 404 and "999" in missing.json()["error"]["message"]


def test_search_is_the_json_of_laws_search(client):
    assert client.get("/api/search", params={"q": "turned and quitted", "limit": 5}).json() == \
        cli_json("laws", "search", "turned and quitted", "--limit", "5", "--format", "json")
    assert client.get("/api/search", params={"q": "revoke", "code": "bridge"}).status_code == 404
    assert client.get("/api/search", params={"q": "revoke", "limit": 0}).status_code == 422


def test_compare_two_laws(client):
    data = client.get("/api/compare", params={"left": "english-1864/72", "right": "english-1864-foster/72"}).json()
    assert data["same_law"] is True
    assert client.get("/api/compare", params={"left": "english-1864/72", "right": "x/1"}).status_code == 404


def test_the_cases_and_one_case_with_the_books_words_and_the_arbiters(client):
    names = [c["name"] for c in client.get("/api/cases").json()]
    assert names[:2] == ["I", "II"] and len(names) == 11
    case = client.get("/api/cases/2").json()
    assert case["name"] == "II" and case["agrees"] is True
    assert case["book"] and case["decision"]["branches"]
    assert client.get("/api/cases/XCIX").status_code == 404


def test_score_a_hand_is_the_json_of_score_hand(client):
    data = client.post("/api/score/hand", json={"tricks": {"AB": 9, "YZ": 4}, "honours": {"AB": 4}}).json()
    assert data == cli_json("score", "hand", "--tricks", "AB=9", "--tricks", "YZ=4", "--honours", "AB=4",
                            "--format", "json")
    bad = client.post("/api/score/hand", json={"tricks": {"AB": 9, "YZ": 9}})
    assert bad.status_code == 400 and bad.json()["error"]["message"]


def test_settle_a_rubber(client):
    data = client.post("/api/score/rubber", json={"games": [["AB", 3], ["YZ", 1], ["AB", 2]]}).json()
    assert data["winner"] == "AB"
    bad = client.post("/api/score/rubber", json={"games": [["AB", 3], ["AB", 1], ["AB", 2]]})
    assert bad.status_code == 400 and "after the rubber was won" in bad.json()["error"]["message"]


def test_the_examples_are_offered_with_their_text(client):
    examples = {e["name"]: e["text"] for e in client.get("/api/examples").json()}
    assert examples["revoke-found-at-end-of-hand"] == EXAMPLE.read_text()


def test_the_openapi_schema_documents_every_endpoint(client):
    schema = client.get("/api/openapi.json").json()
    paths = set(schema["paths"])
    assert {"/api/rule", "/api/check", "/api/format", "/api/codes", "/api/codes/{code}", "/api/laws/{ref}",
            "/api/search", "/api/compare", "/api/cases", "/api/cases/{name}", "/api/score/hand",
            "/api/score/rubber", "/api/score/boston", "/api/score/french-boston", "/api/score/fontainebleau",
            "/api/score/misere-partout", "/api/examples"} <= paths
    assert not any(p.startswith(("/laws", "/rule", "/search")) for p in paths), "pages are not API"
    assert "text" in schema["components"]["schemas"]["RuleRequest"]["properties"]


def test_an_unknown_api_path_is_json_not_a_page(client):
    response = client.get("/api/nothing")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/json")


def test_the_boston_family_is_scored_by_the_same_tables_as_the_command_line(client):
    from arbiter.lawbook import load_lawbook
    from arbiter.scoring.boston import fontainebleau_payment, misere_partout

    games = load_lawbook().descriptions
    data = client.post("/api/score/fontainebleau", json={"bid": 7, "trump": "hearts", "won": 8}).json()
    assert data == fontainebleau_payment(games["boston-de-fontainebleau"], 7, "hearts", 8)
    partout = client.post("/api/score/misere-partout", json={"tricks": {"A": 6, "Y": 2, "B": 5, "Z": 0}}).json()
    assert partout == misere_partout(games["boston"], {"A": 6, "Y": 2, "B": 5, "Z": 0})
    assert client.post("/api/score/misere-partout", json={"tricks": {"A": 6, "Y": 2}}).status_code == 400
    assert client.post("/api/score/french-boston", json={"bid": "simple", "suit": "hearts"}).json()["counters"] > 0
    bad = client.post("/api/score/french-boston", json={"bid": "nonsense", "suit": "hearts"})
    assert bad.status_code == 400 and "no bid 'nonsense'" in bad.json()["error"]["message"]
    assert client.post("/api/score/boston", json={"misere": "grand-misere"}).json()["each_adversary"] > 0
    assert client.post("/api/score/boston", json={"bid": 7}).status_code == 400
    made = client.post("/api/score/boston", json={"bid": 8, "won": 9}).json()
    assert (made["made"], made["amount"], made["over_tricks"]) == (True, None, 1) and made["unpaid"]
    failed = client.post("/api/score/boston", json={"bid": 8, "won": 1}).json()
    assert (failed["made"], failed["put_in_for"], failed["amount"]) == (False, 7, 100)
    bad = client.post("/api/score/boston", json={"bid": 4, "won": 3})
    assert bad.status_code == 400 and "bids of 5 to 13 tricks" in bad.json()["error"]["message"]


def test_a_rubber_of_games_no_table_allows_is_refused_in_words(client):
    bad = client.post("/api/score/rubber", json={"games": [["AB", 5], ["YZ", 5], ["AB", 5]]})
    assert bad.status_code == 400 and "a game is worth 1, 2 or 3" in bad.json()["error"]["message"]
