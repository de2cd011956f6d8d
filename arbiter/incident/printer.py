"""The canonical form of an incident: what ``arbiter fmt`` prints.

Items stay in the order written, comments included; spacing, indentation, the spelling of
cards (``H10`` becomes ``HT``) and of moments are made uniform. Parsing the printed form
gives the same incident again.
"""

from __future__ import annotations

import re

from ..cards import pbn_hand
from ..support.escapes import HIDDEN, escape, shown
from .model import (
    UNSPECIFIED,
    Alternative,
    Comment,
    Dispute,
    Finding,
    HeaderLine,
    Incident,
    Moment,
    MomentLine,
    Statement,
)

_WHERE = {"face-up": "face up", "face-down": "face down", "on-floor": "on the floor",
          "in-other-pack": "in the other pack", "faced-in-pack": "faced in the pack",
          "among-tricks": "among the tricks"}

#: How each verb is written; {cards}, {card}, {n}, {words}, {target}, {detail}, {where}.
_VERBS = {
    "leads": "leads {cards}", "plays": "plays {cards}", "drops": "drops {card}{where}",
    "names": "names {card}", "withdraws": "withdraws {card}", "detaches": "detaches {card}",
    "shows": "shows {card} to partner",
    "exposes": "exposes {cards}", "throws-down-hand": "throws down hand",
    "retains-hand": "retains hand", "takes-up-trump": "takes up trump card",
    "shuffles": "shuffles", "presents-pack": "presents pack", "cuts": "cuts",
    "cuts-unpresented": "cuts without presentation", "leaves-trump": "leaves trump card on table",
    "deals": "deals",
    "deals-two-at-once": "deals two cards at once", "deals-wrong-pack": "deals with the wrong pack",
    "rectifies-deal": "rectifies deal",
    "stops-dealing": "stops dealing", "turns-up": "turns up {card}",
    "trump-face-down": "places trump card face down", "looks-at-trump": "looks at trump card",
    "looks-at-trick": "looks at trick {n}", "looks-at-hand": "looks at hand",
    "counts-cards": "counts cards", "touches-cards": "touches cards",
    "takes-from-other-pack": "takes card {card} from other pack", "says": "says {words}",
    "asks": "asks{target} {words}", "answers": "answers {words}", "interrupts": "interrupts{opt_words}",
    "claims": "claims {detail}", "withdraws-claim": "withdraws claim",
    "demands": "demands {detail}{demand_arg}{from_target}", "consults": "consults {target_name}{opt_words}",
    "marks": "marks {n}{opt_detail}", "objects": "objects{opt_words}",
    "quits-trick": "quits trick{opt_n}", "gathers-trick": "gathers trick{opt_n}",
    "leaves-trick": "leaves trick{opt_n} on table",
    "mixes-cards": "mixes cards", "searches-tricks": "searches tricks", "has-cards": "has {n} cards",
    "was-dealt": "was dealt {n} cards",
    "held": "held {cards}", "held-none": "held no {none_of}", "finds": "finds {card}{where}",
    "calls-for-new-cards": "calls for new cards",
    "bids": "bids {words}", "passes": "passes", "accepts": "accepts {target_name}",
}


#: What cannot stand as itself between the canonical form's quotes: the backslash and the
#: quote, a line break, and every character not seen as itself (escapes.HIDDEN).
_ESCAPED = re.compile(r'[\\"\n]|' + HIDDEN.pattern)


def _quote(words: str | None) -> str:
    r"""``words`` between double quotes: ``\"`` for a quote, ``\\`` for a backslash, and
    ``\x1b``, ``\u202e``, ``\U000e0041`` for a character not seen as itself, which the parser
    reads back as that character (so the canonical form holds no control, bidi or
    invisible character, and prints the same to a terminal, a pipe or a file)."""
    if words is None:
        return ""
    return '"' + _ESCAPED.sub(lambda m: "\\" + m.group() if m.group() in '\\"' else escape(m.group()),
                              words) + '"'



