"""What is known of each hand, and what cannot be.

A finding (``finding: Y held HA HK``, ``finding: Z held no spades``), the deal and the play
each tell something of who held which card. Put together they locate a card at one seat,
rule a seat out for it, or leave it unknown; and unknown stays unknown: a void is a fact only
where it is stated or where every card of the suit is accounted for elsewhere, never where a
player merely did not follow suit (that may be a revoke, the very thing to be judged).

What no real table can produce is an error at its line: one card of one pack held by two
players, a card played by one player and found held by another, a void stated and then a
card of that suit held or played. A player found to have held more cards than a hand has is
irregular but real (a misdeal, a card taken up that was not his): a warning, since the laws
judge a surplus from the count ``has N cards``, which the warning asks for.
"""

from __future__ import annotations

from ..cards import Card
from ..incident.model import Statement
from .acts import TableActs
from .state import HAND_SIZE


class KnownHands(TableActs):
    """Findings of what was held, and of voids; checks against the deal and the play."""

    # ------------------------------------------------------------------ findings
    def on_held(self, s: Statement) -> None:
        for card in s.cards:
            self.check_found_held(s, card)
        super().on_held(s)   # the deal's check and the facts (arbiter.table.acts)
        for card in s.cards:
            self.found_held.setdefault(card, (s.actor, s))

    # cards shown in the play came from the hand of him who showed them
    def on_exposes(self, s: Statement) -> None:
        self.shown(s)
        super().on_exposes(s)

    def on_drops(self, s: Statement) -> None:
        self.shown(s)
        super().on_drops(s)

    def on_detaches(self, s: Statement) -> None:
        self.shown(s)
        super().on_detaches(s)

    def on_shows(self, s: Statement) -> None:
        self.shown(s)
        super().on_shows(s)

    def shown(self, s: Statement) -> None:
        """A card exposed, dropped, detached or shown during the play is known to have been
        in his hand (one exposed in dealing may go to any hand, and is not). A card already
        played, or of the other pack, tells nothing more."""
        if s.moment.kind in ("deal", "before-deal") or s.actor not in self.i.seats:
            return
        for card in s.cards:
            if card in self.played or self.from_other_pack(card):
                continue
            self.check_found_held(s, card)
            owner = next((seat for seat, cards in self.i.deal.items() if card in cards), None)
            if owner and owner != s.actor:
                raise self.i.error(s.pos, f"{s.actor} cannot have held {card}: the deal gives it to {owner}",
                                   at=str(card))
            self.held.setdefault(s.actor, set()).add(card)
            self.found_held.setdefault(card, (s.actor, s))

    def said_by(self, s: Statement) -> str:
        """How a line tells that a card was held: a finding finds it, an exposure shows it."""
        return "finds" if s.verb == "held" else "shows"

    def check_found_held(self, s: Statement, card: Card) -> None:
        """``Y held HA`` where another is found to hold HA, or where Y held no hearts."""
        other = self.found_held.get(card)
        if other is not None and other[0] != s.actor and not self.from_other_pack(card):
            raise self.i.error(s.pos, f"{s.actor} cannot have held {card}: line {other[1].pos.line} "
                                      f"{self.said_by(other[1])} {other[0]} held it, and a pack has one {card}",
                               at=str(card))
        void = self.stated_void(s.actor, card.suit)
        if void is not None and not self.from_other_pack(card):
            raise self.i.error(s.pos, f"{s.actor} cannot have held {card}: line {void.pos.line} finds he "
                                      f"held no {self.void_words(void)}", at=str(card))
        played = self.played.get(card)
        if played is not None and played[0] != s.actor and not self.from_other_pack(card):
            # a finding among the events, or a disputed one, after the play it contradicts
            raise self.i.error(s.pos, f"{s.actor} cannot have held {card}: {played[0]} played it at trick "
                                      f"{played[1]}", at=str(card))

    def on_held_none(self, s: Statement) -> None:
        """``Z held no spades`` (or ``no trumps``): a void from the deal, so at every trick."""
        suit = s.suit or self.i.trump
        if suit is None:
            return      # no trumps, and the trump suit not given: which suit is not known
        dealt = [c for c in self.i.deal.get(s.actor, ()) if c.suit is suit]
        found = sorted((c for c, (seat, _) in self.found_held.items() if seat == s.actor and c.suit is suit),
                       key=str)
        played = sorted((c for c, (seat, _) in self.played.items() if seat == s.actor and c.suit is suit), key=str)
        where = f"the deal gives him {dealt[0]}" if dealt else \
            f"line {self.found_held[found[0]][1].pos.line} {self.said_by(self.found_held[found[0]][1])} " \
            f"he held {found[0]}" if found else \
            f"he played {played[0]} at trick {self.played[played[0]][1]}" if played else None
        if where:
            raise self.i.error(s.pos, f"{s.actor} cannot have held no {self.void_words(s)}: {where}")
        self.voids.setdefault(s.actor, {}).setdefault(suit, s)
        self.add("void_in_suit", s.actor, suit.word, s=s)

    def void_words(self, s: Statement) -> str:
        """What a stated void names: ``spades``, or ``trumps (hearts)``."""
        if s.suit is not None:
            return s.suit.word
        return f"trumps ({self.i.trump.word})" if self.i.trump else "trumps"

    def check_hand_sizes(self) -> None:
        """More cards found held (and played) by one player than a hand has: a warning at his
        last finding, after the play (what he played counts too)."""
        if len(self.i.seats) != 4:
            return
        last: dict[str, Statement] = {}
        for _, (seat, s) in self.found_held.items():
            if seat not in last or s.pos.line > last[seat].pos.line:
                last[seat] = s
        for seat, s in last.items():
            cards = {c for c, (who, _) in self.found_held.items() if who == seat}
            cards |= {c for c, (who, _) in self.played.items() if who == seat}
            if len(cards) > HAND_SIZE:
                self.i.warn(s.pos, f"{seat} is found to have held {len(cards)} cards, more than the {HAND_SIZE} "
                                   "of a hand: a misdeal, or a card taken up that was not his; the laws judge "
                                   "a surplus from his count of cards, where it was counted",
                            f"{seat} was dealt {len(cards)} cards")

    # ------------------------------------------------------------------ the play
    def check_play_known(self, s: Statement, card: Card) -> None:
        """A card played by one whom a finding gives no such card: the play or the finding is
        wrong, and no table could produce both."""
        if self.from_other_pack(card):
            return
        other = self.found_held.get(card)
        if other is not None and other[0] != s.actor:
            raise self.i.error(s.pos, f"{s.actor} cannot play {card}: line {other[1].pos.line} "
                                      f"{self.said_by(other[1])} {other[0]} held it", at=str(card))
        void = self.stated_void(s.actor, card.suit)
        if void is not None:
            raise self.i.error(s.pos, f"{s.actor} cannot play {card}: line {void.pos.line} finds he held "
                                      f"no {self.void_words(void)}", at=str(card))
