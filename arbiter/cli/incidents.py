"""``arbiter check`` and ``arbiter fmt``: read an incident, show what the replay makes of it."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from ..support.escapes import json_text
from . import completion, terminal

# The parser, the replay and the narrative are imported when a command needs them, so that
# `arbiter laws …` does not pay for loading Lark.


FileArgument = Annotated[str, typer.Argument(help="An incident file (.whist), or - for standard input.")]


def read_incident(path: str):
    """Parse, or print the error and exit 1."""
    return _read(path)[0]


def _read(path: str):
    """The incident and the bytes it was read from: read once, since standard input cannot
    be read a second time (``fmt --check -`` compares the two). Or print the error, exit 1."""
    from ..incident import IncidentError, parse
    from ..incident.limits import read_capped
    from ..incident.parser import decode

    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = read_capped(sys.stdin.buffer, name)
        else:
            data = _file_bytes(path)
        return parse(decode(data, name), name), data
    except IncidentError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1)


def _file_bytes(path: str) -> bytes:
    """The bytes of an incident file, or an IncidentError that says why they cannot be had."""
    from ..incident import IncidentError
    from ..incident.limits import read_capped

    try:
        with open(path, "rb") as stream:
            return read_capped(stream, path)
    except IsADirectoryError:
        raise IncidentError.about_file(path, "is a directory, not an incident file") from None
    except FileNotFoundError:
        raise IncidentError.about_file(path, "no such file") from None
    except OSError as exc:
        raise IncidentError.about_file(path, f"cannot be read ({exc.strerror or exc})") from None


def check(
    file: FileArgument,
    all_facts: Annotated[bool, typer.Option("--all", help="Also list the facts that only describe the table.")] = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text or json.",
                                             autocompletion=completion.choices("text", "json"))] = "text",
) -> None:
    """Parse and replay an incident; print its statement of facts and the facts derived."""
    from ..api import check as check_incident
    from ..incident import IncidentError

    incident = read_incident(file)
    try:
        data = check_incident(incident, all_facts)
    except IncidentError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1)
    for warning in incident.warnings:
        typer.echo(str(warning), err=True)
    if fmt == "json":
        typer.echo(json_text(data, indent=2))
        return
    out = terminal.console()
    title = incident.title or incident.path
    out.print(terminal.heading(title))
    out.print(terminal.dim(f"code {incident.code or '(not given)'} · game {incident.game} · "
                           f"{len(incident.events)} events · {len(data['branches'])} branch(es)"))
    out.print()
    for paragraph in data["statement_of_facts"]:
        out.print(paragraph)
    if incident.question:
        out.print(terminal.Text(f"\nQuestion: {incident.question}", style="bold"))
    for branch in data["branches"]:
        out.print()
        label = "Facts" + (f" if {'; '.join(branch['alternatives'])}" if branch["alternatives"] else "")
        out.print(terminal.heading(label))
        for fact in branch["facts"]:
            where = f"line {fact['line']}" if fact["line"] else ""
            out.print(terminal.Text(f"  {fact['fact']:<44}").append(where, style="dim"))


def fmt(
    file: FileArgument,
    write: Annotated[bool, typer.Option("--write", "-w", help="Rewrite the file in place.")] = False,
    check_only: Annotated[bool, typer.Option(
        "--check", help="Exit 1 if the file is not in canonical form, showing where it differs.")] = False,
) -> None:
    """Print an incident in its canonical form."""
    from ..incident import format_incident
    from .canonical import differences
    from .errors import fail
    from .files import replace_text

    incident, original = _read(file)
    text = format_incident(incident)
    canonical = text.encode("utf-8") == original      # byte for byte: what --write would leave
    if check_only:
        if not canonical:
            typer.echo("\n".join(differences("<stdin>" if file == "-" else file, original, text)), err=True)
            raise typer.Exit(1)
        return
    if write and file != "-":
        if not canonical:
            try:
                replace_text(file, text)
            except OSError as exc:
                why = f"cannot be written ({exc.strerror})" if exc.strerror else str(exc)
                fail(f"{file}: {why}; the file is unchanged")
        return
    typer.echo(text, nl=False)


def rule(
    file: FileArgument,
    code: Annotated[str, typer.Option("--code", "-c", help="Rule under this code instead of the file's.",
                                             autocompletion=completion.codes)] = "",
    game: Annotated[str, typer.Option("--game", "-g", help="Rule for this game instead of the file's.",
                                             autocompletion=completion.games)] = "",
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, md, html or json.",
                                            autocompletion=completion.decision_formats)] = "text",
    explain: Annotated[bool, typer.Option(
        "--explain", help="Show why each holding follows, and why other laws did not apply.")] = False,
    compare: Annotated[bool, typer.Option(
        "--compare", help="Rule under every code for the game, side by side.")] = False,
) -> None:
    """Rule on an incident: the facts, the question, the decision and the laws relied on."""
    from ..api import ArbiterError
    from ..api import rule as rule_incident
    from ..incident import IncidentError
    from ..render.decisions import FORMATS
    from .errors import fail, user_errors

    if fmt not in FORMATS:
        fail(f"unknown format {fmt!r}; formats are: {', '.join(FORMATS)}", code=2)
    if compare and (code or explain):
        given = " and ".join(o for o, on in (("--code", code), ("--explain", explain)) if on)
        fail(f"--compare rules under every code of the game, side by side; it does not take {given}", code=2)
    incident = read_incident(file)
    with user_errors():
        try:
            ruling = rule_incident(incident, code=code or None, game=game or None, compare=compare)
        except IncidentError as exc:
            typer.echo(str(exc), err=True)
            raise typer.Exit(1)
        except ArbiterError as exc:
            fail(str(exc))
        for warning in ruling.warnings:       # on standard error: the decision stays clean
            typer.echo(str(warning), err=True)
        typer.echo(ruling.render(fmt, explain), nl=False)
