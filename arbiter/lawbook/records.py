"""The records the law book is made of, as it is kept and read back from the cache.

They are plain frozen dataclasses, so that reading the checked book needs no validation
library: :mod:`.schema` describes the files, which hold these records, and pydantic checks
a file against that shape only when the book is built.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, dataclass_transform

T = TypeVar("T")


_ADAPTERS: dict[Any, Any] = {}


def validator(record: Any) -> Any:
    """pydantic's validator for a record, made once; pydantic is imported only here, when a
    file is checked, never when the book is read back from the cache."""
    if record not in _ADAPTERS:
        from pydantic import TypeAdapter

        _ADAPTERS[record] = TypeAdapter(record)
    return _ADAPTERS[record]


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
def strict(cls: type[T]) -> type[T]:
    """A frozen record whose fields are given by name, and whose files may hold no other key."""
    setattr(cls, "__pydantic_config__", {"extra": "forbid"})   # read by pydantic when a file is checked
    return dataclass(frozen=True, kw_only=True)(cls)

@strict
class Paragraph:
    label: str | None = None
    text: str


ConclusionKind = Literal["fact", "ruling", "may", "must", "cannot", "forfeits", "score", "note"]

@strict
class ConclusionData:
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
    options: list[str] = field(default_factory=list)             # for `may`: the choice open to them
    consult: bool | None = None         # for `may`: whether partners may consult
    until: str | None = None            # for `may`: the moment the right lapses
    points: int | None = None           # for `score`
    says: str | None = None
    # for `may`, `cannot` and `forfeits`: the penalties granted, barred or lost, keyed as the
    # notation's ``demands …`` (``call suit``, ``highest``, ``three tricks``); ``[]`` for a
    # right that exacts nothing (to shuffle, to see the last trick)
    exacts: list[str] | None = None
    against: str | None = None          # a variable: the seat or side that suffers the penalty
    # who among ``who`` may elect: none for any of them; "right of called" for the adversary
    # on the right of the player from whom the penalty is demanded (American Law 24)
    elects: Literal["right of called"] | None = None
    # for `cannot` and `forfeits`: which demands a limit refuses, beside those `exacts` names
    # from its time on. "others": a later demand by the side of another penalty of the right
    # an earlier demand exercised ("such decision is final", "may be repeated, but not
    # changed", "cannot be divided"); "all": any later demand of that right ("such call
    # cannot be repeated"); "this": the very demand the limit rests on, void ("exacted from
    # whichever of them next first obtains the lead"); "now": the very demand it rests on,
    # lawfully made but not to be enforced at that trick, the side's election all the same
    # ("cannot be compelled to play a card which would oblige him to revoke"). The right is
    # the one the demand the limit rests on exercised, or the right its own rule grants.
    binds: Literal["others", "all", "this", "now"] | None = None
    # for a holding a general rule draws from a fact another law concluded: cite that law
    # (the law whose words give it), not this one ("X claiming it, there must be a new deal"
    # is Law 38's where Law 38 gave the claim): the name of that fact's predicate
    cites_law_of: str | None = None

    @property
    def kind(self) -> str:
        kinds = [k for k in ("ruling", "may", "must", "cannot", "forfeits", "score", "note") if getattr(self, k)]
        return kinds[0] if kinds else "fact"

    @property
    def text(self) -> str | None:
        return getattr(self, self.kind)

@strict
class Source:
    seed: str
    work: str
    begins: str
    ends: str | None

@strict
class ConcordanceGroup:
    subject: str
    laws: list[str]                     # at least two

@strict
class Departure:
    """Laws of the game a game takes its laws from that do not reach it: its own description
    says otherwise, in the words quoted."""
    laws: list[str]                     # entry ids (a law with all its rules)
    quote: str                          # the game's own words that depart from them


@strict
class LawsOf:
    """A game whose laws are those of another game ("The Laws vary so little from those used
    in the regular game of Boston…"): every rule that applies in ``game`` applies in this one
    too, but for the laws its description departs from. ``code``, where given, limits it to
    the rules of that code's entries (the Whist Family Laws, not another game's description)."""
    game: str
    quote: str                          # the words that say so, in the game's own description
    quoted_from: str | None = None      # or in this game's (French Boston's is said in Fontainebleau's)
    code: str | None = None
    departs: list[Departure] = field(default_factory=list)


@strict
class GameData:
    id: str
    name: str
    aliases: list[str] = field(default_factory=list)
    codes: list[str]
    described_in: str | None = None
    # "fixed": partners sit opposite, as at Whist; "none": each plays for himself, a bidder
    # taking a partner only by the bid (Boston, Solo Whist); partners_quote gives the words
    partners: Literal["fixed", "none"] = "fixed"
    partners_quote: str | None = None
    # how many of the seats are dummies, their hands laid on the table: one at Dummy, two at
    # Double Dummy, none at Whist; an incident that names another number is warned of
    dummies: int = 0
    # the games whose laws are this game's too, in the source's words
    laws_of: list[LawsOf] = field(default_factory=list)
