"""The pages: the ruling page (an editor, the decision, why, the codes compared, download
and link), the law browser (codes, laws with their references as links, search) and the
published cases beside the arbiter's decisions, the notation. Each works without
JavaScript; the script adds the errors shown as one types, the editor's line numbers and
colours, and the notation found as one types (templates/web/static/arbiter.js)."""

from __future__ import annotations

import re

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup

from .. import api as library
from ..incident import IncidentError
from ..lawbook import UnknownCode, UnknownLaw
from ..render.decisions import ITALICS, decision_data
from ..support.names import quoted
from . import service
from .lawtext import law_html
from .layout import page, render_page
from .limits import MAX_BODY
from .links import BadLink, pack, unpack
from .referral import Refused, answered

router = APIRouter()

#: How many results the search page shows.
SEARCH_LIMIT = 30

#: The id of the ruling page's decision, the place a ruling's link opens at.
DECISION = "decision"

#: The incident shown to a newcomer who has not chosen one.
FIRST_EXAMPLE = "revoke-found-at-end-of-hand"


class PageError(Exception):
    """A page that cannot be shown, in words: becomes an error page with this status, and
    with ``links`` ((href, words) pairs) to the pages nearest what was asked for."""

    def __init__(self, status: int, title: str, message: str, links: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(message)
        self.status, self.title, self.message, self.links = status, title, message, links


# ---------------------------------------------------------------------------- ruling
def _choices() -> dict:
    book = service.book()
    codes = [c for c in book.codes.values() if not c.edition_of and not c.supplements]
    return {"codes": codes, "games": list(book.games), "examples": list(service.examples()),
            "cases": [c.name for c in service.cases()]}


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def home(example: str | None = Query(None, max_length=100),
               case: str | None = Query(None, max_length=10)) -> HTMLResponse:
    """The ruling page with an incident to start from: an example, a published case, or
    the first example."""
    text = ""
    if case:
        found = service.case_named(case)
        if found is None:
            raise PageError(404, "No such case", f"There is no published case {quoted(case)}.")
        text = lines_of(found.incident_path.read_text(encoding="utf-8"))
    else:
        examples = service.examples()
        name = example or FIRST_EXAMPLE
        if name not in examples:
            raise PageError(404, "No such example", f"There is no example {name!r}.")
        text = lines_of(examples[name])
    return page("rule.html.j2", text=text, chosen={"code": "", "game": "", "example": example or "",
                                                   "case": case or ""}, ruled=None, **_choices())


@router.post("/rule", include_in_schema=False)
async def rule_form(text: str = Form(..., max_length=MAX_BODY), code: str = Form(""), game: str = Form(""),
                    view: str = Form("decision")) -> RedirectResponse:
    """The editor's form: ruled at a link that carries the incident, so the page shown can
    be bookmarked and shared; the link's ``#decision`` brings the decision into view, below
    the editor on a phone."""
    return RedirectResponse(_rule_link(lines_of(text), code, game, view) + "#" + DECISION, status_code=303)


def _rule_link(text: str, code: str = "", game: str = "", view: str = "decision") -> str:
    from urllib.parse import urlencode

    query = {"i": pack(text)}
    if code:
        query["code"] = code
    if game:
        query["game"] = game
    if view in ("explain", "compare"):
        query["view"] = view
    return "/rule?" + urlencode(query)


@router.get("/rule", response_class=HTMLResponse, include_in_schema=False)
async def rule_page(http: Request, i: str = Query(..., max_length=MAX_BODY), code: str = Query("", max_length=60),
                    game: str = Query("", max_length=60), view: str = Query("decision", max_length=20)) -> Response:
    text = _unpacked(i)
    at = "#" + DECISION
    links = {"decision": _rule_link(text, code, game) + at, "explain": _rule_link(text, code, game, "explain") + at,
             "compare": _rule_link(text, "", game, "compare") + at, "download": "/download?i=" + i}
    try:
        return await answered(http, "page.rule", text=text, code=code, game=game, view=view, links=links)
    except Refused as exc:        # the editor again, with the incident, and why it was not ruled
        return page("rule.html.j2", status=exc.status, text=text, chosen={"code": code, "game": game, "view": view},
                    ruled=None, problem=exc.sentence, links=links, **_choices())


def rule_page_answer(text: str, code: str, game: str, view: str, links: dict) -> HTMLResponse:
    """The ruling page for an incident (done by a referee)."""
    chosen = {"code": code, "game": game, "view": view}
    try:
        ruling = library.rule(text, code=code or None, game=game or None, compare=view == "compare",
                              book=service.book(), name="incident.whist")
    except IncidentError as exc:
        return page("rule.html.j2", status=422, text=text, chosen=chosen, ruled=None,
                    error=service.error_data(exc), links=links, **_choices())
    except (library.ArbiterError, UnknownCode) as exc:
        return page("rule.html.j2", status=400, text=text, chosen=chosen, ruled=None,
                    problem=str(exc), links=links, **_choices())
    book = service.book()
    if ruling.compared:
        from ..render.decisions import comparison_data

        ruled = {"compared": True, "ds": [decision_data(d, book) for d in ruling.decisions],
                 "c": comparison_data(ruling.decisions)}
    else:
        ruled = {"compared": False, "d": decision_data(ruling.decision, book, explain=view == "explain"),
                 "explain": view == "explain"}
    warnings = [service.error_data(w) for w in ruling.warnings]
    return page("rule.html.j2", text=text, chosen=chosen, ruled=ruled, links=links, warnings=warnings,
                **_choices())


def lines_of(text: str) -> str:
    """A browser's form sends CRLF line ends; an incident is kept with LF."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _unpacked(packed: str) -> str:
    try:
        return lines_of(unpack(packed))
    except BadLink as exc:
        raise PageError(400, "This link cannot be read", str(exc).capitalize() + ".") from None


@router.get("/download", include_in_schema=False)
async def download(i: str = Query(..., max_length=MAX_BODY)) -> Response:
    """The incident of a link as a ``.whist`` file, named for its title."""
    text = _unpacked(i)
    title = re.search(r"^title\s+(.+)$", text, re.M)
    name = re.sub(r"[^a-z0-9]+", "-", (title.group(1) if title else "incident").lower()).strip("-")[:60]
    return Response(text, media_type="text/plain; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name or "incident"}.whist"'})


# ---------------------------------------------------------------------------- laws
@router.get("/laws", response_class=HTMLResponse, include_in_schema=False)
async def codes_page() -> HTMLResponse:
    return page("codes.html.j2", codes=list(service.book().codes.values()))


@router.get("/laws/{code}", response_class=HTMLResponse, include_in_schema=False)
async def code_page(code: str) -> HTMLResponse:
    book = service.book()
    try:
        code = book.code_id(code)
    except UnknownCode as exc:
        raise PageError(404, "No such code", str(exc)) from None
    return page("code.html.j2", code=book.codes[code], entries=book.entries_of(code))


@router.get("/laws/{code}/{local:path}", response_class=HTMLResponse, include_in_schema=False)
async def law_page(code: str, local: str, with_: str = Query("", alias="with", max_length=200)) -> HTMLResponse:
    """A law, its neighbours in the code, its counterparts and printings, and, asked with
    ``?with=LAW``, that law compared with it (as ``arbiter laws compare``)."""
    book = service.book()
    try:
        law = book.law(f"{code}/{local}")
    except (UnknownLaw, UnknownCode) as exc:
        raise _no_such_law(book, code, exc) from None
    counterparts = [(g.subject, [book.entries[i] for i in g.laws if i != law.id])
                    for g in book.concordance_groups if law.id in g.laws]
    printings = [book.entries[f"{c}/{law.local_id}"] for c in book.editions(law.code)
                 if f"{c}/{law.local_id}" in book.entries]
    order = [entry.id for entry in book.entries_of(law.code)]
    at = order.index(law.id)
    nearby = {"previous": book.entries[order[at - 1]] if at > 0 else None,
              "next": book.entries[order[at + 1]] if at + 1 < len(order) else None}
    compare_with = list({o.id: o for o in [*printings, *(o for _, others in counterparts for o in others)]}.values())
    return page("law.html.j2", law=law, code=book.codes[law.code], counterparts=counterparts,
                printings=printings, html=lambda text, here=True: law_html(book, law, text, here),
                other_html=lambda other, text: law_html(book, other, text, False),
                cited_by=[book.entries[i] for i in law.referenced_by],
                see=[book.entries[i] for i in law.see], modifies=[book.entries[i] for i in law.modifies],
                exceptions=[book.entries[i] for i in law.exceptions], nearby=nearby,
                compare_with=compare_with, asked=with_.strip(), compared=_compared(book, law, with_.strip()))


def _compared(book, law, other: str) -> dict | None:
    """``law`` beside the law ``other`` names (a bare number is of the same code), or why
    that names none; None when nothing was asked."""
    from ..lawbook.compare import compare

    if not other:
        return None
    ref = other if re.search(r"[/\s]", other.strip()) else f"{law.code}/{other}"
    try:
        c = compare(book, law.id, ref)
    except (UnknownLaw, UnknownCode) as exc:
        return {"problem": re.sub(r"; see `[^`]*`", "", str(exc)), "c": None}
    return {"problem": None, "c": c, "similarity": f"{c.similarity():.0%}", "listed": c.right.id in law.concordance}


def _no_such_law(book, code: str, exc: Exception) -> PageError:
    """The lawbook's words without the command line's advice (``see `arbiter laws list …```):
    a reader of the page is given the code's list of laws as a link instead."""
    message = re.sub(r"; see `[^`]*`", "", str(exc))
    try:
        known = book.codes[book.code_id(code)]
    except UnknownCode:
        return PageError(404, "No such law", message, (("/laws", "Every code"),))
    return PageError(404, "No such law", message, ((f"/laws/{known.id}", f"Every law of {known.title}"),
                                                    ("/laws", "Every code")))


@router.get("/search", response_class=HTMLResponse, include_in_schema=False)
async def search_page(q: str = Query("", max_length=500), code: str = Query("", max_length=60)) -> HTMLResponse:
    from ..lawbook.search import highlight_spans, search

    book = service.book()
    hits = []
    if q.strip():
        try:
            hits = search(book, q, code=code or None, limit=SEARCH_LIMIT)
        except UnknownCode as exc:
            raise PageError(404, "No such code", str(exc)) from None
    results = [{"law": h.law, "snippet": _lit(re.sub(r"\[\d+\]", "", h.snippet(220)), h.terms, highlight_spans)}
               for h in hits]
    return page("search.html.j2", q=q, code=code, results=results, limit=SEARCH_LIMIT,
                codes=[c for c in book.codes.values() if not c.edition_of])


def _lit(text: str, terms, spans_of) -> Markup:
    from markupsafe import escape

    out, at = [], 0
    for start, end in spans_of(text, terms):
        out.append(str(escape(text[at:start])) + "<mark>" + str(escape(text[start:end])) + "</mark>")
        at = end
    out.append(str(escape(text[at:])))
    return Markup(ITALICS.sub(r"<em>\1</em>", "".join(out)))


# ---------------------------------------------------------------------------- cases
@router.get("/cases", response_class=HTMLResponse, include_in_schema=False)
async def cases_page(http: Request) -> Response:
    return await answered(http, "page.cases")


def cases_page_answer() -> HTMLResponse:
    """Every published case beside the arbiter's decision (done by a referee)."""
    from ..cases import judge

    book = service.book()
    rows = [(c, judge(book, c)) for c in service.cases()]
    return page("cases.html.j2", rows=rows)


@router.get("/cases/{name}", response_class=HTMLResponse, include_in_schema=False)
async def case_page(name: str, http: Request) -> Response:
    found = service.case_named(name)
    if found is None:
        raise PageError(404, "No such case", f"There is no published case {quoted(name)}; the cases are "
                        + ", ".join(c.name for c in service.cases()) + ".")
    return await answered(http, "page.case", name=found.name)


def case_page_answer(name: str) -> HTMLResponse:
    """The case named so exactly (the endpoint has found it): the book's words beside the
    arbiter's decision (done by a referee)."""
    from ..cases import book_text, judge

    found = next(c for c in service.cases() if c.name == name)
    book = service.book()
    verdict = judge(book, found)
    text = found.incident_path.read_text(encoding="utf-8")
    entry = book_text(book, found)
    return page("case.html.j2", case=found, entry=entry, verdict=verdict,
                html=lambda text: law_html(book, entry, text, False),
                d=decision_data(verdict.decision, book), explain=False, incident=text,
                link=_rule_link(text))


__all__ = ["PageError", "page", "render_page", "router"]


# ---------------------------------------------------------------------------- notation
@router.get("/notation", response_class=HTMLResponse, include_in_schema=False)
async def notation_page(q: str = Query("", max_length=200)) -> HTMLResponse:
    """The primer, then every word with contents and a search (``?q=`` without script; the
    page's script filters as one types)."""
    from .notation import matching, sections

    every = sections(_vocabulary_text())
    shown = matching(every, q) if q.strip() else every
    return page("notation.html.j2", contents=every, shown=shown, find=q.strip(),
                count=sum(len(s.entries) for s in shown))


def _vocabulary_text() -> str:
    """What ``arbiter notation`` prints: made once per process."""
    from .notation import listing

    return listing()


# ---------------------------------------------------------------------------- scoring
@router.get("/score", response_class=HTMLResponse, include_in_schema=False)
async def score_page(code: str = Query("english-1864", max_length=60),
                     ab: int | None = Query(None, ge=0, le=13), yz: int | None = Query(None, ge=0, le=13),
                     ab_before: int = Query(0, ge=0, le=99), yz_before: int = Query(0, ge=0, le=99),
                     ab_honours: int = Query(0, ge=0, le=4), yz_honours: int = Query(0, ge=0, le=4),
                     revoke_by: str = Query("", max_length=2), penalty: str = Query("add-points", max_length=20),
                     games: str = Query("", max_length=200)) -> HTMLResponse:
    """A hand scored, or a rubber settled, as ``arbiter score hand`` and ``score rubber`` say
    it, from a form."""
    from ..scoring.whist import ScoringError, rubber_words, score_hand, score_rubber, scoring_system

    book = service.book()
    hand = rubber = None
    problems: dict[str, str] = {}     # the form that failed -> why
    try:
        if ab is not None and yz is not None:
            honours = {side: n for side, n in (("AB", ab_honours), ("YZ", yz_honours)) if n}
            result = score_hand(scoring_system(code, book), before={"AB": ab_before, "YZ": yz_before},
                                tricks={"AB": ab, "YZ": yz}, honours=honours,
                                revoke=(revoke_by, penalty) if revoke_by else None)
            hand = {"lines": result.explain(), "after": result.after}
    except (ScoringError, KeyError, ValueError) as exc:
        problems["hand"] = str(exc).strip("'\"")
    try:
        if games.strip():
            played = [g.partition("=") for g in games.split()]
            if not all(side and re.fullmatch(r"[0-9]{1,9}", value) for side, _, value in played):
                raise ScoringError("each game is written SIDE=VALUE, e.g. AB=3 YZ=1 AB=2")
            rubber = rubber_words(score_rubber(scoring_system(code, book),
                                               [(side, int(value)) for side, _, value in played]))
    except (ScoringError, KeyError, ValueError) as exc:
        problems["rubber"] = str(exc).strip("'\"")
    return page("score.html.j2", nav="score", codes=list(book.scoring), form={
        "code": code, "ab": ab, "yz": yz, "ab_before": ab_before, "yz_before": yz_before,
        "ab_honours": ab_honours, "yz_honours": yz_honours, "revoke_by": revoke_by, "penalty": penalty,
        "games": games}, hand=hand, rubber=rubber, problems=problems)
