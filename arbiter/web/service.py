"""What the pages and the JSON API share: the law book, the examples and cases to start
from, and an incident error as data (line, column, message, the line itself, the caret)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..incident import IncidentError
from ..lawbook import LawBook, load_lawbook


@lru_cache(maxsize=1)
def book() -> LawBook:
    return load_lawbook()


def error_data(exc: IncidentError) -> dict:
    """An incident error as the JSON API gives it: where, what, the suggestion, and the
    message the command line prints (the line, the caret, what was expected)."""
    data = exc.as_data()
    data["text"] = exc.text
    data["rendered"] = str(exc)
    return data


@lru_cache(maxsize=1)
def examples() -> dict[str, str]:
    """The example incidents shipped with the arbiter, by name: fixed files, read once."""
    from ..support.resources import examples_dir

    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(Path(examples_dir()).glob("*.whist"))}


@lru_cache(maxsize=1)
def cases() -> list:
    from ..cases import load_cases

    return load_cases("cavendish")


def case_named(name: str):
    """A published case by its number, roman or arabic (``II``, ``2``), or None."""
    from ..cases import case_named as find

    return find(cases(), name)
