"""The JSON API (``/api/…``), documented by its OpenAPI schema at ``/api/openapi.json``:
the same JSON as ``--format json`` on the command line, made by the same calls.

Every error is ``{"error": {"message": …}}`` (arbiter/web/answers.py documents each status
each endpoint answers, and tests/test_api_schema.py holds the answers to it). An incident
that cannot be read is a 422 whose ``error`` holds its line, column, message, suggestion and
the rendered message with the caret; an unknown law, code or case is a 404, an unknown code
or game given beside an incident a 400, with a message in words.

What rules, checks or formats an incident is done by a referee (arbiter/web/referees.py), a
process of its own with a time and a memory budget: the endpoint hands the work over and
waits, and the function that does it (``…_answer``, beside its endpoint) answers with the
response. The rest is light (the law book is loaded once and searched with an index) and
is answered on the event loop, which the rulings never hold.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from .. import api as library
from ..incident import IncidentError
from ..lawbook import UnknownCode, UnknownLaw
from ..lawbook.export import code_to_dict, comparison_to_dict, hit_to_dict, law_to_dict
from ..support.names import quoted
from . import answers, service
from .answers import errors
from .jsontext import JSONText
from .limits import MAX_BODY
from .referral import answered

router = APIRouter(prefix="/api")

#: A short incident, the schema's example of one: a revoke (Schemathesis sends it too, so that
#: a decision is among the answers checked against the schema).
EXAMPLE = ("code english-1864\ntrick 1:\n  A leads H5\n  Y plays H2\n  B plays S3\n  Z plays H9\n"
           "trick 2:\n  Z leads H10\n  A plays H3\n  Y plays H7\n  B plays HK\n")
Text = Field(..., max_length=MAX_BODY, description="The incident, in the notation of docs/notation.md.",
             examples=[EXAMPLE])


class RuleRequest(BaseModel):
    text: str = Text
    code: str | None = Field(None, description="Rule under this code instead of the incident's.")
    game: str | None = Field(None, description="Rule for this game instead of the incident's.")
    explain: bool = Field(False, description="Add why each holding follows, and why other laws did not apply.")
    compare: bool = Field(False, description="Rule under every code of the game, side by side.")


class CheckRequest(BaseModel):
    text: str = Text
    all_facts: bool = Field(False, description="Also list the facts that only describe the table.")


class FormatRequest(BaseModel):
    text: str = Text


class HandRequest(BaseModel):
    tricks: dict[str, int] = Field(..., description="Tricks won by each side, e.g. {\"AB\": 9, \"YZ\": 4}.")
    before: dict[str, int] = Field(default_factory=dict, description="Points each side had before the hand.")
    honours: dict[str, int] = Field(default_factory=dict, description="Honours each side held (0-4).")
    revoke_by: str | None = Field(None, description="The side that revoked, if any.")
    revoke_penalty: str = Field("add-points", description="add-points, deduct-points or take-tricks.")
    code: str = "english-1864"


class RubberRequest(BaseModel):
    games: list[tuple[str, int]] = Field(..., description="Each game as [side, value], in order.")
    code: str = "english-1864"


def _incident_error(exc: IncidentError) -> JSONText:
    return JSONText({"error": service.error_data(exc)}, status_code=422)


def _bad(message: str, status: int = 400) -> JSONText:
    return JSONText({"error": {"message": message}}, status_code=status)


@router.post("/rule", summary="Rule on an incident", tags=["incidents"],
             responses={200: {"model": answers.Decision | answers.Comparison}, **errors(400, 413, 422, 503)})
async def rule(request: RuleRequest, http: Request) -> Any:
    """The decision, as ``arbiter rule --format json`` prints it (with ``compare``, as
    ``arbiter rule --compare --format json``)."""
    return await answered(http, "api.rule", text=request.text, code=request.code, game=request.game,
                          explain=request.explain, compare=request.compare)


def rule_answer(text: str, code: str | None, game: str | None, explain: bool, compare: bool) -> Response:
    try:
        ruling = library.rule(text, code=code, game=game, compare=compare, book=service.book(),
                              name="incident.whist")
        return JSONText(ruling.data(explain=explain and not compare))
    except IncidentError as exc:
        return _incident_error(exc)
    except (library.ArbiterError, UnknownCode) as exc:
        return _bad(str(exc))


@router.post("/check", summary="Read and replay an incident", tags=["incidents"],
             responses={200: {"model": answers.Checked}, **errors(413, 422, 503)})
async def check(request: CheckRequest, http: Request) -> Any:
    """The statement of facts and the facts the replay derives, as ``arbiter check
    --format json``; or the first error, at its line and column."""
    return await answered(http, "api.check", text=request.text, all_facts=request.all_facts)


def check_answer(text: str, all_facts: bool) -> Response:
    try:
        return JSONText(library.check(text, all_facts, name="incident.whist"))
    except IncidentError as exc:
        return _incident_error(exc)


@router.post("/format", summary="An incident in canonical form", tags=["incidents"],
             responses={200: {"model": answers.Formatted}, **errors(413, 422, 503)})
async def format_(request: FormatRequest, http: Request) -> Any:
    """The incident as ``arbiter fmt`` prints it, and whether it was already so."""
    return await answered(http, "api.format", text=request.text)


def format_answer(text: str) -> Response:
    try:
        formatted = library.format_text(text, name="incident.whist")
    except IncidentError as exc:
        return _incident_error(exc)
    return JSONText({"text": formatted, "canonical": formatted == text})


@router.get("/codes", summary="The codes", tags=["laws"], responses={200: {"model": list[answers.Code]}})
async def codes() -> Any:
    book = service.book()
    return [code_to_dict(book, c, with_entries=False) for c in book.codes.values()]


@router.get("/codes/{code}", summary="One code and its entries", tags=["laws"],
            responses={200: {"model": answers.Code}, **errors(404)})
async def code(code: str) -> Any:
    book = service.book()
    try:
        found = book.code_id(code)     # an unknown code is an error with a suggestion
    except UnknownCode as exc:
        return _bad(str(exc), 404)
    return code_to_dict(book, book.codes[found])


@router.get("/laws/{ref:path}", summary="One law", tags=["laws"],
            responses={200: {"model": answers.Law}, **errors(404)})
async def law(ref: str) -> Any:
    """A law, footnote or exception by its id (``english-1864/72``), with its references,
    the entries that cite it, its variant exceptions and its counterparts in other codes."""
    book = service.book()
    try:
        return law_to_dict(book, book.law(ref))
    except (UnknownLaw, UnknownCode) as exc:
        return _bad(str(exc), 404)


@router.get("/search", summary="Search the codes", tags=["laws"],
            responses={200: {"model": answers.Found}, **errors(404, 422)})
async def search(q: str = Query(..., max_length=500, description="Words to find."),
                 code: str | None = Query(None, description="Search only this code."),
                 limit: int = Query(20, ge=1, le=200), all_printings: bool = False) -> Any:
    """Ranked results, as ``arbiter laws search --format json``."""
    from ..lawbook.search import search as search_laws

    try:
        hits = search_laws(service.book(), q, code=code, limit=limit, all_printings=all_printings)
    except UnknownCode as exc:
        return _bad(str(exc), 404)
    return {"query": q, "results": [hit_to_dict(h) for h in hits]}


@router.get("/compare", summary="Two laws side by side", tags=["laws"],
            responses={200: {"model": answers.Compared}, **errors(404, 422)})
async def compare(left: str = Query(..., max_length=200), right: str = Query(..., max_length=200),
                  exact: bool = False) -> Any:
    """As ``arbiter laws compare --format json`` for two laws."""
    from ..lawbook.compare import compare as compare_laws

    try:
        return comparison_to_dict(compare_laws(service.book(), left, right, exact=exact))
    except (UnknownLaw, UnknownCode) as exc:
        return _bad(str(exc), 404)


@router.get("/cases", summary="The published cases", tags=["cases"],
            responses={200: {"model": list[answers.CaseListed]}})
async def cases() -> Any:
    return [{"name": c.name, "book": c.book_entry} for c in service.cases()]


@router.get("/cases/{name}", summary="One published case: the book beside the arbiter", tags=["cases"],
            responses={200: {"model": answers.Case}, **errors(404, 503)})
async def case(name: str, http: Request) -> Any:
    found = service.case_named(name)
    if found is None:
        return _bad(f"no case {quoted(name)}; cases are: {', '.join(c.name for c in service.cases())}", 404)
    return await answered(http, "api.case", name=found.name)


def case_answer(name: str) -> Response:
    """The case named so exactly (the endpoint has found it), judged."""
    from ..cases import book_text, judge
    from ..render.decisions import decision_data

    found = next(c for c in service.cases() if c.name == name)
    book = service.book()
    verdict = judge(book, found)
    return JSONText({"name": found.name, "book": [p.text for p in book_text(book, found).paragraphs],
                         "incident": found.incident_path.read_text(encoding="utf-8"),
                         "decision": decision_data(verdict.decision, book), "agrees": verdict.agrees,
                         "problems": verdict.problems})


@router.post("/score/hand", summary="Score one hand of whist", tags=["scoring"],
             responses={200: {"model": answers.HandScored}, **errors(400, 413, 422)})
async def score_hand(request: HandRequest) -> Any:
    """As ``arbiter score hand --format json``."""
    from ..scoring.whist import ScoringError, hand_data, scoring_system
    from ..scoring.whist import score_hand as score

    try:
        result = score(scoring_system(request.code), before=request.before, tricks=request.tricks,
                       honours=request.honours,
                       revoke=(request.revoke_by, request.revoke_penalty) if request.revoke_by else None)
    except (ScoringError, KeyError) as exc:
        return _bad(str(exc).strip("'\""))
    return hand_data(result)


@router.post("/score/rubber", summary="Settle a rubber", tags=["scoring"],
             responses={200: {"model": answers.RubberSettled}, **errors(400, 413, 422)})
async def score_rubber(request: RubberRequest) -> Any:
    from ..scoring.whist import ScoringError, scoring_system
    from ..scoring.whist import score_rubber as settle

    try:
        return settle(scoring_system(request.code), list(request.games))
    except (ScoringError, KeyError) as exc:
        return _bad(str(exc).strip("'\""))


@router.get("/examples", summary="The example incidents", tags=["incidents"],
            responses={200: {"model": list[answers.Example]}})
async def examples() -> Any:
    return [{"name": name, "text": text} for name, text in service.examples().items()]


class FontainebleauRequest(BaseModel):
    bid: int = Field(..., description="Tricks bid (5 to 13).")
    trump: str = Field(..., description="clubs, spades, hearts or diamonds.")
    won: int = Field(..., description="Tricks won.")
    partner: bool = Field(False, description="The caller took a partner.")


class MiserePartoutRequest(BaseModel):
    tricks: dict[str, int] = Field(..., description='Each player\'s tricks, e.g. {"A": 6, "Y": 2, "B": 5, "Z": 0}.')


class FrenchBostonRequest(BaseModel):
    bid: str = Field(..., description="A row of the payments table: simple, petite-independence, petite-misere, …")
    suit: str = Field(..., description="The suit turned: spades, clubs, diamonds or hearts.")
    honours: int = Field(0, description="Honours held (3 or 4).")
    extra: int = Field(0, description="Extra tricks.")
    double: bool = Field(False, description="One of the last eight deals.")


class BostonRequest(BaseModel):
    bid: int | None = Field(None, description="Tricks bid (5 to 13).")
    won: int | None = Field(None, description="Tricks the caller won.")
    put_in_for: int | None = Field(None, description="Tricks the caller is put in for (those he fell short by).")
    misere: str | None = Field(None, description="little-misere, grand-misere, little-spread or grand-spread.")


def _game(name: str):
    return service.book().descriptions[name]


@router.post("/score/fontainebleau", summary="Pay a hand of Boston de Fontainebleau", tags=["scoring"],
             responses={200: {"model": answers.FontainebleauPaid}, **errors(400, 413, 422)})
async def score_fontainebleau(request: FontainebleauRequest) -> Any:
    """From Table No. 1, as ``arbiter score fontainebleau``: what each adversary pays (or,
    negative, is paid) and the pool."""
    from ..scoring.boston import fontainebleau_payment

    try:
        return fontainebleau_payment(_game("boston-de-fontainebleau"), request.bid, request.trump.lower(),
                                     request.won, request.partner)
    except (KeyError, ValueError) as exc:
        return _bad(str(exc).strip("'\""))


@router.post("/score/misere-partout", summary="Settle a hand of Misère Partout", tags=["scoring"],
             responses={200: {"model": dict[str, int]}, **errors(400, 413, 422)})
async def score_misere_partout(request: MiserePartoutRequest) -> Any:
    """Each player's gain (positive) or loss in red counters, as ``arbiter score misere-partout``."""
    from ..scoring.boston import misere_partout

    try:
        return misere_partout(_game("boston"), request.tricks)
    except ValueError as exc:
        return _bad(str(exc))


