"""The play of the cards: leads and plays in turn or not, renounces, cards taken back,
tricks completed, won, turned and quitted, and which cards were winning cards. Each finding
is a generic fact (``led_out_of_turn(Y, 3)``, ``renounced(B, 12)``); only the impossible (a
card played twice, a card the known deal gives to someone else) is refused."""

from __future__ import annotations

from ..cards import Card, beats
from ..facts import Fact
from ..incident.model import Moment, Statement
from . import winning
from .state import HAND_SIZE, TableState, Trick
from .unknowns import Unknown


class TrickPlay(TableState):
    def trick_for(self, s: Statement, leading: bool) -> Trick:
        """The trick a lead or play belongs to; a lead after a complete trick starts the next.
        A card played under a ``trick N:`` written again, after a later trick began, goes
        back to trick N when it is still open and he has not played to it (a card played
        there late, after a correction, say)."""
        named = s.moment.trick if s.moment.kind == "trick" else None
        if not leading and named is not None and named < self.current:
            earlier = self.tricks.get(named)
            if earlier is not None and earlier.plays and not self.complete(earlier) \
                    and earlier.played_by(s.actor) is None:
                return earlier
        if self.current == 0:
            self.current = 1
        trick = self.tricks.setdefault(self.current, Trick(self.current))
        if leading and self.complete(trick):
            self.current = self.next_trick(s, trick.number)
            trick = self.tricks.setdefault(self.current, Trick(self.current))
        return trick

    def next_trick(self, s: Statement, number: int) -> int:
        """The trick after trick ``number``, which a lead begins: a hand has as many tricks
        as a player has cards, and a lead after the last is refused as ``trick 14:`` is."""
        if number >= HAND_SIZE:
            raise self.i.error(s.pos, f"a lead after trick {HAND_SIZE}: a hand has {HAND_SIZE} tricks, "
                                      f"so there is no trick {number + 1}")
        return number + 1

    def on_leads(self, s: Statement) -> None:
        trick = self.trick_for(s, leading=True)
        if trick.plays and not self.complete(trick):
            if trick.played_by(s.actor) is not None:
                # a second lead before the trick is complete: led without waiting for partner
                following = self.next_trick(s, trick.number)
                p = self.partner(s.actor)
                if p and trick.played_by(p) is None:
                    self.add("led_again_before_partner_played", s.actor, trick.number, s=s)
                for card in s.cards:
                    self.take_from_hand(s, card, following)
                    self.add("led_prematurely", s.actor, following, str(card), s=s)
                self.premature.setdefault(following, (s.actor, str(s.cards[0]), s, self.clock))
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
        self.begin(trick, s)

    def begin(self, trick: Trick, s: Statement) -> None:
        """The first card of a trick: led in turn or not, and what the lead shows of the
        tricks before it."""
        trick.leader = s.actor
        expected = self.expected_leader(trick.number)
        self.add("led", s.actor, trick.number, str(s.cards[0]), s=s)
        if expected and expected != s.actor:
            self.add("led_out_of_turn", s.actor, trick.number, s=s)
            self.add("should_have_led", expected, trick.number, s=s)
        self.quitted_before_lead(trick, s)
        self.play_cards(s, trick)

    def followed_early_lead(self, trick: Trick, s: Statement) -> bool:
        """A card played to a trick not yet begun, which the winner of the last trick had led
        to early: the others followed his early card, and it is the trick's lead, in turn."""
        early = self.premature.get(trick.number)
        previous = self.tricks.get(trick.number - 1)
        if early is None or previous is None or previous.winner != early[0] or early[0] == s.actor:
            return False
        seat, early_card, statement, time = early
        trick.leader = seat
        trick.plays.append((seat, Card.parse(early_card)))
        for name, args in (("led", (seat, trick.number, early_card)),
                           ("played", (seat, trick.number, early_card)),
                           ("played_to_trick", (seat, trick.number)),
                           ("hand_position", (seat, trick.number, 1))):
            self.facts.add(name, *args, line=statement.pos.line, moment=statement.moment, time=time)
        self.play_time.setdefault((trick.number, seat), time)
        return True

    def quitted_before_lead(self, trick: Trick, s: Statement) -> None:
        """A lead to a trick shows the tricks before it turned and quitted: the trick just
        played, when its winner leads to the next in turn (he has gathered and turned it),
        and any trick older than that. A lead made while the last trick may still lie on
        the table (by another player than its winner, or where its winner is not known)
        shows nothing of it."""
        for number, earlier in self.tricks.items():
            if number >= trick.number or earlier.quitted or not earlier.plays:
                continue
            if number < trick.number - 1 or (self.complete(earlier) and earlier.winner == s.actor):
                earlier.quitted = True
                self.add("trick_quitted", number, s=s)
                if earlier.winner:      # he who won it turned it
                    self.add("quitted_trick", earlier.winner, number, s=s)

    def on_plays(self, s: Statement) -> None:
        owed = self.owed.pop(s.actor, None)
        if owed is not None and owed in self.tricks:
            # a card in place of one he took back: it goes to that trick, in his turn there
            self.play_cards(s, self.tricks[owed])
            return
        trick = self.trick_for(s, leading=False)
        if not trick.plays and not self.followed_early_lead(trick, s):
            self.begin(trick, s)
            return
        if trick.played_by(s.actor) is not None:
            kind = "played_to_complete_trick" if self.complete(trick) else "played_twice_to_trick"
            for card in s.cards:
                self.take_from_hand(s, card, trick.number)
                self.add(kind, s.actor, trick.number, str(card), s=s)
            return
        expected = self.next_to_play(trick, s.actor)
        if expected != s.actor:
            self.add("played_out_of_turn", s.actor, trick.number, s=s)
            for seat in self.seats_between(expected, s.actor):
                if trick.played_by(seat) is None:
                    self.add("played_before", s.actor, seat, trick.number, s=s)
        self.play_cards(s, trick)

    def next_to_play(self, trick: Trick, actor: str) -> str:
        """Whose turn it is in ``trick``: the first seat on the left of the last to play who
        has not played to it, or ``actor`` if he comes first. The walk goes once round the
        table at most."""
        expected = self.left_of(trick.plays[-1][0])
        for _ in self.i.seats:
            if trick.played_by(expected) is None or expected == actor:
                break
            expected = self.left_of(expected)
        return expected

    def seats_between(self, first: str, actor: str) -> list[str]:
        """The seats from ``first`` clockwise up to ``actor``, not including him."""
        seats = self.i.seats
        start, end = seats.index(first), seats.index(actor)
        return [seats[(start + k) % len(seats)] for k in range((end - start) % len(seats))]

    def play_cards(self, s: Statement, trick: Trick) -> None:
        first, rest = s.cards[0], s.cards[1:]
        position = self.position(trick, s.actor)
        if position:
            self.add("hand_position", s.actor, trick.number, position, s=s)
        self.add("played", s.actor, trick.number, str(first), s=s)
        self.add("played_to_trick", s.actor, trick.number, s=s)
        if self.i.trump_card is not None and first == self.i.trump_card:
            self.facts.end("trump_card_on_table", s.actor, time=self.clock)     # played from the table
        self.play_time.setdefault((trick.number, s.actor), self.clock)
        if not trick.plays:
            self.add("suit_led", trick.number, first.suit.word, s=s)
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
        if holding is not None and any(c.suit is suit for c in holding):
            self.add("held_suit_led", s.actor, trick.number, s=s)
        elif self.knows_void(s.actor, suit, trick.number):
            self.add("void_in_suit_led", s.actor, trick.number, s=s)
        else:      # weighed when the whole story is in (renounces_left_open)
            self.open_renounces.append((s, suit, trick.number, self.clock))

    def renounces_left_open(self) -> None:
        """A renounce where, after the whole story, it is still not known whether the player
        held the suit led: a question the ruling may turn on (arbiter/unknowns.py)."""
        for s, suit, number, time in self.open_renounces:
            void = self.knows_void(s.actor, suit, number)
            if void is not None:     # the later play, or a finding, has told
                self.facts.add("void_in_suit_led" if void else "held_suit_led", s.actor, number,
                               line=s.pos.line, moment=s.moment, time=time)
                continue
            line = s.pos.line
            self.unknowns.append(Unknown(
                question=f"whether {s.actor} held a {suit.word[:-1]} when he renounced at trick {number}",
                line=line, so="if he held one", not_so="if he held none",
                if_so=Fact("held_suit_led", (s.actor, number), line, s.moment, time),
                if_not=Fact("void_in_suit_led", (s.actor, number), line, s.moment, time)))

    def take_from_hand(self, s: Statement, card: Card, number: int) -> None:
        if card in self.foreign.get(s.actor, ()):
            self.foreign[s.actor].discard(card)
            self.add("played_card_of_other_pack", s.actor, str(card), number, s=s)
            return
        if card in self.played:
            seat, at = self.played[card]
            raise self.i.error(s.pos, f"{card} has already been played, by {seat} at trick {at}", at=str(card))
        self.check_play_known(s, card)
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
        early = self.premature.get(trick.number + 1)
        if early is not None and early[0] != best_seat:
            # a card led to the next trick before this one was complete, by another than its
            # winner: a lead out of turn, at the time it was made
            seat, early_card, statement, time = early
            for name, args in (("led", (seat, trick.number + 1, early_card)),
                               ("led_out_of_turn", (seat, trick.number + 1)),
                               ("should_have_led", (best_seat, trick.number + 1))):
                self.facts.add(name, *args, line=statement.pos.line, moment=statement.moment, time=time)

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
        if trick is not None:
            self.owed[seat] = number
        if trick is not None and trick.suit_led and card.suit is not trick.suit_led:
            self.add("renounce_withdrawn", seat, number, s=s)

    def on_quits_trick(self, s: Statement) -> None:
        number = s.number or self.trick_of(s)
        trick = self.tricks.get(number)
        self.add("trick_quitted", number, s=s)
        self.add("quitted_trick", s.actor, number, s=s)
        if trick is None or not self.complete(trick):
            self.add("quitted_incomplete_trick", s.actor, number, s=s)
        if trick:
            trick.quitted = True

    def winning_cards(self) -> None:
        """For each card in each trick: a winning card as against the player's adversaries,
        or not, where that can be known (see ``arbiter.table.winning``). The fact takes the time
        of the card's play: it is a quality of the card when played."""
        by_seat: dict[str, set[Card]] = {}          # every card each seat played or is found to hold
        for c, (who, _) in self.played.items():
            by_seat.setdefault(who, set()).add(c)
        for seat, cards in self.held.items():
            by_seat.setdefault(seat, set()).update(cards)
        for number, trick in sorted(self.tricks.items()):
            suit_led = trick.suit_led
            if suit_led is None:
                continue
            gone = {c for c, (_, at) in self.played.items() if at < number}
            hands: dict[str, set[Card] | None] = {}

            def hand(adv: str, n: int = number, hands=hands) -> set[Card] | None:
                if adv not in hands:
                    hands[adv] = self.holding_at(adv, n) if self.known_full else None
                return hands[adv]

            for seat, _ in trick.plays:
                partner = self.partner(seat)
                adversaries = [o for o in self.i.seats if o != seat and o != partner]
                def accounted(seat=seat, partner=partner, gone=gone) -> set[Card]:
                    return gone | by_seat.get(seat, set()) | (by_seat.get(partner, set()) if partner else set())

                verdict = winning.against_adversaries(
                    seat, trick.plays, adversaries, suit_led, self.i.trump, hand, accounted)
                if verdict is None:
                    time = self.play_time.get((number, seat), self.clock)
                    moment = Moment("trick", number)
                    self.unknowns.append(Unknown(
                        question=f"whether {seat}'s card at trick {number} was a winning card as against "
                                 "his adversaries", line=None, so="if it was", not_so="if it was not",
                        if_so=Fact("winning_card", (seat, number), None, moment, time),
                        if_not=Fact("not_winning_card", (seat, number), None, moment, time)))
                    continue
                self.facts.add("winning_card" if verdict else "not_winning_card", seat, number, line=None,
                               moment=Moment("trick", number), time=self.play_time.get((number, seat), self.clock))

    def fellow_adversaries(self) -> None:
        """Where each plays for himself (``partners none``) and one player bids, those who
        play against the bidder and his accepted partner play together for the hand."""
        # the bidder named, or found from the bidding (``bidder_from_bidding``)
        bidder = self.i.bidder or next((str(f.args[0]) for f in self.facts.by_name("bidder")), None)
        if not self.i.no_partners or not bidder:
            return
        with_bidder = {bidder} | {f.args[0] for f in self.facts.by_name("accepted") if f.args[1] == bidder}
        against = [seat for seat in self.i.seats if seat not in with_bidder]
        for seat in against:
            for other in against:
                if other != seat:
                    self.facts.add("fellow_adversary", seat, other, moment=Moment("before-deal"))

    def named_then_played(self) -> None:
        """A card a player named and afterwards played himself was in his hand when he named
        it: he named his own card, at the time he named it."""
        for fact in self.facts.by_name("named_card"):
            seat, card = fact.args
            if self.played.get(Card.parse(str(card)), ("", 0))[0] == seat:
                self.facts.add("named_own_card", seat, card, line=fact.line, moment=fact.moment, time=fact.time)

    def after_play(self) -> None:
        self.named_then_played()
        self.fellow_adversaries()
        self.winning_cards()
        for number, trick in sorted(self.tricks.items()):
            if trick.plays and not self.complete(trick):
                # left incomplete from the moment play went on to a later trick (known then,
                # not only after the hand)
                after = [t for (n, _), t in self.play_time.items() if n > number]
                if after:
                    self.facts.add("trick_incomplete", number, moment=Moment("trick", number), time=min(after))
                else:
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
        elif (count := self.honour_sides()) is not None:
            # from what is known of the hands: findings, the play, voids stated
            for side, held in count.items():
                self.add("honours_held", side, held)

