"""``arbiter notation``: the words of the incident notation, and what each makes the replay
derive (the listing itself is :mod:`arbiter.guide`)."""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Optional

import typer

from ..guide import SECTIONS
from ..support.escapes import json_text


class Format(str, Enum):
    text = "text"
    json = "json"


def notation(
    section: Annotated[Optional[str], typer.Argument(
        help=f"One section only: {', '.join(SECTIONS)}.")] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="text or json.")] = Format.text,
) -> None:
    """List the words of the incident notation, and what each makes the replay derive."""
    from ..guide import as_text, vocabulary
    from ..lawbook import LawBookError

    if section is not None and section not in SECTIONS:
        import difflib

        close = difflib.get_close_matches(section, SECTIONS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        typer.echo(f"Error: no section {section!r}{hint}; sections are: {', '.join(SECTIONS)}", err=True)
        raise typer.Exit(2)
    try:
        data = vocabulary((section,) if section else SECTIONS)
    except LawBookError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(1)
    if fmt is Format.json:
        typer.echo(json_text(data, indent=2))
    else:
        typer.echo(as_text(data), nl=False)
