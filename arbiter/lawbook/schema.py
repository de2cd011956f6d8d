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

The shapes are plain dataclasses; those the law book keeps are in :mod:`.records`. This
module is needed only to build the book: pydantic checks a file against these shapes
(``loader.validate``), and ``extra: forbid`` makes an unknown key an error there. A list
that must not be empty is checked by the loader, which names the field.
"""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from .records import ConclusionData, ConcordanceGroup, GameData, Paragraph, Source, strict

__all__ = ["CodeData", "CodeFile", "ConclusionData", "ConcordanceGroup", "EntryData", "GameData", "Paragraph",
           "RuleData", "ScoringSystem", "Source"]


EntryKind = Literal["law", "exception", "etiquette", "preface", "rule", "principle", "gloss"]


@strict
class RuleData:
    """The machine-readable part of a law: when its condition holds, its conclusions follow."""

    id: str
    when: str | None = None             # the condition; none means always
    then: list[ConclusionData]          # at least one
    # only in these games (exceptions: their entry's games)
    games: list[str] = field(default_factory=list)
    # rules defeated where this one holds ("code/72#penalty" or "code/72")
    overrides: list[str] = field(default_factory=list)
    # where this rule's ruling and the named rule's contrary ruling fall on the same
    # arguments, this one stands (precedence without defeating the other anywhere else)
    prevails_over: list[str] = field(default_factory=list)
    note: str | None = None
    pending: str | None = None          # the facts it needs that no incident can give yet, and why


@strict
class EntryData:
    id: str
    kind: EntryKind
    label: str | None = None            # how it is cited, where the id does not say (a Case's number)
    number: int | str | None
    heading: str | None
    text: list[str | Paragraph]           # at least one paragraph
    footnotes: dict[int, str | None] = field(default_factory=dict)
    see: list[str] = field(default_factory=list)
    topics: list[str]
    games: list[str] = field(default_factory=list)
    modifies: list[str] = field(default_factory=list)
    note: str | None = None
    rules: list[RuleData] = field(default_factory=list)
    text_only: str | None = None        # why a law that decides nothing has no rules


@strict
class CodeData:
    id: str
    title: str
    description: str
    source: Source
    number_style: str
    games: list[str]
    edition_of: str | None = None
    # codes whose rulings this one's rules join (glosses, principles)
    supplements: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@strict
class CodeFile:
    code: CodeData
    entries: list[EntryData]


# ------------------------------------------------------------------ scoring (laws/scoring.yaml)

Laws = str | list[str]


@strict
class Number:
    value: int
    law: Laws


@strict
class Honours:
    by_count: dict[int, int]
    barred_at: int
    law: Laws


@strict
class Precedence:
    order: list[Literal["revoke", "tricks", "honours"]]
    law: Laws


@strict
class Band:
    losers_at_most: int
    value: int
    name: str


@strict
class GameValue:
    bands: list[Band] = field(default_factory=list)
    less_losers_score: bool = False
    law: Laws


@strict
class RevokeScoring:
    ruling: str                         # the holding (e.g. revoke(P, N)) whose penalty this scores
    penalty: int
    options: list[Literal["take-tricks", "deduct-points", "add-points"]]
    revoking_side_at_most: int
    law: Laws
    # each option as the notation's `demands` names it: a demand that stands elects it
    demanded_as: dict[str, list[str]] = field(default_factory=dict)
    # the holding that a side has won the game by it (a rule's `ruling:` name), where the code has one
    game_ruling: str | None = None


@strict
class RubberScoring:
    best_of: int
    rubber_points: int
    deduct_losers_game: bool
    law: Laws


@strict
class ScoringSystem:
    """How a code (or a game of its family) scores a hand, a game and a rubber: numbers, each
    with its law. What the sources do not give is said in ``not_in_source``, never invented."""

    game_points: Number
    book: Number | None
    honours: Honours | None
    precedence: Precedence
    game_value: GameValue | None
    revoke: RevokeScoring | None
    rubber: RubberScoring | None
    not_in_source: list[str] = field(default_factory=list)
