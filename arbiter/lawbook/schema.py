"""The shape of a law file, checked strictly.

These models describe what may be written in ``laws/*.yaml``: an unknown key, a missing
field or a value of the wrong type is an error, never silently ignored, because a typo
in a law file would otherwise change a ruling without anyone noticing.

A code file is a mapping with ``code`` (what the code is and where its text comes from)
and ``entries`` (everything printed in it, in printed order: laws, their interlined
exceptions, etiquette, prefaces). Each entry's ``text`` is a list of paragraphs; a
paragraph is either a string or ``{label: IV, text: ...}`` for a numbered sub-paragraph.
Footnote markers stay in the text as printed (``player[32]``) and ``footnotes`` maps each
marker to its note (``null`` where the source prints the marker but not the note).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Paragraph(Strict):
    label: str | None = None
    text: str


EntryKind = Literal["law", "exception", "etiquette", "preface", "rule"]


class EntryData(Strict):
    id: str
    kind: EntryKind
    number: int | str | None
    heading: str | None
    text: list[str | Paragraph] = Field(min_length=1)
    footnotes: dict[int, str | None] = {}
    see: list[str] = []
    topics: list[str]
    games: list[str] = []
    modifies: list[str] = []
    note: str | None = None


class Source(Strict):
    seed: str
    work: str
    begins: str
    ends: str | None


class CodeData(Strict):
    id: str
    title: str
    description: str
    source: Source
    number_style: str
    games: list[str]
    edition_of: str | None = None
    notes: list[str] = []


class CodeFile(Strict):
    code: CodeData
    entries: list[EntryData]


class ConcordanceGroup(Strict):
    subject: str
    laws: list[str] = Field(min_length=2)


class GameData(Strict):
    id: str
    name: str
    aliases: list[str] = []
    codes: list[str]
    described_in: str | None = None
