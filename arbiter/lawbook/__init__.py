"""The law codes as data: loading, checking, looking up, searching and comparing; the
condition language the rules are written in (:mod:`.conditions`, :mod:`.rules`). It knows no
incident: a rule is data until the engine solves it over an incident's facts.

Uses: words, cards, support.

>>> book = load_lawbook()
>>> book.law("american-1893 30").exceptions
('american-1893/30a', 'american-1893/30b')
"""

from .errors import LawBookError
from .loader import load_lawbook
from .model import Code, Law, LawBook, UnknownCode, UnknownLaw

__all__ = ["Code", "Law", "LawBook", "LawBookError", "UnknownCode", "UnknownLaw", "load_lawbook"]
