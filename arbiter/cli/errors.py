"""Turning the library's errors into one clear line and an exit code.

Whatever a message quotes (a file name, a key of a law file, a word of an incident) is shown
with its control characters escaped, so an error never writes an escape sequence to the
terminal.
"""

from __future__ import annotations

import contextlib
import sys
from typing import NoReturn

import typer

from ..lawbook import LawBookError, UnknownCode, UnknownLaw
from ..support.escapes import shown


def fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"Error: {shown(message)}", err=True)
    raise typer.Exit(code)


def _template_errors() -> tuple[type[BaseException], ...]:
    """Jinja2's errors, looked up only when an error is on its way out (a command that
    writes no template never imports Jinja2)."""
    jinja2 = sys.modules.get("jinja2")
    return (jinja2.TemplateError,) if jinja2 is not None else ()


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
    except _template_errors() as exc:
        fail(f"a template cannot be used: {template_problem(exc)}")


def template_problem(exc: BaseException) -> str:
    """``decision.text.j2, line 3: unexpected '}'``: where in which template, and what."""
    import jinja2

    name = getattr(exc, "filename", None) or getattr(exc, "name", None)
    if isinstance(exc, jinja2.TemplateNotFound):
        return f"{name}: no such template"
    line = getattr(exc, "lineno", None)
    where = f"{name}, line {line}: " if name and line else f"{name}: " if name else ""
    message = getattr(exc, "message", None) or str(exc) or exc.__class__.__name__
    return where + message
