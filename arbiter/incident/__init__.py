"""The incident notation (``.whist`` files): grammar, model, parser, printer.

>>> from arbiter.incident import parse
>>> incident = parse('code english-1864\\ntrick 1:\\n  Y leads S5\\n')
>>> incident.events[0].verb, str(incident.events[0].cards[0])
('leads', 'S5')

The names below are imported when first used, so that a module needing only the model (the
law book, the engine) does not load the parser and Lark with it.

Uses: cards, words, support.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .errors import IncidentError
    from .model import Incident, Statement
    from .parser import parse, parse_file
    from .printer import format_incident

_HOME = {"IncidentError": ".errors", "Incident": ".model", "Statement": ".model", "parse": ".parser",
         "parse_file": ".parser", "format_incident": ".printer"}

__all__ = ["Incident", "IncidentError", "Statement", "format_incident", "parse", "parse_file"]


def __getattr__(name: str):
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_HOME[name], __name__), name)
    globals()[name] = value
    return value
