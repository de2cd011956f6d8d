"""What the server allows each client and each ruling: the deadlines of a request's headers
and body, the connections one address may hold, the processes that rule and the time and
memory one ruling may take.

``arbiter serve`` takes them as options and hands them to the server in one environment
variable, :data:`VARIABLE`, as JSON (the command line starts the server by name, as uvicorn
does, and may not import the web application); without it the defaults here stand, which
are also the options' defaults (tests/test_web_server.py holds the two the same). The
figures behind them are in docs/limits.md.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, fields, replace

#: The environment variable ``arbiter serve`` passes its options in.
VARIABLE = "WHIST_ARBITER_SERVER"


@dataclass(frozen=True)
class ServerLimits:
    #: Seconds from a connection's opening (or the end of its last answer) to the end of its
    #: request's headers; whatever trickles in meanwhile does not restart the clock.
    header_timeout: float = 10.0
    #: Seconds from the end of a request's headers to the end of its body.
    body_timeout: float = 30.0
    #: The most connections one address may hold at once.
    per_client: int = 64
    #: The most connections at once, from everyone.
    connections: int = 256
    #: Processes that rule, one ruling at a time each.
    workers: int = 6
    #: The most processor time one ruling may use, in seconds (and three times that by the
    #: clock: arbiter/web/referees.py).
    ruling_timeout: float = 10.0
    #: The most memory one process that rules may hold, in MiB.
    ruling_memory: int = 768

    @property
    def long_rulings(self) -> int:
        """How many rulings may be long (past :data:`arbiter.web.referees.LONG_AFTER`) at
        once: all the workers but two, which stay for the short ones (at least one)."""
        return max(1, self.workers - 2)


def from_environment() -> ServerLimits:
    """The limits ``arbiter serve`` was given, or the defaults."""
    given = os.environ.get(VARIABLE)
    if not given:
        return ServerLimits()
    try:
        data = json.loads(given)
    except ValueError:
        return ServerLimits()
    given_limits: dict = {f.name: data[f.name] for f in fields(ServerLimits)
                          if isinstance(data, dict) and isinstance(data.get(f.name), int | float)}
    return replace(ServerLimits(), **given_limits)