@router.post("/score/french-boston", summary="Pay a hand of French Boston", tags=["scoring"],
             responses={200: {"model": answers.FrenchBostonPaid}, **errors(400, 413, 422)})
async def score_french_boston(request: FrenchBostonRequest) -> Any:
    """Counters to or from each player, as ``arbiter score french-boston``."""
    from ..scoring.boston import french_boston_payment

    try:
        return {"counters": french_boston_payment(_game("french-boston"), request.bid, request.suit.lower(),
                                                  request.honours, request.extra, request.double)}
    except (KeyError, ValueError) as exc:
        return _bad(str(exc).strip("'\""))


@router.post("/score/boston", summary="Boston's payments from its tables", tags=["scoring"],
             responses={200: {"model": answers.BostonPaid}, **errors(400, 413, 422)})
async def score_boston(request: BostonRequest) -> Any:
    """A bid made or failed (``won``, or ``put_in_for``), or a misère, as ``arbiter score
    boston``: a failed bid is paid from the table of what the caller is put in for; of a bid
    made the source gives the pool alone (``unpaid`` says so)."""
    from ..scoring.boston import boston_payment

    game = _game("boston")
    try:
        if request.misere:
            return {"misere": request.misere,
                    "each_adversary": game.table("misere-payments").value(request.misere, "each-adversary")}
        if request.bid is None or (request.won is None and request.put_in_for is None):
            return _bad("give bid and won (or put_in_for), or misere")
        return boston_payment(game, request.bid, won=request.won, put_in_for=request.put_in_for)
    except (KeyError, ValueError) as exc:
        return _bad(str(exc).strip("'\""))
