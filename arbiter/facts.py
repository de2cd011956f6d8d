"""Facts: the generic statements about the table that the replay derives.

A fact is a predicate and its arguments, ``renounced(B, 12)``, with the line of the
incident that gave rise to it, the moment it belongs to, and its time: the place in the
hand's timeline of the event that gave rise to it (0 for what holds from the start, such as
the seating or a card held; the statements then count 1, 2, 3... in the order they
happened). The laws speak of order constantly ("before the trick is turned and quitted",
"prior to his partner playing"); the time lets a condition say which came first. The
engine reasons over facts; nothing here knows any law.

Uses: incident, cards, words, support.
"""

from __future__ import annotations

from typing import Any

from .incident.model import UNSPECIFIED, Moment

Arg = str | int


class Fact:
    """One fact, never changed once made. A plain class with slots rather than a frozen
    dataclass: the replay and the inference make thousands of facts for each ruling, and a
    frozen dataclass sets each field through ``object.__setattr__`` (four times slower). Not
    a tuple either: the replay tells one fact from a tuple of facts by its type."""

    __slots__ = ("name", "args", "line", "moment", "time")

    name: str
    args: tuple[Arg, ...]
    line: int | None
    moment: Moment
    time: int

    def __init__(self, name: str, args: tuple[Arg, ...], line: int | None = None,
                 moment: Moment = UNSPECIFIED, time: int = 0) -> None:
        self.name = name
        self.args = args
        self.line = line
        self.moment = moment
        self.time = time

    def _key(self) -> tuple:
        return (self.name, self.args, self.line, self.moment, self.time)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Fact:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Fact(name={self.name!r}, args={self.args!r}, line={self.line!r}, moment={self.moment!r}, "
                f"time={self.time!r})")

    def __str__(self) -> str:
        return f"{self.name}({', '.join(map(str, self.args))})"


