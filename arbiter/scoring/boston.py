"""Paying a hand of the Boston family from the tables of ``laws/games/``.

>>> from arbiter.lawbook import load_lawbook
>>> game = load_lawbook().descriptions["boston-de-fontainebleau"]
>>> fontainebleau_payment(game, bid_tricks=9, trump="hearts", won=6)["each_adversary"]
-115
"""

from __future__ import annotations

from ..lawbook.games import Game

_TRUMP_COLUMN = {"clubs": "clubs-or-spades", "spades": "clubs-or-spades", "hearts": "hearts",
                 "diamonds": "diamonds"}


def fontainebleau_payment(game: Game, bid_tricks: int, trump: str, won: int,
                          partner: bool = False) -> dict:
    """What the caller receives from (or, negative, pays to) each adversary, and the pool.

    A successful caller is paid the value of his bid and five for each over-trick; a failed
    one pays each adversary what he would have won, and five for each trick short, and pays
    the same into the pool. With a partner the two must make three tricks more than bid.
    """
    table = game.table("table-1")
    bid = _bid(game, bid_tricks)
    value = table.value(bid.row, _TRUMP_COLUMN[trump])
    extra_rate = _value(game, "over-trick-rate")
    short_rate = _value(game, "short-trick-rate")
    needed = bid_tricks + (_value(game, "partner-extra-tricks") if partner else 0)
    if partner:   # partners are paid at the value of the tricks they must make together
        bid = _bid(game, needed)
        value = table.value(bid.row, _TRUMP_COLUMN[trump])
    if won >= needed:
        each = value + extra_rate * (won - needed)
        return {"made": True, "each_adversary": each, "pool": "takes the pool", "needed": needed}
    each = -(value + short_rate * (needed - won))
    return {"made": False, "each_adversary": each, "pool": -each, "needed": needed}


def _value(game: Game, rule_id: str) -> int:
    """The one number a rule of the game states (its ``value``)."""
    value = game.rule(rule_id).value
    assert value is not None, f"rule {rule_id!r} of {game.id} states no single value"
    return value


def _bid(game: Game, tricks: int):
    for bid in game.bids_ranked():
        if bid.object == "win" and bid.tricks == tricks and bid.row is not None:
            return bid
    raise ValueError(f"{game.name} has no bid of {tricks} tricks to win")


def misere_partout(game: Game, tricks: dict[str, int]) -> dict[str, float]:
    """Each player's gain (+) or loss (-) in red counters. The player with most tricks loses
    three times his tricks less those he did not take; each other player receives the
    difference between their tricks. Players tying for most share the loss equally."""
    if sum(tricks.values()) != 13:
        raise ValueError(f"the tricks of a hand add up to thirteen, not {sum(tricks.values())}")
    most = max(tricks.values())
    losers = [p for p, t in tricks.items() if t == most]
    loss = game.rule("misere-partout-loss").evaluate(tricks_taken=most, tricks_not_taken=13 - most)
    out: dict[str, float] = {p: most - t for p, t in tricks.items() if p not in losers}
    if sum(out.values()) != loss:
        raise ValueError(f"the differences ({sum(out.values())}) do not make the loss ({loss})")
    share = loss / len(losers)
    out.update({p: -(int(share) if share == int(share) else share) for p in losers})
    return {p: out[p] for p in tricks}


def french_boston_payment(game: Game, bid: str, suit: str, honours: int = 0, extra_tricks: int = 0,
                          double: bool = False) -> int:
    """What each adversary pays at French Boston: the bid's value in the suit of the trump
    turned, with honours and extra tricks from the sub-rows under it; doubled in the last
    deals of the game."""
    table = game.table("payments")
    keys = {str(row.key) for row in table.rows}
    if bid not in keys or "/" in bid:
        raise ValueError(f"no bid {bid!r} in the payments table; bids are: "
                         + ", ".join(sorted(k for k in keys if "/" not in k)))
    amount = table.value(bid, suit)
    if honours:
        sub = f"{bid}/{'three' if honours == 3 else 'four'}-honours"
        if honours not in (3, 4) or sub not in keys:
            raise ValueError(f"honours count for three or four held, under a bid of tricks, not {honours}")
        amount += table.value(sub, suit)
    if extra_tricks:
        if f"{bid}/extra-trick" not in keys:
            raise ValueError(f"{bid} has no extra tricks")
        amount += extra_tricks * table.value(f"{bid}/extra-trick", suit)
    if double:
        amount *= _value(game, "doubles-multiplier")
    return amount
