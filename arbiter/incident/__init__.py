"""The incident notation (``.whist`` files): grammar, model, parser, printer.

>>> incident = parse('code english-1864\\ntrick 1:\\n  Y leads S5\\n')
>>> incident.events[0].verb, str(incident.events[0].cards[0])
('leads', 'S5')
"""

from .errors import IncidentError
from .model import Incident, Statement
from .parser import parse, parse_file
from .printer import format_incident

__all__ = ["Incident", "IncidentError", "Statement", "format_incident", "parse", "parse_file"]
