"""A question of fact the ruling turns on, put so that its answer is a finding the notation
can write.

The decision's open questions ("whether B held a spade when he renounced at trick 5") carry
the facts each answer would give (:class:`~arbiter.table.unknowns.Unknown`). The interview
never writes a fact the notation cannot: it offers, as the answers, the findings that give
them -- ``finding: B held S2`` for "yes", ``finding: B held no spades`` for "no" -- found by
trying the notation's own findings of a hand (a card held, a suit held none of) for the
seats the question names and keeping those whose replay answers it so. An answer no finding
can give (there is none for "his card was not a winning card") is not offered; "Not known"
always is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import RANKS, Card, Suit
from ..incident import IncidentError, parse
from ..table.replay import replay_all
from ..table.unknowns import Unknown


@dataclass(frozen=True)
class Settling:
    """The findings that answer one open question: the cards whose holding says yes (by
    seat), and the suits whose void says no."""

    question: str
    yes: tuple[tuple[str, str], ...]        # (seat, card)
    no: tuple[tuple[str, str], ...]         # (seat, suit)


def unknowns_of(text: str, customs) -> list[Unknown]:
    incident = parse(text, "incident.whist")
    return [u for _, r in replay_all(incident, customs) for u in r.unknowns]


def settling(text: str, unknown: Unknown, seats: tuple[str, ...], customs) -> Settling:
    """The findings that answer ``unknown`` in the incident ``text``."""
    so, not_so = unknown.answers()
    named = [a for fact in so + not_so for a in fact.args if isinstance(a, str) and a in seats]
    who = list(dict.fromkeys(named))[:2]
    yes: list[tuple[str, str]] = []
    no: list[tuple[str, str]] = []
    for seat in who:
        for suit in Suit:
            if not_so and _answers(text, f"finding: {seat} held no {suit.word}", unknown, not_so, customs):
                no.append((seat, suit.word))
            # one card of the suit first: where it does not say yes, no card of the suit will
            cards = [Card(suit, r) for r in reversed(RANKS)]
            if not any(_answers(text, f"finding: {seat} held {c}", unknown, so, customs) for c in cards[-1:]) and \
                    not any(_answers(text, f"finding: {seat} held {c}", unknown, so, customs) for c in cards[:1]):
                continue
            yes += [(seat, str(c)) for c in cards if _answers(text, f"finding: {seat} held {c}", unknown, so, customs)]
    return Settling(unknown.question, tuple(yes), tuple(no))


def _answers(text: str, finding: str, unknown: Unknown, facts: tuple, customs) -> bool:
    """Whether adding ``finding`` to the incident answers ``unknown`` with ``facts``."""
    if not facts:
        return False
    try:
        incident = parse(_with(text, finding), "incident.whist")
        ways = replay_all(incident, customs)
    except IncidentError:
        return False        # the finding cannot be: the card was played by another, say
    for _, r in ways:
        if any(u.question == unknown.question for u in r.unknowns):
            return False
        if not all(r.facts.has(f.name, *f.args) for f in facts):
            return False
    return bool(ways)


def _with(text: str, finding: str) -> str:
    """The incident with ``finding`` added before its question (findings stand apart from
    the moments; the question ends the file)."""
    lines = text.rstrip("\n").split("\n")
    at = next((i for i in range(len(lines) - 1, -1, -1) if lines[i].startswith("question ")), len(lines))
    return "\n".join(lines[:at] + [finding] + lines[at:]) + "\n"
