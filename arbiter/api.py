"""The arbiter from Python: read an incident, rule on it, render the decision.

One path for every face: the ``arbiter`` command, the web page and the JSON API all rule
through :func:`rule`, so an incident is never ruled two ways.

>>> from arbiter.api import rule
>>> ruling = rule('''code english-1864
... trick 1:
...   A leads H5
...   Y plays H2
...   B plays S3
...   Z plays H9
... trick 2:
...   Z leads H10
...   A plays H3
...   Y plays H7
...   B plays HK
... ''')
>>> ruling.decision.agreed.holds("revoke")
True
>>> print(ruling.render("text").split("Decision.--")[1].split(":")[0])
B revoked at trick 1, and the revoke is established
>>> ruling.data()["cited"][:2]
['english-1864/73', 'english-1864/72']
>>> ruling.data()["text"] == ruling.render("text")      # the decision written out, as --format text
True
>>> ruling.data()["html"].startswith('<h1 class="decision-title">')   # as the web page shows it
True

Uses: render, ruling, engine, table, facts, scoring, lawbook, incident, cards, words, support.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .incident import Incident, IncidentError, parse
from .incident.printer import alternative_text
from .lawbook import LawBook, load_lawbook
from .render.decisions import FORMATS, decision_json, render, render_comparison
from .ruling.decision import Decision, codes_for, decide

__all__ = ["ArbiterError", "Ruling", "check", "format_text", "read", "rule"]


class ArbiterError(ValueError):
    """A request the arbiter cannot meet that is not a fault of the incident's text: an
    unknown game or format given beside it, or nothing to compare."""


@dataclass
class Ruling:
    """The decision on an incident (one), or its decisions under every code of its game
    (compared)."""

    incident: Incident
    decisions: list[Decision]
    book: LawBook
    compared: bool = False
    warnings: list[IncidentError] = field(default_factory=list)

    @property
    def decision(self) -> Decision:
        return self.decisions[0]

    def render(self, fmt: str = "text", explain: bool = False) -> str:
        """The decision as text, md, html or json, as ``arbiter rule --format`` writes it."""
        if fmt not in FORMATS:
            raise ArbiterError(f"unknown format {fmt!r}; formats are: {', '.join(FORMATS)}")
        if self.compared:
            return render_comparison(self.decisions, self.book, fmt)
        return render(self.decision, self.book, fmt, explain)

    def data(self, explain: bool = False) -> dict:
        """What ``--format json`` prints, as Python data: the decision's parts, and the
        decision written out, ``text`` as ``--format text`` renders it and ``html`` as the
        web page shows it."""
        if self.compared:
            return json.loads(render_comparison(self.decisions, self.book, "json"))
        return decision_json(self.decision, self.book, explain)


def read(text: str, name: str = "<incident>") -> Incident:
    """The incident written in ``text``; an :class:`IncidentError` (line, column, the line,
    a caret, what was expected) if it cannot be read."""
    return parse(text, name)     # the limits (arbiter/incident/limits.py) are checked there


def rule(source: str | Incident, code: str | None = None, game: str | None = None,
         compare: bool = False, book: LawBook | None = None, name: str = "<incident>") -> Ruling:
    """Rule on an incident (its text, or one already read) under ``code`` (default the
    file's) for ``game`` (default the file's), or under every code of its game with
    ``compare``. Raises :class:`IncidentError` for what is wrong in the incident, and
    :class:`ArbiterError` for an unknown game, or a code given with ``compare``."""
    incident = read(source, name) if isinstance(source, str) else source
    if compare and code:
        raise ArbiterError("compare rules under every code of the game, side by side; it does not take a code")
    if incident.says_nothing:
        raise nothing_to_rule(incident)
    book = book or load_lawbook()
    from .ruling.decision import check_names

    check_names(book, incident)
    game_id = book.game(incident.game).id if incident.game else None   # an alias is its game
    if game:
        try:
            game_id = book.game(game).id
        except KeyError:
            raise ArbiterError(f"no game {game!r}; games are: {', '.join(book.games)}") from None
    if compare:
        codes = codes_for(book, game_id or "whist")
        if not codes:
            raise ArbiterError(f"no code rules on {game_id}: there is nothing to compare")
        decisions = [decide(book, incident, code=c, game=game_id) for c in codes]
        return Ruling(incident, decisions, book, compared=True, warnings=list(incident.warnings))
    decision = decide(book, incident, code=code or None, game=game_id)
    return Ruling(incident, [decision], book, warnings=list(decision.warnings))


def nothing_to_rule(incident: Incident) -> IncidentError:
    """The error of an incident that says nothing to rule on, at the end of its text, where
    a statement was expected (line 1, column 1 of an empty one): a place an editor can mark."""
    lines = incident.lines or [""]
    last = lines[-1]
    return IncidentError(incident.path, len(lines), len(last) + 1, last, "a statement",
                         problem="nothing to rule on: the incident has no statement, finding or question "
                                 "(e.g. `trick 1:` then `  A leads S5`; see docs/notation.md)")


def check(source: str | Incident, all_facts: bool = False, name: str = "<incident>") -> dict:
    """What ``arbiter check --format json`` prints: the statement of facts and, for each
    way the disputes give, the facts the replay derives."""
    from .ruling.customs import customs_of
    from .ruling.narrative import statement_of_facts
    from .table.replay import replay_all

    incident = read(source, name) if isinstance(source, str) else source
    customs = customs_of(load_lawbook(), incident.game)
    branches = replay_all(incident, customs)
    return {
        "file": incident.path, "code": incident.code, "game": incident.game,
        "warnings": [w.as_data() for w in incident.warnings],
        "question": incident.question, "statement_of_facts": statement_of_facts(incident, customs),
        "branches": [{"alternatives": [alternative_text(a) for a in choice],
                      "facts": [{"fact": str(f), "name": f.name, "args": list(f.args), "line": f.line}
                                for f in r.facts if all_facts or f.name not in TABLE_FACTS]}
                     for choice, r in branches],
    }


def format_text(source: str, name: str = "<incident>") -> str:
    """The incident in its canonical form, as ``arbiter fmt`` prints it."""
    from .incident import format_incident

    return format_incident(read(source, name))


#: Facts that only describe the table; shown by ``check`` with ``all_facts``.
TABLE_FACTS = {"seat", "partner", "adversary", "code", "game", "packs"}
