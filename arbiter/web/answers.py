"""What the JSON API answers, as pydantic models: the OpenAPI schema's description of each
response, its errors included. They only document: the endpoints write their JSON as the
command line does (arbiter/render/decisions.py, arbiter/lawbook/export.py, arbiter/scoring/),
and tests/test_api_schema.py holds every live answer to its model, so that a key added,
renamed or dropped there and not here fails a test.

A model that forbids other keys (``Strict``) lists every key of the answer; a nested part
given as ``dict`` is described by the command's ``--format json``, not key by key.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    """An answer whose keys are all listed: another key is a fault of the schema."""

    model_config = ConfigDict(extra="forbid")


# ---------------------------------------------------------------------------- errors
class Problem(Strict):
    """What went wrong, in words; for an incident that cannot be read, where, and the line."""

    message: str = Field(..., description="What is wrong, in words.")
    problems: list[str] | None = Field(None, description="A request that does not fit the schema: each "
                                                         "field's problem, as 'field: what is wrong'.")
    file: str | None = Field(None, description="An incident that cannot be read: its name.")
    line: int | None = Field(None, description="The line of the error, from 1 (0: the incident as a whole).")
    column: int | None = Field(None, description="The column of the error, from 1.")
    suggestion: str | None = Field(None, description="What was probably meant.")
    warning: bool | None = Field(None, description="Told, and the ruling goes on (never so in an error).")
    text: str | None = Field(None, description="The line itself.")
    rendered: str | None = Field(None, description="The message as the command line prints it: where, "
                                                   "the line, a caret under the column, the suggestion.")


class Failure(Strict):
    """Every error of the API: ``{"error": {…}}``."""

    error: Problem


#: What each status means, where the API answers it.
ERRORS = {
    400: "A code, game or value the request names that the arbiter does not have, or a request it "
         "cannot meet (a code given with compare); the message says which, and what there is.",
    404: "No such law, code or case (the message names what there is), or no such path.",
    413: "The request is larger than 256 KiB.",
    422: "An incident that cannot be read (where, the line, a caret, what was expected, a "
         "suggestion), or a request that does not fit the schema (each field's problem).",
    503: "The ruling was stopped (past its time or memory) or the arbiter is busy; in words. "
         "Retry-After is sent where asking again may help.",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The error responses of an endpoint, for its ``responses``."""
    return {status: {"model": Failure, "description": ERRORS[status]} for status in statuses}


# ---------------------------------------------------------------------------- incidents
class Branch(Strict):
    """One way the disputes give: its findings (each as in ``--format json``)."""

    alternatives: list[str]
    described: list[str]
    holdings: list[dict[str, Any]]
    remedies: list[dict[str, Any]]
    duties: list[dict[str, Any]]
    limits: list[dict[str, Any]]
    forfeits: list[dict[str, Any]]
    scores: list[dict[str, Any]]
    cited: list[str]
    turns_on: list[dict[str, Any]] = Field(..., description="The questions of fact the ruling turns on, and "
                                                            "what each answer would hold.")
    demands: list[dict[str, Any]]
    defeated: list[dict[str, Any]] | None = Field(None, description="With explain: rules another gave way to.")
    why_not: list[dict[str, Any]] | None = Field(None, description="With explain: rules that did not apply.")
    why: list[dict[str, Any]] | None = Field(None, description="With explain: why each holding follows.")


class LawCited(Strict):
    label: str
    text: str


class Decision(Strict):
    """A decision, as ``arbiter rule --format json`` prints it: its parts, and the decision
    written out (``text`` and ``html``)."""

    title: str | None
    source: str | None
    file: str
    code: str
    code_title: str
    game: str
    facts: list[str] = Field(..., description="The statement of facts, a paragraph each.")
    question: str | None
    about: str | None
    answer: str | None = Field(..., description="yes, no, depends (a question of fact), or none.")
    yes_or_no: bool
    disputed: bool
    branches: list[Branch]
    cited: list[str] = Field(..., description="The laws relied on, by id.")
    laws: dict[str, LawCited] = Field(..., description="Each law relied on: its label and text.")
    notes: list[str]
    warnings: list[dict[str, Any]]
    text: str = Field(..., description="The decision written out, as `--format text` renders it.")
    html: str = Field(..., description="The decision as the web page shows it: an HTML fragment.")


class Comparison(Strict):
    """The decisions under every code of the game, as ``arbiter rule --compare --format json``."""

    decisions: list[Decision]
    comparison: dict[str, Any]
    differences: list[str]
    text: str = Field(..., description="The comparison written out, as `--format text` renders it.")
    html: str = Field(..., description="The comparison as the web page shows it: an HTML fragment.")


