"""What a referee does (arbiter/web/referees.py): every piece of the server's work that
rules, checks or formats an incident, by name, and the loop a referee's process runs.

Each piece is a function of plain arguments (text, code, flags) beside the endpoint it
serves, in arbiter/web/api.py and arbiter/web/pages.py, and answers as the application
would, with a response; the referee sends back its status, media type and body, so that the
JSON and the pages of a ruling are made here, off the server's event loop, as much as the
ruling itself.

The exchange is one message each way on a pipe: the work's name and arguments as JSON; the
answer as a line of JSON (status and media type, or why it was refused) and the body's
bytes. Nothing is unpickled from a referee.
"""

from __future__ import annotations

import json
import signal
import sys
import traceback
from collections.abc import Callable

from starlette.responses import Response

from . import api, ask, pages


def _work() -> dict[str, Callable[..., Response]]:
    return {
        "api.rule": api.rule_answer,
        "api.check": api.check_answer,
        "api.format": api.format_answer,
        "api.case": api.case_answer,
        "page.rule": pages.rule_page_answer,
        "api.ask": ask.ask_answer,
        "page.ask": ask.ask_page_answer,
        "page.cases": pages.cases_page_answer,
        "page.case": pages.case_page_answer,
    }


#: Every piece of work a referee does, by the name the server asks for it by.
WORK = _work()


def serve(conn, memory_mib: int) -> None:
    """A referee's life: bound its memory, warm up, say it is ready, then answer each piece
    of work sent until the server closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the server's to handle; it stops us
    _bound_memory(memory_mib)
    warm()
    conn.send_bytes(b'{"ready": true}\n')
    while True:
        try:
            asked = json.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        conn.send_bytes(answer(asked))


def warm() -> None:
    """The law book loaded, and an example ruled as JSON and as a page, before the referee
    says it is ready: the first ruling in a process costs several times the next (the
    parser, the templates, the laws' rules are made ready on first use), and is paid here,
    not by the first client."""
    from .service import examples

    name, text = next(iter(examples().items()))
    api.rule_answer(text, None, None, False, False)
    pages.rule_page_answer(text, "", "", "decision", links=dict.fromkeys(("decision", "explain", "compare",
                                                                          "download"), "/" + name))


def answer(asked: dict) -> bytes:
    try:
        response = WORK[asked["work"]](**asked["args"])
        head = {"status": response.status_code, "media_type": response.media_type or "text/plain"}
        return json.dumps(head).encode() + b"\n" + bytes(response.body)
    except MemoryError:
        return b'{"refused": "memory"}\n'
    except Exception as exc:
        traceback.print_exc(file=sys.stderr)
        return json.dumps({"refused": "failed", "why": f"{type(exc).__name__} in {asked.get('work')}"}).encode() + b"\n"


def _bound_memory(mib: int) -> None:
    """The most memory the process may hold (its data: heap and private mappings); past it
    an allocation fails with MemoryError, which refuses the work in words."""
    try:
        import resource
    except ImportError:         # pragma: no cover - not on POSIX
        return
    limit = getattr(resource, "RLIMIT_DATA", None)
    if limit is None:           # pragma: no cover
        return
    wanted = mib * 1024 * 1024
    soft, hard = resource.getrlimit(limit)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    resource.setrlimit(limit, (wanted, hard))
