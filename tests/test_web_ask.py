"""POST /api/ask and the page /ask, in process: the next question or the decision, the state
carried and checked, an answer changed, the errors in words, the schema documented."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from arbiter.web import create_app
from arbiter.web.ask import AskStep


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(), raise_server_exceptions=False)


TOLD = [{"form": "table", "fields": {"dealer": "Z", "trump": "hearts"}},
        {"form": "topic", "fields": {"topic": "revoke"}},
        {"form": "trick", "fields": {"trick": 5, "seat1": "Y", "card1": "S5", "seat2": "B", "card2": "D3"}},
        {"form": "fact", "key": "revoke-claimed:N=5,P=B,Q=Z,R=Y", "fields": {"answer": "4"}}]   # Y, after the hand


def tell(client, answers, state=None):
    data = None
    for a in answers:
        response = client.post("/api/ask", json={"state": state, "answer": a})
        assert response.status_code == 200, response.text
        data = response.json()
        state = data["state"]
    return data


def test_a_new_interview_begins_with_the_table(client):
    data = client.post("/api/ask", json={}).json()
    assert data["done"] is False and data["question"]["id"] == "table"
    rules = next(f for f in data["question"]["fields"] if f["name"] == "rules")
    assert rules["choices"][0]["value"] == "english-1864/whist"
    assert data["question"]["not_known"] == "Not known"
    assert data["statements"] == 0 and data["incident"] == "code english-1864\n"


def test_the_interview_asks_what_the_ruling_turns_on_then_rules(client):
    data = tell(client, TOLD)
    q = data["question"]
    AskStep.model_validate(data)
    assert q["id"] == "settle" and q["key"] == "whether B held a spade when he renounced at trick 5"
    assert q["law"] == {"id": "english-1864/73", "label": "Law 73"}
    data = tell(client, [{"form": "settle", "key": q["key"], "fields": {"answer": "held:B:S2"}},
                         {"form": "story", "fields": {"done": "yes"}}], data["state"])
    assert data["done"] is True
    assert data["decision"]["answer"] == "yes"
    AskStep.model_validate(data)                 # the schema's model lists every key, the decision's too
    assert data["decision"] == client.post("/api/rule", json={"text": data["incident"]}).json() | {
        "file": data["decision"]["file"]}
    assert "finding: B held S2" in data["incident"]
    assert data["links"]["editor"].startswith("/rule?i=") and data["links"]["download"].startswith("/download?i=")
    assert client.get(data["links"]["download"]).text == data["incident"]


def test_an_earlier_answer_is_changed_by_going_back(client):
    data = tell(client, TOLD)
    back = client.post("/api/ask", json={"state": data["state"], "back": 2}).json()
    assert back["question"]["id"] == "trick" and len(back["answers"]) == 2


@pytest.mark.parametrize("body, words", [
    ({"state": "{"}, "cannot be read"),
    ({"answer": {"form": "trick", "fields": {"trick": 1}}}, "the question asked is"),
    ({"answer": {"form": "table", "fields": {"dealer": "Q"}}}, "not a seat"),
])
def test_what_cannot_be_taken_is_a_422_in_words(client, body, words):
    response = client.post("/api/ask", json=body)
    assert response.status_code == 422
    assert words in response.json()["error"]["message"]


def test_the_api_is_in_the_schema(client):
    schema = client.get("/api/openapi.json").json()
    assert "/api/ask" in schema["paths"]
    assert "AskRequest" in schema["components"]["schemas"]


def test_the_page_carries_the_state_and_needs_no_script(client):
    page = client.get("/ask")
    assert page.status_code == 200 and 'name="state"' in page.text and "Where was it played" in page.text
    assert "/rule?i=" not in page.text          # nothing told yet: nothing to open in the editor
    step = client.post("/ask", data={"state": "", "form": "table", "f_dealer": "Z", "do": "answer"})
    assert "What is the dispute about?" in step.text
    bad = client.post("/ask", data={"state": "{", "form": "table", "do": "answer"})
    assert bad.status_code == 422 and "cannot be read" in bad.text
