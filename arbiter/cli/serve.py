"""``arbiter serve``: the web page and the JSON API on a local server (uvicorn).

One process serves every connection on one event loop, through the guarded protocol of
arbiter/web/connections.py (deadlines for headers and bodies, a bound on connections per
address); the rulings are done by ``--workers`` processes beside it (arbiter/web/referees.py),
each with a time and a memory budget. The command line may not import the web application,
so it names both to uvicorn and passes the limits in the environment (arbiter/web/settings.py
reads them; its defaults are these options' defaults).
"""

from __future__ import annotations

import json
import os
import socket
from typing import Annotated

import typer

from .errors import fail

#: The environment variable the server reads its limits from (arbiter/web/settings.py).
SERVER_LIMITS = "WHIST_ARBITER_SERVER"


def serve(
    host: Annotated[str, typer.Option(help="The address to listen on; 127.0.0.1 is this computer only.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port; 0 picks a free one.")] = 8000,
    workers: Annotated[int, typer.Option(help="Processes that rule, one ruling at a time each; all but two may be "
                                              "on long rulings at once.")] = 6,
    ruling_timeout: Annotated[float, typer.Option(help="The most seconds of processor time one ruling may use "
                                                       "(and three times that by the clock); past it the request "
                                                       "is answered 503, in words.")] = 10.0,
    ruling_memory: Annotated[int, typer.Option(help="The most memory a process that rules may hold, in MiB.")] = 768,
    header_timeout: Annotated[float, typer.Option(help="Seconds a connection has to finish its request's "
                                                       "headers.")] = 10.0,
    body_timeout: Annotated[float, typer.Option(help="Seconds a request has to finish its body.")] = 30.0,
    per_client: Annotated[int, typer.Option(help="The most connections one address may hold at once.")] = 64,
) -> None:
    """Serve the ruling page, the law browser and the JSON API in a browser."""
    if not 0 <= port <= 65535:
        fail("--port is a number from 0 to 65535", code=2)
    if workers < 1:
        fail("--workers must be at least 1", code=2)
    if per_client < 1:
        fail("--per-client must be at least 1", code=2)
    if ruling_memory < 64:
        fail("--ruling-memory must be at least 64 (MiB): a process that rules holds some 60 MiB at rest", code=2)
    for name, value in (("--ruling-timeout", ruling_timeout), ("--header-timeout", header_timeout),
                        ("--body-timeout", body_timeout)):
        if not 0 < value <= 3600:
            fail(f"{name} is a number of seconds, more than 0 and at most 3600", code=2)
    import uvicorn

    connections = 256
    os.environ[SERVER_LIMITS] = json.dumps({
        "workers": workers, "ruling_timeout": ruling_timeout, "ruling_memory": ruling_memory,
        "header_timeout": header_timeout, "body_timeout": body_timeout, "per_client": per_client,
        "connections": connections})
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)   # asyncio sets TCP_NODELAY only then
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)     # listening before the address is printed: a client told of it is queued, not refused
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}"
             + ("; another program has it: try --port 0 for a free one" if exc.errno == 98 else ""))
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"whist-arbiter is serving on http://{shown}:{bound}/ (Ctrl-C to stop)", err=True)
    if host not in ("127.0.0.1", "localhost", "::1"):
        typer.echo("Note: listening beyond this computer; anyone who can reach it can use the page.", err=True)
    # The guarded protocol bounds the connections itself (closing idle ones to make room);
    # uvicorn's own limit, one above, is only a backstop for requests left running.
    config = uvicorn.Config("arbiter.web:create_app", factory=True, log_level="warning",
                            http="arbiter.web.connections:GuardedProtocol",
                            limit_concurrency=connections + 1, timeout_keep_alive=5)
    uvicorn.Server(config).run(sockets=[sock])
