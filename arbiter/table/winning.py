"""Which card wins: whether a card played to a trick was, as the laws put it, "the best card
on the table" or "a winning card as against his adversaries".

A card heads the trick when it beats every card played to the trick before it. It is a
winning card as against the adversaries when neither could beat it when it was played:
an adversary who had played before it did not; one who played after it (or has not
played) could not, because his whole hand is known and holds nothing that, played
lawfully, would beat it, or because he followed suit to the trick (so he could not trump)
and every higher card of the suit is accounted for elsewhere (played in the hand, or held
by the player or his partner). That an adversary played a lower card after it proves
nothing of what he held: where the higher cards are not all accounted for, it is not
known, and neither is said. Unknown is not false.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import RANKS, Card, Suit, beats


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
                        holding_of: Callable[[str], set[Card] | None],
                        accounted: Callable[[], set[Card]]) -> bool | None:
    """Whether ``seat``'s card in a trick (``plays`` in the order played) is a winning card
    as against ``adversaries``: True, False, or None when it cannot be known.
    ``holding_of(adv)`` is what an adversary held when the trick began, where the whole of
    it is known, else None; ``accounted()`` gives the cards known to be elsewhere than in
    the adversaries' hands at that time (played in other tricks, held by the player or his
    partner), asked for only where a hand is not known."""
    order = [s for s, _ in plays]
    mine_at = order.index(seat)
    card = plays[mine_at][1]
    before = [(s, c) for s, c in plays[:mine_at] if s in adversaries]
    if not decidable(before + [(seat, card)], suit_led, trump):
        return None
    if best_of(before + [(seat, card)], suit_led, trump)[0] != seat:
        return False           # an adversary's card already on the table beats it
    after = {s: c for s, c in plays[mine_at + 1:] if s in adversaries}
    if any(beats(c, card, suit_led, trump) for c in after.values()):
        return False
    verdict: bool | None = True
    higher_out: list[Card] | None = None
    for adv in adversaries:
        if any(s == adv for s, _ in before):
            continue
        holding = holding_of(adv)
        if holding is not None:
            if can_beat(holding, card, suit_led, trump):
                return False
            continue
        followed = adv in after and after[adv].suit is suit_led
        if not followed:
            verdict = None
            continue
        # following suit he could not trump: a trump on a plain suit is then safe from him,
        # a card of the suit led only if no higher card of it may be in his hand
        if card.suit is suit_led:
            if higher_out is None:
                known = accounted() | {c for _, c in plays}
                higher_out = [c for c in _higher(card) if c not in known]
            if higher_out:
                verdict = None
    return verdict


def _higher(card: Card) -> list[Card]:
    """The cards of the card's own suit that would beat it."""
    return [Card(card.suit, r) for r in RANKS if Card(card.suit, r).value > card.value]
