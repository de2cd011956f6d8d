"""The one error a malformed law file raises.

It names the file, the entry and the field, so that whoever edits ``laws/`` can go
straight to the mistake; the CLI prints it without a traceback.
"""

from __future__ import annotations

from pathlib import Path


class LawBookError(ValueError):
    """A law file that cannot be loaded: wrong shape, unknown key, dangling reference."""

    def __init__(self, file: str | Path, message: str, entry: str | None = None,
                 field: str | None = None) -> None:
        self.file = str(file)
        self.entry = entry
        self.field = field
        self.message = message
        where = self.file
        if entry:
            where += f": entry {entry}"
        if field:
            where += f": field '{field}'"
        super().__init__(f"{where}: {message}")
