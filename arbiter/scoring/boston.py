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


def boston_payment(game: Game, bid: int, won: int | None = None, put_in_for: int | None = None) -> dict:
    """A hand of Boston bid for ``bid`` tricks: the caller who took ``won`` (or is put in
    for ``put_in_for`` tricks, those he fell short by) from the table of the tricks a failed
    caller is put in for; the pool he takes, or doubles (the pool bid, from the game's rules).

    Only the tail of Boston survives in the source: what a made bid is paid is in the lost
    part, so a bid made is paid the pool alone, and ``amount`` is None, said in ``unpaid``.
    A bid the table has no row for, a count of tricks no hand allows, or a shortfall past
    the row is an error in words.
    """
    table = game.table("put-in-for")
    bids = [int(row.key) for row in table.rows]
    if bid not in bids:
        raise ValueError(f"Boston's table has bids of {bids[0]} to {bids[-1]} tricks, not {bid}")
    if won is not None and not 0 <= won <= 13:
        raise ValueError(f"a player takes from none to thirteen tricks, not {won}")
    if put_in_for is not None and put_in_for < 0:
        raise ValueError(f"a caller is put in for the tricks he fell short by, never {put_in_for}")
    short = bid - won if won is not None else put_in_for
    if short is None:
        raise ValueError("give the tricks won (--won), or the tricks the caller is put in for (--put-in-for)")
    if won is not None and put_in_for is not None and put_in_for != max(0, short):
        raise ValueError(f"a caller of {bid} who took {won} is put in for {max(0, short)}, not {put_in_for}")
    pool = _value(game, "pool-bid")
    out: dict = {"bid": bid, "won": won, "made": short <= 0, "pool_bid": bid >= pool}
    if short <= 0:
        out.update(put_in_for=0, amount=None, over_tricks=-short,
                   pool=(f"takes the pool (a bid of {pool} or more is a pool bid)" if bid >= pool else
                         f"does not take the pool (a pool bid is one of {pool} or more)"),
                   unpaid="what each adversary pays for a bid made, and for over-tricks, is in the part of "
                          "Boston the source does not hold (laws/games/boston.yaml)")
        return out
    columns = table.row_columns(table.row(bid))
    if short not in columns:
        raise ValueError(f"a caller of {bid} tricks is put in for 1 to {bid}, not {short}")
    out.update(put_in_for=short, amount=table.value(bid, short), over_tricks=0,
               pool="doubles the pool (if the hand is played out)", unpaid=None)
    return out


def boston_words(r: dict) -> str:
    """A hand of Boston paid, in words, as ``arbiter score boston`` says it."""
    if r["made"]:
        over = {0: "", 1: " (one over-trick)"}.get(r["over_tricks"], f" ({r['over_tricks']} over-tricks)")
        won = f", made with {r['won']}{over}" if r["won"] is not None else ", made"
        return (f"A bid of {r['bid']} tricks{won}: the caller {r['pool']}. "
                f"{r['unpaid'][:1].upper()}{r['unpaid'][1:]}.")
    won = f", {r['won']} won" if r["won"] is not None else ""
    return (f"A bid of {r['bid']} tricks{won}, put in for {r['put_in_for']}: {r['amount']} (Boston's table, "
            f"reduced to the American decimal system); the caller {r['pool']}.")
