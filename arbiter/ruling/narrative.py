"""A statement of facts in plain English, generated from an incident.

The book's decisions begin with the facts told as a short story; this module tells an
incident that way: moment by moment, disputed facts as "either … or …", then what was
found and the question put.
"""

from __future__ import annotations

import re

from ..cards import Card
from ..incident.model import Dispute, Incident, Moment, Statement
from ..table.customs import WHIST, Customs
from ..table.replay import seated
from ..words.vocabulary import penalty_phrase

_WHERE = {"face-up": "face upwards", "face-down": "face downwards", "on-floor": "on the floor",
          "in-other-pack": "in the other pack", "faced-in-pack": "faced in the pack",
          "among-tricks": "among the tricks"}

_PAST = {
    "leads": "led {cards}", "plays": "played {cards}", "drops": "dropped {card}{where}",
    "names": "named {card}", "withdraws": "took back {card}", "detaches": "detached {card} from his hand",
    "shows": "showed {card} to his partner", "exposes": "exposed {cards}",
    "throws-down-hand": "threw his cards on the table", "retains-hand": "kept his hand",
    "takes-up-trump": "took the trump card into his hand", "shuffles": "shuffled",
    "presents-pack": "presented the pack to be cut", "cuts": "cut the pack",
    "cuts-unpresented": "cut the pack without its being presented to him",
    "leaves-trump": "left the trump card on the table", "deals": "dealt",
    "deals-two-at-once": "dealt two cards at once", "deals-wrong-pack": "dealt with the wrong pack",
    "rectifies-deal": "put the error right by altering the position of one card",
    "stops-dealing": "stopped dealing", "turns-up": "turned up {card}",
    "trump-face-down": "placed the trump card face downwards", "looks-at-trump": "looked at the trump card",
    "looks-at-trick": "looked at trick {n}", "looks-at-hand": "looked at his hand",
    "counts-cards": "counted the cards", "touches-cards": "touched the cards",
    "takes-from-other-pack": "took {card} from the other pack", "says": "said, {words}",
    "asks": "asked{to} {words}", "answers": "answered {words}", "interrupts": "interrupted{opt_words}",
    "claims": "claimed {detail}", "withdraws-claim": "withdrew his claim",
    "demands": "demanded {penalty}", "consults": "consulted {target}{opt_words}",
    "marks": "marked {n}{opt_detail}", "objects": "objected{opt_words}",
    "quits-trick": "turned and quitted the trick", "gathers-trick": "gathered the trick",
    "leaves-trick": "left {the_trick} on the table, not yet turned and quitted",
    "mixes-cards": "mixed the cards", "searches-tricks": "searched the tricks",
    "has-cards": "had {n} cards in his hand", "was-dealt": "had been dealt {n} cards",
    "held": "held {cards}", "held-none": "held no {none_of}",
    "finds": "found {card}{where}",
    "calls-for-new-cards": "called for new cards", "bids": "bid {words}", "passes": "passed",
    "accepts": "accepted {target} as his partner",
}

_ACT_GLOSS = {
    "claims game": "claiming the game", "claims rest": "claiming the rest of the tricks",
    "claims trick": "claiming the trick", "claims honours": "claiming honours",
    "can win rest": "saying he could win the rest",
    "asks partner none": "asking his partner whether he had none of the suit",
    "calls attention": "calling attention to the trick", "names trump card": "naming the trump card",
    "points out irregularity": "pointing out an irregularity",
    "asks cards drawn": "asking the players to draw their cards",
    "draws trick": "drawing the trick towards him",
    "consults about penalty": "consulting his partner about the penalty",
}