class Checked(Strict):
    """As ``arbiter check --format json``."""

    file: str
    code: str | None
    game: str | None
    warnings: list[dict[str, Any]]
    question: str | None
    statement_of_facts: list[str]
    branches: list[dict[str, Any]]


class Formatted(Strict):
    text: str = Field(..., description="The incident in canonical form.")
    canonical: bool = Field(..., description="Whether it was already so.")


class Example(Strict):
    name: str
    text: str


# ---------------------------------------------------------------------------- laws
class Code(Strict):
    id: str
    title: str
    description: str
    source: dict[str, Any]
    games: list[str]
    edition_of: str | None
    notes: list[Any]
    numbered_laws: int
    entries: list[dict[str, Any]] | None = Field(None, description="One code only: its laws, a line each.")


class Law(Strict):
    """As ``arbiter laws show --format json``: the text, footnotes, references, exceptions
    and counterparts."""

    id: str
    code: str
    kind: str = Field(..., description="law, exception, rule, etiquette, principle, gloss or preface.")
    number: int | str | None = Field(..., description="A number, or a Roman numeral, or none.")
    label: str = Field(..., description="As the book names it, a number or a Roman numeral after its kind.")
    heading: str | None
    paragraphs: list[dict[str, Any]]
    text: str
    footnotes: dict[str, str | None] = Field(..., description="By number; null where the source lost its text.")
    topics: list[str]
    games: list[str]
    modifies: list[str]
    see: list[str] = Field(..., description="The laws it refers to (its vide references).")
    referenced_by: list[str]
    exceptions: list[dict[str, Any]] = Field(..., description="Its exceptions for other games: id, label, "
                                                              "games, text.")
    concordance: list[str] = Field(..., description="Its counterparts in the other codes.")
    other_printings: list[str]
    note: str | None


class Hit(Strict):
    id: str
    label: str
    score: float
    phrase: bool
    snippet: str


class Found(Strict):
    query: str
    results: list[Hit]


class Compared(Strict):
    left: str
    right: str
    same_law: bool
    similarity: float
    identical: bool
    shared_topics: list[str]
    changes: list[dict[str, Any]]


# ---------------------------------------------------------------------------- cases
class CaseListed(Strict):
    name: str
    book: str


class Case(Strict):
    name: str
    book: list[str] = Field(..., description="The book's words, a paragraph each.")
    incident: str
    decision: dict[str, Any] = Field(..., description="The arbiter's decision, as `arbiter rule --format json`.")
    agrees: bool
    problems: list[str]


# ---------------------------------------------------------------------------- scoring
class HandScored(Strict):
    before: dict[str, int]
    after: dict[str, int]
    winner: str | None
    game_value: int | None
    game: str | None
    steps: list[dict[str, Any]]


class RubberSettled(Strict):
    winner: str
    games: dict[str, int]
    points_of_games: dict[str, int]
    rubber_points: int
    deducted: int
    net: int
    law: list[str]


class FontainebleauPaid(Strict):
    made: bool
    each_adversary: int
    pool: int
    needed: int


class FrenchBostonPaid(Strict):
    counters: int


class BostonPaid(Strict):
    """A misère (``misere``, ``each_adversary``), or a bid made or failed (the rest)."""

    bid: int | None = None
    won: int | None = None
    made: bool | None = None
    pool_bid: bool | None = None
    put_in_for: int | None = None
    amount: int | None = Field(None, description="A failed bid: what the table gives for the tricks the caller "
                                                 "is put in for. A bid made: null (see unpaid).")
    over_tricks: int | None = None
    pool: str | None = Field(None, description="What becomes of the pool: taken, or doubled.")
    unpaid: str | None = Field(None, description="What the source does not give, in words.")
    misere: str | None = None
    each_adversary: int | None = None


# ---------------------------------------------------------------------------- the schema
def true_schema(app: Any):
    """``app.openapi`` less FastAPI's own 422 (``{"detail": […]}``), which it adds to every
    endpoint with a parameter: this server never sends it. Where a request can fail its
    schema, the endpoint documents the 422 it does send (:data:`ERRORS`)."""
    made = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = made()
        for path in schema.get("paths", {}).values():
            for operation in path.values():
                said = operation.get("responses", {})
                if "HTTPValidationError" in str(said.get("422", "")):
                    del said["422"]
        kept = schema.get("components", {}).get("schemas", {})
        for name in ("HTTPValidationError", "ValidationError"):
            kept.pop(name, None)
        return schema

    return openapi
