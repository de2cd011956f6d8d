"""The site's frame: a page template rendered with what every page needs (the law book,
the links to the laws, the strict template's defaults), and the error page in words, never a
traceback."""

from __future__ import annotations

from fastapi.responses import HTMLResponse

from ..render.decisions import environment
from . import service
from .lawtext import law_href, preview


def render_page(template: str, **context) -> str:
    env = environment()
    env.filters.setdefault("preview", preview)
    context.setdefault("book", service.book())
    context["law_href"] = law_href     # a page's "vide Law 73" links to the law (templates/_findings.html.j2)
    for name in ("nav", "error", "problem", "links", "q"):    # the templates are strict: absent is None
        context.setdefault(name, None)
    context.setdefault("warnings", [])
    return env.get_template("web/" + template).render(**context)


def page(template: str, status: int = 200, **context) -> HTMLResponse:
    return HTMLResponse(render_page(template, **context), status_code=status)


def error_page(status: int, title: str, message: str, links: tuple[tuple[str, str], ...] = ()) -> str:
    """A clear page for every failure: what went wrong in words, the pages nearest what was
    asked for (``links``), and the way to every page of the site."""
    return render_page("error.html.j2", status=status, title=title, message=message, near=list(links))
