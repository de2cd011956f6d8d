"""A clear page for every failure: what went wrong in words, and the way back; never a
traceback."""

from __future__ import annotations


def error_page(status: int, title: str, message: str) -> str:
    from .pages import render_page

    return render_page("error.html.j2", status=status, title=title, message=message)
