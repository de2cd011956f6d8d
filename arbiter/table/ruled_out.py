"""The warning for the ways the disputes give that the rest of the incident rules out.

Each two-way dispute doubles the ways: eight in one incident make 256, and one impossible
alternative among them rules out half of those, each for the same reason at the same line.
A warning for each way would repeat one fact a hundred and twenty-eight times, so the
ways are told by their reason: one warning for each reason (at its line, naming the
alternatives every way it rules out shares, and how many ways it rules out), and past a
few reasons one more that sums up the rest.

Uses what :func:`arbiter.table.replay.replay_all` found: the ways refused, each with the
error its replay met.
"""

from __future__ import annotations

from ..incident import IncidentError
from ..incident.model import Alternative, Incident
from ..incident.printer import alternative_text

#: The most reasons told one by one; the rest are summed up in one warning.
TOLD = 3

_RULES_ONLY = "the arbiter rules only the ways they can have gone"


def warn_ruled_out(incident: Incident, refused: list[tuple[tuple[Alternative, ...], IncidentError]],
                   ways: int) -> None:
    """Warn, on ``incident``, of the ways ``refused`` among the ``ways`` the disputes give.
    A warning already given (a replay under another code meets the same ways) is not
    given twice."""
    reasons: dict[tuple, list] = {}
    for choice, error in refused:
        reasons.setdefault((error.line, error.column, error.problem or error.expected), []).append((choice, error))
    told = list(reasons.values())
    for group in told[:TOLD]:
        _warn(incident, _one_reason(group, ways))
    rest = told[TOLD:]
    if rest:
        first = rest[0][0][1]
        count = sum(len(group) for group in rest)
        _warn(incident, IncidentError(
            first.path, first.line, first.column, first.text, first.expected, None,
            f"{count} more of the {ways} ways the disputes give cannot have gone, for {len(rest)} other "
            f"reasons, the first here ({first.problem or first.expected}); {_RULES_ONLY}", warning=True))


def _one_reason(group: list, ways: int) -> IncidentError:
    choice, error = group[0]
    reason = error.problem or error.expected
    shared = [a for a in choice if all(a in other for other, _ in group)]
    shared = [a for a in shared if a.pos.line == error.line] or shared     # the one that cannot be, if it is shared
    said = "; ".join(alternative_text(a) for a in shared)
    if len(group) == 1:
        problem = f"the facts cannot have gone this way if {said} ({reason}); {_RULES_ONLY}"
    elif shared:
        problem = (f"the facts cannot have gone this way if {said} ({reason}): that rules out {len(group)} "
                   f"of the {ways} ways the disputes give; {_RULES_ONLY}")
    else:
        problem = f"{len(group)} of the {ways} ways the disputes give cannot have gone ({reason}); {_RULES_ONLY}"
    return IncidentError(error.path, error.line, error.column, error.text, error.expected, None, problem,
                         warning=True)


def _warn(incident: Incident, warning: IncidentError) -> None:
    if all(str(w) != str(warning) for w in incident.warnings):
        incident.warnings.append(warning)
