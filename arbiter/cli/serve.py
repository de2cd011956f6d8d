"""``arbiter serve``: the web page and the JSON API on a local server (uvicorn)."""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from .errors import fail


def serve(
    host: Annotated[str, typer.Option(help="The address to listen on; 127.0.0.1 is this computer only.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port; 0 picks a free one.")] = 8000,
    workers: Annotated[int, typer.Option(help="Worker processes (rulings run one at a time in each).")] = 1,
) -> None:
    """Serve the ruling page, the law browser and the JSON API in a browser."""
    if not 0 <= port <= 65535:
        fail("--port is a number from 0 to 65535", code=2)
    if workers < 1:
        fail("--workers must be at least 1", code=2)
    import uvicorn

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
    config = uvicorn.Config("arbiter.web:create_app", factory=True, workers=workers, log_level="warning",
                            limit_concurrency=256, timeout_keep_alive=5)
    server = uvicorn.Server(config)
    if workers > 1:
        from uvicorn.supervisors import Multiprocess

        Multiprocess(config, sockets=[sock]).run()
    else:
        server.run(sockets=[sock])
