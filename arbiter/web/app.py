"""The web application: the pages, the JSON API, the static files, and the guards every
request passes (a bounded body, security headers, an error page for every failure)."""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException

from .. import __version__
from . import answers, api, apidocs, ask, pages, static
from .jsontext import JSONText
from .layout import error_page
from .limits import MAX_BODY, BodyLimit, too_large_message
from .referees import Referees
from .referral import Refused
from .settings import from_environment

log = logging.getLogger("arbiter.web")

#: Scripts and styles only from the page's own origin (no inline script can run, whatever
#: an incident's text holds); the page may not be framed.
SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}

_TITLES = {400: "Bad request", 404: "Not found", 405: "Method not allowed", 413: "Too large",
           422: "Cannot be read", 500: "Something went wrong"}


def create_app(referees: Referees | None = None) -> FastAPI:
    """The application; its rulings are done by ``referees`` (by default, as many as
    ``arbiter serve`` was given, or arbiter/web/settings.py says), started with the server
    and stopped with it, or at their first work where nothing starts the application."""
    referees = referees or Referees(from_environment())

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await asyncio.to_thread(referees.start)      # every referee ready before the first request
        try:
            yield
        finally:
            referees.close()

    app = FastAPI(
        title="whist-arbiter", version=__version__,
        description=("Rulings on incidents at Whist and its family, by the letter of the codes; the codes "
                     "themselves, searchable; the published cases. The JSON is the same as the command "
                     "line's `--format json`."),
        docs_url=None, redoc_url=None, openapi_url="/api/openapi.json", lifespan=lifespan,   # docs: apidocs
        default_response_class=JSONText,
    )
    app.state.referees = referees
    app.openapi = answers.true_schema(app)      # type: ignore[method-assign]   # the errors the server sends
    app.include_router(api.router)
    app.include_router(apidocs.router)
    app.include_router(ask.router)
    app.include_router(pages.router)
    app.include_router(static.router)

    app.add_middleware(SecurityHeaders)

    @app.exception_handler(pages.PageError)
    async def page_error(request: Request, exc: pages.PageError) -> Response:
        return _error(request, exc.status, exc.message, exc.title, links=exc.links)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        message = {404: "There is no page here.", 405: "This page cannot be asked for that way."}.get(
            exc.status_code, str(exc.detail))
        return _error(request, exc.status_code, message)

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> Response:
        response = _error(request, exc.status, exc.message if request.url.path.startswith("/api/") else exc.sentence,
                          exc.title)
        if exc.retry:
            response.headers["Retry-After"] = "1"
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        problems = [_problem(e) for e in exc.errors()]
        if any(p.startswith("text: ") and "at most" in p for p in problems):
            return _error(request, 413, too_large_message())
        return _error(request, 422, "; ".join(problems) or "the request cannot be read", details=problems)

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> Response:
        log.exception("internal error on %s", request.url.path)
        return _error(request, 500, "the arbiter met an internal error on this request. This is a bug in "
                                    "whist-arbiter; please report it with the incident you gave.")

    return BodyLimit(app, MAX_BODY)   # type: ignore[return-value]   # an ASGI app around the FastAPI one


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every answer, each where the answer has
    not set its own. Written against ASGI itself rather than as Starlette's ``http``
    middleware, which gives each request a task group and a stream of its own to pass the
    answer through (a quarter of the application's own time on a request that rules on
    nothing, measured: ~1.0 ms to ~0.75 ms for ``/api/codes``)."""

    _RAW = tuple((name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in SECURITY_HEADERS.items())

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message) -> None:
            if message["type"] == "http.response.start":
                given = {name.lower() for name, _ in message.get("headers", ())}
                missing = [pair for pair in self._RAW if pair[0] not in given]
                if missing:
                    message = {**message, "headers": [*message.get("headers", ()), *missing]}
            await send(message)
        return await self.app(scope, receive, with_headers)


def _problem(error: dict) -> str:
    where = ".".join(str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path"))
    return f"{where}: {error.get('msg', 'invalid')}" if where else str(error.get("msg", "invalid"))


def _error(request: Request, status: int, message: str, title: str | None = None,
           details: list[str] | None = None, links: tuple[tuple[str, str], ...] = ()) -> Response:
    if request.url.path.startswith("/api/"):
        body: dict = {"message": message}
        if details:
            body["problems"] = details
        return JSONText({"error": body}, status_code=status)
    return HTMLResponse(error_page(status, title or _TITLES.get(status, "Error"), message, links),
                        status_code=status)
