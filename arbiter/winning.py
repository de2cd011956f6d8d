"""Which card wins: whether a card played to a trick was, as the laws put it, "the best card
on the table" or "a winning card as against his adversaries".

A card heads the trick when it beats every card played to the trick before it. It is a
winning card as against the adversaries when neither adversary can beat it: both have
played to the trick and neither beat it, or (the hands being known) one yet to play holds
no card that, played lawfully, would. Where that is not known, neither is said: unknown
is not false.
"""

from __future__ import annotations

from .cards import Card, Suit, beats


def best_of(plays: list[tuple[str, Card]], suit_led: Suit, trump: Suit | None) -> tuple[str, Card]:
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if beats(card, best, suit_led, trump):
            best_seat, best = seat, card
    return best_seat, best


def decidable(plays: list[tuple[str, Card]], suit_led: Suit, trump: Suit | None) -> bool:
    """Without a trump suit, a trick with a card of another suit cannot be settled."""
    return trump is not None or all(c.suit is suit_led for _, c in plays)


def can_beat(holding: set[Card], best: Card, suit_led: Suit, trump: Suit | None) -> bool:
    """Whether a hand holds a card that, played lawfully to the trick, beats ``best``: one of
    the suit led if it holds any, else any card (a trump)."""
    following = [c for c in holding if c.suit is suit_led]
    return any(beats(c, best, suit_led, trump) for c in (following or holding))


def against_adversaries(seat: str, plays: list[tuple[str, Card]], adversaries: list[str],
                        suit_led: Suit, trump: Suit | None,
                        holding_of) -> bool | None:
    """Whether ``seat``'s card in a trick is a winning card as against ``adversaries``:
    True, False, or None when it cannot be known. ``holding_of(adv)`` gives what an
    adversary who has not played held, where the whole of it is known, else None."""
    mine = [(s, c) for s, c in plays if s == seat or s in adversaries]
    if not decidable(mine, suit_led, trump):
        return None
    ordered = [pair for pair in plays if pair in mine]
    top_seat, top = best_of(ordered, suit_led, trump)
    if top_seat != seat:
        return False
    verdict: bool | None = True
    for adv in adversaries:
        if any(s == adv for s, _ in plays):
            continue
        holding = holding_of(adv)
        if holding is None:
            verdict = None
        elif can_beat(holding, top, suit_led, trump):
            return False
    return verdict