class FactSet:
    """Facts in the order found; one per predicate and arguments (the first kept, so a fact's
    time is when it first became true, and the times it arose again are kept beside it),
    indexed by predicate so that a condition looks only at the facts it names."""

    def __init__(self, facts: dict[tuple[str, tuple[Arg, ...]], Fact] | None = None) -> None:
        self._facts: dict[tuple[str, tuple[Arg, ...]], Fact] = {}
        self._by_name: dict[str, list[Fact]] = {}
        self._by_first: dict[tuple[str, Arg], list[Fact]] = {}   # by predicate and first argument
        # each time it arose again, with the line and moment it arose at, in order (a dict, so
        # that a fact said a thousand times is looked up in it at once, not by a walk of its
        # thousand times)
        self._later: dict[tuple[str, tuple[Arg, ...]], dict[int, Fact]] = {}
        # states that last (the trump card left on the table): the time each ended, if it did
        self._ends: dict[tuple[str, tuple[Arg, ...]], int] = {}
        # The lists of ``_by_name`` and ``_by_first`` this set may append to. A copy shares
        # the lists of the set it was copied from, and neither appends to a shared list:
        # each copies a list the first time it adds to it (so a copy costs a few dictionaries,
        # not a walk of every fact: the judgment copies the facts for each answer it weighs,
        # and the replay for each way a dispute goes).
        self._own_names: set[str] = set()
        self._own_firsts: set[tuple[str, Arg]] = set()
        for fact in (facts or {}).values():
            self.add_fact(fact)

    def add(self, name: str, *args: Arg, line: int | None = None, moment: Moment = UNSPECIFIED,
            time: int = 0) -> None:
        self.add_fact(Fact(name, tuple(args), line, moment, time))

    def has(self, name: str, *args: Arg) -> bool:
        """Whether a fact holds. The arguments given must match the fact's first arguments
        (``has("renounced", "B")`` asks whether B renounced at any trick); ``None`` matches
        anything."""
        return any(self.match(name, *args))

    def match(self, name: str, *args: Arg | None) -> list[Fact]:
        return [f for f in self._by_name.get(name, ())
                if len(f.args) >= len(args)
                and all(want is None or want == got for want, got in zip(args, f.args))]

    def by_name(self, name: str) -> list[Fact]:
        """The facts of one predicate, in the order found."""
        return self._by_name.get(name, [])

    def by_first(self, name: str, first: Arg) -> list[Fact]:
        """The facts of one predicate whose first argument is ``first``, in the order found
        (a condition whose first argument is already bound looks at these only)."""
        return self._by_first.get((name, first), [])

    def predicates(self):
        """A live, set-like view of the predicates that have at least one fact."""
        return self._by_name.keys()

    def add_fact(self, fact: Fact) -> bool:
        """Add a fact; False if it was already there (its new time is kept, for ``times``)."""
        key = (fact.name, fact.args)
        first = self._facts.get(key)
        if first is not None:
            if fact.time != first.time:
                self._later.setdefault(key, {}).setdefault(fact.time, fact)
            return False
        self._facts[key] = fact
        name = fact.name
        if name in self._own_names:
            self._by_name[name].append(fact)
        else:
            self._by_name[name] = [*self._by_name.get(name, ()), fact]
            self._own_names.add(name)
        if fact.args:
            firsts = (name, fact.args[0])
            if firsts in self._own_firsts:
                self._by_first[firsts].append(fact)
            else:
                self._by_first[firsts] = [*self._by_first.get(firsts, ()), fact]
                self._own_firsts.add(firsts)
        return True

    def times(self, fact: Fact) -> list[int]:
        """Every time a fact arose, the first first: ``Z deals`` twice is one fact, twice."""
        later = self._later.get((fact.name, fact.args))
        return [fact.time, *later] if later else [fact.time]

    def end(self, name: str, *args: Arg, time: int) -> None:
        """A state ends (the trump card taken up): it held from its fact's time until ``time``."""
        key = (name, tuple(args))
        if key in self._facts and key not in self._ends:
            self._ends[key] = time

    def retract(self, name: str, *args: Arg) -> None:
        """A fact that no longer describes the table is taken out: the suit led to a trick
        whose lead was taken back, the trick beginning again. What was done stays (the
        card led, the card taken back); only the description of the trick changes."""
        key = (name, tuple(args))
        fact = self._facts.pop(key, None)
        if fact is None:
            return
        _take_out(self._by_name, self._own_names, name, fact)
        if fact.args:
            _take_out(self._by_first, self._own_firsts, (name, fact.args[0]), fact)
        self._later.pop(key, None)
        self._ends.pop(key, None)

    def held_at(self, fact: Fact, time: int) -> bool:
        """Whether a state held at ``time``: begun by then, and not yet ended."""
        ended = self._ends.get((fact.name, fact.args))
        return fact.time <= time and (ended is None or time < ended)

    def occurrences(self, fact: Fact) -> list[Fact]:
        """The fact each time it arose, with the line and moment of that time: the same
        demand made at trick 3 and again at trick 4 is one fact, made twice."""
        first = self._facts.get((fact.name, fact.args), fact)
        later = self._later.get((fact.name, fact.args))
        return [first, *later.values()] if later else [first]

    def copy(self) -> "FactSet":
        """Another set of the same facts, to add to apart from this one. The lists of facts
        are shared until either adds to one (see ``_own_names``)."""
        out = FactSet()
        out._facts = dict(self._facts)
        out._by_name = dict(self._by_name)
        out._by_first = dict(self._by_first)
        out._later = {key: dict(times) for key, times in self._later.items()}
        out._ends = dict(self._ends)
        self._own_names = set()
        self._own_firsts = set()
        return out

    def __iter__(self):
        return iter(self._facts.values())

    def __len__(self) -> int:
        return len(self._facts)

    def names(self) -> set[str]:
        return {name for name, _ in self._facts}