def statement_text(s: Statement) -> str:
    card = str(s.cards[0]) if s.cards else ""
    demand_arg = f" {card}" if card else f" {s.suit.word}" if s.suit else f" {s.number}" if s.number is not None else ""
    text = _VERBS[s.verb].format(
        cards=" ".join(map(str, s.cards)), card=card, n=s.number, words=_quote(s.words),
        target=f" {s.target}" if s.target else "", target_name=s.target or "",
        detail=s.detail or "", where=f" {_WHERE[s.detail]}" if s.detail in _WHERE else "",
        opt_words=f" {_quote(s.words)}" if s.words is not None else "",
        opt_detail=f" {s.detail}" if s.detail else "",
        opt_n=f" {s.number}" if s.number is not None else "",
        demand_arg=demand_arg if s.verb == "demands" else "",
        from_target=f" from {s.target}" if s.target else "",
        none_of=s.suit.word if s.suit else "trumps",
    )
    act = f" ({', '.join(s.act)})" if s.act else ""
    return f"{s.actor} {text}{act}"


def alternative_text(alternative: Alternative) -> str:
    """One way a disputed fact may have gone, as the file writes it: its words, or its
    statements separated by ``;``."""
    return alternative.text or "; ".join(statement_text(s) for s in alternative.statements)


def moment_text(m: Moment) -> str:
    return {
        "before-deal": "before the deal:", "deal": "deal:", "bidding": "bidding:",
        "trick": f"trick {m.trick}:",
        "after-hand": "after the hand:", "after-next-trump": "after the next trump card:",
        "after-next-cut": "after the next cut:",
    }[m.kind]


def header_text(h: HeaderLine, incident: Incident) -> str:
    v = h.value
    if h.key == "question":
        return f"question {_quote(v[0])}" + (f" about {v[1]}" if v[1] else "")
    if h.key in ("title", "source", "note"):
        return f"{h.key} {_quote(v)}"
    if h.key == "no_partners":
        return "partners none"
    if h.key == "seats":
        return "seats " + " ".join(v)
    if h.key == "partners":
        return f"partners {v[0]} {v[1]}"
    if h.key == "player":
        return f"player {v[0]} {_quote(v[1])}"
    if h.key == "score":
        return "score " + ", ".join(f"{a}-{b} {points}" for (a, b), points in v)
    if h.key == "dummy" and isinstance(v, tuple):
        return f"dummy {v[0]} {v[1]}"
    if h.key == "trump":
        return f"trump {v.word}"
    if h.key == "trump_card":
        return f"trump card {v}"
    if h.key == "deal":
        # clockwise from the first seat, "-" for a hand that is not known (the hands after
        # the last known one left out; a deal with no hand known is one "-")
        order = list(incident.seats)
        while len(order) > 1 and order[-1] not in incident.deal:
            order.pop()
        hands = [pbn_hand(incident.deal[s]) if s in incident.deal else "-" for s in order]
        return f"deal {order[0]}:" + " ".join(hands)
    return f"{h.key} {v}"


def format_incident(incident: Incident) -> str:
    """The canonical text of ``incident``."""
    out: list[str] = []
    for item in incident.items:
        indent = ""
        if isinstance(item, (Statement, Dispute)) and item.moment is not UNSPECIFIED and item.moment != UNSPECIFIED:
            indent = "  "
        if isinstance(item, Comment):     # a comment is read as written: what is hidden is shown
            out.append(f"# {shown(item.text)}".rstrip())
            continue
        if isinstance(item, HeaderLine):
            line = header_text(item, incident)
        elif isinstance(item, MomentLine):
            line = moment_text(item.moment)
        elif isinstance(item, Statement):
            line = indent + statement_text(item)
        elif isinstance(item, Finding):
            line = "finding: " + (statement_text(item.statement) if item.statement else _quote(item.text))
        elif isinstance(item, Dispute):
            title = f" {_quote(item.title)}" if item.title else ""
            out.append(_with_comment(f"{indent}disputed{title}:", incident, item.pos.line))
            for alt in item.alternatives:
                body = (_quote(alt.text) if alt.text is not None
                        else "; ".join(statement_text(s) for s in alt.statements))
                out.append(_with_comment(f"{indent}  - {body}", incident, alt.pos.line))
            continue
        else:  # pragma: no cover - every item type is handled above
            raise TypeError(item)
        out.append(_with_comment(line, incident, item.pos.line))
    return "\n".join(out) + "\n"


def _with_comment(line: str, incident: Incident, number: int) -> str:
    comment = incident.trailing_comments.get(number)
    return f"{line}  # {shown(comment)}" if comment else line
