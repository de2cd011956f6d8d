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

from dataclasses import dataclass, field, replace

from ..cards import Card
from ..facts import Fact, FactSet
from ..incident.model import HeaderLine, Incident, Moment, Statement, not_a_seat
from .calls import Calls
from .customs import WHIST, Customs
from .hands import KnownHands
from .ruled_out import warn_ruled_out
from .state import HAND_SIZE, Trick
from .tricks import TrickPlay
from .unknowns import Unknown

__all__ = ["HAND_SIZE", "Customs", "Replay", "Trick", "replay", "replay_all", "seated"]

#: The findings of what a hand held, read before the play.
_HELD = ("held", "held-none")

#: The facts of each seating met so far (a few in practice; cleared if a script meets many).
_SEATING: dict[tuple, tuple[Fact, ...]] = {}


@dataclass
class Replay:
    """The outcome of replaying one branch of an incident."""

    incident: Incident
    statements: list[Statement]
    facts: FactSet
    tricks: dict[int, Trick]
    hands: dict[str, set[Card]]           # what each seat still holds, where known
    played: dict[Card, tuple[str, int]]   # card -> (seat, trick)
    unknowns: list[Unknown] = field(default_factory=list)   # questions of fact left open

    def trick(self, number: int) -> Trick:
        return self.tricks[number]


def replay(incident: Incident, statements: list[Statement] | None = None, customs: Customs = WHIST) -> Replay:
    """Replay ``statements`` (by default the incident's own, when it has no dispute), at a
    table keeping the game's ``customs``."""
    if statements is None:
        branches = incident.branches()
        statements = branches[0][1]
    return _Replayer(seated(incident, customs), statements, customs).run()


def seated(incident: Incident, customs: Customs = WHIST) -> Incident:
    """Partnerships follow the game: where it has no fixed partners (Boston, Solo Whist) and
    the incident names none, none are assumed, as if it said ``partners none``. The warnings
    stay the incident's own."""
    if incident.no_partners or incident.partners or customs.fixed_partners:
        return incident
    return replace(incident, no_partners=True)


def replay_all(incident: Incident, customs: Customs = WHIST) -> list[tuple[tuple, Replay]]:
    """One replay for each way the disputed facts could have gone. A way that cannot be (a
    finding it contradicts: the card he played was found in his hand) is not ruled, and the
    incident is warned at the line that rules it out; only where no way can be is it an error.

    What the ways share is replayed once: the statements before the first dispute, then those
    between each dispute and the next once for each way the disputes before them give, the
    table's state copied where the ways part (:func:`_replay_ways`). Where the replay of a
    shared stretch looks ahead at a way's statements, which differ from way to way, each way
    is replayed whole instead."""
    from ..incident import IncidentError

    done: list[tuple[tuple, Replay]] = []
    refused: list[tuple[tuple, IncidentError]] = []
    branches = incident.branches()
    ways: list[tuple[tuple, Replay | Exception]] | None = _replay_ways(incident, customs) if len(branches) > 1 else None
    if ways is None:
        ways = []
        for choice, statements in branches:
            try:
                ways.append((choice, replay(incident, statements, customs)))
            except IncidentError as exc:
                if not choice:
                    raise
                ways.append((choice, exc))
    for choice, outcome in ways:
        if isinstance(outcome, Replay):
            done.append((choice, outcome))
        else:
            assert isinstance(outcome, IncidentError)
            refused.append((choice, outcome))
    if not done:
        raise refused[0][1]
    warn_ruled_out(incident, refused, len(done) + len(refused))     # by reason, not one for each way
    return done


_TAKES_FROM_OTHER_PACK = "takes-from-other-pack"


class _LooksAhead(Exception):
    """The replay of a stretch that several ways share read the statements still to come."""


class _NotYetKnown(list):
    """The statements of a way while a stretch it shares with others is replayed: which way
    it is, and so what comes later, is not yet known, and reading them stops the sharing."""

    def __iter__(self):
        raise _LooksAhead

    def __len__(self) -> int:
        raise _LooksAhead

    def __getitem__(self, index):
        raise _LooksAhead


def _replay_ways(incident: Incident, customs: Customs) -> list[tuple[tuple, Replay | Exception]] | None:
    """Every way, in the order of :meth:`Incident.branches`, each a replay or the error that
    rules it out, with the shared stretches replayed once; None where a shared stretch looks
    ahead (then each way is replayed whole)."""
    from ..incident import IncidentError

    stretches: list[list[Statement]] = [[]]
    disputes = []
    for event in incident.events:
        if isinstance(event, Statement):
            stretches[-1].append(event)
        else:
            disputes.append(event)
            stretches.append([])
    # The cards taken from the other pack are read from the whole of a way's statements, as
    # they may be played before they are said to be taken: the same for every way where no
    # alternative takes one.
    taking = [s for d in disputes for a in d.alternatives for s in a.statements if s.verb == _TAKES_FROM_OTHER_PACK]
    if taking:
        return None
    other_pack = {c for stretch in stretches for s in stretch if s.verb == _TAKES_FROM_OTHER_PACK for c in s.cards}
    out: list[tuple[tuple, Replay | Exception]] = []

    def descend(replayer: _Replayer | None, error: Exception | None, depth: int, choice: tuple,
                before: list[Statement]) -> None:
        """The ways that follow from a table as it stands after ``before`` (or from the error
        that ruled them all out): each alternative of the next dispute, then the statements
        up to the dispute after it, on a copy of the table; after the last dispute, to the
        end, the way's statements now known."""
        last = depth == len(disputes) - 1
        for alternative in disputes[depth].alternatives:
            statements = [*alternative.statements, *stretches[depth + 1]]
            path = (*choice, alternative)
            branch, failed = None, error
            if replayer is not None:
                branch = replayer.fork()
                try:
                    if last:
                        branch.statements = [*before, *statements]
                        branch.play_through(statements)
                        out.append((path, branch.outcome()))
                        continue
                    branch.play_through(statements)
                except IncidentError as exc:
                    branch, failed = None, exc
            if last:
                assert failed is not None
                out.append((path, failed))
                continue
            descend(branch, failed, depth + 1, path, [*before, *statements])

    try:
        table = _Replayer(seated(incident, customs), _NotYetKnown(), customs)
        table._other_pack = other_pack
        root: _Replayer | None = table
        error = None
        try:
            table.set_table()
            table.play_through(stretches[0])
        except IncidentError as exc:
            root, error = None, exc
        descend(root, error, 0, (), list(stretches[0]))
    except _LooksAhead:
        return None
    return out


