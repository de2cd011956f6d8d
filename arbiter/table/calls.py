"""Penalties demanded of a player (a suit called, his highest or lowest, to win or not to
win, to trump or not to trump), and whether his next play obeyed them."""

from __future__ import annotations

from ..cards import RANKS, Card, beats
from ..facts import Fact
from ..incident.model import Statement
from .state import TableState, Trick
from .unknowns import Unknown


class Calls(TableState):
    def on_demands(self, s: Statement) -> None:
        arg = str(s.cards[0]) if s.cards else s.suit.word if s.suit else s.number if s.number is not None else ""
        self.add("penalty_demanded", s.actor, s.detail, s.target or "", arg, s=s)
        if s.target and s.detail in ("call suit", "highest", "lowest", "call highest", "call lowest",
                                     "win trick", "not win trick", "trump", "not trump"):
            self.calls[s.target] = (s.detail, s.suit, s.pos.line)
            if s.suit is not None:
                self.suit_calls.append((s, max(self.trick_of(s), 1), self.clock))
        if s.target and s.detail == "not play card" and s.cards:
            self.not_play[s.target] = s.cards[0]

    def forbidden_cards_played(self) -> None:
        """After the play, for each card played though it was demanded that it be not played:
        whether its owner held another of its suit then (he could have obeyed: a failed call,
        ``failed_call(X, N, "not play")``) or none (``no_other_of_suit(X, N, Card)``: he had
        to play it). Where the incident does not show which, the question is left open."""
        for s, number, card, time in self.not_play_broken:
            line = s.pos.line
            failed = (Fact("failed_to_play_as_desired", (s.actor, number), line, s.moment, time),
                      Fact("failed_call", (s.actor, number, "not play"), line, s.moment, time))
            only = Fact("no_other_of_suit", (s.actor, number, str(card)), line, s.moment, time)
            other = self.knows_other_of_suit(s.actor, card, number)
            if other is True:
                for fact in failed:
                    self.facts.add_fact(fact)
            elif other is False:
                self.facts.add_fact(only)
            else:
                self.unknowns.append(Unknown(
                    question=f"whether {s.actor} held another {card.suit.word[:-1]} than {card.name} when he "
                             f"played it at trick {number}",
                    line=line, so="if he held one", not_so="if he held none", if_so=failed, if_not=only))

    def knows_other_of_suit(self, seat: str, card: Card, number: int) -> bool | None:
        """Whether ``seat`` held a card of ``card``'s suit besides it when trick ``number`` was
        played: True, False, or None where it is not known (:meth:`knows_void`, the card
        itself left out)."""
        void = self.knows_void(seat, card.suit, number, besides=card)
        return None if void is None else not void

    def suits_held_when_called(self) -> None:
        """After the play, whether each player a suit was demanded of held it then: what the
        whole story shows (a card of it he played later, every card of it accounted for
        elsewhere, a void stated), at the time of the demand. Not known, no fact."""
        for s, number, time in self.suit_calls:
            assert s.target is not None and s.suit is not None   # only such demands are kept
            void = self.knows_void(s.target, s.suit, number)
            if void is not None:
                self.facts.add("void_in_suit" if void else "holds_suit", s.target, s.suit.word,
                               line=s.pos.line, moment=s.moment, time=time)
                if not void:
                    # he held the suit called (a card of it he played later): the other suit he
                    # led instead, his hand not known then, failed the call
                    for fact in self.led_other_suit.get((s.target, s.suit), ()):
                        self.facts.add_fact(fact)
                continue
            line = s.pos.line
            failed = self.led_other_suit.get((s.target, s.suit), ())
            self.unknowns.append(Unknown(
                question=f"whether {s.target} held a {s.suit.word[:-1]} when {s.suit.word} were called",
                line=line, so="if he held one", not_so="if he held none",
                if_so=(Fact("holds_suit", (s.target, s.suit.word), line, s.moment, time), *failed),
                if_not=Fact("void_in_suit", (s.target, s.suit.word), line, s.moment, time)))

    def _none_beyond(self, seat: str, card: Card, highest: bool, number: int) -> bool:
        """Whether every card of the suit above (below) ``card`` is accounted for away from
        ``seat`` when trick ``number`` was played: played by another (at any trick), played
        by him before it, found with another, or dealt to another. Then he cannot have held
        one, and nothing is open."""
        beyond = [Card(card.suit, r) for r in RANKS]
        return all(self.accounted_away(c, seat, number) for c in beyond
                   if (c.value > card.value if highest else c.value < card.value))

    def open_call(self, s: Statement, number: int, card: Card, highest: bool) -> None:
        """His highest (lowest) called, his hand not known: whether he held a higher (a lower)
        card of the suit is a question the ruling may turn on (arbiter/unknowns.py)."""
        which = "highest" if highest else "lowest"
        line, time = s.pos.line, self.clock
        self.unknowns.append(Unknown(
            question=f"whether {s.actor} held a {'higher' if highest else 'lower'} {card.suit.word[:-1]} than "
                     f"{card.name} he played at trick {number}, his {which} having been called",
            line=line, so="if he held one", not_so="if he held none",
            if_so=(Fact("failed_to_play_as_desired", (s.actor, number), line, s.moment, time),
                   Fact("failed_call", (s.actor, number, which), line, s.moment, time)),
            if_not=()))

    def check_call(self, s: Statement, trick: Trick, card: Card) -> None:
        """A play by a player of whom something was demanded: did he comply?"""
        forbidden = self.not_play.pop(s.actor, None)     # demanded for the trick he plays to next
        if forbidden is not None and forbidden == card:
            self.not_play_broken.append((s, trick.number, card, self.clock))
        call = self.calls.pop(s.actor, None)
        if call is None:
            return
        what, suit, _ = call
        holding = self.holding_at(s.actor, trick.number)
        if what == "call suit" and trick.leader == s.actor and suit is not None and card.suit is not suit:
            failed = (Fact("led_other_suit_holding_suit_called", (s.actor, trick.number), s.pos.line, s.moment,
                           self.clock),
                      Fact("failed_call", (s.actor, trick.number, "suit"), s.pos.line, s.moment, self.clock))
            if holding is not None and any(c.suit is suit for c in holding):
                for fact in failed:
                    self.facts.add_fact(fact)
            elif holding is None or not self.hand_known(s.actor):
                # whether he held one is not known: if he did, he failed the call
                self.led_other_suit[(s.actor, suit)] = failed
            return
        # the suit whose highest (lowest) is called: the one the demand names ("his highest
        # trump"), else the suit led; a card of another suit does not answer the call of this
        led = suit or trick.suit_led or card.suit
        if what.endswith(("highest", "lowest")) and card.suit is led:
            # he failed only if he is known to have held a higher (a lower) card of the suit:
            # what else he held, where the hand is known only in part, is not known
            highest = what.endswith("highest")
            in_suit = [c for c in holding or () if c.suit is led and c != card]
            if any(c.value > card.value if highest else c.value < card.value for c in in_suit):
                self.add("failed_to_play_as_desired", s.actor, trick.number, s=s)
                self.add("failed_call", s.actor, trick.number, "highest" if highest else "lowest", s=s)
            elif not self.hand_known(s.actor) and not self._none_beyond(s.actor, card, highest, trick.number):
                self.open_call(s, trick.number, card, highest)
        trump = self.i.trump
        if what == "trump" and trump is not None and trick.plays and holding is not None and self.known_full:
            # only a hand known in full shows that he had none of the suit led
            void = not any(c.suit is trick.suit_led for c in holding)
            if void and card.suit is not trump and any(c.suit is trump for c in holding):
                self.add("failed_to_play_as_desired", s.actor, trick.number, s=s)
                self.add("failed_call", s.actor, trick.number, "trump", s=s)
        if what == "not trump" and trump is not None and trick.plays:
            if card.suit is trump and trick.suit_led is not trump:
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

