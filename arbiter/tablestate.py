"""The state of the table during the replay: who sits where, the tricks so far, what each
player holds where it is known, the time. The parts of the replay (``arbiter.tricks``,
``arbiter.calls``, ``arbiter.acts``) work on it; ``arbiter.table`` puts them together."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, Suit
from .facts import FactSet
from .incident.model import HAND_SIZE, Incident, Moment, Statement

__all__ = ["HAND_SIZE", "TableState", "Trick"]


@dataclass
class Trick:
    number: int
    leader: str | None = None
    plays: list[tuple[str, Card]] = field(default_factory=list)
    winner: str | None = None
    quitted: bool = False

    @property
    def suit_led(self) -> Suit | None:
        return self.plays[0][1].suit if self.plays else None

    def played_by(self, seat: str) -> Card | None:
        return next((c for s, c in self.plays if s == seat), None)


class TableState:
    """What every part of the replay reads and writes, and the helpers they share."""

    def __init__(self, incident: Incident, statements: list[Statement]) -> None:
        self.i = incident
        self.statements = statements
        self.facts = FactSet()
        self.tricks: dict[int, Trick] = {}
        self.current = 0                     # the trick being played, 0 before play
        self.hands = {s: set(c) for s, c in incident.deal.items()}
        self.known_full = len(incident.deal) == len(incident.seats) and all(
            len(c) >= HAND_SIZE - 1 for c in incident.deal.values())
        self.held: dict[str, set[Card]] = {s: set(c) for s, c in incident.deal.items()}
        self.played: dict[Card, tuple[str, int]] = {}
        self.cut_seen = False
        self.calls: dict[str, tuple[str, object, int]] = {}   # seat -> (what, arg, line) demanded of him
        self.revoke_claimed = False
        self.bidding: list[tuple[str, str | None]] = []
        self.passed: set[str] = set()
        self.foreign: dict[str, set[Card]] = {}   # cards of the other pack, by holder
        self._partners: dict[str, str | None] = {}
        self.premature: dict[int, tuple[str, str, Statement, int]] = {}   # trick -> who led what to it early, how, when
        self.owed: dict[str, int] = {}     # seat -> the trick he owes a card to, having taken one back
        self.clock = 0     # the time of the statement being replayed: 0 before the first
        self.play_time: dict[tuple[int, str], int] = {}   # (trick, seat) -> when he played to it

    def add(self, name, *args, s: Statement | None = None):
        self.facts.add(name, *args, line=s.pos.line if s else None,
                       moment=s.moment if s else Moment("before-deal"), time=self.clock)

    def left_of(self, seat: str) -> str:
        seats = self.i.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    def right_of(self, seat: str) -> str:
        """The seat on his right: the player who plays just before him."""
        seats = self.i.seats
        return seats[(seats.index(seat) - 1) % len(seats)]

    def partner(self, seat: str) -> str | None:
        if seat not in self._partners:
            self._partners[seat] = self.i.partner_of(seat)
        return self._partners[seat]

    def side(self, seat: str) -> str:
        """A partnership is named by its seats in table order ("AB", "YZ")."""
        members = [s for s in self.i.seats if s in (seat, self.partner(seat))]
        return "".join(members)

    def position(self, trick: Trick, seat: str) -> int | None:
        """1 for the leader, 2 for second hand, and so on clockwise."""
        if trick.leader is None:
            return None
        seats = self.i.seats
        return (seats.index(seat) - seats.index(trick.leader)) % len(seats) + 1

    def trick_of(self, s: Statement) -> int:
        """The trick a statement belongs to: its ``trick N:``, else the trick in play (0 before)."""
        if s.moment.kind == "trick":
            assert s.moment.trick is not None   # ``trick N:`` always has its number
            return s.moment.trick
        return self.current

    def complete(self, trick: Trick) -> bool:
        return len({seat for seat, _ in trick.plays}) >= len(self.i.seats)

    def expected_leader(self, number: int) -> str | None:
        if number == 1:
            return self.left_of(self.i.dealer) if self.i.dealer else None
        previous = self.tricks.get(number - 1)
        return previous.winner if previous else None

    def holding_at(self, seat: str, number: int) -> set[Card] | None:
        """What ``seat`` held when trick ``number`` was played, where that is known."""
        known = self.held.get(seat)
        if not known:
            return None
        return {c for c in known if c not in self.played or self.played[c][1] >= number}

    # provided by the parts (``arbiter.calls``), called from the play of a card
    def check_call(self, s: Statement, trick: Trick, card: Card) -> None:  # pragma: no cover
        raise NotImplementedError
