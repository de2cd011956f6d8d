"""The games of the Whist family as data: ``laws/games/<id>.yaml``.

Each file encodes one game described in a source text, so that the text can be browsed
and the scoring can be computed from the same data, with no number written in Python.

Schema (every model forbids unknown keys; a field without a default is required)::

    id: kebab-case game id; must equal the file name without ``.yaml``
    name: the game's name
    source: {seed: seed file name, heading: the game's title line as printed, or null}
    variant_of: id of the game this one varies (optional; must be loaded too)
    note: free text, e.g. that only part of the game survives in the seed
    not_in_source: [things a reader might expect that the source does not print]
    suit_order: {highest_first: [suit, ...], quote: verbatim words stating it}
    sections:                # the description, in printed order
      - heading: the caps lead-in ("CARDS.", "THE POOL") or null
        paragraphs:          # verbatim, whitespace-normalised; the first one
          - "CARDS. ..."     #   starts with the heading (it is a run-in lead-in)
          - {table: name}    # where a printed table stands in the text
    tables:
      - name: unique within the game
        reference: where in the source the numbers come from
        unit: what the numbers count (null where the source does not say)
        title / caption / header: the table's printed non-row lines, verbatim
        columns: [column id, ...]          # in printed order
        row_length: full | key             # see Table
        rows:
          - {key: 5, label: printed row label, values: [10, 20, ...],
             columns: [subset of columns, optional], parent: key of the main row}
        note: optional
    bids:                    # the announcements, lowest first
      reference: where the order is printed
      paid_from: name of the table holding the bids' payments (or null)
      ranked:
        - id: kebab-case, unique
          call: the bid's words as printed (unique); french: the French term, if any
          object: win | lose | win-exactly (piccolissimo) | lose-all ("every trick")
          tricks: to win or lose (null for lose-all, or where the source is silent)
          partner_tricks: with a partner (French Boston's "or eight with a partner")
          trump: suit-or-grand | any-suit | petite | belle | none | not-stated
          discard, exposed: true where the bid's own words say so (default false)
          row: key of the row of ``paid_from`` that pays it (null: none printed)
    rules:                   # numbers the prose states
      - {id, quote, value | values | choices | terms, unit, per, note}

Every paragraph of the game's region of the seed stands once in ``sections``: prose as
itself, a printed table as a ``{table: name}`` marker whose title, caption, header and
rows render back to the printed lines.  Tables that no marker names are extracted from
prose (e.g. Boston's misère payments); their text stays in the sections.  A ``rule``'s
``quote`` must occur in one of the game's paragraphs, which ties every number to the
words that state it.

``load_games`` raises :class:`LawBookError` naming the file, the entry (game id, table,
row, bid, rule) and the field on any error, whether of shape or of the invariants
checked here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import field
from pathlib import Path
from typing import Literal, NoReturn

from arbiter.lawbook.errors import LawBookError
from arbiter.lawbook.records import strict, validator
from arbiter.lawbook.yamlio import read_yaml

Key = int | str


@strict
class Source:
    seed: str
    heading: str | None


@strict
class TableRef:
    """Stands in a section where a printed table stands in the text."""
    table: str


@strict
class Section:
    heading: str | None
    paragraphs: list[str | TableRef]


@strict
class Row:
    key: Key
    label: str
    values: list[int]
    columns: list[Key] | None = None
    parent: Key | None = None


@strict
class Table:
    """A table of numbers.

    ``row_length: full`` -- each row has one value per column (its own ``columns`` if
    given, else the table's).  ``row_length: key`` -- a row keyed *n* has *n* values,
    under the first *n* columns (Boston's "put in for" table: a bidder of five tricks
    can be put in for at most five).
    """
    name: str
    reference: str
    unit: str | None
    title: str | None = None
    caption: str | None = None
    header: list[str] = field(default_factory=list)
    columns: list[Key]
    row_length: Literal["full", "key"] = "full"
    rows: list[Row]
    note: str | None = None

    def row(self, key: Key) -> Row:
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(f"table {self.name!r} has no row {key!r}")

    def row_columns(self, row: Row) -> list[Key]:
        if self.row_length == "key":
            assert isinstance(row.key, int)   # checked on loading: such a table's keys are numbers
            return self.columns[:row.key]
        return row.columns if row.columns is not None else self.columns

    def cells(self, key: Key) -> dict[Key, int]:
        """The printed cells of a row, column id -> value (blank cells are absent)."""
        row = self.row(key)
        return dict(zip(self.row_columns(row), row.values))

    def value(self, key: Key, column: Key) -> int:
        cells = self.cells(key)
        if column not in cells:
            raise KeyError(f"table {self.name!r}, row {key!r}: nothing printed under {column!r}")
        return cells[column]

    def printed_lines(self) -> list[str]:
        """The table's lines as the source prints them (for the fidelity tests)."""
        lines = [line for line in (self.title, self.caption) if line] + list(self.header)
        return lines + [" ".join([row.label, *map(str, row.values)]) for row in self.rows]


@strict
class Bid:
    id: str
    call: str                        # the words used by the players, as printed
    french: str | None = None        # the French term, where the source gives one
    object: Literal["win", "lose", "win-exactly", "lose-all"]   # lose-all: "every trick"
    tricks: int | None               # null where the source does not say, or lose-all
    partner_tricks: int | None = None
    trump: Literal["suit-or-grand", "any-suit", "petite", "belle", "none", "not-stated"]
    # true where the bid's own words say so:
    discard: bool = False            # discards a card which is not to be shown
    exposed: bool = False            # single player's cards face up ("spread", "sur table")
    row: Key | None = None           # row of bids.paid_from that pays this bid
    note: str | None = None


@strict
class Bids:
    reference: str
    paid_from: str | None
    ranked: list[Bid]                # lowest first


@strict
class SuitOrder:
    highest_first: list[str]
    quote: str


@strict
class Rule:
    """A number (or a few) that the prose states.

    Exactly one of: ``value``; ``values`` (several named numbers stated together);
    ``choices`` (numbers offered as alternatives); ``terms`` (a linear formula:
    the coefficient of each named quantity).
    """
    id: str
    quote: str
    value: int | None = None
    values: dict[str, int] | None = None
    choices: list[int] | None = None
    terms: dict[str, int] | None = None
    unit: str | None = None
    per: str | None = None
    note: str | None = None

    def evaluate(self, **quantities: int) -> int:
        """Apply a ``terms`` formula: sum of coefficient x quantity."""
        if self.terms is None:
            raise ValueError(f"rule {self.id!r} is not a formula")
        if set(quantities) != set(self.terms):
            raise ValueError(f"rule {self.id!r} needs exactly {sorted(self.terms)}")
        return sum(coef * quantities[name] for name, coef in self.terms.items())


@strict
class Game:
    id: str
    name: str
    source: Source
    variant_of: str | None = None
    note: str | None = None
    not_in_source: list[str] = field(default_factory=list)
    suit_order: SuitOrder | None = None
    sections: list[Section]
    tables: list[Table] = field(default_factory=list)
    bids: Bids | None = None
    rules: list[Rule] = field(default_factory=list)

    def table(self, name: str) -> Table:
        for table in self.tables:
            if table.name == name:
                return table
        raise KeyError(f"game {self.id!r} has no table {name!r}")

    def rule(self, rule_id: str) -> Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(f"game {self.id!r} has no rule {rule_id!r}")

    def bid(self, bid_id: str) -> Bid:
        return self.bids_ranked()[self.bid_rank(bid_id)]

    def bids_ranked(self) -> list[Bid]:
        return list(self.bids.ranked) if self.bids else []

    def bid_rank(self, bid_id: str) -> int:
        """0 for the lowest bid; a higher rank over-calls a lower one."""
        for rank, bid in enumerate(self.bids_ranked()):
            if bid.id == bid_id:
                return rank
        raise KeyError(f"game {self.id!r} has no bid {bid_id!r}")

    def paragraphs(self) -> list[str]:
        """The prose paragraphs, in order (tables left out)."""
        return [p for s in self.sections for p in s.paragraphs if isinstance(p, str)]


def put_in_for(game: Game, tricks_bid: int, tricks_put_in_for: int) -> int:
    """Boston: the payment when a bidder of ``tricks_bid`` is put in for so many tricks."""
    return game.table("put-in-for").value(tricks_bid, tricks_put_in_for)


# --- loading -----------------------------------------------------------------------

def load_games(directory: Path) -> dict[str, Game]:
    """Every ``*.yaml`` in ``directory``, checked, keyed by game id."""
    games: dict[str, Game] = {}
    files: dict[str, Path] = {}
    for path in sorted(Path(directory).glob("*.yaml")):
        game = load_game(path)  # its id equals its file name, so ids are unique
        games[game.id], files[game.id] = game, path
    for game in games.values():
        if game.variant_of is not None and game.variant_of not in games:
            raise LawBookError(files[game.id], f"unknown game {game.variant_of!r}",
                               entry=game.id, field="variant_of")
    return games


def load_game(path: Path) -> Game:
    path = Path(path)
    raw = read_yaml(path)
    if not isinstance(raw, dict):
        raise LawBookError(path, "a game file must be a mapping")
    from pydantic import ValidationError

    try:
        as_json = json.dumps(raw)
    except (TypeError, ValueError):
        raise LawBookError(path, "holds a value that is not text, a number, true/false, a list or a mapping") from None
    try:
        # Strict, and read as JSON, where a record is a mapping: a YAML "5" is not the number 5.
        game = validator(Game).validate_json(as_json, strict=True)
    except ValidationError as exc:
        err = exc.errors()[0]
        entry, field = _locate(raw, err["loc"])
        raise LawBookError(path, err["msg"], entry=entry, field=field) from None
    _check(game, path)
    return game


# How a location inside the raw data is named: list -> key that identifies its items.
_NAMED_ITEMS = {"tables": ("table", "name"), "rows": ("row", "key"),
                "ranked": ("bid", "id"), "rules": ("rule", "id"),
                "sections": ("section", "heading")}


# pydantic names the member of a union that failed ("str", "TableRef", "list[int]");
# that is not a key in the file, so it is left out of the field path.
_UNION_TAGS = {"str", "int", "bool", "TableRef"}


def _locate(raw: dict, loc: tuple) -> tuple[str, str]:
    """Turn a pydantic error location into (entry, field) a person can find."""
    entry = [str(raw.get("id", "?"))]
    node: object = raw
    field: list[str] = []
    parts = list(loc)
    i = 0
    while i < len(parts):
        part = parts[i]
        named = _NAMED_ITEMS.get(part) if isinstance(part, str) else None
        if named and i + 1 < len(parts) and isinstance(parts[i + 1], int):
            index = parts[i + 1]
            items = node.get(part) if isinstance(node, dict) else None
            item = items[index] if isinstance(items, list) and index < len(items) else None
            name = item.get(named[1]) if isinstance(item, dict) else None
            entry.append(f"{named[0]} {name if name is not None else f'#{index + 1}'}")
            node, field = item, []
            i += 2
            continue
        if not (isinstance(part, str) and (part in _UNION_TAGS or "[" in part)):
            field.append(str(part))
            node = node.get(part) if isinstance(node, dict) else None
        i += 1
    return ": ".join(entry), ".".join(field)


_KEBAB = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")


def _normalised(text: str) -> bool:
    return text == " ".join(text.split()) and text != ""


def _check(game: Game, path: Path) -> None:
    """Invariants the schema alone cannot state."""
    def fail(message: str, entry: str, field: str) -> NoReturn:
        raise LawBookError(path, message, entry=f"{game.id}: {entry}" if entry else game.id,
                           field=field)

    if not _KEBAB.match(game.id) or game.id != path.stem:
        fail(f"id must be kebab-case and equal the file name {path.stem!r}", "", "id")
    tables = {}
    for table in game.tables:
        if table.name in tables:
            fail("table name used twice", f"table {table.name}", "name")
        tables[table.name] = table
        _check_table(table, lambda msg, entry, field, t=table:
                     fail(msg, f"table {t.name}" + (f": {entry}" if entry else ""), field))

    prose = game.paragraphs()
    referenced: set[str] = set()
    for number, section in enumerate(game.sections, 1):
        where = f"section {section.heading or f'#{number}'}"
        if not section.paragraphs:
            fail("a section needs at least one paragraph", where, "paragraphs")
        first = section.paragraphs[0]
        if section.heading is not None and not (
                isinstance(first, str) and first.startswith(section.heading)):
            fail("the first paragraph must begin with the heading", where, "heading")
        for item in section.paragraphs:
            if isinstance(item, TableRef):
                if item.table not in tables:
                    fail(f"no table named {item.table!r}", where, "paragraphs")
                if item.table in referenced:
                    fail(f"table {item.table!r} placed twice", where, "paragraphs")
                referenced.add(item.table)
            elif not _normalised(item):
                fail(f"paragraph not whitespace-normalised: {item[:40]!r}", where, "paragraphs")
    for table in game.tables:
        printed = bool(table.title or table.caption or table.header)
        if printed and table.name not in referenced:
            fail("a table with printed lines must be placed in a section",
                 f"table {table.name}", "header")

    def quoted(text: str) -> bool:
        return any(text in p for p in prose)

    if game.suit_order is not None:
        if len(set(game.suit_order.highest_first)) != len(game.suit_order.highest_first):
            fail("a suit appears twice", "suit_order", "highest_first")
        if not quoted(game.suit_order.quote):
            fail("quote not found in the game's paragraphs", "suit_order", "quote")

    rule_ids: set[str] = set()
    for rule in game.rules:
        if rule.id in rule_ids:
            fail("rule id used twice", f"rule {rule.id}", "id")
        rule_ids.add(rule.id)
        given = [f for f in ("value", "values", "choices", "terms") if getattr(rule, f) is not None]
        if len(given) != 1:
            fail("give exactly one of value, values, choices, terms", f"rule {rule.id}", "value")
        if not quoted(rule.quote):
            fail("quote not found in the game's paragraphs", f"rule {rule.id}", "quote")

    if game.bids is not None:
        _check_bids(game.bids, tables, quoted, fail)


def _check_table(table: Table, fail) -> None:
    if len(set(table.columns)) != len(table.columns):
        fail("a column appears twice", "", "columns")
    keys: set = set()
    for row in table.rows:
        where = f"row {row.key}"
        if row.key in keys:
            fail("row key used twice", where, "key")
        if row.parent is not None and (row.parent not in keys
                                       or table.row(row.parent).parent is not None):
            fail(f"parent {row.parent!r} is not an earlier main row", where, "parent")
        keys.add(row.key)
        if table.row_length == "key":
            if not isinstance(row.key, int) or not 0 < row.key <= len(table.columns):
                fail("row_length 'key' needs an integer key within the columns", where, "key")
            if row.columns is not None:
                fail("row_length 'key' fixes the columns", where, "columns")
        elif row.columns is not None:
            it = iter(table.columns)
            if len(set(row.columns)) != len(row.columns) or not all(c in it for c in row.columns):
                fail("row columns must be table columns, in table order", where, "columns")
        expected = len(table.row_columns(row))
        if len(row.values) != expected:
            fail(f"{len(row.values)} values, expected {expected}", where, "values")


def _check_bids(bids: Bids, tables: dict[str, Table], quoted, fail: Callable[[str, str, str], NoReturn]) -> None:
    paid_from = tables.get(bids.paid_from) if bids.paid_from else None
    if bids.paid_from and paid_from is None:
        fail(f"no table named {bids.paid_from!r}", "bids", "paid_from")
    seen: set[tuple[str, str]] = set()
    for bid in bids.ranked:
        where = f"bid {bid.id}"
        for name in ("id", "call", "french"):
            word = getattr(bid, name)
            if word is None:
                continue
            if (name, word) in seen:
                fail(f"{name} {word!r} appears twice in the bid order", where, name)
            seen.add((name, word))
            if name != "id" and not quoted(word):
                fail("not found in the game's paragraphs", where, name)
        if bid.object == "lose-all" and bid.tricks is not None:
            fail("a lose-all bid names no number of tricks", where, "tricks")
        if bid.row is not None:
            if paid_from is None:
                fail("a bid row needs bids.paid_from", where, "row")
            if bid.row not in {r.key for r in paid_from.rows}:
                fail(f"no row {bid.row!r} in table {paid_from.name!r}", where, "row")
