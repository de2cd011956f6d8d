"""The canonical form of an incident: what ``arbiter fmt`` prints.

Items stay in the order written, comments included; spacing, indentation, the spelling of
cards (``♥A`` and ``ha`` become ``HA``) and of moments are made uniform. Where the canonical
form allows either of two ways, the file's is kept: a ten stays as written, ``H10`` or
``HT``; trailing comments aligned on neighbouring lines stay aligned (at their column, or
further out where a line grew past it), and a comment standing alone gets two spaces before
its ``#``. Parsing the printed form gives the same incident again, and printing it again
gives the same text.
"""

from __future__ import annotations

import re

from ..cards import Card, pbn_hand
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



def _card(card: Card, tens: frozenset[Card]) -> str:
    """A card as the canonical form writes it: a ten as the file wrote it (``H10`` where the
    card is in ``tens``, else ``HT``)."""
    return f"{card.suit.value}10" if card.rank == "T" and card in tens else str(card)


def statement_text(s: Statement, tens: frozenset[Card] = frozenset()) -> str:
    """The statement as the canonical form writes it; ``tens``, the cards its line wrote with
    ``10`` for their rank."""
    card = _card(s.cards[0], tens) if s.cards else ""
    demand_arg = f" {card}" if card else f" {s.suit.word}" if s.suit else f" {s.number}" if s.number is not None else ""
    text = _VERBS[s.verb].format(
        cards=" ".join(_card(c, tens) for c in s.cards), card=card, n=s.number, words=_quote(s.words),
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
        return f"trump card {_card(v, incident.tens_written_10.get(h.pos.line, frozenset()))}"
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
    rows: list[tuple[str, int | None]] = []      # each line, and the line it was in the file

    def tens(line: int) -> frozenset[Card]:
        return incident.tens_written_10.get(line, frozenset())

    for item in incident.items:
        indent = ""
        if isinstance(item, (Statement, Dispute)) and item.moment is not UNSPECIFIED and item.moment != UNSPECIFIED:
            indent = "  "
        if isinstance(item, Comment):     # a comment is read as written: what is hidden is shown
            rows.append((f"# {shown(item.text)}".rstrip(), None))
            continue
        line = item.pos.line
        if isinstance(item, HeaderLine):
            text = header_text(item, incident)
        elif isinstance(item, MomentLine):
            text = moment_text(item.moment)
        elif isinstance(item, Statement):
            text = indent + statement_text(item, tens(line))
        elif isinstance(item, Finding):
            text = "finding: " + (statement_text(item.statement, tens(line)) if item.statement else _quote(item.text))
        elif isinstance(item, Dispute):
            title = f" {_quote(item.title)}" if item.title else ""
            rows.append((f"{indent}disputed{title}:", line))
            for alt in item.alternatives:
                body = (_quote(alt.text) if alt.text is not None
                        else "; ".join(statement_text(s, tens(alt.pos.line)) for s in alt.statements))
                rows.append((f"{indent}  - {body}", alt.pos.line))
            continue
        else:  # pragma: no cover - every item type is handled above
            raise TypeError(item)
        rows.append((text, line))
    return "\n".join(_with_comments(rows, incident)) + "\n"


def _with_comments(rows: list[tuple[str, int | None]], incident: Incident) -> list[str]:
    """The lines with their trailing comments. A run of neighbouring lines (neighbours in the
    file) whose comments stood at one column keeps them aligned: at that column where every
    line leaves two spaces before it, else two spaces past the longest. A comment alone gets
    two spaces."""
    comments, columns = incident.trailing_comments, incident.comment_columns
    out: list[str] = []
    i = 0
    while i < len(rows):
        text, line = rows[i]
        if line is None or not comments.get(line):
            out.append(text)
            i += 1
            continue
        run = [rows[i]]
        while i + len(run) < len(rows):
            nxt = rows[i + len(run)][1]
            previous = run[-1][1]
            if (nxt is None or previous is None or nxt != previous + 1 or not comments.get(nxt)
                    or columns.get(nxt) != columns.get(line)):
                break
            run.append(rows[i + len(run)])
        column = (columns.get(line) or 0) - 1      # where the # stood, from 0
        widest = max(len(t) for t, _ in run) + 2
        at = (column if column >= widest else widest) if len(run) > 1 else len(text) + 2
        for t, n in run:
            assert n is not None     # a run holds only lines with comments
            out.append(f"{t.ljust(at)}# {shown(comments[n])}")
        i += len(run)
    return out
