"""Everything else done at the table: the deal (shuffling, cutting, dealing), cards shown,
named, dropped or exposed, hands thrown down, speech, claims, consultation, scores marked,
bidding, and what is found. Most become a fact as they stand; a few (a cut before the
deal, a claim of a revoke before the cards are mixed) are read against what came before."""

from __future__ import annotations

import re

from ..incident.model import Moment, Statement
from ..words import phrases
from .state import HAND_SIZE, TableState


class TableActs(TableState):
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
            self.add("suit_of", str(card), card.suit.word, s=s)

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

    def on_detaches(self, s: Statement) -> None:
        self.add("detached", s.actor, str(s.cards[0]), s=s)

    def on_shows(self, s: Statement) -> None:
        self.add("shown_to_partner", s.actor, str(s.cards[0]), s=s)

    def trump_card_on_table(self, s: Statement) -> None:
        """The trump card on the table: a state that lasts from the deal until the dealer
        takes it up (or plays it). It is begun only where the incident says it was left there
        or taken up: where it lay otherwise is not known."""
        self.facts.add("trump_card_on_table", self.i.dealer or s.actor, moment=Moment("deal"), time=0)

    def on_takes_up_trump(self, s: Statement) -> None:
        """Taken up before it is his turn to play to the first trick is taken up early; at his
        turn (the player on his right having played, or he leading) it is not."""
        self.add("took_up_trump_card", s.actor, self.trick_of(s), s=s)
        self.trump_card_on_table(s)
        self.facts.end("trump_card_on_table", s.actor, time=self.clock)
        first = self.tricks.get(1)
        if s.moment.kind in ("deal", "before-deal"):
            early = True
        elif self.current <= 1:
            leader = first.leader if first is not None and first.leader else self.expected_leader(1)
            his_turn = leader == s.actor or (first is not None and first.played_by(self.right_of(s.actor)) is not None)
            early = (first is None or first.played_by(s.actor) is None) and not his_turn
        else:
            early = False
        if early:
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
        self.trump_card_on_table(s)

    def on_takes_from_other_pack(self, s: Statement) -> None:
        """A card of the other pack taken into the hand: a second copy, not an impossibility."""
        self.foreign.setdefault(s.actor, set()).add(s.cards[0])
        self.add("took_card_from_other_pack", s.actor, str(s.cards[0]), s=s)

    def on_turns_up(self, s: Statement) -> None:
        self.add("turned_up", s.actor, str(s.cards[0]), s=s)

    def on_has_cards(self, s: Statement) -> None:
        """``has N cards``: what is in his hand at that moment, against what should be: the
        thirteen dealt less a card for each trick he has played to (one to every trick before
        the one being played, as the play presumes, and to this one if he has played to it)."""
        assert s.number is not None   # the grammar requires the count: ``has N cards``
        self.count_cards(s, s.number, HAND_SIZE - self.tricks_played_to(s))

    def on_was_dealt(self, s: Statement) -> None:
        """``was dealt N cards``: the count of the deal, against thirteen, whenever it is told.
        Every hand of the table counted, the pack is counted too: fourteen in one hand and
        thirteen in each other is a pack of fifty-three, not a short hand not yet found."""
        assert s.number is not None
        self.count_cards(s, s.number, HAND_SIZE)
        self.dealt_counts[s.actor] = s.number
        if len(self.dealt_counts) == len(self.i.seats) == 4:
            self.add("cards_dealt", sum(self.dealt_counts.values()), s=s)

    def count_cards(self, s: Statement, counted: int, due: int) -> None:
        self.add("card_count", s.actor, counted, s=s)
        if s.moment.kind == "trick" and s.moment.trick is not None:
            # counted at trick N: the play of the tricks before it is presumed, as the count is
            self.add("counted_at_trick", s.actor, s.moment.trick, s=s)
        if len(self.i.seats) == 4 and counted != due:
            self.add("surplus" if counted > due else "deficiency", s.actor, abs(counted - due), s=s)

    def tricks_played_to(self, s: Statement) -> int:
        """How many cards his hand should have given to the tricks by the time of ``s``."""
        m = s.moment
        if m.kind == "trick" and m.trick is not None:
            trick = self.tricks.get(m.trick)
            here = trick is not None and any(seat == s.actor for seat, _ in trick.plays)
            return min(HAND_SIZE, m.trick - 1 + here)
        return HAND_SIZE if m.sort_key() >= Moment("after-hand").sort_key() else 0

    def on_finds(self, s: Statement) -> None:
        self.add("card_found", str(s.cards[0]), s.detail, s=s)

    def on_says(self, s: Statement) -> None:
        self.add("said", s.actor, s.words, s=s)
        self.untagged_speech(s)

    def on_asks(self, s: Statement) -> None:
        self.add("asked", s.actor, s.target or "table", s.words, s=s)
        self.untagged_speech(s)

    def untagged_speech(self, s: Statement) -> None:
        """Words the books quote as a formula ("Having none?"), written without their act:
        a warning showing the act, never the act silently supplied (the words may mean
        something else at that table) nor silently dropped."""
        act = None if s.act else phrases.suggested_act(s.words, self.customs.phrases)
        if act:
            written = self.i.lines[s.pos.line - 1].strip() if 0 < s.pos.line <= len(self.i.lines) else ""
            self.i.warn(s.pos, f"speech without its act: did you mean `({act})`?",
                        f"{written} ({act})" if written else None, at=s.words)

    def on_answers(self, s: Statement) -> None:
        self.add("answered", s.actor, s.words, s=s)

    def on_bids(self, s: Statement) -> None:
        """A bid: a second bid by the same player straight after his first corrects it; a bid
        by another player over-calls the bid standing before it. A call that accepts the bid
        standing ("cop" to a "prop") over-calls nothing: its caller becomes the bidder's
        partner, as ``accepts SEAT`` makes him."""
        self.add("bids", s.actor, s.words, s=s)
        reading = self.read_bid(s)
        tricks = _tricks_in(s.words or "") if reading is None else reading.tricks
        if tricks is not None and (reading is None or reading.object == "win"):
            self.add("tricks_bid", s.actor, tricks, s=s)
        if reading is not None:
            self.add("bid_read", s.actor, reading.id, s=s)
            self.add("bid_object", s.actor, reading.object, s=s)
            if reading.trump:
                self.add("bid_trump", s.actor, reading.trump, s=s)
            if reading.object == "accept":
                self.accepts_bid_standing(s)
                return
        if s.actor in self.passed:
            self.add("bid_after_pass", s.actor, s.words, s=s)
        if self.bidding:
            seat, words = self.bidding[-1]
            if seat == s.actor:
                self.add("bid_amended", s.actor, words, s.words, s=s)
            else:
                self.add("overcalled", seat, s.actor, s=s)
        self.bidding.append((s.actor, s.words))
        if s.actor not in self.passed:
            self.last_bid = s

    def accepts_bid_standing(self, s: Statement) -> None:
        """An acceptance read from a bid's words: the player accepts the bid standing, as
        ``accepts`` writes it (even after he passed: "any player in turn after him may
        accept, although such a one may have already passed"). With no bid of another
        standing there is nothing to accept: a warning, and no partner made."""
        bid = self.last_bid
        if bid is None or bid.actor == s.actor:
            self.i.warn(s.pos, f"{s.actor} accepts, and no bid of another player stands to be accepted",
                        "a proposal before it, such as `Y bids \"prop\"`", at=s.words)
            return
        self.add("accepted", s.actor, bid.actor, s=s)

    def bidder_from_bidding(self) -> None:
        """Where the incident names no bidder, he is the player whose bid stands: the last
        to bid (not one who bid after he had passed, who comes in again against the rule);
        whether the laws let that bid stand is theirs to say. A game that is bid for, with
        neither a bidder nor a bid, is warned about: the laws of the bidder cannot apply -- but
        not where the bidding shows every player passing with no bid made: then no bidder is
        missing, and what is played is for the laws to say (Fontainebleau's Misère Partout)."""
        if self.i.bidder:
            return
        if self.last_bid is not None:
            s = self.last_bid
            self.facts.add("bidder", s.actor, line=s.pos.line, moment=s.moment, time=0)
            return
        all_passed = not self.bidding and set(self.i.seats) <= self.passed
        if self.customs.reads_bids and self.i.events and not all_passed:
            from ..incident.model import HeaderLine

            line = next((item for item in self.i.items if isinstance(item, HeaderLine) and item.key == "game"), None)
            if line is not None:
                self.i.warn(line.pos, f"{self.customs.name} is played by a bidder, and the incident names none: "
                            "the laws of the bidder cannot apply", "add `bidder SEAT`, or the bidding",
                            at=line.value)

    def read_bid(self, s: Statement) -> phrases.BidReading | None:
        """A bid in a game of the Boston family, read against the game's data ("Little
        Misère", "seven hearts"); one that cannot be read is an error at its line. In another
        game (Cayenne's "nullo", Whist's bidding of the trump) the words stand as they are."""
        customs = self.customs
        if not customs.reads_bids:
            return None
        reading = phrases.read_bid(s.words or "", customs.calls, customs.phrases, customs.game)
        if reading is None:
            import difflib

            names = phrases.bid_names(customs.calls, customs.phrases, customs.game)
            close = difflib.get_close_matches(" ".join(phrases.words_of(s.words or "")), names, n=1)
            raise self.i.error(s.pos, f"cannot read the bid {s.words!r} in {customs.name}: a bid is a "
                               "number of tricks and what is trumps (\"seven hearts\"), or a call such as "
                               + ", ".join(f'"{n}"' for n in names[:6]), close[0] if close else None, at=s.words)
        return reading

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
    """The number of tricks a bid names, from its first word: "seven hearts", "9 grand".
    Only a number a hand could hold counts: not "²" (a digit to ``str.isdigit``, not to
    ``int``), nor a number of a thousand digits."""
    first = words.strip().split(" ")[0].lower() if words.strip() else ""
    if re.fullmatch(r"[0-9]{1,2}", first):
        return int(first)
    return _NUMBER_WORDS.get(first)
