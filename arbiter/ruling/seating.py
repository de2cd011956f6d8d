"""Whether the game ruled and the incident's seats agree: a warning where they do not.

A game says how many of its seats are dummies (``laws/family.yaml``: one at Dummy, two at
Double Dummy, none at Whist). An incident ruled as Dummy that names no dummy, or one that
names a dummy in a game played without one, is ruled all the same -- the reader may have
meant it, and the laws of the game ruled are the ones applied -- but he is told, at the line
that names the dummy or the game, so that a ``--game`` mistyped or a header left out is seen.
"""

from __future__ import annotations

from ..incident import IncidentError
from ..incident.model import HeaderLine, Incident
from ..lawbook import LawBook


def _dummies(n: int) -> str:
    return {0: "no dummy", 1: "one dummy", 2: "two dummies"}.get(n, f"{n} dummies")


def game_and_seats(book: LawBook, incident: Incident, game: str) -> list[IncidentError]:
    """The warnings, if any, that ``incident`` ruled as ``game`` names another number of
    dummies than the game has."""
    try:
        data = book.game(game)
    except KeyError:
        return []
    named = incident.dummies or ((incident.dummy,) if incident.dummy else ())
    if len(named) == data.dummies:
        return []
    header = {item.key: item for item in incident.items if isinstance(item, HeaderLine)}
    where = header.get("dummy") or header.get("game")
    games = [g.id for g in book.games.values() if g.dummies == len(named) and set(g.codes) & set(data.codes)]
    other = f"rule it as {' or '.join(games)} (`game {games[0]}` in the header, or `--game {games[0]}`)" \
        if games else ""
    if named:
        problem = (f"{' and '.join(named)} {'is' if len(named) == 1 else 'are'} named dummy, but "
                   f"{data.name} is played with {_dummies(data.dummies)}")
        problem += f": {other}" if other else ""
    else:
        seats = " ".join(["SEAT"] * max(data.dummies, 1))
        problem = (f"{data.name} is played with {_dummies(data.dummies)}, but the incident names none: "
                   f"write `dummy {seats}` in the header" + (f", or {other}" if other else ""))
    if where is None:
        return [IncidentError(incident.path, 0, 0, "", "", problem=problem, warning=True)]
    error = incident.error(where.pos, problem)
    return [IncidentError(error.path, error.line, error.column, error.text, error.expected,
                          problem=problem, warning=True)]
