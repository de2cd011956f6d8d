"""The ``arbiter`` command: a thin layer over the library that formats for a terminal.

Exit codes: 0 done, 1 bad input (an unknown law, a malformed law file), 2 usage.
"""

from __future__ import annotations

import sys

import typer

from . import incidents
from .errors import fail
from .laws import laws_app

app = typer.Typer(
    name="arbiter",
    help="Rulings assistant for Whist and its family: the law codes, and incidents at the table.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(laws_app, name="laws")
app.command()(incidents.check)
app.command()(incidents.fmt)


@app.command()
def version() -> None:
    """Print the version of whist-arbiter."""
    from .. import __version__

    typer.echo(f"whist-arbiter {__version__}")


def main() -> None:
    """Console-script entry point: no traceback ever reaches the user."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # the last guard; known errors are handled in the commands
        fail(f"internal error: {exc.__class__.__name__}: {exc}. This is a bug in "
             "whist-arbiter; please report it with the command you ran.", code=3)
