"""``arbiter score``: settle a hand or a rubber of whist, or a hand of the Boston family."""

from __future__ import annotations

import json
import re
from typing import Annotated, Optional

import typer

from ..support.escapes import shown
from . import completion
from .errors import fail, user_errors

score_app = typer.Typer(help="Settle a hand or a rubber: who scores, who pays whom, and how much.",
                        no_args_is_help=True)


#: A number as a score is written: ASCII digits (``²`` is a digit to ``str.isdigit``, not to
#: ``int``), and no more of them than a score could need.
_NUMBER = re.compile(r"-?[0-9]{1,9}")


def _pairs(values: list[str], what: str) -> dict[str, int]:
    """``AB=9`` options as {side: number}."""
    out = {}
    for item in values:
        side, _, number = item.partition("=")
        if not side or not _NUMBER.fullmatch(number):
            fail(f"{what} is written SIDE=NUMBER, e.g. AB=9, not {item!r}", code=2)
        out[side] = int(number)
    return out


@score_app.command()
def hand(
    tricks: Annotated[list[str], typer.Option("--tricks", help="SIDE=TRICKS, e.g. AB=9 (both sides).")],
    before: Annotated[Optional[list[str]], typer.Option("--before", help="SIDE=POINTS before the hand.")] = None,
    honours: Annotated[Optional[list[str]], typer.Option("--honours", help="SIDE=HONOURS held (0–4).")] = None,
    revoke: Annotated[str, typer.Option("--revoke", help=(
        "The revoking side and the penalty chosen: YZ:add-points, YZ:deduct-points, YZ:take-tricks."))] = "",
    code: Annotated[str, typer.Option("--code", "-c", autocompletion=completion.scoring_codes)] = "english-1864",
    fmt: Annotated[str, typer.Option("--format", "-f", help="text or json.",
                                             autocompletion=completion.choices("text", "json"))] = "text",
) -> None:
    """Score one hand of whist under a code: the revoke, tricks, honours, the game and its value."""
    from ..scoring.whist import ScoringError, hand_data, score_hand, score_words, scoring_system

    with user_errors():
        try:
            side, _, option = revoke.partition(":")
            result = score_hand(scoring_system(code), before=_pairs(before or [], "--before"),
                                tricks=_pairs(tricks, "--tricks"), honours=_pairs(honours or [], "--honours"),
                                revoke=(side, option or "add-points") if revoke else None)
        except ScoringError as exc:
            fail(str(exc))
        if fmt == "json":
            typer.echo(json.dumps(hand_data(result), indent=2))
            return
        for line in result.explain():
            typer.echo(shown(line))
        typer.echo(shown(score_words(result)))


@score_app.command()
def rubber(
    games: Annotated[list[str], typer.Argument(help="Each game as SIDE=VALUE, in order, e.g. AB=3 YZ=1 AB=2.")],
    code: Annotated[str, typer.Option("--code", "-c", autocompletion=completion.scoring_codes)] = "english-1864",
) -> None:
    """Settle a rubber from its games: rubber points, and the losers' game deducted."""
    from ..scoring.whist import ScoringError, rubber_words, score_rubber, scoring_system

    with user_errors():
        played = [(side, value) for side, value in ((g.partition("=")[0], g.partition("=")[2]) for g in games)]
        if not all(_NUMBER.fullmatch(v) and not v.startswith("-") for _, v in played):
            fail("each game is written SIDE=VALUE, e.g. AB=3", code=2)
        try:
            r = score_rubber(scoring_system(code), [(s, int(v)) for s, v in played])
        except ScoringError as exc:
            fail(str(exc))
        typer.echo(rubber_words(r))


@score_app.command()
def fontainebleau(
    bid: Annotated[int, typer.Option("--bid", help="Tricks bid (5 to 13).")],
    trump: Annotated[str, typer.Option("--trump", help="clubs, spades, hearts or diamonds.")],
    won: Annotated[int, typer.Option("--won", help="Tricks won.")],
    partner: Annotated[bool, typer.Option("--partner", help="The caller took a partner.")] = False,
) -> None:
    """Pay a hand of Boston de Fontainebleau from its Table No. 1."""
    from ..lawbook import load_lawbook
    from ..scoring.boston import fontainebleau_payment

    with user_errors():
        game = load_lawbook().descriptions["boston-de-fontainebleau"]
        try:
            r = fontainebleau_payment(game, bid, trump.lower(), won, partner)
        except (KeyError, ValueError) as exc:
            fail(str(exc).strip("'\""))
        who = "The callers" if partner else "The caller"
        if r["made"]:
            typer.echo(f"{who} made {won} of {r['needed']}: each adversary pays {r['each_adversary']} "
                       "white counters; the pool is won.")
        else:
            typer.echo(f"{who} made {won} of {r['needed']}: {-r['each_adversary']} white counters to each adversary, "
                       f"and {r['pool']} into the pool.")


