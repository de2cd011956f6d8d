"""The guided interview on the web: the page ``/ask`` and ``POST /api/ask``.

The page works without JavaScript: one question to a form, the interview's state carried in
the page in a hidden field (read back as untrusted, bounded JSON: arbiter/interview/state.py),
nothing kept on the server. Each answer is ruled on by a referee, as ``/api/rule`` is
(arbiter/web/referees.py): the interview rules again after every answer. A little script
(templates/web/static/ask.js) only shows the fields the chosen act needs.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from ..interview import Answer, Done, Interview, InterviewError
from ..interview.state import MAX_ANSWERS, MAX_STATE
from ..support.resources import templates_dir
from . import service
from .answers import Decision, Strict, errors
from .jsontext import JSONText
from .layout import error_page, page
from .links import pack
from .referral import Refused, answered

router = APIRouter()


class AskAnswer(BaseModel):
    form: Literal["table", "topic", "story", "trick", "dispute", "settle", "fact"] = Field(
        ..., description="The form answered: the question's `id`, or one of its `instead` forms.")
    key: str = Field("", max_length=300, description="For a question of fact (`settle`), the question's `key`.")
    fields: dict[str, str | int] = Field(default_factory=dict, description="Each field's value, by name.")
    not_known: bool = Field(False, description="The answer is not known: nothing is written, and it is not "
                                               "asked again.")


class AskRequest(BaseModel):
    state: str | None = Field(None, max_length=MAX_STATE,
                              description="The interview so far, as the last answer gave it (none: a new interview).")
    answer: AskAnswer | None = Field(None, description="The answer to the question asked (none: the question again).")
    back: int | None = Field(None, ge=0, le=MAX_ANSWERS,
                             description="Change answer `back` (counted from 0): the interview as it was before it.")


class AskField(Strict):
    """One blank of a question's form."""

    name: str
    kind: str = Field(..., description="seat, actor, card, suit, trick_number, number, words, moment, act, "
                                       "choice_of_act, rules, topic, choice, settle or fact.")
    label: str
    optional: bool
    more: bool | None = Field(None, description="Seldom needed: shown folded away.")
    choices: list[dict[str, str]] | None = Field(None, description="The values offered: value, says, group.")


class AskQuestion(Strict):
    """The question asked next, with the law that makes it matter."""

    id: str = Field(..., description="The form that answers it: table, topic, story, trick, dispute, settle, fact.")
    asks: str
    help: str
    fields: list[AskField]
    not_known: str = Field(..., description="The words of the answer always offered: Not known.")
    key: str | None = Field(None, description="A question of fact: its key, sent back with the answer.")
    law: dict[str, str] | None = Field(None, description="The law beside it: id and label.")
    instead: list[str] | None = Field(None, description="Other forms that may answer it.")


class AskLinks(Strict):
    editor: str = Field(..., description="The incident so far, opened in the ruling page's editor.")
    download: str = Field(..., description="The incident so far, as a .whist file.")


class AskStep(Strict):
    """The next question (``done`` false), or the decision (``done`` true), and the interview so far."""

    done: bool
    question: AskQuestion | None = None
    decision: Decision | None = None
    state: str = Field(..., description="The interview so far: send it back with the next answer.")
    incident: str = Field(..., description="The incident so far, in the notation's canonical form.")
    answers: list[dict[str, Any]] = Field(..., description="Each answer given, in words (index, form, says).")
    asked: int = Field(..., description="How many questions have been answered.")
    statements: int = Field(..., description="How many statements the answers have written.")
    links: AskLinks


@router.post("/api/ask", summary="The guided interview: an answer, and the next question or the decision",
             tags=["incidents"], responses={200: {"model": AskStep}, **errors(413, 422, 503)})
async def ask(request: AskRequest, http: Request) -> Any:
    """Send the state and an answer; get back the next question (`done` false, with its
    fields and choices) or the decision (`done` true, as `/api/rule` gives it), with the new
    state, the incident so far in the notation's canonical form, and links to open it in the
    editor or download it. A state or an answer that cannot be taken is a 422 saying why."""
    return await answered(http, "api.ask", state=request.state,
                          answer=request.answer.model_dump() if request.answer else None, back=request.back)


def _step(state: str | None, answer: dict | None, back: int | None):
    interview = Interview.resume(state, service.book())
    if back is not None:
        interview = interview.back_to(back)
    if answer is not None:
        interview = interview.answer(Answer.from_data(answer))
    return interview.next()


def _links(text: str) -> dict:
    packed = pack(text)
    return {"editor": "/rule?i=" + packed, "download": "/download?i=" + packed}


def ask_answer(state: str | None, answer: dict | None, back: int | None) -> Response:
    """The next step of an interview (done by a referee)."""
    try:
        step = _step(state, answer, back)
    except InterviewError as exc:
        return JSONText({"error": {"message": str(exc)}}, status_code=422)
    return JSONText({**step.data(), "links": _links(step.interview.text)})


