"""The answer to the question: Yes, No, or "It is a question of fact", from the whole decision.

The question, read into a :class:`~arbiter.incident.question.Query`, is put to every branch
of the decision (one for each way the disputed facts may have gone) and, in each, to every
answer of every open question the ruling weighs. The same answer everywhere is the answer,
given by the holding (or the demand, or the right) that gives it; different answers make it
a question of fact, and the decision names the facts it turns on. The answer is drawn from
the very findings the decision prints, so it never contradicts one of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..cards import cards_named
from ..incident.question import Query
from ..words.vocabulary import penalty_answers
from .outcomes import outcomes

_CARD = re.compile(r"^[SHDC][2-9TJQKA]$")


@dataclass
class Answer:
    """The first word, what it turns on where it is a question of fact, and the findings
    (rulings, or demands by their line) that give it."""

    word: str | None                      # "yes", "no", "depends", or None (nothing to say)
    turns_on: list[str] = field(default_factory=list)
    because: list[str] = field(default_factory=list)


@dataclass
class _Verdict:
    word: str                             # "yes" or "no"
    because: tuple[str, ...] = ()


def answer(query: Query | None, branches: list) -> Answer:
    """Put ``query`` to every branch, and to every answer of every open question each weighs."""
    if query is None or query.kind in ("open", "choice"):
        return Answer(None)
    by_branch = []
    for branch in branches:
        base = ask(query, branch)
        ways: list[_Verdict | None] = [base]
        open_ = []
        made = _rulings(branch)
        for t in branch.weighed:
            # an answer that would only take away a holding already made is one no one alleges:
            # a law's "unless" is read on what is shown (arbiter/ruling/open_questions.py); one
            # that adds a holding is printed among what the ruling turns on, and weighed here
            supposed = [b for b in (t.so_branch, t.not_branch) if b is not None
                        and (made <= _rulings(b) or _rulings(b) - made)]
            verdicts = [v for v in (ask(query, b) for b in supposed) if v is not None]
            if any(v.word != (base.word if base is not None else None) for v in verdicts) or (
                    base is None and len({v.word for v in verdicts}) > 1):
                open_.append(t.question)
            ways += verdicts
        by_branch.append((branch, [w for w in ways if w is not None], open_))
    words = {w.word for _, ways, _ in by_branch for w in ways}
    if not words:
        return Answer(None)
    because = list(dict.fromkeys(r for _, ways, _ in by_branch for w in ways[:1] for r in w.because))
    if len(words) == 1:
        return Answer(words.pop(), because=because)
    turns_on = []
    branch_words = [{w.word for w in ways[:1]} for _, ways, _ in by_branch]
    if len(by_branch) > 1 and len({frozenset(w) for w in branch_words}) > 1:
        turns_on.append("what was disputed: " + "; or ".join(
            ", ".join(b.described or b.alternatives) for b, _, _ in by_branch if b.alternatives))
    for _, _, open_ in by_branch:
        turns_on += [q for q in open_ if q not in turns_on]
    return Answer("depends", turns_on=turns_on, because=because)


def _rulings(branch) -> set[str]:
    return {r for f in branch.holdings for r in (f.ruling, *f.also_holds) if r}


def ask(query: Query, branch) -> _Verdict | None:
    """The answer one branch (or one supposed answer to an open question) gives."""
    view = _View(branch, query)
    if query.kind == "holding":
        return view.holding()
    if query.kind == "right":
        return view.right()
    if query.kind == "duty":
        return view.duty()
    if query.kind == "demand":
        return view.demand()
    if query.kind == "score":
        return view.score()
    return None


class _View:
    """One branch as the question sees it: its holdings, rights, demands and scores, and the
    table's facts to say who is whom."""

    def __init__(self, branch, query: Query) -> None:
        self.branch = branch
        self.query = query
        facts = branch.inference.facts if branch.inference is not None else None
        self.facts = facts
        self.party = self._resolve(query.party, [r for r in query.roles if not r.startswith("against:")])
        self.against = self._resolve(query.against, [r[len("against:"):] for r in query.roles
                                                     if r.startswith("against:")])
        self.card = self._card(query.card)

    # -- who and what -----------------------------------------------------------------

    def _resolve(self, seats: tuple[str, ...], roles: list[str]) -> tuple[str, ...]:
        """The seats a question names, its parties named by their part (the dealer, the
        bidder, Dummy) found from the table's facts; "his partner", the subject's partner."""
        out = list(seats)
        for role in roles:
            if self.facts is None:
                continue
            if role == "partner":
                subject = self.query.party or ()
                out += [str(f.args[1]) for seat in subject for f in self.facts.match("partner", seat)]
                continue
            out += [str(f.args[0]) for f in self.facts.by_name(role) if f.args]
        return tuple(dict.fromkeys(out))

    def _card(self, card: str | None) -> str | None:
        if card == "trump card" and self.facts is not None:
            found = self.facts.by_name("trump_card")
            return str(found[0].args[0]) if found else card
        return card

    def sides(self, seats: tuple[str, ...]) -> set[str]:
        """The seats and the sides they make up ("YZ" for Y and Z)."""
        out = set(seats)
        if self.facts is not None:
            for seat in seats:
                out |= {str(f.args[1]) for f in self.facts.match("side_of", seat)}
        return out

    def is_member(self, who: str | None, seats: tuple[str, ...]) -> bool:
        """Whether ``who`` (a seat or a side) is one of ``seats`` or their side."""
        if not seats:
            return True
        return who is not None and (who in seats or who in self.sides(seats) and self._side_whole(who, seats))

    def _side_whole(self, side: str, seats: tuple[str, ...]) -> bool:
        """A side answers for the seats asked about only if they are all of it, or it holds
        the one seat asked about ("YZ" answers for Y and Z, and for Z)."""
        if self.facts is None:
            return True
        members = {str(f.args[0]) for f in self.facts.by_name("side_of") if f.args[1] == side}
        return set(seats) <= members or len(seats) == 1

    def card_matches(self, value: str) -> bool:
        card = self.card
        if card is None:
            return True
        if card.startswith("?"):
            return value[1:] == card[1:]
        return value == card

    # -- what each kind of question asks ------------------------------------------------

    def _args(self, ruling: str) -> list[str]:
        inner = ruling[ruling.find("(") + 1:ruling.rfind(")")] if "(" in ruling else ""
        return [a.strip() for a in inner.split(",") if a.strip()]

    def _fits(self, ruling: str) -> bool:
        """Whether a holding is about the player, card and trick asked about: a kind of
        argument the holding has must match; one it has not cannot contradict."""
        args = self._args(ruling)
        q = self.query
        if self.party:
            seats = [a for a in args if self.facts is not None and (self.facts.has("seat", a)
                                                                    or self.facts.match("side_of", None, a))]
            if seats and not any(self.is_member(a, self.party) or a in self.party for a in seats):
                return False
        if self.card is not None:
            cards = [a for a in args if _CARD.match(a)]
            if cards and not any(self.card_matches(a) for a in cards):
                return False
        if q.trick is not None:
            numbers = [a for a in args if a.isdigit()]
            if numbers and str(q.trick) not in numbers:
                return False
        return True

    def holding(self) -> _Verdict:
        q = self.query
        rights = {"entitled": self.branch.remedies, "forfeited": self.branch.forfeits, "barred": self.branch.limits}
        for name in q.yes:
            if name in rights:
                found = [f for f in rights[name] if f.exacts and self.is_member(f.who, self.party)]
                if found:
                    return _Verdict("yes", tuple(f.rule for f in found[:1]))
        # which speaks first where both are held is the words' own: "Is it a revoke?" is
        # answered by the revoke held, though a renounce was also saved; "Is Dummy liable to
        # the penalty?" by "Dummy is not liable to the penalty", though his revoke is held
        order = (("no", q.no), ("yes", q.yes)) if q.no_first else (("yes", q.yes), ("no", q.no))
        for word, names in order:
            for f in self.branch.holdings:
                for ruling in (f.ruling or "", *f.also_holds):
                    if ruling and ruling.split("(")[0] in names and self._fits(ruling):
                        return _Verdict(word, (ruling,))
        return _Verdict("no")

    def _demands(self, penalty: str) -> list:
        q = self.query
        out = []
        for j in self.branch.demands:
            if not (penalty == "penalty" or penalty_answers(j.penalty, penalty) or penalty_answers(penalty, j.penalty)):
                continue
            if self.party and j.demander not in self.party and not self.is_member(j.demander, self.party):
                continue
            if self.against and j.of and j.of not in self.against and not (self.sides((j.of,)) & set(self.against)):
                continue
            if self.card is not None and j.arg and _CARD.match(j.arg) and not self.card_matches(j.arg):
                continue
            if q.suit is not None and j.arg and not _CARD.match(j.arg) and j.arg != q.suit:
                continue
            if q.trick is not None and j.trick is not None and j.trick != q.trick:
                continue
            if q.trick is not None and j.trick is None and j.offence_tricks and min(j.offence_tricks) > q.trick:
                continue        # "the penalty for the revoke at trick 4": a demand that stands for a later one
            out.append(j)
        return out

    def _granted(self, penalty: str) -> list:
        """The rights of the side asking that answer ``penalty``, against whom it is asked."""
        out = []
        for f in self.branch.remedies:
            if not f.exacts:
                continue
            if not any(penalty == "penalty" or penalty_answers(penalty, k) for k in f.exacts):
                continue
            if self.party and not any(self.is_member(f.who, (s,)) for s in self.party):
                continue
            if self.against and f.against and not (self.sides((f.against,)) & self.sides(self.against)):
                continue
            if self.card is not None and not any(self.card_matches(c) for c in _cards_in(f)):
                if _cards_in(f):
                    continue
            if self.query.trick is not None and f.tricks and min(f.tricks) > self.query.trick:
                continue        # a right that arose after the trick asked about is not one for it
            out.append(f)
        return out

    def _ordered(self, penalty: str) -> list[str]:
        """The holdings that of themselves give ``penalty`` (a misdeal gives a new deal)."""
        table = outcomes()
        out = []
        for f in self.branch.holdings:
            outcome = table.get((f.ruling or "").split("(")[0])
            if outcome and any(penalty_answers(penalty, k) for k in outcome.grants):
                out.append(f.ruling)
        return out

    def right(self) -> _Verdict:
        """May the side exact the penalty? Where it was demanded, as the demand was judged
        (the last such demand, or the one at the trick asked about); else as the decision
        grants it."""
        q = self.query
        verdicts = []
        for penalty in (q.penalty, *q.also):
            assert penalty is not None
            demands = self._demands(penalty)
            if demands:
                j = demands[-1]
                # a call he was entitled to make, that cannot be enforced now (it would oblige a
                # revoke; the player called on has none of the suit), was his to make -- but not
                # at the very trick the question names, where it could not be enforced
                lawful = j.lawful and q.trick is None
                verdicts.append(_Verdict("yes" if j.stands or lawful else "no", (f"demand:{j.line}",)))
                continue
            granted = self._granted(penalty)
            if granted and (self.card is None or self._card_callable()):
                verdicts.append(_Verdict("yes", tuple(f.rule for f in granted[:1])))
                continue
            ordered = self._ordered(penalty)
            verdicts.append(_Verdict("yes", tuple(ordered[:1])) if ordered else _Verdict("no"))
        if len(q.also) and q.penalty not in q.also:
            # two penalties asked for at once: only if each may be had, and the law lets the
            # side take both (a side has one election: "the penalty cannot be divided")
            pass
        word = "yes" if all(v.word == "yes" for v in verdicts) else "no"
        return _Verdict(word, tuple(r for v in verdicts if v.word == word for r in v.because))

    def _card_callable(self) -> bool:
        """A card asked to be called must be one the decision holds liable to be called (or
        exposed), unless no holding speaks of cards at all."""
        for f in self.branch.holdings:
            for ruling in (f.ruling or "", *f.also_holds):
                name = ruling.split("(")[0]
                if name in ("card_liable_to_be_called", "exposed_card", "hand_exposed", "hand_liable_to_be_called") \
                        and (any(self.card_matches(a) for a in self._args(ruling) if _CARD.match(a))
                             or name.startswith("hand")):
                    return True
        return False

    def duty(self) -> _Verdict:
        """Must he play the card? Where it was called from him, as the call was judged."""
        q = self.query
        assert q.penalty is not None
        demands = self._demands_of(q.penalty)
        if demands:
            j = demands[-1]
            return _Verdict("yes" if j.stands else "no", (f"demand:{j.line}",))
        for f in self.branch.duties:
            if self.is_member(f.who, self.party) and (self.card is None or any(self.card_matches(c)
                                                                               for c in _cards_in(f))):
                return _Verdict("yes", (f.rule,))
        return _Verdict("no")

    def _demands_of(self, penalty: str) -> list:
        """Demands made of the player asked about (he is the one called on to play)."""
        saved = self.party
        self.party = ()
        try:
            return [j for j in self._demands(penalty) if not saved or j.of in saved or not j.of]
        finally:
            self.party = saved

    def demand(self) -> _Verdict | None:
        made = [j for j in self.branch.demands if not self.party or j.demander in self.party]
        if self.query.trick is not None:
            made = [j for j in made if j.trick == self.query.trick] or made
        if not made:
            return None
        j = made[-1]
        return _Verdict("yes" if j.stands else "no", (f"demand:{j.line}",))

    def score(self) -> _Verdict:
        """May the side score what is asked (honours)? Yes where the decision scores it to
        them and no limit takes it away."""
        what = self.query.what or ""
        for f in self.branch.limits + self.branch.forfeits:
            if self.is_member(f.who, self.party) and what[:-1] in f.says.lower():
                return _Verdict("no", (f.rule,))
        for f in self.branch.scores:
            if self.is_member(f.who, self.party) and what[:-1] in f.says.lower():
                return _Verdict("yes", (f.rule,))
        return _Verdict("no")


def _cards_in(finding) -> list[str]:
    """The cards a finding rests on or names."""
    out = []
    for text in finding.facts:
        out += re.findall(r"\b[SHDC][2-9TJQKA]\b", text)
    return list(dict.fromkeys(out + cards_named(finding.says)))
