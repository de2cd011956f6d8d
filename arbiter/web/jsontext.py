"""The JSON every answer of the API is written in: the text kept, but each character not
seen as itself (a control, DEL, a C1 control, a bidi control, an invisible character)
written as a ``\\u`` escape, as ``--format json`` writes it on the command line
(:func:`arbiter.support.escapes.json_text`). Starlette's own JSON writes DEL, U+009B and
U+202E raw, for whoever shows the answer to carry to a terminal or a page."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse

from ..support.escapes import json_text


class JSONText(JSONResponse):
    def render(self, content: Any) -> bytes:
        return json_text(content).encode("utf-8")
