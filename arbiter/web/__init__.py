"""The arbiter in a browser, and a JSON API behind it (``arbiter serve``).

The pages and the API rule, check, format and search through the same library calls as the
command line (``arbiter.api``, ``arbiter.lawbook``) and render through the same Jinja2
templates, so an incident is never ruled two ways. Nothing is read from or written to the
server's files on a request's behalf: an incident travels in the request, and a ruling is
linked to by carrying its incident, packed, in the link itself.

No ruling runs on the server's event loop: what rules, checks or formats an incident is
done by a referee, a process with a time and a memory budget (``referees``, ``work``), and
connections are held to deadlines and a share per address (``connections``); the limits
are in ``settings`` and docs/limits.md.

Uses: api, cases, guide, interview, render, ruling, engine, table, facts, scoring, lawbook, incident, cards, words,
support, arbiter.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
