"""The arbiter in a browser, and a JSON API behind it (``arbiter serve``).

The pages and the API rule, check, format and search through the same library calls as the
command line (``arbiter.api``, ``arbiter.lawbook``) and render through the same Jinja2
templates, so an incident is never ruled two ways. Nothing is read from or written to the
server's files on a request's behalf: an incident travels in the request, and a ruling is
linked to by carrying its incident, packed, in the link itself.

Uses: api, cases, guide, render, ruling, engine, table, facts, scoring, lawbook, incident, cards, words,
support, arbiter.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
