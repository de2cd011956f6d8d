"""The OpenAPI schema tells the truth: every answer of the JSON API, errors included, is
one the schema documents for its endpoint, in the shape it documents (Schemathesis: requests
made from the schema, in process, and each answer checked against it); and every status
the schema documents for an endpoint is one a request here makes it answer."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from arbiter.web import create_app
from arbiter.web.limits import MAX_BODY

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = (ROOT / "examples" / "revoke-found-at-end-of-hand.whist").read_text(encoding="utf-8")

APP = create_app()
REFEREES = APP.app.state.referees       # create_app gives the FastAPI app inside its guard of the body


async def served(scope, receive, send):
    """The application, its referees started at the first ruling and kept between
    requests: Schemathesis's client starts and stops the application (its lifespan) for
    each request, which would stop the referees after the first."""
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            await send({"type": message["type"] + ".complete"})
            if message["type"] == "lifespan.shutdown":
                return
    await APP(scope, receive, send)


SCHEMA = schemathesis.openapi.from_asgi("/api/openapi.json", served)


@pytest.fixture(scope="module", autouse=True)
def referees():
    yield REFEREES
    REFEREES.close()
#: A few examples an endpoint: enough to reach its errors, quick enough for every run.
EXAMPLES = 5


@SCHEMA.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_every_answer_is_one_the_schema_documents(case):
    case.call_and_validate(checks=[not_a_server_error, status_code_conformance, content_type_conformance,
                                   response_schema_conformance])


class Busy:
    """Referees that are always busy: what a server under load answers (503)."""

    def start(self, warm: bool = True) -> None:
        pass

    def close(self) -> None:
        pass

    async def refer(self, work, args, gone):
        from arbiter.web.referral import Refused

        raise Refused(503, "the arbiter is busy with other rulings; try again in a moment", retry=True)


TYPO = "code english-1864\ntrick 1:\n  A leeds S5\n"
TOO_LARGE = {"text": "x" * (MAX_BODY + 1)}
HAND = {"tricks": {"AB": 9, "YZ": 4}}

#: For every endpoint, a request that draws each status it may answer: these, and no
#: others, are the statuses its schema documents.
STATUSES: dict[tuple[str, str], dict[int, tuple[str, dict]]] = {
    ("POST", "/api/rule"): {
        200: ("/api/rule", {"json": {"text": EXAMPLE}}),
        400: ("/api/rule", {"json": {"text": EXAMPLE, "game": "bridge"}}),
        413: ("/api/rule", {"json": TOO_LARGE}),
        422: ("/api/rule", {"json": {"text": TYPO}}),
        503: ("/api/rule", {"json": {"text": EXAMPLE}}),
    },
    ("POST", "/api/check"): {
        200: ("/api/check", {"json": {"text": EXAMPLE}}),
        413: ("/api/check", {"json": TOO_LARGE}),
        422: ("/api/check", {"json": {"text": TYPO}}),
        503: ("/api/check", {"json": {"text": EXAMPLE}}),
    },
    ("POST", "/api/format"): {
        200: ("/api/format", {"json": {"text": EXAMPLE}}),
        413: ("/api/format", {"json": TOO_LARGE}),
        422: ("/api/format", {"json": {}}),
        503: ("/api/format", {"json": {"text": EXAMPLE}}),
    },
    ("POST", "/api/ask"): {
        200: ("/api/ask", {"json": {}}),
        413: ("/api/ask", {"json": TOO_LARGE}),
        422: ("/api/ask", {"json": {"state": "{"}}),
        503: ("/api/ask", {"json": {}}),
    },
    ("GET", "/api/codes"): {200: ("/api/codes", {})},
    ("GET", "/api/codes/{code}"): {200: ("/api/codes/english-1864", {}), 404: ("/api/codes/bridge", {})},
    ("GET", "/api/laws/{ref}"): {200: ("/api/laws/english-1864/72", {}), 404: ("/api/laws/english-1864/999", {})},
    ("GET", "/api/search"): {
        200: ("/api/search", {"params": {"q": "revoke"}}),
        404: ("/api/search", {"params": {"q": "revoke", "code": "bridge"}}),
        422: ("/api/search", {"params": {"q": "revoke", "limit": 0}}),
    },
    ("GET", "/api/compare"): {
        200: ("/api/compare", {"params": {"left": "english-1864/72", "right": "american-1893/30"}}),
        404: ("/api/compare", {"params": {"left": "english-1864/999", "right": "american-1893/30"}}),
        422: ("/api/compare", {"params": {"left": "english-1864/72"}}),
    },
    ("GET", "/api/cases"): {200: ("/api/cases", {})},
    ("GET", "/api/cases/{name}"): {
        200: ("/api/cases/II", {}), 404: ("/api/cases/XCIX", {}), 503: ("/api/cases/II", {}),
    },
    ("GET", "/api/examples"): {200: ("/api/examples", {})},
    ("POST", "/api/score/hand"): {
        200: ("/api/score/hand", {"json": HAND}),
        400: ("/api/score/hand", {"json": {**HAND, "code": "bridge"}}),
        413: ("/api/score/hand", {"json": TOO_LARGE}),
        422: ("/api/score/hand", {"json": {}}),
    },
    ("POST", "/api/score/rubber"): {
        200: ("/api/score/rubber", {"json": {"games": [["AB", 3], ["AB", 2]]}}),
        400: ("/api/score/rubber", {"json": {"games": [["AB", 5], ["YZ", 5], ["AB", 5]]}}),
        413: ("/api/score/rubber", {"json": TOO_LARGE}),
        422: ("/api/score/rubber", {"json": {"games": "AB"}}),
    },
    ("POST", "/api/score/fontainebleau"): {
        200: ("/api/score/fontainebleau", {"json": {"bid": 9, "trump": "hearts", "won": 6}}),
        400: ("/api/score/fontainebleau", {"json": {"bid": 9, "trump": "roses", "won": 6}}),
        413: ("/api/score/fontainebleau", {"json": TOO_LARGE}),
        422: ("/api/score/fontainebleau", {"json": {"bid": "nine"}}),
    },
    ("POST", "/api/score/misere-partout"): {
        200: ("/api/score/misere-partout", {"json": {"tricks": {"A": 6, "Y": 2, "B": 5, "Z": 0}}}),
        400: ("/api/score/misere-partout", {"json": {"tricks": {"A": 6}}}),
        413: ("/api/score/misere-partout", {"json": TOO_LARGE}),
        422: ("/api/score/misere-partout", {"json": {}}),
    },
    ("POST", "/api/score/french-boston"): {
        200: ("/api/score/french-boston", {"json": {"bid": "petite-misere", "suit": "hearts"}}),
        400: ("/api/score/french-boston", {"json": {"bid": "grand-slam-of-roses", "suit": "hearts"}}),
        413: ("/api/score/french-boston", {"json": TOO_LARGE}),
        422: ("/api/score/french-boston", {"json": {"bid": 3}}),
    },
    ("POST", "/api/score/boston"): {
        200: ("/api/score/boston", {"json": {"bid": 8, "put_in_for": 7}}),
        400: ("/api/score/boston", {"json": {"bid": 8}}),
        413: ("/api/score/boston", {"json": TOO_LARGE}),
        422: ("/api/score/boston", {"json": {"bid": "eight"}}),
    },
}


@pytest.fixture(scope="module")
def client():
    return TestClient(served, raise_server_exceptions=False)


@pytest.fixture(scope="module")
def busy_client():
    return TestClient(create_app(Busy()), raise_server_exceptions=False)


def documented() -> dict[tuple[str, str], set[int]]:
    schema = APP.app.openapi()
    return {(method.upper(), path): {int(s) for s in operation["responses"]}
            for path, operations in schema["paths"].items() for method, operation in operations.items()}


def test_every_endpoint_documents_the_statuses_it_answers_and_no_others():
    said = documented()
    assert set(said) == set(STATUSES), "an endpoint added or gone: give it its statuses here"
    for route, statuses in STATUSES.items():
        assert said[route] == set(statuses), f"{route}: the schema says {sorted(said[route])}"


def test_no_endpoint_documents_fastapis_own_validation_error():
    text = json.dumps(APP.app.openapi())
    assert "HTTPValidationError" not in text and '"detail"' not in text


@pytest.mark.parametrize("route, status", [(r, s) for r, statuses in STATUSES.items() for s in statuses],
                         ids=lambda x: str(x))
def test_each_documented_status_is_answered_as_documented(client, busy_client, route, status):
    method, template = route
    path, kwargs = STATUSES[route][status]
    response = (busy_client if status == 503 else client).request(method, path, **kwargs)
    assert response.status_code == status, response.text[:500]
    SCHEMA[template][method].validate_response(response)
    if status >= 400:
        error = response.json()["error"]
        assert error["message"], "every error says in words what is wrong"


def test_every_law_code_and_case_the_api_serves_fits_its_model(book):
    """Beyond the examples Schemathesis draws: every entry of the law book, every code and
    every published case, as the API writes them, fits the model the schema documents."""
    from arbiter.lawbook.export import code_to_dict, law_to_dict
    from arbiter.web import answers

    for law in book.entries.values():
        answers.Law.model_validate(law_to_dict(book, law))
    for code in book.codes.values():
        answers.Code.model_validate(code_to_dict(book, code))
        answers.Code.model_validate(code_to_dict(book, code, with_entries=False))


def test_a_decision_with_why_and_a_comparison_fit_their_models(client):
    from arbiter.web import answers

    answers.Case.model_validate(client.get("/api/cases/VII").json())
    answers.Decision.model_validate(client.post("/api/rule", json={"text": EXAMPLE, "explain": True}).json())
    answers.Comparison.model_validate(client.post("/api/rule", json={"text": EXAMPLE, "compare": True}).json())
    answers.Checked.model_validate(client.post("/api/check", json={"text": EXAMPLE, "all_facts": True}).json())


def test_a_key_the_model_does_not_list_is_refused():
    """The other side: the models forbid what they do not document."""
    import pydantic

    from arbiter.web import answers

    with pytest.raises(pydantic.ValidationError):
        answers.Formatted.model_validate({"text": "", "canonical": True, "extra": 1})
