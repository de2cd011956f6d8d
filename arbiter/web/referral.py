"""A piece of work referred by an endpoint to the referees (arbiter/web/referees.py): what
comes back (:class:`Answer`), why it may not (:class:`Refused`, :class:`ClientGone`), and
:func:`answered`, which every endpoint that rules, checks or formats an incident returns.

Kept apart from the referees themselves, which import the work (arbiter/web/work.py) that
imports the endpoints: the endpoints import only this.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import Response


@dataclass(frozen=True)
class Answer:
    """What a referee answered: a response, made in the referee."""

    status: int
    media_type: str
    body: bytes


class Refused(Exception):
    """Work that was not done, in words: past its time or memory, the referees busy, or the
    referee failed. ``status`` is the HTTP status; ``retry`` whether asking again may help."""

    def __init__(self, status: int, message: str, retry: bool = False, title: str = "Not ruled") -> None:
        super().__init__(message)
        self.status, self.message, self.retry, self.title = status, message, retry, title

    @property
    def sentence(self) -> str:
        """The message as a page shows it: a capital, and one full stop."""
        text = self.message[0].upper() + self.message[1:]
        return text if text.endswith(".") else text + "."


class ClientGone(Exception):
    """The client went away before its work was done: nobody is left to answer."""


async def answered(request: Request, work: str, **args) -> Response:
    """The response to ``work``, done by the application's referees for ``request``: what
    every endpoint that rules, checks or formats an incident returns. A :class:`Refused`
    reaches the application's error handler (arbiter/web/app.py), or the endpoint's own."""
    referees = request.app.state.referees          # arbiter.web.referees.Referees
    try:
        answer = await referees.refer(work, args, gone=lambda: _gone(request))
    except ClientGone:
        return Response(status_code=503)          # nobody is left to read it
    return Response(answer.body, status_code=answer.status, media_type=answer.media_type)


async def _gone(request: Request) -> None:
    """Returns once the client has gone (the request's body is already read)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass
