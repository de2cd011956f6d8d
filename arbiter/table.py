"""The replay: from the statements of an incident, the table at every moment, and facts.

Seats go clockwise in the order the incident names them (A Y B Z by default: A and B are
partners against Y and Z, as in the books). The replay follows the deal and the play —
whose turn it is, each trick's cards, the suit led and the winner, who holds what where
the deal is known — and records what it finds as generic facts (``led_out_of_turn(Y, 3)``,
``renounced(B, 12)``, ``held_suit_led(B, 12)``...). Irregularities are facts, not errors:
only the impossible (a card played twice, a card the known deal gives to someone else) is
refused, with the line that says it.

>>> from arbiter.incident import parse
>>> r = replay(parse("trump hearts\\ntrick 1:\\nY leads S5\\nZ plays S9\\n"))
>>> r.facts.has("played_out_of_turn", "Z", 1)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import winning
from .cards import Card, Suit, beats
from .facts import Fact, FactSet
from .incident.model import Incident, Moment, Statement

HAND_SIZE = 13

#: The facts of each seating met so far (a few in practice; cleared if a script meets many).
_SEATING: dict[tuple, tuple[Fact, ...]] = {}


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


@dataclass
class Replay:
    """The outcome of replaying one branch of an incident."""

    incident: Incident
    statements: list[Statement]
    facts: FactSet
    tricks: dict[int, Trick]
    hands: dict[str, set[Card]]           # what each seat still holds, where known
    played: dict[Card, tuple[str, int]]   # card -> (seat, trick)

    def trick(self, number: int) -> Trick:
        return self.tricks[number]


def replay(incident: Incident, statements: list[Statement] | None = None) -> Replay:
    """Replay ``statements`` (by default the incident's own, when it has no dispute)."""
    if statements is None:
        branches = incident.branches()
        statements = branches[0][1]
    return _Replayer(incident, statements).run()


def replay_all(incident: Incident) -> list[tuple[tuple, Replay]]:
    """One replay for each way the disputed facts could have gone."""
    return [(choice, replay(incident, statements)) for choice, statements in incident.branches()]


class _Replayer:
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
        self.clock = 0     # the time of the statement being replayed: 0 before the first
        self.play_time: dict[tuple[int, str], int] = {}   # (trick, seat) -> when he played to it

    # -------------------------------------------------------------- helpers
    def add(self, name, *args, s: Statement | None = None):
        self.facts.add(name, *args, line=s.pos.line if s else None,
                       moment=s.moment if s else Moment("before-deal"), time=self.clock)

    def left_of(self, seat: str) -> str:
        seats = self.i.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

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

    # -------------------------------------------------------------- the run
    def run(self) -> Replay:
        self.table_facts()
        # What a player is found to have held is known before the play it explains.
        held = [f.statement for f in self.i.findings if f.statement is not None and f.statement.verb == "held"]
        for statement in held:
            self.on_held(statement)
        for dispute in self.i.disputes:
            self.add("disputed", dispute.title or "the facts", s=None)
        for s in self.statements:
            self.clock += 1
            handler = getattr(self, "on_" + s.verb.replace("-", "_"), self.on_other)
            self.record_moment(s)
            handler(s)
            for act in s.act:
                self.add(act.replace(" ", "_"), s.actor, self.trick_of(s), s=s)
        self.clock += 1     # what is found, and what the hand comes to, is known after the events
        for finding in self.i.findings:
            if finding.statement is not None and finding.statement.verb != "held":
                self.on_finding(finding.statement)
        self.after_play()
        return Replay(self.i, self.statements, self.facts, self.tricks, self.hands, self.played)

    def trick_of(self, s: Statement) -> int:
        """The trick a statement belongs to: its ``trick N:``, else the trick in play (0 before)."""
        if s.moment.kind == "trick":
            assert s.moment.trick is not None   # ``trick N:`` always has its number
            return s.moment.trick
        return self.current

    def record_moment(self, s: Statement) -> None:
        if s.moment.kind == "trick" and s.moment.trick != self.current and s.verb in ("leads", "plays"):
            if s.moment.trick not in self.tricks:
                assert s.moment.trick is not None   # ``trick N:`` always has its number
                self.current = s.moment.trick
                self.tricks.setdefault(self.current, Trick(self.current))

    def table_facts(self) -> None:
        i = self.i
        self.add("code", i.code or "unspecified")
        self.add("game", i.game)
        seating = (i.seats, i.partners, i.no_partners)
        if seating not in _SEATING:     # the same for every incident at a table seated alike
            if len(_SEATING) > 256:
                _SEATING.clear()
            _SEATING[seating] = self.seating_facts()
        for fact in _SEATING[seating]:
            self.facts.add_fact(fact)
        if i.dealer:
            self.add("dealer", i.dealer)
            self.add("eldest", self.left_of(i.dealer))
        for role in ("dummy", "bidder"):
            if getattr(i, role):
                self.add(role, getattr(i, role))
        if i.trump:
            self.add("trump", i.trump.word)
        if i.trump_card:
            self.add("trump_card", str(i.trump_card))
        self.add("packs", i.packs)
        for (a, b), points in i.score.items():
            self.add("score", a, b, points)
        for seat, cards in i.deal.items():
            self.add("dealt", seat, len(cards))
            if len(cards) != HAND_SIZE and len(i.seats) == 4:
                self.add("wrong_number_of_cards", seat, len(cards))
                self.add("surplus" if len(cards) > HAND_SIZE else "deficiency", seat, abs(len(cards) - HAND_SIZE))

    def seating_facts(self) -> tuple[Fact, ...]:
        """Who sits where, who are partners, which side each belongs to, who are adversaries."""
        i, out = self.i, []
        before = Moment("before-deal")
        for seat in i.seats:
            out.append(Fact("seat", (seat,), None, before))
            p = self.partner(seat)
            if p:
                out.append(Fact("partner", (seat, p), None, before))
            out.append(Fact("side_of", (seat, self.side(seat)), None, before))
            for other in i.seats:
                if other != seat and other != p:
                    out.append(Fact("opposing_side", (seat, self.side(other)), None, before))
            for other in i.seats:
                if other != seat and other != p:
                    out.append(Fact("adversary", (seat, other), None, before))
        return tuple(out)

    # -------------------------------------------------------------- the play
    def trick_for(self, s: Statement, leading: bool) -> Trick:
        """The trick a lead or play belongs to; a lead after a complete trick starts the next."""
        if self.current == 0:
            self.current = 1
        trick = self.tricks.setdefault(self.current, Trick(self.current))
        if leading and self.complete(trick):
            self.current += 1
            trick = self.tricks.setdefault(self.current, Trick(self.current))
        return trick

    def complete(self, trick: Trick) -> bool:
        return len({seat for seat, _ in trick.plays}) >= len(self.i.seats)

    def expected_leader(self, number: int) -> str | None:
        if number == 1:
            return self.left_of(self.i.dealer) if self.i.dealer else None
        previous = self.tricks.get(number - 1)
        return previous.winner if previous else None

    def on_leads(self, s: Statement) -> None:
        trick = self.trick_for(s, leading=True)
        if trick.plays and not self.complete(trick):
            if trick.played_by(s.actor) is not None:
                # a second lead before the trick is complete: led without waiting for partner
                p = self.partner(s.actor)
                if p and trick.played_by(p) is None:
                    self.add("led_again_before_partner_played", s.actor, trick.number, s=s)
                for card in s.cards:
                    self.take_from_hand(s, card, trick.number + 1)
                    self.add("led_prematurely", s.actor, trick.number + 1, str(card), s=s)
                return
            leader = trick.plays[0][0]
            if len(trick.plays) == 1 and self.partner(s.actor) == leader:
                # he and his partner lead at once: the one whose lead it was not is in error
                expected = self.expected_leader(trick.number)
                wrong = leader if expected == s.actor else s.actor
                self.add("led_simultaneously", wrong, trick.number, s=s)
                if wrong == leader:
                    trick.plays.clear()
                    trick.leader = s.actor
                    self.add("led", s.actor, trick.number, str(s.cards[0]), s=s)
                    self.play_cards(s, trick)
                else:
                    for card in s.cards:
                        self.take_from_hand(s, card, trick.number)
                        self.add("exposed", s.actor, str(card), "simultaneous-lead", s=s)
                return
            self.on_plays(s)
            return
        trick.leader = s.actor
        expected = self.expected_leader(trick.number)
        self.add("led", s.actor, trick.number, str(s.cards[0]), s=s)
        if expected and expected != s.actor:
            self.add("led_out_of_turn", s.actor, trick.number, s=s)
            self.add("should_have_led", expected, trick.number, s=s)
        self.play_cards(s, trick)

    def on_plays(self, s: Statement) -> None:
        trick = self.trick_for(s, leading=False)
        if not trick.plays:
            trick.leader = s.actor
            self.add("led", s.actor, trick.number, str(s.cards[0]), s=s)
            expected = self.expected_leader(trick.number)
            if expected and expected != s.actor:
                self.add("led_out_of_turn", s.actor, trick.number, s=s)
                self.add("should_have_led", expected, trick.number, s=s)
            self.play_cards(s, trick)
            return
        if trick.played_by(s.actor) is not None:
            kind = "played_to_complete_trick" if self.complete(trick) else "played_twice_to_trick"
            for card in s.cards:
                self.take_from_hand(s, card, trick.number)
                self.add(kind, s.actor, trick.number, str(card), s=s)
            return
        last = trick.plays[-1][0]
        expected = self.left_of(last)
        while trick.played_by(expected) is not None and expected != s.actor:
            expected = self.left_of(expected)
        if expected != s.actor:
            self.add("played_out_of_turn", s.actor, trick.number, s=s)
            seat = expected
            while seat != s.actor:
                if trick.played_by(seat) is None:
                    self.add("played_before", s.actor, seat, trick.number, s=s)
                seat = self.left_of(seat)
        self.play_cards(s, trick)

    def play_cards(self, s: Statement, trick: Trick) -> None:
        first, rest = s.cards[0], s.cards[1:]
        position = self.position(trick, s.actor)
        if position:
            self.add("hand_position", s.actor, trick.number, position, s=s)
        self.add("played", s.actor, trick.number, str(first), s=s)
        self.add("played_to_trick", s.actor, trick.number, s=s)
        self.play_time.setdefault((trick.number, s.actor), self.clock)
        suit_led = trick.suit_led
        if trick.plays and suit_led is not None and winning.decidable(trick.plays + [(s.actor, first)], suit_led,
                                                                      self.i.trump):
            if winning.best_of(trick.plays + [(s.actor, first)], suit_led, self.i.trump)[0] == s.actor:
                self.add("best_card_on_table", s.actor, trick.number, s=s)
        # Whoever plays to a trick has played after every trick before it, those the incident
        # leaves out included: a player at trick 8 has played to trick 6, following trick 5.
        for earlier in {trick.number - 1, *(n for n in self.tricks if n < trick.number)} - {0}:
            self.add("played_after_trick", s.actor, earlier, s=s)
        self.check_renounce(s, trick, first)
        self.check_call(s, trick, first)
        self.take_from_hand(s, first, trick.number)
        trick.plays.append((s.actor, first))
        for card in rest:
            self.take_from_hand(s, card, trick.number)
            self.add("played_at_once", s.actor, trick.number, str(card), s=s)
        if rest:
            self.add("two_or_more_cards_played", s.actor, trick.number, s=s)
        if self.complete(trick):
            self.finish(trick, s)

    def check_renounce(self, s: Statement, trick: Trick, card: Card) -> None:
        suit = trick.suit_led
        if suit is None or card.suit is suit:
            return
        self.add("renounced", s.actor, trick.number, s=s)
        if self.i.trump and card.suit is self.i.trump:
            self.add("trumped", s.actor, trick.number, s=s)
        holding = self.holding_at(s.actor, trick.number)
        if holding is None:
            return
        in_suit = sorted(str(c) for c in holding if c.suit is suit)
        if in_suit:
            self.add("held_suit_led", s.actor, trick.number, s=s)
        elif self.known_full:
            self.add("void_in_suit_led", s.actor, trick.number, s=s)

    def holding_at(self, seat: str, number: int) -> set[Card] | None:
        """What ``seat`` held when trick ``number`` was played, where that is known."""
        known = self.held.get(seat)
        if not known:
            return None
        return {c for c in known if c not in self.played or self.played[c][1] >= number}

    def take_from_hand(self, s: Statement, card: Card, number: int) -> None:
        if card in self.foreign.get(s.actor, ()):
            self.foreign[s.actor].discard(card)
            self.add("played_card_of_other_pack", s.actor, str(card), number, s=s)
            return
        if card in self.played:
            seat, at = self.played[card]
            raise self.i.error(s.pos, f"{card} has already been played, by {seat} at trick {at}", at=str(card))
        if self.i.deal and card not in self.hands.get(s.actor, set()):
            owner = next((seat for seat, cards in self.i.deal.items() if card in cards), None)
            if owner and owner != s.actor:
                raise self.i.error(s.pos, f"{s.actor} cannot play {card}: the deal gives it to {owner}", at=str(card))
            if s.actor in self.i.deal and self.known_full and owner is None:
                self.add("card_not_in_deal", s.actor, str(card), s=s)
        self.hands.get(s.actor, set()).discard(card)
        self.played[card] = (s.actor, number)

    def finish(self, trick: Trick, s: Statement) -> None:
        self.add("trick_complete", trick.number, s=s)
        suit, trump = trick.suit_led, self.i.trump
        if trump is None and any(c.suit is not suit for _, c in trick.plays):
            return   # the winner depends on the trump suit, which is not given
        best_seat, best = trick.plays[0]
        assert suit is not None   # a trick with plays has a suit led
        for seat, card in trick.plays[1:]:
            if beats(card, best, suit, trump):
                best_seat, best = seat, card
        trick.winner = best_seat
        self.add("trick_winner", trick.number, best_seat, s=s)
        self.add("won_trick", best_seat, trick.number, s=s)

    def winning_cards(self) -> None:
        """For each card in each trick: a winning card as against the player's adversaries,
        or not, where that can be known (see ``arbiter.winning``). The fact takes the time
        of the card's play: it is a quality of the card when played."""
        for number, trick in sorted(self.tricks.items()):
            suit_led = trick.suit_led
            if suit_led is None:
                continue
            for seat, _ in trick.plays:
                adversaries = [o for o in self.i.seats if o != seat and o != self.partner(seat)]
                verdict = winning.against_adversaries(
                    seat, trick.plays, adversaries, suit_led, self.i.trump,
                    lambda adv, n=number: self.holding_at(adv, n) if self.known_full else None)
                if verdict is None:
                    continue
                self.facts.add("winning_card" if verdict else "not_winning_card", seat, number, line=None,
                               moment=Moment("trick", number), time=self.play_time.get((number, seat), self.clock))

    def after_play(self) -> None:
        self.winning_cards()
        for number, trick in sorted(self.tricks.items()):
            if trick.plays and not self.complete(trick):
                self.add("trick_incomplete", number)
        if self.tricks:
            self.add("tricks_recorded", len(self.tricks))
        last = self.tricks.get(HAND_SIZE)
        later = {"after-hand", "after-next-cut", "after-next-trump"}
        if (last is not None and self.complete(last)) or any(s.moment.kind in later for s in self.statements):
            self.add("hand_played_out")
        sides = sorted({self.side(seat) for seat in self.i.seats})
        if all(self.tricks.get(n) and self.tricks[n].winner for n in range(1, HAND_SIZE + 1)):
            for side in sides:
                won = sum(1 for t in self.tricks.values() if t.winner and t.winner in side)
                self.add("tricks_won", side, won)
        if self.i.trump and self.known_full:
            honours = [c for cards in self.i.deal.values() for c in cards
                       if c.suit is self.i.trump and c.is_honour]
            for side in sides:
                held = sum(1 for seat in self.i.deal for c in self.i.deal[seat]
                           if c in honours and seat in side)
                self.add("honours_held", side, held)

    # -------------------------------------------------------------- other acts
    def on_finding(self, s: Statement) -> None:
        getattr(self, "on_" + s.verb.replace("-", "_"), self.on_other)(s)

    def on_held(self, s: Statement) -> None:
        for card in s.cards:
            owner = next((seat for seat, cards in self.i.deal.items() if card in cards), None)
            if owner and owner != s.actor:
                raise self.i.error(s.pos, f"{s.actor} cannot have held {card}: the deal gives it to {owner}",
                                   at=str(card))
            self.held.setdefault(s.actor, set()).add(card)
            self.add("held", s.actor, str(card), s=s)

    def on_quits_trick(self, s: Statement) -> None:
        number = s.number or self.trick_of(s)
        trick = self.tricks.get(number)
        self.add("trick_quitted", number, s=s)
        self.add("quitted_trick", s.actor, number, s=s)
        if trick is None or not self.complete(trick):
            self.add("quitted_incomplete_trick", s.actor, number, s=s)
        if trick:
            trick.quitted = True

    def on_throws_down_hand(self, s: Statement) -> None:
        seats = self.i.seats if s.actor == "all" else (s.actor,)
        for seat in seats:
            self.add("threw_down_hand", seat, self.trick_of(s), s=s)
        thrown = {f.args[0] for f in self.facts.match("threw_down_hand")}
        if thrown >= set(self.i.seats):
            self.add("all_hands_thrown_down", self.trick_of(s), s=s)

    def on_exposes(self, s: Statement) -> None:
        where = "dealing" if s.moment.kind == "deal" else "play"
        for card in s.cards:
            self.add("exposed", s.actor, str(card), where, s=s)
            if where == "dealing":
                self.add("exposed_in_dealing", s.actor, str(card), s=s)

    def on_drops(self, s: Statement) -> None:
        card = str(s.cards[0])
        self.add("dropped", s.actor, card, s.detail or "unspecified", s=s)
        if s.detail in ("face-up", None):
            self.add("exposed", s.actor, card, "dropped", s=s)

    def on_names(self, s: Statement) -> None:
        self.add("named_card", s.actor, str(s.cards[0]), s=s)
        holding = self.holding_at(s.actor, self.trick_of(s) or 1)
        if holding is not None and s.cards[0] in holding:
            self.add("named_own_card", s.actor, str(s.cards[0]), s=s)
        if self.i.trump_card and s.cards[0] == self.i.trump_card:
            self.add("named_trump_card", s.actor, self.trick_of(s), s=s)

    def on_withdraws(self, s: Statement) -> None:
        """A card taken back from the trick it was played to (a renounce corrected, a card
        played in error): it returns to the hand, and the fact that it was played remains."""
        card = s.cards[0]
        where = self.played.get(card)
        if where is None or where[0] != s.actor:
            raise self.i.error(s.pos, f"{s.actor} cannot take back {card}: he has not played it", at=str(card))
        seat, number = where
        trick = self.tricks.get(number)
        if trick is not None:
            trick.plays = [(p, c) for p, c in trick.plays if not (p == seat and c == card)]
            trick.winner = None
        del self.played[card]
        if seat in self.hands:
            self.hands[seat].add(card)
        self.add("withdrew", seat, number, str(card), s=s)
        if trick is not None and trick.suit_led and card.suit is not trick.suit_led:
            self.add("renounce_withdrawn", seat, number, s=s)

    def on_detaches(self, s: Statement) -> None:
        self.add("detached", s.actor, str(s.cards[0]), s=s)

    def on_shows(self, s: Statement) -> None:
        self.add("shown_to_partner", s.actor, str(s.cards[0]), s=s)

    def on_takes_up_trump(self, s: Statement) -> None:
        self.add("took_up_trump_card", s.actor, self.trick_of(s), s=s)
        first = self.tricks.get(1)
        if s.moment.kind in ("deal", "before-deal") or (
                self.current <= 1 and first is not None and first.played_by(s.actor) is None):
            self.add("took_up_trump_card_early", s.actor, s=s)

    def on_deals(self, s: Statement) -> None:
        self.add("dealt_by", s.actor, s=s)
        if self.i.dealer and s.actor != self.i.dealer:
            self.add("dealt_out_of_turn", s.actor, s=s)
        if not self.cut_seen:
            self.add("dealt_without_cut", s.actor, s=s)

    def on_shuffles(self, s: Statement) -> None:
        self.add("shuffles", s.actor, s=s)
        if self.cut_seen and self.i.dealer == s.actor and s.moment.kind in ("deal", "before-deal"):
            self.add("shuffled_after_cut", s.actor, s=s)

    def on_cuts(self, s: Statement) -> None:
        self.cut_seen = True
        if s.moment.kind in ("after-hand", "after-next-trump", "after-next-cut"):
            self.add("cut_for_next_deal", s.actor, s=s)
        else:
            self.add("cut", s.actor, s=s)

    def on_cuts_unpresented(self, s: Statement) -> None:
        self.on_cuts(s)
        self.add("cut_without_presentation", s.actor, s=s)

    def on_leaves_trump(self, s: Statement) -> None:
        self.add("trump_card_left_on_table", s.actor, self.trick_of(s), s=s)

    def on_takes_from_other_pack(self, s: Statement) -> None:
        """A card of the other pack taken into the hand: a second copy, not an impossibility."""
        self.foreign.setdefault(s.actor, set()).add(s.cards[0])
        self.add("took_card_from_other_pack", s.actor, str(s.cards[0]), s=s)

    def on_turns_up(self, s: Statement) -> None:
        self.add("turned_up", s.actor, str(s.cards[0]), s=s)

    def on_has_cards(self, s: Statement) -> None:
        assert s.number is not None   # the grammar requires the count: ``has N cards``
        self.add("card_count", s.actor, s.number, s=s)
        if len(self.i.seats) == 4 and s.number != HAND_SIZE:
            self.add("surplus" if s.number > HAND_SIZE else "deficiency", s.actor, abs(s.number - HAND_SIZE), s=s)

    def on_finds(self, s: Statement) -> None:
        self.add("card_found", str(s.cards[0]), s.detail, s=s)

    def on_says(self, s: Statement) -> None:
        self.add("said", s.actor, s.words, s=s)

    def on_asks(self, s: Statement) -> None:
        self.add("asked", s.actor, s.target or "table", s.words, s=s)

    def on_answers(self, s: Statement) -> None:
        self.add("answered", s.actor, s.words, s=s)

    def on_bids(self, s: Statement) -> None:
        """A bid: a second bid by the same player straight after his first corrects it; a bid
        by another player over-calls the bid standing before it."""
        self.add("bids", s.actor, s.words, s=s)
        tricks = _tricks_in(s.words or "")
        if tricks is not None:
            self.add("tricks_bid", s.actor, tricks, s=s)
        if s.actor in self.passed:
            self.add("bid_after_pass", s.actor, s.words, s=s)
        if self.bidding:
            seat, words = self.bidding[-1]
            if seat == s.actor:
                self.add("bid_amended", s.actor, words, s.words, s=s)
            else:
                self.add("overcalled", seat, s.actor, s=s)
        self.bidding.append((s.actor, s.words))

    def on_passes(self, s: Statement) -> None:
        self.add("passes", s.actor, s=s)
        self.passed.add(s.actor)

    def on_accepts(self, s: Statement) -> None:
        self.add("accepted", s.actor, s.target, s=s)

    def on_claims(self, s: Statement) -> None:
        self.add("claimed", s.actor, s.detail, s=s)
        if s.detail == "revoke":
            self.revoke_claimed = True

    def on_mixes_cards(self, s: Statement) -> None:
        self.add("mixes_cards", s.actor, s=s)
        if self.revoke_claimed:
            self.add("mixed_cards_after_claim", s.actor, s=s)

    def on_demands(self, s: Statement) -> None:
        arg = str(s.cards[0]) if s.cards else s.suit.word if s.suit else s.number if s.number is not None else ""
        self.add("penalty_demanded", s.actor, s.detail, s.target or "", arg, s=s)
        if s.target and s.detail in ("call suit", "highest", "lowest", "call highest", "call lowest",
                                     "win trick", "not win trick", "trump", "not trump"):
            self.calls[s.target] = (s.detail, s.suit, s.pos.line)
            holding = self.holding_at(s.target, max(self.trick_of(s), 1))
            known = holding is not None and (self.known_full or any(c.suit is s.suit for c in holding))
            if s.suit is not None and known and holding is not None:
                has = any(c.suit is s.suit for c in holding)
                self.add("holds_suit" if has else "void_in_suit", s.target, s.suit.word, s=s)

    def check_call(self, s: Statement, trick: Trick, card: Card) -> None:
        """A play by a player of whom something was demanded: did he comply?"""
        call = self.calls.pop(s.actor, None)
        if call is None:
            return
        what, suit, _ = call
        holding = self.holding_at(s.actor, trick.number)
        if what == "call suit" and trick.leader == s.actor and suit is not None and card.suit is not suit:
            if holding is not None and any(c.suit is suit for c in holding):
                self.add("led_other_suit_holding_suit_called", s.actor, trick.number, s=s)
                self.add("failed_call", s.actor, trick.number, "suit", s=s)
            return
        led = trick.suit_led or card.suit
        if what.endswith(("highest", "lowest")) and holding is not None and card.suit is led:
            in_suit = [c for c in holding if c.suit is led]
            pick = max if what.endswith("highest") else min
            extreme = pick(in_suit, key=lambda c: c.value)
            if card != extreme:
                self.add("failed_to_play_as_desired", s.actor, trick.number, s=s)
                self.add("failed_call", s.actor, trick.number, "highest" if pick is max else "lowest", s=s)
        trump = self.i.trump
        if what in ("trump", "not trump") and trump is not None and trick.plays and holding is not None:
            void = not any(c.suit is trick.suit_led for c in holding)
            if what == "trump" and void and card.suit is not trump and any(c.suit is trump for c in holding):
                self.add("failed_to_play_as_desired", s.actor, trick.number, s=s)
                self.add("failed_call", s.actor, trick.number, "trump", s=s)
            if what == "not trump" and card.suit is trump and trick.suit_led is not trump:
                self.add("failed_to_play_as_desired", s.actor, trick.number, s=s)
                self.add("failed_call", s.actor, trick.number, "not trump", s=s)
        if what in ("win trick", "not win trick") and trick.plays and holding is not None:
            assert trick.suit_led is not None   # a trick with plays has a suit led
            best = trick.plays[0][1]
            for _, c in trick.plays[1:]:
                if beats(c, best, trick.suit_led, self.i.trump):
                    best = c
            wins = beats(card, best, trick.suit_led, self.i.trump)
            could = any(beats(c, best, trick.suit_led, self.i.trump) for c in holding
                        if c.suit is trick.suit_led or not any(h.suit is trick.suit_led for h in holding))
            if what == "win trick" and could and not wins:
                self.add("failed_to_play_as_desired", s.actor, trick.number, s=s)
                self.add("failed_call", s.actor, trick.number, "win", s=s)
            if what == "not win trick" and wins:
                self.add("failed_to_play_as_desired", s.actor, trick.number, s=s)
                self.add("failed_call", s.actor, trick.number, "not win", s=s)

    def on_consults(self, s: Statement) -> None:
        self.add("consulted", s.actor, s.target, s=s)

    def on_marks(self, s: Statement) -> None:
        self.add("marked", s.actor, s.number, s.detail or "points", s=s)

    def on_other(self, s: Statement) -> None:
        """Acts with no effect on the state of the play are recorded as they are."""
        args: list[object] = [s.actor]
        if s.cards:
            args.append(" ".join(map(str, s.cards)))
        if s.number is not None:
            args.append(s.number)
        if s.target:
            args.append(s.target)
        if s.words is not None:
            args.append(s.words)
        self.add(s.verb.replace("-", "_"), *args, s=s)


_NUMBER_WORDS = {w: n for n, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve thirteen".split(), 1)}


def _tricks_in(words: str) -> int | None:
    """The number of tricks a bid names, from its first word: "seven hearts", "9 grand"."""
    first = words.strip().split(" ")[0].lower() if words.strip() else ""
    if first.isdigit():
        return int(first)
    return _NUMBER_WORDS.get(first)
