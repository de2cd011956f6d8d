"""Every demand judged: does the penalty a player demanded stand?

At the table the question is rarely only "was it a revoke?" but "Z demanded the card; was he
entitled to it?". The laws grant rights as data (a ``may`` that names its penalties in
``exacts``, who may elect, from whom), and take them away (a ``forfeits`` or ``cannot`` that
names them). A demand in the incident, ``penalty_demanded(Dm, What, From, Arg)``, is matched
against what the decision grants: it stands, or it is refused, and the judgment says why —
demanded from his own side, by the wrong player, not among the options, after the right was
lost, or where no penalty is given at all. Nothing here knows a law: the rights are the
rules' conclusions, and the table (sides, seats on the right) is the replay's facts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..cards import in_words
from ..engine.infer import Conclusion, Inference
from ..facts import Fact, FactSet
from ..words.vocabulary import penalty_answers, penalty_phrase
from .outcomes import outcomes


@dataclass(frozen=True)
class Judgment:
    """One demand, and whether it stands."""

    demander: str
    penalty: str                 # as demanded ("call suit")
    of: str                      # from whom ("" when not said)
    arg: str                     # the suit or card named, if any
    line: int | None
    stands: bool
    reason: str                  # why, in a clause: "Z is entitled to it"
    law: str | None              # the law of the right, or of its loss
    says: str = ""               # the whole sentence
    told: tuple[str, str] | None = None   # (rule, sentence) of a loss the reason tells in full
    exercised: str | None = None          # the rule of the right a standing demand exercises
    trick: int | None = None              # the trick at which it was made, where it was made at one
    lawful: bool = False                  # refused only for now: a penalty he was entitled to, that
                                          # cannot be enforced at this trick (it would oblige a revoke)
    offence_tricks: tuple[int, ...] = ()  # the tricks of the facts the right it exercised arose from
    turns_on: tuple[str, ...] = ()        # the open questions whose answer would judge it otherwise



def judge_demands(inference: Inference) -> list[Judgment]:
    """Each demand in the facts, in the order made (the same demand made twice is judged
    twice), against the rights, limits and forfeitures concluded, and against the demands
    before it: a limit that binds the demands after an election ("such decision is final",
    "the call may be repeated, but not changed", "such call cannot be repeated", "the
    penalty cannot be divided") refuses those it names, and one that binds its own demand
    ("in no case can a player be compelled to play a card which would oblige him to revoke")
    refuses that demand."""
    facts = inference.facts
    rights = [c for c in inference.conclusions if c.kind == "may" and c.exacts]
    # a loss that binds only the demand it rests on ("for that trick") refuses no other
    losses = [c for c in inference.conclusions if c.kind in ("forfeits", "cannot") and c.exacts
              and c.binds not in ("this", "now")]
    binding = [c for c in inference.conclusions if c.kind in ("forfeits", "cannot") and c.binds]
    table = outcomes()
    ordered: dict[str, str] = {}   # a penalty the holdings give of themselves -> the law that holds it
    for c in inference.conclusions:
        if c.kind == "ruling":
            outcome = table.get(c.text.split("(")[0])
            for key in outcome.grants if outcome else ():
                ordered.setdefault(key, c.law)
    made = sorted((each for fact in facts.by_name("penalty_demanded") for each in facts.occurrences(fact)),
                  key=lambda f: f.time)
    out: list[Judgment] = []
    elected: list[tuple[Judgment, Fact, Conclusion]] = []     # demands that stand, and the right each exercised
    for demand in made:
        judged, right = _judge(demand, rights, losses, facts)
        given = next((law for key, law in ordered.items() if penalty_answers(str(demand.args[1]), key)), None)
        if not judged.stands and given and not _same_side(str(demand.args[0]), str(demand.args[2]), facts):
            judged, right = replace(judged, stands=True, reason="the law orders it", law=given, told=None), None
        if judged.stands:
            bound = _bound(demand, judged, right, binding, elected, facts)
            if bound is not None:
                # a call that cannot be enforced at this trick is still the election made
                lawful = bound.binds == "now"
                if lawful and right is not None:
                    elected.append((judged, demand, right))
                judged = replace(judged, stands=False, reason=_clause(bound), law=bound.law, exercised=None,
                                 told=(bound.rule.id, bound.says or bound.text[:1].upper() + bound.text[1:]),
                                 lawful=lawful)
            elif right is not None:
                elected.append((judged, demand, right))
        out.append(judged)
    return out


def _tricks_of(right: Conclusion) -> tuple[int, ...]:
    """The tricks at which the facts a right arose from happened (a revoke at trick 8): the
    offence a demand that stands by it is the penalty for."""
    return tuple(sorted({f.moment.trick for f in right.used if f.moment.kind == "trick" and f.moment.trick}))


def _rests_on(limit: Conclusion, demand: Fact) -> bool:
    """Whether a limit rests on this very demand (as made at its time)."""
    return any(f.name == "penalty_demanded" and f.args == demand.args and f.time == demand.time for f in limit.used)


def _bound(demand: Fact, judged: Judgment, right: Conclusion | None, limits: list[Conclusion],
           elected: list[tuple[Judgment, Fact, Conclusion]], facts: FactSet) -> Conclusion | None:
    """The limit that refuses a demand the rights would let stand: one that binds the very
    demand it rests on, or one that binds the demands after an election the side made."""
    dm = judged.demander
    for limit in limits:
        if not _member(dm, limit.who, facts):
            continue
        if limit.binds in ("this", "now"):
            if _rests_on(limit, demand):
                return limit
            continue
        for earlier, made, exercised in elected:
            if made.time >= demand.time or not _same_side(earlier.demander, dm, facts):
                continue
            if not (_rests_on(limit, made) or (limit.rule is exercised.rule and limit.who == exercised.who)):
                continue
            if not any(penalty_answers(judged.penalty, k) for k in exercised.exacts or ()):
                continue
            same = penalty_answers(judged.penalty, earlier.penalty) and penalty_answers(earlier.penalty, judged.penalty)
            if limit.binds == "all" or not same:
                return limit
    return None


def _judge(demand: Fact, rights: list[Conclusion], losses: list[Conclusion],
           facts: FactSet) -> tuple[Judgment, Conclusion | None]:
    """A demand judged against the rights and losses alone, with the right it exercises."""
    dm, what, of, arg = (str(a) for a in demand.args[:4])

    def verdict(stands: bool, reason: str, law: str | None, loss: Conclusion | None = None) -> Judgment:
        told = (loss.rule.id, loss.says or loss.text[:1].upper() + loss.text[1:]) if loss is not None else None
        trick = demand.moment.trick if demand.moment.kind == "trick" else None
        return Judgment(dm, what, of, arg, demand.line, stands, reason, law, told=told, trick=trick)

    if of and _same_side(dm, of, facts):
        whom = "himself" if of == dm else f"{of}, who plays with him"
        return verdict(False, f"a penalty is exacted from the adversaries, not from {whom}", None), None
    answering = [r for r in rights if any(penalty_answers(what, k) for k in r.exacts or ())]
    card = arg if _CARD.match(arg) else None
    if card is not None and answering:
        # a card named: the rights that are rights to that card (or to any card, a hand
        # exposed); a right to call another card is no right to call this one
        named = [r for r in answering if card in _cards_of(r) or not _cards_of(r)]
        if not named:
            return verdict(False, f"{in_words(card)} is not liable to be called", answering[0].law), None
        answering = named
    if not answering:
        lost = _lost(dm, what, losses, demand, facts)
        if lost is not None:
            return verdict(False, _clause(lost), lost.law, lost), None
        if card is not None and penalty_answers(what, "call card"):
            return verdict(False, f"{in_words(card)} is not liable to be called", None), None
        mine = [r for r in rights if _member(dm, r.who, facts)]
        if mine:
            open_ = _listed(dict.fromkeys(penalty_phrase(k) for r in mine for k in r.exacts or ()))
            return verdict(False, f"that is not among the penalties open to him, which are {open_}", mine[0].law), None
        if rights:
            holders = _listed(dict.fromkeys(str(r.who) for r in rights))
            return verdict(False, f"only {holders} may exact a penalty here", rights[0].law), None
        return verdict(False, "no penalty is due", None), None
    entitled = [r for r in answering if _member(dm, r.who, facts)]
    if not entitled:
        holders = _listed(dict.fromkeys(str(r.who) for r in answering))
        return verdict(False, f"only {holders} may exact it", answering[0].law), None
    due = [r for r in entitled if _arose(r) <= demand.time]
    if not due:       # the right arose only after the demand: a penalty is not exacted before it is due
        return verdict(False, "the penalty was not yet due when he demanded it", entitled[0].law), None
    entitled = due
    for right in entitled:
        if of and right.against and not (of == right.against or _member(of, right.against, facts)):
            continue
        if right.elects == "right of called" and of:
            on_right = [str(f.args[0]) for f in facts.match("right_of", None, of)]
            if on_right and dm not in on_right:
                return verdict(False, f"only {on_right[0]}, the adversary on the right of {of}, "
                                      f"may enforce it", right.law), None
        lost = _lost(dm, what, losses, demand, facts)
        if lost is not None:
            return verdict(False, _clause(lost), lost.law, lost), None
        return replace(verdict(True, f"{dm} is entitled to it", right.law), exercised=right.rule.id,
                       offence_tricks=_tricks_of(right)), right
    against = _listed(dict.fromkeys(str(r.against) for r in entitled if r.against))
    return verdict(False, f"the penalty is exacted from {against}, not from {of}", entitled[0].law), None


_CARD = re.compile(r"^[SHDC][2-9TJQKA]$")


def _cards_of(c: Conclusion) -> set[str]:
    """The cards a right rests on or names: its binding's values and its facts' arguments."""
    values = [str(v) for _, v in c.binding] + [str(a) for f in c.used for a in f.args]
    return {v for v in values if _CARD.match(v)}


def _arose(c: Conclusion) -> int:
    """When a right arose: the time of the latest fact it rests on."""
    return max((f.time for f in c.used), default=0)


def _lost(dm: str, what: str, losses: list[Conclusion], demand: Fact, facts: FactSet) -> Conclusion | None:
    """A forfeiture or limit on the demander's side that covers this penalty, and arose no
    later than the demand."""
    for loss in losses:
        if not _member(dm, loss.who, facts):
            continue
        if not any(penalty_answers(what, k) or k == "penalty" for k in loss.exacts or ()):
            continue
        # A loss that rests on this very demand: a forfeiture the demand itself brings on
        # (a penalty not authorised) refuses it, whatever later facts it also reads; a
        # limit it sets (a call once made cannot be changed) binds only the demands after.
        demands = [f for f in loss.used if f.name == "penalty_demanded"]
        if demands and min(demands, key=lambda f: f.time) == demand:
            if loss.kind == "forfeits":
                return loss
            continue
        if max((f.time for f in loss.used), default=0) <= demand.time:
            return loss
    return None


def _member(seat: str, who: str | None, facts: FactSet) -> bool:
    """Whether ``seat`` is ``who``: the seat itself, or one of the side it names."""
    return who is not None and (seat == who or facts.has("side_of", seat, who))


def _same_side(a: str, b: str, facts: FactSet) -> bool:
    if a == b:
        return True
    for name in ("partner", "accepted", "fellow_adversary"):
        if facts.has(name, a, b) or facts.has(name, b, a):
            return True
    sides = {f.args[1] for f in facts.match("side_of", a)}
    return any(facts.has("side_of", b, s) for s in sides)


def _listed(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _clause(c: Conclusion) -> str:
    """A loss's sentence as the reason a demand is refused; the decision then tells the loss
    there, and not again on its own."""
    text = (c.says or c.text).rstrip(".")
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


#: Those who are not seats, as the statement of facts names them.
_ACTOR = {"someone": "Someone", "bystander": "A bystander", "all": "All the players"}


def demand_sentence(j: Judgment) -> str:
    """``Z demanded the call of hearts from Y; the demand stands, Z being entitled to it.``"""
    phrase = penalty_phrase(j.penalty, in_words(j.arg))
    who = _ACTOR.get(j.demander, j.demander)
    if phrase.startswith("that "):
        told = f"{who} demanded{f' of {j.of}' if j.of else ''} {phrase}"
    else:
        told = f"{who} demanded {phrase}{f' from {j.of}' if j.of else ''}"
    if j.stands and j.reason == "the law orders it":
        return f"{told}: the law orders it, whoever asks."
    if j.stands:
        return f"{told}: the demand stands, {j.demander} being entitled to it."
    return f"{told}: the demand cannot be enforced, for {j.reason}."
