"""The server's guard on connections, so that sockets a client holds open cannot starve the
others: uvicorn's own HTTP/1.1 protocol (h11) with three things added.

- **A deadline for the headers.** A request's headers must have ended within
  ``header_timeout`` seconds of the connection's opening (or of the end of the last answer
  on it). The clock is not restarted by what trickles in, so one byte a second does not
  hold a connection. Past it, a connection that had begun a request is told so (408) and
  closed; one that had said nothing is closed.
- **A deadline for the body**, ``body_timeout`` seconds from the end of the headers: past
  it the request is answered 408, in JSON under ``/api/`` and as a page elsewhere, and the
  connection is closed.
- **A bound on connections**, ``per_client`` for one address and ``connections`` for all.
  A connection past either bound makes room by closing the longest idle connection of that
  address (or of anyone's, for the second) -- one that has not finished sending its
  request's headers, a request-in-waiting being worth nothing until it is sent -- so that a
  client holding sockets open only ever closes its own, and a newcomer is never turned away
  for them. Only when every connection in the way is in the middle of a request is the
  newcomer answered 503 and closed.

uvicorn (0.55, the h11 protocol it uses without httptools) has a keep-alive timeout after an
answer, but no deadline before the first request nor for a body, and its
``limit_concurrency`` counts idle connections, so held sockets turned every other request
into a 503 (issue 21). The protocol is named to uvicorn by ``arbiter serve``
(``http="arbiter.web.connections:GuardedProtocol"``); the limits come from
:mod:`arbiter.web.settings`.
"""

from __future__ import annotations

import asyncio
import json
from functools import lru_cache

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .settings import ServerLimits, from_environment


@lru_cache(maxsize=1)
def limits() -> ServerLimits:
    """The limits ``arbiter serve`` was given, read once."""
    return from_environment()


class GuardedProtocol(H11Protocol):
    """One connection, with the deadlines of its headers and body, counted against its
    address's share and everyone's."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.limits = limits()
        self.waiting_since = 0.0
        self._deadline: asyncio.TimerHandle | None = None
        self._awaiting: object = None      # "headers", the request cycle whose body is awaited, or None

    # ------------------------------------------------------------------ uvicorn's hooks
    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self.waiting_since = self.loop.time()
        if self._made_room():
            self._expect("headers")

    def connection_lost(self, exc: Exception | None) -> None:
        self._expect(None)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self.waiting_since = self.loop.time()      # the next request's clock starts now
            self._awaiting = None
        self._follow()

    # ------------------------------------------------------------------ the deadlines
    def _follow(self) -> None:
        """Set the deadline for what the connection is waiting for, as h11 has read it."""
        if self.transport.is_closing():
            return self._expect(None)
        state = self.conn.their_state
        if state is h11.IDLE:
            if self._awaiting != "headers":
                self._expect("headers", self.waiting_since + self.limits.header_timeout)
        elif state is h11.SEND_BODY:
            if self._awaiting is not self.cycle:
                self._expect(self.cycle)
        else:
            self._expect(None)

    def _expect(self, what: object, at: float | None = None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._awaiting = what
        if what is None:
            return
        if what == "headers":
            when = at if at is not None else self.waiting_since + self.limits.header_timeout
            self._deadline = self.loop.call_at(when, self._headers_late)
        else:
            self._deadline = self.loop.call_later(self.limits.body_timeout, self._body_late)

    def _headers_late(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        begun, _ = self.conn.trailing_data
        if begun:
            self._answer_and_close(408, "text/plain; charset=utf-8", (
                f"The request's headers did not all arrive within {_seconds(self.limits.header_timeout)}, "
                "the most the arbiter waits for them.\n").encode())
        else:
            self.transport.close()

    def _body_late(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is not None and not cycle.response_started:
            message = (f"the request's body did not all arrive within {_seconds(self.limits.body_timeout)}, "
                       "the most the arbiter waits for it")
            kind, body = _error_body(str(self.scope.get("path", "")), 408, "Too slow", message)
            cycle.disconnected = True           # the application, if it is reading, hears the client has gone
            cycle.message_event.set()
            self._answer_and_close(408, kind, body)
        else:
            self.transport.close()

    # ------------------------------------------------------------------ the bound on connections
    def idle(self) -> bool:
        """Not in the middle of a request: waiting for a request's headers to end."""
        return (self.conn.their_state is h11.IDLE and (self.cycle is None or self.cycle.response_complete)
                and not self.transport.is_closing())

    def _made_room(self) -> bool:
        """Room for this connection within its address's share and everyone's, closing the
        longest idle connection in the way; or, if none in the way is idle, this one refused."""
        host = self.client[0] if self.client else None
        open_ = [c for c in self.connections
                 if c is not self and isinstance(c, GuardedProtocol) and not c.transport.is_closing()]
        crowds = (([c for c in open_ if c.client and c.client[0] == host], self.limits.per_client,
                   f"more than {self.limits.per_client} connections from one address, each in the middle "
                   "of a request"),
                  (open_, self.limits.connections,
                   f"more than {self.limits.connections} connections, each in the middle of a request"))
        for crowd, bound, refusal in crowds:
            while len(crowd) >= bound:
                idle = [c for c in crowd if c.idle()]
                if not idle:
                    self._answer_and_close(503, "text/plain; charset=utf-8",
                                           f"The arbiter is serving {refusal}; try again in a moment.\n".encode(),
                                           retry=True)
                    return False
                oldest = min(idle, key=lambda c: c.waiting_since)
                oldest.transport.close()
                crowd.remove(oldest)
                if oldest in open_:
                    open_.remove(oldest)
        return True

    def _answer_and_close(self, status: int, kind: str, body: bytes, retry: bool = False) -> None:
        """An answer written straight to the socket, whatever h11 has read, with the
        application's security headers, then the end of the connection."""
        from .app import SECURITY_HEADERS

        reason = {408: "Request Timeout", 503: "Service Unavailable"}[status]
        head = (f"HTTP/1.1 {status} {reason}\r\ncontent-type: {kind}\r\ncontent-length: {len(body)}\r\n"
                + "".join(f"{name.lower()}: {value}\r\n" for name, value in SECURITY_HEADERS.items())
                + ("retry-after: 1\r\n" if retry else "") + "connection: close\r\n\r\n")
        self.transport.write(head.encode("ascii") + body)
        self.transport.close()


def _seconds(value: float) -> str:
    return f"{value:g} s"


def _error_body(path: str, status: int, title: str, message: str) -> tuple[str, bytes]:
    """The error as the application gives it: JSON under ``/api/``, a page elsewhere."""
    if path.startswith("/api/"):
        return "application/json", json.dumps({"error": {"message": message}}).encode()
    from .layout import error_page

    return "text/html; charset=utf-8", error_page(status, title, message[0].upper() + message[1:] + ".").encode()
