"""Turning the library's errors into one clear line and an exit code."""

from __future__ import annotations

import contextlib
import sys
from typing import NoReturn

import typer

from ..lawbook import LawBookError, UnknownCode, UnknownLaw


def fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(code)


@contextlib.contextmanager
def user_errors():
    """Report the errors a user can cause as ``Error: …`` with exit code 1."""
    try:
        yield
    except (UnknownLaw, UnknownCode) as exc:
        fail(str(exc))
    except LawBookError as exc:
        fail(f"malformed law file: {exc}")
    except BrokenPipeError:
        sys.stderr.close()
        raise typer.Exit(0)