#: The predicates the replay can give, each with the numbers of arguments it takes: what a
#: rule may read without some other rule concluding it. The static check of the rule base
#: (``arbiter.engine.audit``) holds every rule to it, and a test holds the replay to it
#: over every incident we have. Acts in parentheses (``(claims game)``) give their own
#: predicates, with two arguments: see ``act_predicates``.
GIVEN_BY_REPLAY: dict[str, frozenset[int]] = {name: frozenset(arities) for name, arities in {
    # the table
    "seat": (1,), "right_of": (2,), "left_of": (2,), "fellow_adversary": (2,), "partner": (2,),
    "adversary": (2,), "side_of": (2,), "opposing_side": (2,),
    "code": (1,), "game": (1,), "packs": (1,), "dealer": (1,), "eldest": (1,), "dummy": (1,),
    "bidder": (1,), "trump": (1,), "trump_card": (1,), "score": (3,), "dealt": (2,), "cards_dealt": (1,),
    "wrong_number_of_cards": (2,), "surplus": (2,), "deficiency": (2,), "disputed": (1,),
    # the deal
    "shuffles": (1,), "shuffled_after_cut": (1,), "presents_pack": (1,), "cut": (1,),
    "cut_for_next_deal": (1,), "cut_without_presentation": (1,), "dealt_by": (1,),
    "dealt_out_of_turn": (1,), "dealt_without_cut": (1,), "deals_two_at_once": (1,),
    "rectifies_deal": (1,), "deals_wrong_pack": (1,), "stops_dealing": (1,),
    "exposed_in_dealing": (2,), "turned_up": (2,), "trump_face_down": (1,), "looks_at_trump": (1,),
    "counts_cards": (1,), "touches_cards": (1,), "interrupts": (1, 2),
    "took_card_from_other_pack": (2,), "card_found": (2,), "calls_for_new_cards": (1,),
    # the play
    "led": (3,), "suit_led": (2,), "suit_of": (2,), "played": (3,), "played_to_trick": (2,), "played_after_trick": (2,),
    "hand_position": (3,), "led_out_of_turn": (2,), "should_have_led": (2,),
    "played_out_of_turn": (2,), "played_before": (3,), "renounced": (2,), "trumped": (2,),
    "held_suit_led": (2,), "void_in_suit_led": (2,), "held": (2,), "withdrew": (3,), "taken_back_with_lead": (3,),
    "renounce_withdrawn": (2,), "two_or_more_cards_played": (2,), "played_at_once": (3,),
    "played_twice_to_trick": (3,), "played_to_complete_trick": (3,),
    "led_again_before_partner_played": (2,), "led_prematurely": (3,), "led_simultaneously": (2,),
    "best_card_on_table": (2,), "winning_card": (2,), "not_winning_card": (2,),
    "trick_complete": (1,), "trick_incomplete": (1,), "trick_winner": (2,), "won_trick": (2,),
    "trick_quitted": (1,), "quitted_trick": (2,), "quitted_incomplete_trick": (2,),
    "left_trick_on_table": (2,),
    "gathers_trick": (1, 2), "looks_at_trick": (2,), "looks_at_hand": (1,), "mixes_cards": (1,),
    "searches_tricks": (1,), "tricks_recorded": (1,), "played_card_of_other_pack": (3,),
    "card_not_in_deal": (2,), "hand_played_out": (0,), "tricks_won": (2,), "honours_held": (2,),
    # cards shown
    "exposed": (3,), "dropped": (3,), "named_card": (2,), "named_own_card": (2,),
    "named_trump_card": (2,), "detached": (2,), "shown_to_partner": (2,), "threw_down_hand": (2,),
    "all_hands_thrown_down": (1,), "retains_hand": (1,), "took_up_trump_card": (2,),
    "took_up_trump_card_early": (1,), "trump_card_left_on_table": (2,),
    # states that last, asked with ``@ during T``: the trump card on the table until taken up
    "trump_card_on_table": (1,),
    # speech, claims, penalties, scores, bidding
    "said": (2,), "asked": (3,), "answered": (2,), "claimed": (2,), "withdraws_claim": (1,),
    "objects": (1, 2), "consulted": (2,), "penalty_demanded": (4,), "holds_suit": (2,),
    "void_in_suit": (2,), "failed_to_play_as_desired": (2,), "failed_call": (3,), "no_other_of_suit": (3,),
    "led_other_suit_holding_suit_called": (2,), "mixed_cards_after_claim": (1,), "marked": (3,),
    "card_count": (2,), "counted_at_trick": (2,), "bids": (2,), "tricks_bid": (2,), "bid_amended": (3,),
    "overcalled": (2,),
    "bid_after_pass": (2,), "passes": (1,), "accepted": (2,),
    "bid_read": (2,), "bid_object": (2,), "bid_trump": (2,),
    # each demand as the decision judged it, for the laws that speak of a demand (decision.py)
    "demand_stands": (3,), "demand_refused": (3,),
}.items()}


def act_predicates(acts) -> dict[str, frozenset[int]]:
    """The predicates the acts in parentheses give: ``claims_game(X, N)``, N the trick."""
    return {act.replace(" ", "_"): frozenset({2}) for act in acts}


def given_by_replay() -> dict[str, frozenset[int]]:
    """Every predicate the replay can give, acts included, with its numbers of arguments."""
    from .words.vocabulary import ACTS

    out = dict(GIVEN_BY_REPLAY)
    for name, arities in act_predicates(ACTS).items():
        out[name] = out.get(name, frozenset()) | arities
    return out


def _take_out(index: dict, own: set, key: Any, fact: Fact) -> None:
    """``fact`` taken out of ``index[key]`` as a new list, not the old one changed: a copy of
    the set may share it (see ``FactSet._own_names``); a list left empty goes."""
    rest = [f for f in index[key] if f is not fact]
    if rest:
        index[key] = rest
        own.add(key)
    else:
        del index[key]
        own.discard(key)
