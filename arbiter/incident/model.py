"""An incident as written: the header, the events in order, findings, disputes, question.

The model records what the notation says and nothing more; whether a lead was in turn, a
trick complete or a card held is for the replay (``arbiter.table``) to work out. Items
keep their order and their comments so that the canonical printer can give the file back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any

from ..cards import Card, Suit
from . import limits

#: The cards a hand holds, and so the tricks it plays: tricks are numbered 1 to 13.
HAND_SIZE = 13

#: The verbs that put a card of a player's hand into a trick, take it back, or tell what his
#: hand held: the replay follows them seat by seat, so that their actor must be a seat.
#: ``someone``, ``bystander`` and ``all`` may do anything else: a bystander speaks, someone
#: finds a card on the floor, all throw down their hands.
SEAT_VERBS = frozenset({"leads", "plays", "withdraws", "takes-up-trump", "held", "held-none", "has-cards",
                        "was-dealt", "takes-from-other-pack"})

#: The actors that are not seats.
NOT_SEATS = ("someone", "bystander", "all")


def not_a_seat(actor: str, verb: str, seats: tuple[str, ...]) -> str | None:
    """Why ``actor`` cannot be the actor of ``verb`` at a table of ``seats``, if he cannot."""
    if verb not in SEAT_VERBS or actor in seats:
        return None
    what = {"leads": "leads a card", "plays": "plays a card", "withdraws": "takes back a card played",
            "takes-up-trump": "takes up the trump card", "held": "holds cards", "held-none": "is void in a suit",
            "has-cards": "has cards in hand", "was-dealt": "is dealt cards",
            "takes-from-other-pack": "takes a card into his hand"}[verb]
    who = {"someone": "`someone` names no seat", "bystander": "a bystander is not at the table",
           "all": "`all` is every seat, not one"}.get(actor, f"{actor} is not a seat")
    return f"only a seat {what}; {who} (seats: {' '.join(seats)})"


@dataclass(frozen=True)
class Pos:
    line: int
    column: int


@dataclass(frozen=True)
class Moment:
    """When something happened. ``trick`` is set for ``trick N:``."""

    kind: str   # before-deal, deal, bidding, trick, after-hand, after-next-trump, after-next-cut, play
    trick: int | None = None

    #: The order of the kinds of moment within one deal.
    ORDER = ("before-deal", "deal", "bidding", "play", "trick", "after-hand", "after-next-cut", "after-next-trump")

    def sort_key(self) -> tuple[int, int]:
        return (self.ORDER.index(self.kind), self.trick or 0)


UNSPECIFIED = Moment("play")


@dataclass(frozen=True)
class Statement:
    """One act: ``B plays HA``, ``Y says "..." (claims game)``, ``A demands new deal from B``."""

    actor: str
    verb: str
    cards: tuple[Card, ...] = ()
    words: str | None = None        # the quoted words, verbatim
    target: str | None = None       # the seat addressed, or the seat a penalty is exacted from
    detail: str | None = None       # where a card went; what is claimed, demanded or marked
    number: int | None = None       # a trick, a count of cards, a number of points
    suit: Suit | None = None
    act: tuple[str, ...] = ()       # what the words or deed amount to, e.g. ("claims game",)
    moment: Moment = UNSPECIFIED
    pos: Pos = Pos(0, 0)


@dataclass(frozen=True)
class Alternative:
    """One version of a disputed fact: statements, or a description in words."""

    statements: tuple[Statement, ...] = ()
    text: str | None = None
    pos: Pos = Pos(0, 0)


@dataclass(frozen=True)
class Dispute:
    title: str | None
    alternatives: tuple[Alternative, ...]
    moment: Moment
    pos: Pos


@dataclass(frozen=True)
class Finding:
    statement: Statement | None = None
    text: str | None = None
    pos: Pos = Pos(0, 0)


@dataclass(frozen=True)
class HeaderLine:
    key: str
    value: Any      # its type goes with the key: a str, a Suit, a tuple of seats, ... (see the parser)
    pos: Pos


@dataclass(frozen=True)
class MomentLine:
    moment: Moment
    pos: Pos


@dataclass(frozen=True)
class Comment:
    text: str
    pos: Pos


Item = HeaderLine | MomentLine | Statement | Dispute | Finding | Comment


@dataclass
class Incident:
    """Everything the file says. ``items`` keeps the file's order (for the printer)."""

    items: list = field(default_factory=list)
    trailing_comments: dict[int, str] = field(default_factory=dict)   # line -> comment
    #: how the file wrote what the canonical form may write either way, so that ``arbiter fmt``
    #: gives it back: the column of each trailing comment's ``#`` (line -> column), and the
    #: tens written ``10`` rather than ``T`` (line -> the cards so written on it)
    comment_columns: dict[int, int] = field(default_factory=dict, compare=False)
    tens_written_10: dict[int, frozenset[Card]] = field(default_factory=dict, compare=False)
    path: str = "<incident>"
    code: str | None = None
    game: str = "whist"
    title: str | None = None
    source: str | None = None
    seats: tuple[str, ...] = ("A", "Y", "B", "Z")
    partners: tuple[tuple[str, str], ...] = ()
    no_partners: bool = False        # each plays for himself (``partners none``)
    players: dict[str, str] = field(default_factory=dict)
    dealer: str | None = None
    dummy: str | None = None
    dummies: tuple[str, ...] = ()    # every dummy: one, or the two of Double Dummy
    bidder: str | None = None
    score: dict[tuple[str, str], int] = field(default_factory=dict)
    packs: int = 1
    trump: Suit | None = None
    trump_card: Card | None = None
    deal: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    question: str | None = None
    question_about: str | None = None   # the ruling the question asks about (``about revoke``)
    notes: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list, repr=False)   # the text, for error messages
    #: what the file says that a real table could produce but the reader should check (an
    #: untagged speech, a count that cannot be): each an IncidentError marked as a warning
    warnings: list = field(default_factory=list, repr=False, compare=False)

    def error(self, pos: Pos, problem: str, suggestion: str | None = None, at: str | None = None):
        """An IncidentError pointing at ``pos`` in this incident's file, or at the words ``at``
        where they stand after it on the same line (a card within a statement)."""
        from .errors import IncidentError

        text = self.lines[pos.line - 1] if 0 < pos.line <= len(self.lines) else ""
        column = pos.column
        if at:
            found = text.upper().find(at.upper(), pos.column - 1)
            column = found + 1 if found >= 0 else column
        return IncidentError(self.path, pos.line, column, text, "", suggestion, problem)

    def warn(self, pos: Pos, problem: str, suggestion: str | None = None, at: str | None = None) -> None:
        """Record a warning at ``pos`` (once: a replay of several branches or codes meets it
        again)."""
        warning = self.error(pos, problem, suggestion, at)
        warning.warning = True
        warning.args = (warning.render(),)
        if all(str(w) != str(warning) for w in self.warnings):
            self.warnings.append(warning)

    def partner_of(self, seat: str) -> str | None:
        """The partner: as declared, or the seat opposite at a table of four."""
        if self.no_partners:
            return None
        for a, b in self.partners:
            if seat == a:
                return b
            if seat == b:
                return a
        if len(self.seats) == 4 and not self.partners:
            return self.seats[(self.seats.index(seat) + 2) % 4]
        return None

    @property
    def events(self) -> list:
        """Statements and disputes, in the order written (findings and headers left out)."""
        return [i for i in self.items if isinstance(i, (Statement, Dispute))]

    @property
    def says_nothing(self) -> bool:
        """No statement, finding, question or note: nothing to rule on (an empty file)."""
        return not any(isinstance(i, (Statement, Dispute, Finding)) for i in self.items) \
            and self.question is None and not self.notes

    @property
    def findings(self) -> list[Finding]:
        return [i for i in self.items if isinstance(i, Finding)]

    @property
    def disputes(self) -> list[Dispute]:
        return [i for i in self.items if isinstance(i, Dispute)]

    #: More ways for the facts to have gone than an arbitrator could weigh.
    MAX_BRANCHES = limits.MAX_BRANCHES

    def branches(self) -> list[tuple[tuple[Alternative, ...], list[Statement]]]:
        """Every way the disputed facts could have gone: the alternatives chosen, and the
        statements of the incident with each dispute replaced by its chosen alternative.
        An incident with no dispute has one branch."""
        disputes = self.disputes
        # the most statements one branch replays: those outside the disputes, and the
        # longest alternative of each dispute
        longest = sum(1 for i in self.items if isinstance(i, Statement)) + sum(
            max((len(a.statements) for a in d.alternatives), default=0) for d in disputes)
        count = 1
        for d in disputes:
            count *= len(d.alternatives)
            problem = limits.branches_problem(count, longest)
            if problem:
                raise self.error(d.pos, problem)
        out = []
        for choice in product(*(d.alternatives for d in disputes)):
            picked = dict(zip(map(id, disputes), choice))
            statements: list[Statement] = []
            for event in self.events:
                if isinstance(event, Dispute):
                    statements.extend(picked[id(event)].statements)
                else:
                    statements.append(event)
            out.append((tuple(choice), statements))
        return out
