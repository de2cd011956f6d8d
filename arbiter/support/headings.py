"""What a decision is headed, and the name its file is saved under.

A decision is headed by the incident's title; an incident with none by its question (what
the reader asked is what he will look for); one with neither by its file's name in words.
The file a page offers for download is named from the same heading, made safe for any
file system: small ASCII letters, digits and hyphens, never empty, never long.

>>> heading("A revoke at the end of the hand", "Is it a revoke?", "incident.whist")
'A revoke at the end of the hand'
>>> heading(None, "Is it a revoke?", "incident.whist")
'Is it a revoke?'
>>> heading(None, None, "examples/card-found-on-the-floor.whist")
'Card found on the floor'
>>> file_name("Misère ouverte: Y's \\"lead\\"/../x", ".whist")
'misere-ouverte-y-s-lead-x.whist'
>>> file_name("???", ".whist")
'incident.whist'
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import PurePosixPath, PureWindowsPath

#: The heading of an incident that has no title, no question and no name of its own.
DEFAULT = "Incident"
#: The most characters of a heading a file name keeps (before its suffix).
LONGEST = 60


def heading(title: str | None, question: str | None, path: str | None) -> str:
    """The title, else the question, else the file's name in words, else :data:`DEFAULT`."""
    for text in (title, question):
        if text and text.strip():
            return text.strip()
    stem = PurePosixPath(PureWindowsPath(path or "").name).stem if path else ""
    words = " ".join(re.sub(r"[^\w]+", " ", stem).split())
    if not words or stem.startswith("<"):
        return DEFAULT
    return words[:1].upper() + words[1:]


def file_name(text: str, suffix: str) -> str:
    """``text`` as a file name: accents dropped, anything but letters and digits a hyphen,
    at most :data:`LONGEST` characters, and the default's name where nothing is left."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:LONGEST].strip("-")
    return (slug or DEFAULT.lower()) + suffix