@score_app.command("misere-partout")
def misere_partout_(
    tricks: Annotated[list[str], typer.Argument(help="Each player's tricks, e.g. A=6 Y=2 B=5 Z=0.")],
) -> None:
    """Settle a hand of Misère Partout at Boston: who pays whom, in red counters."""
    from ..lawbook import load_lawbook
    from ..scoring.boston import misere_partout

    with user_errors():
        counts = _pairs(tricks, "each player's tricks")
        try:
            result = misere_partout(load_lawbook().descriptions["boston"], counts)
        except ValueError as exc:
            fail(str(exc))
        for player, amount in result.items():
            verb = "receives" if amount > 0 else "pays" if amount < 0 else "neither pays nor receives"
            counters = "one red counter" if abs(amount) == 1 else f"{abs(amount):g} red counters"
            typer.echo(shown(f"{player} {verb}" + (f" {counters}" if amount else "") + "."))


@score_app.command()
def boston(
    bid: Annotated[Optional[int], typer.Option("--bid", help="Tricks bid (5 to 13).")] = None,
    won: Annotated[Optional[int], typer.Option("--won", help="Tricks the caller won.")] = None,
    put_in_for: Annotated[Optional[int], typer.Option(
        "--put-in-for", help="Tricks the caller is put in for (those he fell short by).")] = None,
    misere: Annotated[Optional[str], typer.Option(
        "--misere", help="little-misere, grand-misere, little-spread or grand-spread.")] = None,
) -> None:
    """Boston's payments from its tables: a bid made or failed (--won, or --put-in-for), or a misère.

    Only the tail of Boston survives in the source: the table of what a failed caller is
    put in for, the misères, and the pool; what a bid made is paid is in the lost part.
    """
    from ..lawbook import load_lawbook
    from ..scoring.boston import boston_payment, boston_words

    with user_errors():
        game = load_lawbook().descriptions["boston"]
        if misere:
            try:
                amount = game.table("misere-payments").value(misere, "each-adversary")
            except KeyError:
                rows = game.table("misere-payments").rows
                fail(f"no misère {misere!r}; they are: " + ", ".join(str(r.key) for r in rows))
            typer.echo(f"The caller of a {misere.replace('-', ' ')} wins from, or loses to, each adversary "
                       f"{amount} white counters; there are no over-tricks.")
            return
        if bid is None or (won is None and put_in_for is None):
            fail("give --bid and --won (or --put-in-for), or --misere", code=2)
        try:
            paid = boston_payment(game, bid, won=won, put_in_for=put_in_for)
        except (KeyError, ValueError) as exc:
            fail(str(exc).strip("'\""))
        typer.echo(boston_words(paid))


@score_app.command("french-boston")
def french_boston(
    bid: Annotated[str, typer.Option("--bid", help=(
        "A row of the payments table: simple, petite-independence, petite-misere, slam-seul, …"))],
    suit: Annotated[str, typer.Option("--suit", help="The suit turned: spades, clubs, diamonds or hearts.")],
    honours: Annotated[int, typer.Option("--honours", help="Honours held (3 or 4).")] = 0,
    extra: Annotated[int, typer.Option("--extra", help="Extra tricks.")] = 0,
    double: Annotated[bool, typer.Option("--double", help="One of the last eight deals.")] = False,
) -> None:
    """Pay a hand of French Boston from its payments table."""
    from ..lawbook import load_lawbook
    from ..scoring.boston import french_boston_payment

    with user_errors():
        game = load_lawbook().descriptions["french-boston"]
        try:
            amount = french_boston_payment(game, bid, suit.lower(), honours, extra, double)
        except (KeyError, ValueError) as exc:
            fail(str(exc).strip("'\""))
        typer.echo(f"{amount} counters, to or from each player.")
