"""How much a request may carry: a body past :data:`MAX_BODY` is refused with 413 before it
is read, whether it says its length or streams without one."""

from __future__ import annotations

import json

MAX_BODY = 256 * 1024


def too_large_message() -> str:
    return (f"the request is larger than {MAX_BODY // 1024} KiB, the most the arbiter accepts; "
            "an incident is a few lines")


class BodyLimit:
    """ASGI middleware: refuse a request body larger than :data:`MAX_BODY`."""

    def __init__(self, app, limit: int = MAX_BODY) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = self.limit + 1
                if declared > self.limit:
                    return await _refuse(scope, send)
        # Read the body here, up to the limit, before the application sees any of it: a
        # body that streams past the limit is refused whole, never half-parsed.
        chunks, seen = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return      # the client went away
            chunks.append(message.get("body", b""))
            seen += len(chunks[-1])
            if seen > self.limit:
                return await _refuse(scope, send)
            if not message.get("more_body"):
                break
        body, given = b"".join(chunks), False

        async def replay():
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _refuse(scope, send) -> None:
    wants_json = scope.get("path", "").startswith("/api/")
    message = too_large_message()
    if wants_json:
        body = json.dumps({"error": {"message": message}}).encode()
        kind = b"application/json"
    else:
        from .layout import error_page

        body = error_page(413, "Too large", message).encode()
        kind = b"text/html; charset=utf-8"
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