class _Replayer(TrickPlay, Calls, KnownHands):
    """The replay of one branch: the parts of the table's story, run in the order told."""

    def run(self) -> Replay:
        self.set_table()
        self.play_through(self.statements)
        return self.outcome()

    def set_table(self) -> None:
        """The table, and what is known before the play."""
        self.table_facts()
        # What a player is found to have held, or to have had none of, is known before the
        # play it explains.
        held = [f.statement for f in self.i.findings if f.statement is not None and f.statement.verb in _HELD]
        for statement in held:
            self.check_actor(statement)
            self.on_finding(statement)
        for dispute in self.i.disputes:
            self.add("disputed", dispute.title or "the facts", s=None)

    def play_through(self, statements: list[Statement]) -> None:
        """The statements, in the order told."""
        for s in statements:
            self.check_actor(s)
            self.clock += 1
            for card in s.cards:
                self.add("suit_of", str(card), card.suit.word, s=s)
            handler = getattr(self, "on_" + s.verb.replace("-", "_"), self.on_other)
            self.record_moment(s)
            handler(s)
            for act in s.act:
                self.add(act.replace(" ", "_"), s.actor, self.trick_of(s), s=s)
                if act.startswith("claims "):   # a claim in words is a claim, as `claims game` is
                    self.add("claimed", s.actor, act[len("claims "):], s=s)

    def outcome(self) -> Replay:
        """What is found, and what the hand comes to: known after the events."""
        self.clock += 1
        for finding in self.i.findings:
            if finding.statement is not None and finding.statement.verb not in _HELD:
                self.check_actor(finding.statement)
                self.on_finding(finding.statement)
        self.bidder_from_bidding()
        self.suits_held_when_called()
        self.forbidden_cards_played()
        self.check_hand_sizes()
        self.after_play()
        self.renounces_left_open()
        self.quits_left_open()
        return Replay(self.i, self.statements, self.facts, self.tricks, self.hands, self.played, self.unknowns)

    def fork(self) -> "_Replayer":
        """A copy of the table as it stands, to replay one way of a dispute on: what either
        replays next leaves the other as it was."""
        out = object.__new__(type(self))
        out.__dict__ = {name: _copied(value) for name, value in self.__dict__.items()}
        return out

    def check_actor(self, s: Statement) -> None:
        """A card played by ``bystander`` has no seat to be played from: the parser refuses
        it, and so does the replay, for statements made otherwise than by parsing."""
        problem = not_a_seat(s.actor, s.verb, self.i.seats)
        if problem:
            raise self.i.error(s.pos, problem)

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
        for seat in i.dummies or ((i.dummy,) if i.dummy else ()):
            self.add("dummy", seat)
        if i.bidder:
            self.add("bidder", i.bidder)
        if i.trump:
            self.add("trump", i.trump.word)
        if i.trump_card:
            self.add("trump_card", str(i.trump_card))
        if any(isinstance(item, HeaderLine) and item.key == "packs" for item in i.items):
            self.add("packs", i.packs)   # only as said: how many packs were used is otherwise not known
        for (a, b), points in i.score.items():
            self.add("score", a, b, points)
        for seat, cards in i.deal.items():
            self.add("dealt", seat, len(cards))
            if len(cards) != HAND_SIZE and len(i.seats) == 4:
                self.add("wrong_number_of_cards", seat, len(cards))
                self.add("surplus" if len(cards) > HAND_SIZE else "deficiency", seat, abs(len(cards) - HAND_SIZE))

    def seating_facts(self) -> tuple[Fact, ...]:
        """Who sits where, who are partners, which side each belongs to, who are adversaries,
        and who sits on whose right (``right_of(X, Y)``: X is on Y's right, and plays just
        before him) and left."""
        i, out = self.i, []
        before = Moment("before-deal")
        for seat in i.seats:
            out.append(Fact("seat", (seat,), None, before))
            if len(i.seats) > 1:
                left = self.left_of(seat)
                out.append(Fact("left_of", (left, seat), None, before))
                out.append(Fact("right_of", (seat, left), None, before))
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


def _copied(value):
    """A part of the table's state, copied as deep as the replay changes it: the facts,
    the tricks, and the lists, sets and mappings of the state (whose members are cards,
    seats, statements and facts, which nothing changes) are new; the rest is shared."""
    if isinstance(value, FactSet):
        return value.copy()
    if isinstance(value, Trick):
        return replace(value, plays=list(value.plays))
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list) and not isinstance(value, _NotYetKnown):
        return [_copied(v) for v in value]
    if isinstance(value, set):
        return set(value)
    return value
