"""The ``arbiter`` command: a thin layer over the library that formats for a terminal.

Exit codes: 0 done, 1 bad input (an unknown law, a malformed law file or template, a file
that cannot be written), 2 usage, 3 a bug (an internal error).

Uses: api, cases, guide, interview, render, ruling, engine, table, facts, scoring, lawbook, incident, cards, words,
support, arbiter.
"""

from __future__ import annotations

import io
import sys
from typing import Optional

import typer

from . import (
    ask,
    completion,
    helptext,  # noqa: F401  (a flag shown as a flag in --help)
    incidents,
    notation,
    serve,
)
from .cases import cases_app
from .laws import laws_app
from .score import score_app

# TAB completion answers the shell's requests through Typer's completion classes, registered
# here since the options that Typer would register them for are the arbiter's own
completion.register_shells()

app = typer.Typer(
    name="arbiter",
    help="Rulings assistant for Whist and its family: the law codes, and incidents at the table.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,      # the arbiter's own options, which take the shell named (cli/completion.py)
)
app.add_typer(laws_app, name="laws")
app.add_typer(cases_app, name="cases")
app.add_typer(score_app, name="score")
app.command()(incidents.rule)
app.command()(incidents.check)
app.command()(incidents.fmt)
app.command()(notation.notation)
app.command()(serve.serve)
app.command()(ask.ask)


@app.command()
def version() -> None:
    """Print the version of whist-arbiter."""
    from .. import __version__

    typer.echo(f"whist-arbiter {__version__}")


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"whist-arbiter {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version_flag: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="Print the version and exit."),
    install: Optional[str] = typer.Option(
        None, "--install-completion", metavar="SHELL",
        callback=completion.install_completion, is_eager=True, expose_value=False,
        help="Install TAB completion for SHELL: bash, zsh, fish or powershell."),
    show: Optional[str] = typer.Option(
        None, "--show-completion", metavar="SHELL", callback=completion.show_completion, is_eager=True,
        expose_value=False,
        help="Print the TAB completion script for SHELL, to install by hand."),
) -> None:
    """Rulings assistant for Whist and its family."""


def main() -> None:
    """Console-script entry point: no traceback ever reaches the user."""
    for stream in (sys.stdout, sys.stderr):
        try:   # a terminal that cannot show "·" or "è" gets "?" rather than a crash
            if isinstance(stream, io.TextIOWrapper):   # TextIO has no reconfigure; sys.stdout may be anything
                stream.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass
    try:
        app(standalone_mode=True)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        _quiet_stdout()
        sys.exit(0)
    except Exception as exc:  # the last guard; known errors are handled in the commands
        from ..support.escapes import shown

        message = shown(str(exc) if len(str(exc)) < 300 else str(exc)[:297] + "…")
        sys.stderr.write(f"Error: internal error: {exc.__class__.__name__}: {message}. This is a bug "
                         "in whist-arbiter; please report it with the command you ran.\n")
        sys.exit(3)


def _quiet_stdout() -> None:
    """After a closed pipe, send what Python flushes at exit nowhere."""
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
