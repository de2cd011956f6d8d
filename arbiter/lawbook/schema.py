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


EntryKind = Literal["law", "exception", "etiquette", "preface", "rule", "principle", "gloss"]

ConclusionKind = Literal["fact", "ruling", "may", "must", "cannot", "forfeits", "score", "note"]


class ConclusionData(Strict):
    """What a rule concludes. ``fact`` adds a fact for other rules to use; ``ruling`` is a
    holding ("it is a misdeal"); ``may`` a right, ``must`` a duty, ``cannot`` a prohibition
    or limit, ``forfeits`` a right lost, ``score`` a score effect, ``note`` advice to the
    players from the arbitrator's principles. ``says`` is the sentence
    the decision prints, with the rule's variables in braces."""

    fact: str | None = None
    ruling: str | None = None
    may: str | None = None
    must: str | None = None
    cannot: str | None = None
    forfeits: str | None = None
    score: str | None = None
    note: str | None = None
    who: str | None = None              # a variable: the seat or side that holds it
    options: list[str] = []             # for `may`: the choice open to them
    consult: bool | None = None         # for `may`: whether partners may consult
    until: str | None = None            # for `may`: the moment the right lapses
    points: int | None = None           # for `score`
    says: str | None = None

    @property
    def kind(self) -> str:
        kinds = [k for k in ("ruling", "may", "must", "cannot", "forfeits", "score", "note") if getattr(self, k)]
        return kinds[0] if kinds else "fact"

    @property
    def text(self) -> str | None:
        return getattr(self, self.kind)


class RuleData(Strict):
    """The machine-readable part of a law: when its condition holds, its conclusions follow."""

    id: str
    when: str | None = None             # the condition; none means always
    then: list[ConclusionData] = Field(min_length=1)
    games: list[str] = []               # only in these games (exceptions: their entry's games)
    overrides: list[str] = []           # rules defeated where this one holds ("code/72#penalty" or "code/72")
    note: str | None = None
    pending: str | None = None          # the facts it needs that no incident can give yet, and why


class EntryData(Strict):
    id: str
    kind: EntryKind
    label: str | None = None            # how it is cited, where the id does not say (a Case's number)
    number: int | str | None
    heading: str | None
    text: list[str | Paragraph] = Field(min_length=1)
    footnotes: dict[int, str | None] = {}
    see: list[str] = []
    topics: list[str]
    games: list[str] = []
    modifies: list[str] = []
    note: str | None = None
    rules: list[RuleData] = []
    text_only: str | None = None        # why a law that decides nothing has no rules


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
    supplements: list[str] = []         # codes whose rulings this one's rules join (glosses, principles)
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


# ------------------------------------------------------------------ scoring (laws/scoring.yaml)

Laws = str | list[str]


class Number(Strict):
    value: int
    law: Laws


class Honours(Strict):
    by_count: dict[int, int]
    barred_at: int
    law: Laws


class Precedence(Strict):
    order: list[Literal["revoke", "tricks", "honours"]]
    law: Laws


class Band(Strict):
    losers_at_most: int
    value: int
    name: str


class GameValue(Strict):
    bands: list[Band] = []
    less_losers_score: bool = False
    law: Laws


class RevokeScoring(Strict):
    ruling: str                         # the holding (e.g. revoke(P, N)) whose penalty this scores
    penalty: int
    options: list[Literal["take-tricks", "deduct-points", "add-points"]]
    revoking_side_at_most: int
    law: Laws


class RubberScoring(Strict):
    best_of: int
    rubber_points: int
    deduct_losers_game: bool
    law: Laws


class ScoringSystem(Strict):
    """How a code (or a game of its family) scores a hand, a game and a rubber: numbers, each
    with its law. What the sources do not give is said in ``not_in_source``, never invented."""

    game_points: Number
    book: Number | None
    honours: Honours | None
    precedence: Precedence
    game_value: GameValue | None
    revoke: RevokeScoring | None
    rubber: RubberScoring | None
    not_in_source: list[str] = []