# ---------------------------------------------------------------------------- the page
@router.get("/ask", response_class=HTMLResponse, include_in_schema=False)
async def ask_page(http: Request) -> Response:
    return await _page(http, None, None, None)


@router.post("/ask", response_class=HTMLResponse, include_in_schema=False)
async def ask_form(http: Request) -> Response:
    """One form answered. The form's fields are ``f_NAME``; the button pressed says what to
    do: ``answer``, ``not_known``, ``done`` (nothing more happened), ``switch`` (tell it
    in the other form), or ``back`` (change that answer)."""
    form = await http.form()
    if len(form) > 40:
        return _error_page(400, "Bad request", "Too many fields.")
    values = {k: v for k, v in form.items() if isinstance(v, str)}
    if any(len(v) > MAX_STATE for v in values.values()):
        return _error_page(413, "Too large", "The interview's state is too large.")
    state = values.get("state") or None
    do = values.get("do", "answer")
    back = values.get("back")
    answer = None
    switch = None
    if back is not None and back.isdigit():
        return await _page(http, state, None, int(back))
    if do == "not_known":
        answer = {"form": values.get("form", ""), "key": values.get("key", ""), "not_known": True}
    elif do == "done":
        answer = {"form": "story", "fields": {"done": "yes"}}
    elif do.startswith("switch:"):
        switch = do.split(":", 1)[1]
    else:
        answer = {"form": values.get("form", ""), "key": values.get("key", ""),
                  "fields": {k[2:]: v for k, v in values.items() if k.startswith("f_") and v}}
    return await _page(http, state, answer, None, switch)


async def _page(http: Request, state: str | None, answer: dict | None, back: int | None,
                switch: str | None = None) -> Response:
    try:
        return await answered(http, "page.ask", state=state, answer=answer, back=back, switch=switch)
    except Refused as exc:
        return _error_page(exc.status, exc.title, exc.sentence)


def _error_page(status: int, title: str, message: str) -> HTMLResponse:
    return HTMLResponse(error_page(status, title, message), status_code=status)


def ask_page_answer(state: str | None, answer: dict | None, back: int | None, switch: str | None) -> HTMLResponse:
    """The page of an interview's next step (done by a referee)."""
    problem = None
    try:
        step = _step(state, answer, back)
    except InterviewError as exc:
        problem = str(exc)
        try:        # the same question again, saying what was wrong
            step = _step(state, None, None)
        except InterviewError as again:
            return page("ask.html.j2", status=422, problem=str(again), step=None, form=None, links=None,
                        nav="ask", problem_only=True, decision=None, defaults={}, acts="{}")
    form = None
    if not isinstance(step, Done):
        form = step.question
        if switch and switch in step.question.instead:
            from ..interview.questions import form_question

            told = step.interview.told
            form = form_question(switch, told.seats, service.book(), told.code, told.topic)
    data = step.data()
    decision = None
    if isinstance(step, Done):
        from ..render.decisions import decision_data

        decision = decision_data(step.decision, service.book())
    return page("ask.html.j2", status=422 if problem else 200, problem=problem, step=data, form=form,
                decision=decision, links=_links(step.interview.text), nav="ask", problem_only=False,
                defaults=_defaults(step), acts=_acts_used())


def _defaults(step) -> dict:
    """What a field is set to before it is answered: the moment and trick of the last act
    told (the story goes on where it was), or the moment the topic's story opens at."""
    out: dict = {}
    told = step.interview.told
    last = next((a for a in reversed(step.interview.state.answers) if a.form in ("story", "trick", "dispute")
                 and not a.not_known and not a.fields.get("done")), None)
    if last is not None:
        out["when"] = last.fields.get("when", "trick")
        if last.fields.get("trick"):
            out["trick"] = last.fields["trick"]
    elif told.topic is not None and told.topic.opens.get("when"):
        out["when"] = told.topic.opens["when"]
    return out


def _acts_used() -> str:
    """For the script: the fields each act's statement uses."""
    import json
    import re

    from ..interview.questions import interview_book

    return json.dumps({a.id: {"fields": sorted(set(re.findall(r"\{(\w+)\}", a.writes)) - {"who"}),
                              "choices": a.choices} for a in interview_book().acts.values()})


@router.get("/static/ask.js", include_in_schema=False)
async def script() -> Response:
    return Response((templates_dir() / "web" / "static" / "ask.js").read_bytes(),
                    media_type="text/javascript; charset=utf-8", headers={"Cache-Control": "public, max-age=3600"})


@router.get("/static/ask.css", include_in_schema=False)
async def stylesheet() -> Response:
    return Response((templates_dir() / "web" / "static" / "ask.css").read_bytes(),
                    media_type="text/css; charset=utf-8", headers={"Cache-Control": "public, max-age=3600"})