def _cards(cards: tuple[Card, ...]) -> str:
    names = [c.name for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def sentence(s: Statement) -> str:
    actor = {"someone": "Someone", "bystander": "A bystander", "all": "All the players"}.get(s.actor, s.actor)
    arg = (f" {s.cards[0].name}" if s.cards else f" {s.suit.word}" if s.suit
           else f" {s.number}" if s.number is not None else "")
    text = _PAST[s.verb].format(
        cards=_cards(s.cards) if s.cards else "", card=s.cards[0].name if s.cards else "",
        where=f" {_WHERE[s.detail]}" if s.detail in _WHERE else "", n=s.number,
        words=f'"{s.words}"' if s.words is not None else "", to=f" {s.target}" if s.target else "",
        opt_words=f', "{s.words}"' if s.words is not None else "", detail=s.detail or "",
        arg=arg if s.verb == "demands" else "", from_=f" from {s.target}" if s.target else "",
        target=s.target or "", opt_detail=f" {s.detail}" if s.detail else "",
        penalty=_demanded(s) if s.verb == "demands" else "",
        none_of=s.suit.word if s.suit else "trumps",
        the_trick=f"trick {s.number}" if s.number is not None else "the trick",
    )
    gloss = [(_ACT_GLOSS.get(a) or a) for a in s.act]
    if s.actor == "all" and s.words is None:   # "All the players threw their cards on the table"
        text = re.sub(r"\bhis\b", "their", text)
        gloss = [re.sub(r"\bhis\b", "their", g) for g in gloss]
    return f"{actor} {text}" + (f" ({'; '.join(gloss)})" if gloss else "")


def _demanded(s: Statement) -> str:
    """``the call of hearts from B``, ``of B that the trick be not won``."""
    named = s.cards[0].name if s.cards else s.suit.word if s.suit else str(s.number) if s.number is not None else ""
    phrase = penalty_phrase(s.detail or "penalty", named)
    if phrase.startswith("that "):
        return f"of {s.target} {phrase}" if s.target else phrase
    return f"{phrase} from {s.target}" if s.target else phrase


def moment_phrase(m: Moment) -> str:
    return {
        "before-deal": "Before the deal", "deal": "During the deal", "bidding": "In the bidding",
        "trick": f"At trick {m.trick}", "after-hand": "After the hand",
        "after-next-trump": "After the trump card of the next deal was turned up",
        "after-next-cut": "After the cards were cut for the next deal", "play": "",
    }[m.kind]


def statement_of_facts(incident: Incident, customs: Customs = WHIST) -> list[str]:
    """Paragraphs: the circumstances, then what happened moment by moment, then findings.
    The partners are told as the game's ``customs`` seat them."""
    incident = seated(incident, customs)
    paragraphs = []
    setting = []
    if incident.trump:
        setting.append(f"{incident.trump.word.capitalize()} are trumps")
    if incident.dealer:
        setting.append(f"{incident.dealer} deals")
    order = incident.seats.index
    pairs = {tuple(sorted((s, incident.partner_of(s)), key=order))
             for s in incident.seats if incident.partner_of(s)}
    if len(pairs) == 2 and len(incident.seats) == 4:
        a, b = sorted(pairs, key=lambda pair: order(pair[0]))
        setting.append(f"{a[0]} and {a[1]} are partners against {b[0]} and {b[1]}")
    if incident.score:
        setting.append("the score is " + ", ".join(f"{a}{b} {p}" for (a, b), p in incident.score.items()))
    if setting:
        paragraphs.append("; ".join(setting) + ".")
    sentences: list[str]
    current, sentences, told = None, [], False      # told: something of this moment is told
    for event in incident.events:
        if event.moment != current:
            if sentences:
                paragraphs.append(_join(current, sentences, told))
            current, sentences, told = event.moment, [], False
        if isinstance(event, Dispute):
            if sentences:
                paragraphs.append(_join(current, sentences, told))
            paragraphs += _disputed(event, current, told or bool(sentences))
            sentences, told = [], True
        else:
            sentences.append(sentence(event))
    if sentences:
        paragraphs.append(_join(current, sentences, told))
    for finding in incident.findings:
        found = sentence(finding.statement) if finding.statement else finding.text
        paragraphs.append(f"It is found that {found}.")
    return paragraphs


def _join(moment: Moment | None, sentences: list[str], then: bool = False) -> str:
    """One moment's sentences as a paragraph: "At trick 5: Y led …; B played …."; after a
    dispute told within the same moment, "Then Y led …"."""
    lead = "" if then else (moment_phrase(moment) if moment else "")
    body = "; ".join(sentences)
    if then:
        return f"Then {body[:1].lower() + body[1:] if body[1:2].islower() else body}."
    return f"{lead}: {body}." if lead else f"{body[:1].upper()}{body[1:]}."


def _disputed(event: Dispute, moment: Moment | None, then: bool) -> list[str]:
    """A dispute as the book would set it out: what is disputed, then each account numbered,
    a paragraph each ("1. Z played the ace of hearts."), never run together in one sentence."""
    lead = "" if then else (moment_phrase(moment) if moment else "")
    what = f"it is {'then ' if then else ''}disputed {event.title or 'which of these happened'}:"
    opening = f"{lead}, {what}" if lead else f"{what[:1].upper()}{what[1:]}"
    accounts = []
    for n, a in enumerate(event.alternatives, 1):
        told = a.text or "; ".join(sentence(s) for s in a.statements)
        accounts.append(f"{n}. {told[:1].upper()}{told[1:]}{'' if told.endswith(('.', '?', '!')) else '.'}")
    return [opening, *accounts]
