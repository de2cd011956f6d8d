"""``arbiter laws game``: the games of the family, their descriptions and tables."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Optional

from ..lawbook import LawBook
from ..lawbook.games import Game, Table
from . import terminal
from .errors import fail

if TYPE_CHECKING:
    from rich.table import Table as RichTable


def _find(book: LawBook, name: str):
    try:
        return book.game(name)
    except KeyError:
        fail(f"no game {name!r}; games are: {', '.join(book.games)}")


def game_data(book: LawBook, name: Optional[str]):
    """The family (no name), or one game with its description, as plain data."""
    if name is None:
        return [asdict(g) for g in book.games.values()]
    family = _find(book, name)
    described = book.descriptions.get(family.described_in or "")
    return {**asdict(family), "description": asdict(described) if described else None}


def game_command(book: LawBook, name: Optional[str], tables_only: bool) -> None:
    out = terminal.console()
    if name is None:
        listing = terminal.Table(box=None, header_style="bold", pad_edge=False)
        for column in ("game", "name", "codes", "described"):
            listing.add_column(column)
        for g in book.games.values():
            listing.add_row(g.id, g.name, ", ".join(g.codes) or "—", "yes" if g.described_in else "")
        out.print(listing)
        out.print(terminal.dim("\n`arbiter laws game NAME` shows a game's description and tables."))
        return
    family = _find(book, name)
    game = book.descriptions.get(family.described_in or "")
    out.print(terminal.heading(f"{family.name} ({family.id})"))
    if family.codes:
        out.print(terminal.dim(f"Laws: {', '.join(family.codes)} "
                               f"(`arbiter laws list {family.codes[-1]}`)"))
    if game is None:
        out.print("The sources give no description of this game beyond its laws.")
        return
    if game.source.heading:
        out.print(terminal.dim(f"From Foster's Complete Hoyle, under {game.source.heading.rstrip('.')}"))
    if game.variant_of:
        out.print(terminal.dim(f"A variation of {game.variant_of}."))
    if game.note:
        out.print(terminal.dim(f"Note: {game.note}"))
    out.print()
    if tables_only:
        for table in game.tables:
            out.print(_table(table))
            out.print()
    else:
        for section in game.sections:
            for p in section.paragraphs:
                out.print(_table(game.table(p.table)) if not isinstance(p, str) else terminal.law_text(p))
                out.print()
    if game.bids:
        out.print(_bids(game))
        out.print()
    if game.not_in_source:
        out.print(terminal.heading("Not in the source"))
        for item in game.not_in_source:
            out.print(terminal.indented(terminal.Text("• " + item), 2))


def _table(table: Table) -> RichTable:
    view = terminal.Table(title=table.title or table.name, caption=table.unit and f"in {table.unit}",
                     header_style="bold", title_style="bold", box=terminal.box.SIMPLE_HEAD, pad_edge=False,
                     padding=(0, 0, 0, 1))
    view.add_column("", overflow="fold", min_width=max(len(r.label) for r in table.rows) if table.rows else 6)
    for column in table.columns:
        # numbers are never cut: a column is at least as wide as its widest number
        widest = max((len(str(v)) for row in table.rows
                      for c, v in table.cells(row.key).items() if c == column), default=1)
        view.add_column(str(column).replace("-", " "), justify="right", min_width=widest,
                        no_wrap=False, overflow="fold")
    for row in table.rows:
        cells = table.cells(row.key)
        label = ("  " if row.parent is not None else "") + row.label
        view.add_row(label, *[str(cells[c]) if c in cells else "" for c in table.columns])
    return view


def _bids(game: Game) -> RichTable:
    view = terminal.Table(title="Bids, lowest first", header_style="bold", title_style="bold",
                     box=terminal.box.SIMPLE_HEAD, pad_edge=False)
    for column in ("", "call", "undertakes", "trump", "paid from row"):
        view.add_column(column, overflow="fold")
    for rank, bid in enumerate(game.bids_ranked(), 1):
        what = f"{bid.object} {bid.tricks}" if bid.tricks is not None else bid.object
        if bid.partner_tricks:
            what += f" ({bid.partner_tricks} with a partner)"
        extras = [w for w, on in (("discard", bid.discard), ("exposed", bid.exposed)) if on]
        call = bid.call + (f" ({bid.french})" if bid.french else "")
        view.add_row(str(rank), call, ", ".join([what, *extras]), bid.trump,
                     "" if bid.row is None else str(bid.row))
    return view
