"""A name as a reader types it, made the key it is looked up by.

Codes, games and cases are named by the reader -- on the command line, in a link, in a
request -- and found by looking the name up among those that exist, never by computing on
what was typed: a name of any length costs one pass over it. One spelling rule serves them
all, so that a name found in one place is found in every other: spaces round it are not
part of it, capitals are the small letters (``ENGLISH-1864`` is ``english-1864``), and a
compatibility form is the letter it stands for (a full-width ``ｅ`` is ``e``, ``Ⅶ`` is
``VII``).

>>> name_key(" ENGLISH-1864 ")
'english-1864'
>>> name_key("Ⅶ")
'vii'
>>> decimal("007"), decimal("٧"), decimal("²"), decimal("")
('7', '7', None, None)
>>> quoted("9" * 100) == "'" + "9" * 57 + "…'"
True
"""

from __future__ import annotations

import unicodedata


def name_key(name: str) -> str:
    """The key ``name`` is looked up by."""
    return unicodedata.normalize("NFKC", name).strip().casefold()


def decimal(name: str) -> str | None:
    """A number written in decimal digits (of any script: ``٧`` is 7) as ASCII digits without
    leading zeros, or None for anything else. The digits are read one by one, never as an
    integer, so a number of a million digits is only a long string."""
    if not name or not name.isdecimal():
        return None
    ascii_digits = name if name.isascii() else "".join(str(unicodedata.decimal(c)) for c in name)
    return ascii_digits.lstrip("0") or "0"


#: The most characters of a name an error message repeats.
QUOTED = 60


def quoted(name: str) -> str:
    """``name`` as an error message quotes it: in quotes, cut short past :data:`QUOTED`."""
    return repr(name if len(name) <= QUOTED else name[:QUOTED - 3] + "…")
