"""The state of the table during the replay: who sits where, the tricks so far, what each
player holds where it is known, the time. The parts of the replay (``arbiter.table.tricks``,
``arbiter.table.calls``, ``arbiter.table.acts``) work on it; ``arbiter.table.replay`` puts them together."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import RANKS, Card, Suit
from ..facts import Fact, FactSet
from ..incident.model import HAND_SIZE, Incident, Moment, Statement
from .customs import WHIST, Customs
from .unknowns import Unknown

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


_BEFORE_DEAL = Moment("before-deal")


class TableState:
    """What every part of the replay reads and writes, and the helpers they share."""

    def __init__(self, incident: Incident, statements: list[Statement], customs: Customs = WHIST) -> None:
        self.i = incident
        self.customs = customs
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
        self.calls: dict[str, tuple[str, Suit | None, int]] = {}   # seat -> (what, suit, line) demanded of him
        self.revoke_claimed = False
        self.bidding: list[tuple[str, str | None]] = []
        self.last_bid: Statement | None = None     # the last bid not made after its maker passed
        self.dealt_counts: dict[str, int] = {}     # seat -> the cards he is said to have been dealt
        self.passed: set[str] = set()
        self.foreign: dict[str, set[Card]] = {}   # cards of the other pack, by holder
        self._partners: dict[str, str | None] = {}
        self.premature: dict[int, tuple[str, str, Statement, int]] = {}   # trick -> who led what to it early, how, when
        self.owed: dict[str, int] = {}     # seat -> the trick he owes a card to, having taken one back
        # turned and quitted: when each trick was (said, or shown by a later lead), the times
        # said, when it was said to lie on the table still, and each lead by a trick's winner
        # to the next, whether it had been quitted then to be settled (tricks.quits_left_open)
        self.quit_times: dict[int, list[int]] = {}
        self.said_quits: set[tuple[int, int]] = set()   # (trick, time) said quitted
        self.left_times: dict[int, list[int]] = {}
        self.winner_leads: list[tuple[int, str, int, Statement]] = []
        self.play_to: dict[int, int] = {}     # time -> the trick a card led or played then went to
        self.returned: dict[Card, tuple[str, int]] = {}   # card -> (seat, trick): gone back with a lead taken back
        self.clock = 0     # the time of the statement being replayed: 0 before the first
        self.play_time: dict[tuple[int, str], int] = {}   # (trick, seat) -> when he played to it
        # what findings say was held, card -> (seat, the finding), and the voids stated, by seat
        self.found_held: dict[Card, tuple[str, Statement]] = {}
        self.voids: dict[str, dict[Suit, Statement]] = {}
        self.suit_calls: list[tuple[Statement, int, int]] = []   # a suit called: (demand, trick, time)
        # a card demanded not to be played (Boston's exposed card, its suit led), by seat, and
        # each time it was played all the same: (the play, trick, card, time)
        self.not_play: dict[str, Card] = {}
        self.not_play_broken: list[tuple[Statement, int, Card, int]] = []
        # another suit led by a player a suit was called from, his holding not known: the
        # failure it would be, were he found to have held the suit called
        self.led_other_suit: dict[tuple[str, Suit], tuple[Fact, ...]] = {}
        self._other_pack: set[Card] | None = None
        self.open_renounces: list[tuple[Statement, Suit, int, int]] = []   # (the play, suit led, trick, time)
        self.unknowns: list[Unknown] = []    # questions of fact left open (arbiter/unknowns.py)

    def add(self, name, *args, s: Statement | None = None):
        if s is not None:
            self.facts.add_fact(Fact(name, args, s.pos.line, s.moment, self.clock))
        else:
            self.facts.add_fact(Fact(name, args, None, _BEFORE_DEAL, self.clock))

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
        seats = len(self.i.seats)
        return len(trick.plays) >= seats and len({seat for seat, _ in trick.plays}) >= seats

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

    # ------------------------------------------------------------------ what is known
    def stated_void(self, seat: str, suit: Suit) -> Statement | None:
        """The finding that ``seat`` held none of ``suit``, if one says so."""
        return self.voids.get(seat, {}).get(suit)

    def from_other_pack(self, card: Card) -> bool:
        """A card of the other pack taken into a hand is a second copy: two may hold it."""
        if self._other_pack is None:
            self._other_pack = {c for s in self.statements if s.verb == "takes-from-other-pack" for c in s.cards}
        return card in self._other_pack

    def hand_known(self, seat: str) -> bool:
        """Whether the whole of his hand is known: every hand dealt, or his of thirteen."""
        return self.known_full or len(self.i.deal.get(seat, ())) == HAND_SIZE

    def knows_void(self, seat: str, suit: Suit, number: int, besides: Card | None = None) -> bool | None:
        """Whether ``seat`` held none of ``suit`` when trick ``number`` was played: True, False,
        or None where it is not known. Known from a stated void; from a card of the suit he is
        known to hold then (dealt or found held and not yet played, or played by him at that
        trick or later); from his hand known in full; or where every card of the suit is
        accounted for, held or played by the others or played by him before. That he did not
        follow suit shows nothing: it may be the revoke to be judged. ``besides``: a card of
        the suit left out of the count (whether he held another than the one he played)."""
        if self.stated_void(seat, suit) is not None:
            return True
        holding = self.holding_at(seat, number)
        if holding is not None and any(c.suit is suit and c != besides for c in holding):
            return False
        if any(who == seat and at >= number and c.suit is suit and c != besides
               for c, (who, at) in self.played.items()):
            return False
        if holding is not None and self.hand_known(seat):
            return True
        others = (Card(suit, rank) for rank in RANKS)
        if all(self.accounted_away(card, seat, number) for card in others if card != besides):
            return True
        return None

    def accounted_away(self, card: Card, seat: str, number: int) -> bool:
        """Whether ``card`` is accounted for away from ``seat`` when trick ``number`` was
        played: played by another (at any trick) or by him before it, found with another, or
        dealt to another."""
        who, at = self.played.get(card, (None, 0))
        return ((who is not None and (who != seat or at < number))
                or (card in self.found_held and self.found_held[card][0] != seat)
                or any(card in cards for other, cards in self.i.deal.items() if other != seat))

    def honour_sides(self) -> dict[str, int] | None:
        """The trump honours each side held, where the holder of all four is known (the deal,
        findings, the play) or can be told by elimination (the other seats void in trumps, or
        their hands known without it); else None: the honours are not known, and no count of
        them is a fact."""
        trump = self.i.trump
        if trump is None:
            return None
        count = dict.fromkeys(sorted({self.side(seat) for seat in self.i.seats}), 0)
        for rank in ("A", "K", "Q", "J"):
            sides = {self.side(seat) for seat in self.possible_holders(Card(trump, rank))}
            if len(sides) != 1:
                return None
            count[sides.pop()] += 1
        return count

    def possible_holders(self, card: Card) -> set[str]:
        """The seats that could have been dealt ``card``: the one known to hold it, or every
        seat not ruled out (his hand known without it, or a void in its suit stated)."""
        for seat, cards in self.i.deal.items():
            if card in cards:
                return {seat}
        if card in self.found_held:
            return {self.found_held[card][0]}
        if card in self.played:
            return {self.played[card][0]}
        return {seat for seat in self.i.seats
                if not self.hand_known(seat) and self.stated_void(seat, card.suit) is None}

    # provided by the parts (``arbiter.table.calls``, ``arbiter.table.hands``), called from the play
    def check_call(self, s: Statement, trick: Trick, card: Card) -> None:  # pragma: no cover
        raise NotImplementedError

    def check_play_known(self, s: Statement, card: Card) -> None:  # pragma: no cover
        raise NotImplementedError
