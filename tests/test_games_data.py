"""Fidelity of laws/games/*.yaml to the seed text, and strictness of their loader.

The seed is read from $WHIST_SEEDS, else from the copy the tests carry in tests/seeds/
(the ``seeds_dir`` fixture of conftest.py). If WHIST_SEEDS is set and the seed is missing,
the fidelity tests fail (a run that promised the seeds must have them); they never skip.

The seed's game regions and its tables are parsed here independently of the YAML, so
that a wrong number or a lost paragraph in the data shows up as a difference.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from arbiter.lawbook.errors import LawBookError
from arbiter.lawbook.games import Game, TableRef, load_games, put_in_for

REPO = Path(__file__).resolve().parents[1]
GAMES_DIR = REPO / "laws" / "games"
SEED_NAME = "001_dc97ec05c3a8c8e1.txt"

# The seed's title line for each game, in printed order (Boston's title is lost), and
# the line that ends the last region.
TITLES = {
    "boston": None,
    "boston-de-fontainebleau": "BOSTON DE FONTAINEBLEAU.",
    "french-boston": "FRENCH BOSTON.",
    "russian-boston": "RUSSIAN BOSTON.",
    "german-whist": "GERMAN WHIST.",
    "chinese-whist": "CHINESE WHIST.",
}
END = "WHIST FAMILY LAWS."
# The page furniture before Boston's tail: not part of any game.
CHROME = ["← Table of contents", "Foster's Complete Hoyle",
          "THE WHIST FAMILY. (continued 6)", "Reading edition"]


def norm(text: str) -> str:
    return " ".join(text.split())


# --- numbers as the text prints them -------------------------------------------------

_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
          "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
             "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11,
             "twelfth": 12, "thirteenth": 13}
_TIMES = {"twice": 2, "double": 2, "doubled": 2}


def word_number(word: str) -> int | None:
    """'2,400' -> 2400, 'fifty-two' -> 52, 'twenty-seventh' -> 27, 'twice' -> 2."""
    word = word.lower()
    if re.fullmatch(r"\d[\d,]*", word):
        return int(word.replace(",", ""))
    if "-" in word:
        tens, _, unit = word.partition("-")
        low = word_number(unit)
        return _TENS[tens] + low if tens in _TENS and low is not None and low < 10 else None
    if word in _UNITS:
        return _UNITS.index(word)
    return _TENS.get(word) or _ORDINALS.get(word) or _TIMES.get(word)


def numbers_in(text: str) -> set[int]:
    tokens = re.findall(r"\d[\d,]*\d|\d|[A-Za-z]+(?:-[A-Za-z]+)?", text)
    return {n for n in map(word_number, tokens) if n is not None}


# --- the seed --------------------------------------------------------------------

@pytest.fixture(scope="module")
def regions(seeds_dir: Path) -> dict[str, list[str]]:
    """Game id -> the seed's paragraphs for that game (title line included).

    ``seeds_dir`` (conftest.py) fails when WHIST_SEEDS names a missing directory, and is
    tests/seeds/ when it is unset; a seeds directory without this seed is a failure.
    """
    path = seeds_dir / SEED_NAME
    assert path.is_file(), f"{path} is missing"
    paras = [norm(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert paras[:len(CHROME)] == CHROME, "the seed no longer starts as expected"
    paras = paras[len(CHROME):paras.index(END)]
    out: dict[str, list[str]] = {}
    starts = [0] + [paras.index(title) for title in list(TITLES.values())[1:]] + [len(paras)]
    for game_id, start, stop in zip(TITLES, starts, starts[1:]):
        out[game_id] = paras[start:stop]
    return out


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return load_games(GAMES_DIR)


def rendered(game: Game) -> list[str]:
    """The game as the seed prints it: title, prose, and tables' printed lines."""
    out = [game.source.heading] if game.source.heading else []
    for section in game.sections:
        for item in section.paragraphs:
            out += [item] if isinstance(item, str) else game.table(item.table).printed_lines()
    return [norm(line) for line in out]


def lines_between(region: list[str], after: str, before: str | None, nth: int = 1) -> list[str]:
    """The region's lines after the nth line equal to ``after`` up to one starting ``before``."""
    starts = [i for i, line in enumerate(region) if line == after]
    start = starts[nth - 1] + 1
    stop = next((i for i in range(start, len(region))
                 if before and region[i].startswith(before)), len(region))
    return region[start:stop]


def split_row(line: str, max_values: int) -> tuple[str, list[int]]:
    """'Boston, five tricks 10 20 30 5' -> ('Boston, five tricks', [10, 20, 30, 5])."""
    tokens = line.split()
    values: list[int] = []
    while tokens and tokens[-1].isdigit() and len(values) < max_values:
        values.insert(0, int(tokens.pop()))
    return " ".join(tokens), values


# --- the files -------------------------------------------------------------------

def test_the_six_games_load_with_their_sources(games):
    assert sorted(games) == sorted(TITLES)
    for game_id, game in games.items():
        assert game.source.seed == SEED_NAME
        assert game.source.heading == TITLES[game_id]
    assert games["russian-boston"].variant_of == "boston-de-fontainebleau"


def test_boston_says_it_is_only_a_tail(games):
    boston = games["boston"]
    assert boston.source.heading is None
    assert re.search(r"\btail\b", boston.note) and "reconstructed" in boston.note


# --- prose: every paragraph once, in order ------------------------------------------

@pytest.mark.parametrize("game_id", list(TITLES))
def test_every_yaml_paragraph_is_in_its_region(games, regions, game_id):
    region = set(regions[game_id])
    missing = [p for p in games[game_id].paragraphs() if norm(p) not in region]
    assert missing == []


@pytest.mark.parametrize("game_id", list(TITLES))
def test_every_region_paragraph_is_in_the_yaml_once_in_order(games, regions, game_id):
    ours, theirs = rendered(games[game_id]), regions[game_id]
    assert len(ours) == len(theirs)
    assert [p for p in theirs if p not in ours] == []
    assert ours == theirs


def test_paragraph_counts(regions):
    """Pins the regions themselves, so a mis-split seed cannot pass unnoticed."""
    assert {k: len(v) for k, v in regions.items()} == {
        "boston": 29, "boston-de-fontainebleau": 70, "french-boston": 59,
        "russian-boston": 6, "german-whist": 8, "chinese-whist": 15}


@pytest.mark.parametrize("game_id", list(TITLES))
def test_section_headings_are_the_printed_lead_ins(games, game_id):
    for section in games[game_id].sections:
        if section.heading is not None:
            assert re.fullmatch(r"[A-Z][A-Z ]+[A-Z]\.?", section.heading)
            assert section.paragraphs[0].startswith(section.heading)
        for item in section.paragraphs[1:]:
            assert isinstance(item, TableRef) or not re.match(r"[A-Z]{3,}[ .,]", item), item


# --- tables: number by number against the seed -----------------------------------

def test_put_in_for_table(games, regions):
    table = games["boston"].table("put-in-for")
    region = regions["boston"]
    assert region[region.index("1 2 3 4 5 6 7 8 9 10 11 12 13") - 1] == table.header[0]
    assert table.columns == [int(n) for n in "1 2 3 4 5 6 7 8 9 10 11 12 13".split()]
    printed = lines_between(region, "1 2 3 4 5 6 7 8 9 10 11 12 13", "If a misère is bid")
    assert len(printed) == len(table.rows) == 9
    for line, row in zip(printed, table.rows):
        label, values = split_row(line, 13)
        assert (row.label, row.key, row.values) == (label, word_number(label), values)
        assert len(values) == row.key
        assert table.cells(row.key) == dict(zip(range(1, 14), values))


def test_put_in_for_lookup(games):
    boston = games["boston"]
    assert put_in_for(boston, 5, 1) == 10
    assert put_in_for(boston, 13, 13) == 450
    assert put_in_for(boston, 8, 5) == 70
    with pytest.raises(KeyError):
        put_in_for(boston, 5, 6)


def test_boston_misere_payments(games, regions):
    table = games["boston"].table("misere-payments")
    printed = [m.groups() for line in regions["boston"]
               if (m := re.fullmatch(r"((?:Little|Grand) (?:Misère|Spread)), (\d+) white counters\.",
                                     line))]
    assert len(printed) == len(table.rows) == 4
    assert [(r.label, r.values) for r in table.rows] == [(label, [int(v)]) for label, v in printed]
    assert table.unit == "white counters"
    ratio = games["boston"].rule("misere-payment-ratio").value
    values = [r.values[0] for r in table.rows]
    assert all(high == ratio * low for low, high in zip(values, values[1:]))


FONTAINEBLEAU_COLUMNS = {  # how many numbers a printed row has -> the columns they fill
    4: ["clubs-or-spades", "hearts", "diamonds", "extra-trick"],
    3: ["clubs-or-spades", "hearts", "diamonds"],
    1: ["no-trump"],
}


@pytest.mark.parametrize("name, after, nth, before, count", [
    ("table-1", "♣♠ ♡ ♢", 1, "TABLE No. 2.", 15),
    ("table-2", "♣♠ ♡ ♢", 2, "Why a player", 2),
])
def test_fontainebleau_tables(games, regions, name, after, nth, before, count):
    table = games["boston-de-fontainebleau"].table(name)
    printed = lines_between(regions["boston-de-fontainebleau"], after, before, nth)
    assert len(printed) == len(table.rows) == count
    for line, row in zip(printed, table.rows):
        label, values = split_row(line, 4)
        assert row.label == label
        assert table.cells(row.key) == dict(zip(FONTAINEBLEAU_COLUMNS[len(values)], values))


def test_fontainebleau_table_headers(games, regions):
    region = regions["boston-de-fontainebleau"]
    one, two = games["boston-de-fontainebleau"].table("table-1"), games[
        "boston-de-fontainebleau"].table("table-2")
    start = region.index("TABLE No. 1.")
    assert region[start:start + 3] == [one.title, *one.header]
    start = region.index("TABLE No. 2.")
    assert region[start:start + 3] == [two.title, two.caption, *two.header]


FRENCH_SUITS = {"♠": "spades", "♣": "clubs", "♢": "diamonds", "♡": "hearts"}
FRENCH_SUB_ROWS = {"Three honours": "three-honours", "Four honours": "four-honours",
                   "Each extra trick": "extra-trick"}


def test_french_boston_payments(games, regions):
    table = games["french-boston"].table("payments")
    header = "The Bid. ♠ ♣ ♢ ♡"
    assert table.header == [header]
    columns = [FRENCH_SUITS[s] for s in header.split()[2:]]
    assert table.columns == columns
    printed = lines_between(regions["french-boston"], header, None)
    assert len(printed) == len(table.rows) == 19
    main = None
    for line, row in zip(printed, table.rows):
        label, values = split_row(line, 4)  # "Five tricks alone, or partners’ 8" ends in a digit
        assert row.label == label and len(values) == 4
        assert table.cells(row.key) == dict(zip(columns, values))
        if label in FRENCH_SUB_ROWS:
            assert (row.parent, row.key) == (main, f"{main}/{FRENCH_SUB_ROWS[label]}")
        else:
            assert row.parent is None
            main = row.key
    assert table.row("simple").values == [4, 8, 12, 16]


def test_chinese_whist_deal(games, regions):
    text = " ".join(regions["chinese-whist"])
    patterns = {
        4: r"gives (\w+) cards to each player, one at a time.*?(\w+) more are then dealt to "
           r"each.*?The last \w+ cards are then dealt, (\w+) to each player",
        3: r"WHEN THREE PLAY, (\w+) cards are dealt to each person, and arranged face down; "
           r"then (\w+) more, arranged face up, and then (\w+) to each for down cards",
        2: r"WHEN TWO PLAY, (\w+) cards are dealt to each player, and arranged face down; "
           r"then (\w+) more, arranged face up, and then (\w+) down cards to each",
    }
    table = games["chinese-whist"].table("deal")
    assert [r.key for r in table.rows] == list(patterns)
    for players, pattern in patterns.items():
        printed = [word_number(w) for w in re.search(pattern, text).groups()]
        assert table.row(players).values == printed
    pack = games["chinese-whist"].rule("pack").value
    dealt = {r.key: r.key * sum(r.values) for r in table.rows}
    assert dealt == {4: pack, 3: pack - 1, 2: pack}  # three play without the spade deuce


# --- bids ------------------------------------------------------------------------

def announcement_lines(region: list[str], stop: str) -> list[str]:
    start = next(i for i, p in enumerate(region) if p.startswith("ANNOUNCEMENTS.")) + 1
    end = next(i for i in range(start, len(region)) if region[i].startswith(stop))
    return region[start:end]


@pytest.mark.parametrize("game_id, stop, count", [
    ("boston-de-fontainebleau", "The object of the bidder", 15),
    ("french-boston", "METHOD OF BIDDING.", 12),
])
def test_bid_order_matches_the_announcements(games, regions, game_id, stop, count):
    bids = games[game_id].bids_ranked()
    lines = announcement_lines(regions[game_id], stop)
    assert len(bids) == len(lines) == count
    for rank, (bid, line) in enumerate(zip(bids, lines)):
        assert games[game_id].bid_rank(bid.id) == rank
        if bid.french is not None:
            assert line == f"{bid.call}. {bid.french}."
        else:
            assert re.search(rf"\b{re.escape(bid.call)}\.$", line), (bid.call, line)
        for tricks in (bid.tricks, bid.partner_tricks):
            if tricks is not None:
                assert tricks in numbers_in(line), (tricks, line)
        if bid.object == "lose-all":
            assert "lose every trick" in line
        assert bid.discard == ("discarded a card" in line)
        assert bid.exposed == ("exposed" in line or "sur table" in line)
    for name in ("id", "call"):
        assert len({getattr(b, name) for b in bids}) == len(bids)


def test_fontainebleau_table_1_follows_the_bid_order(games):
    game = games["boston-de-fontainebleau"]
    assert [b.row for b in game.bids_ranked()] == [r.key for r in game.table("table-1").rows]


# --- rules: every number is printed in its quote -------------------------------------

@pytest.mark.parametrize("game_id", list(TITLES))
def test_rule_numbers_are_printed_in_their_quotes(games, regions, game_id):
    game = games[game_id]
    for rule in game.rules:
        assert any(norm(rule.quote) in p for p in regions[game_id]), rule.id
        numbers = ([rule.value] if rule.value is not None else []) + list(
            (rule.values or {}).values()) + list(rule.choices or [])
        if rule.terms is None:
            assert numbers and set(numbers) <= numbers_in(rule.quote), rule.id
    if game.suit_order:
        quote = norm(game.suit_order.quote)
        assert any(quote in p for p in regions[game_id])
        named = [s for s in game.suit_order.highest_first if s != "grand"]
        first_mentions = dict.fromkeys(s for s in re.findall(r"[a-z]+", quote) if s in named)
        assert list(first_mentions) == named
        assert ("grand" in game.suit_order.highest_first) == ("grand" in quote)


def test_brief_numbers(games):
    """The numbers the brief names, as one readable list."""
    fb, fr, ru = games["boston-de-fontainebleau"], games["french-boston"], games["russian-boston"]
    de, zh = games["german-whist"], games["chinese-whist"]
    assert fb.rule("stakes").values == {"largest": 2400, "smallest": 30, "average": 300}
    assert fb.rule("over-trick-rate").value == fb.rule("short-trick-rate").value == 5
    assert fb.rule("pool-contribution").value == 5
    assert fr.rule("pool-contribution").values == {"first_eight_rounds": 10, "last_two_rounds": 20}
    assert fr.rule("deals-per-game").values == {"deals": 40, "simples": 32, "doubles": 8}
    assert fr.rule("diamond-jack").values == {"simple": 2, "double": 4}
    assert fr.rule("partners-slam").values == {"petite": 24, "belle": 48}
    assert ru.rule("carte-blanche").value == 10
    assert ru.rule("partner-extra-tricks").value == 4
    assert ru.rule("piccolissimo-rank").values == {"above_bid_of_tricks": 7, "below_bid_of_tricks": 8}
    assert (de.rule("cards-dealt").value, de.rule("trump-card").value) == (13, 27)
    assert zh.rule("game-points").choices == [5, 7, 10] and zh.rule("usual-game").value == 10


# --- worked examples from the text, computed from the data ---------------------------

def misere_partout_losses(game: Game, tricks: dict[str, int]) -> dict[str, Fraction]:
    """What each loser pays: the rule's formula for the most tricks, shared by a tie."""
    most = max(tricks.values())
    losers = [p for p, t in tricks.items() if t == most]
    total = game.rule("misere-partout-loss").evaluate(
        tricks_taken=most, tricks_not_taken=sum(tricks.values()) - most)
    return {p: Fraction(total, len(losers)) for p in losers}


@pytest.mark.parametrize("tricks, losses", [
    ({"A": 4, "Y": 3, "B": 3, "Z": 3}, {"A": 3}),        # "finds his loss to be 3"
    ({"A": 7, "Y": 2, "B": 2, "Z": 2}, {"A": 15}),       # "a net loss of 15"
    ({"A": 6, "Y": 2, "B": 5, "Z": 0}, {"A": 11}),       # "18-7 = 11"
    ({"A": 5, "Y": 5, "B": 1, "Z": 2}, {"A": Fraction(7, 2), "Y": Fraction(7, 2)}),  # 7 shared
    ({"A": 4, "Y": 4, "B": 4, "Z": 1}, {"A": 1, "Y": 1, "B": 1}),  # "each pay ... a red counter"
])
def test_misere_partout_examples(games, tricks, losses):
    assert misere_partout_losses(games["boston"], tricks) == losses


def test_misere_partout_total_is_the_sum_of_differences(games):
    """'he gives 4 to Y; 1 to B; and 6 to Z' -- the formula equals the differences."""
    tricks = {"A": 6, "Y": 2, "B": 5, "Z": 0}
    differences = {p: tricks["A"] - t for p, t in tricks.items() if p != "A"}
    assert differences == {"Y": 4, "B": 1, "Z": 6}
    assert sum(differences.values()) == misere_partout_losses(games["boston"], tricks)["A"]


def test_fontainebleau_examples(games):
    game = games["boston-de-fontainebleau"]
    one, short = game.table("table-1"), game.rule("short-trick-rate").value
    # "He bids nine hearts, and wins six tricks only. He must pay each adversary 115"
    assert one.value("nine-tricks", "hearts") + (9 - 6) * short == 115
    # seven diamonds with a partner (three more: ten), nine won: "Each pays 135 counters"
    ten = 7 + game.rule("partner-extra-tricks").value
    assert one.value(game.bid("ten-tricks").row, "diamonds") + (ten - 9) * short == 135
    # extra tricks in the table agree with the stated over-trick rate
    assert {one.cells(r.key).get("extra-trick") for r in one.rows} - {None} == {
        game.rule("over-trick-rate").value}
    # largest and smallest hands: what three adversaries pay for the dearest/cheapest bid
    values = [v for r in one.rows for v in r.values if v != one.cells(r.key).get("extra-trick")]
    assert 3 * max(values) == game.rule("stakes").values["largest"]
    assert 3 * min(values) == game.rule("stakes").values["smallest"]


def test_french_boston_misere_example(games):
    """'If a heart is turned ... the payment is 64 ... If a spade ... 16 only.'"""
    table = games["french-boston"].table("payments")
    assert table.value("petite-misere", "hearts") == 64
    assert table.value("petite-misere", "spades") == 16
    rule = games["french-boston"].rule("deals-per-game").values
    assert rule["simples"] + rule["doubles"] == rule["deals"]


# --- a malformed file is reported by file, entry and field ----------------------------

def write_broken(tmp_path: Path, game_id: str, breaks) -> Path:
    data = yaml.safe_load((GAMES_DIR / f"{game_id}.yaml").read_text(encoding="utf-8"))
    breaks(data)
    path = tmp_path / f"{game_id}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _row(data, table, index):
    return next(t for t in data["tables"] if t["name"] == table)["rows"][index]


@pytest.mark.parametrize("game_id, breaks, entry, field", [
    ("boston", lambda d: d.update(colour="red"), "boston", "colour"),
    ("boston", lambda d: d.pop("name"), "boston", "name"),
    ("boston", lambda d: d["tables"][0].pop("reference"), "boston: table put-in-for", "reference"),
    ("boston", lambda d: _row(d, "put-in-for", 0).update(shade=1),
     "boston: table put-in-for: row 5", "shade"),
    ("boston", lambda d: _row(d, "put-in-for", 0)["values"].append(60),
     "boston: table put-in-for: row 5", "values"),
    ("boston", lambda d: _row(d, "put-in-for", 1).update(values=["15"]),
     "boston: table put-in-for: row 6", "values.0"),
    ("french-boston", lambda d: _row(d, "payments", 0)["values"].append(20),
     "french-boston: table payments: row simple", "values"),
    ("boston-de-fontainebleau",
     lambda d: d["bids"]["ranked"][1].update(call=d["bids"]["ranked"][0]["call"]),
     "boston-de-fontainebleau: bid six-tricks", "call"),
    ("boston-de-fontainebleau", lambda d: d["bids"]["ranked"][0].update(row="nowhere"),
     "boston-de-fontainebleau: bid boston", "row"),
    ("russian-boston", lambda d: d["rules"][0].update(quote="receives twenty counters"),
     "russian-boston: rule carte-blanche", "quote"),
    ("chinese-whist", lambda d: d.update(id="chinese"), "chinese", "id"),
])
def test_malformed_file_names_file_entry_and_field(tmp_path, game_id, breaks, entry, field):
    path = write_broken(tmp_path, game_id, breaks)
    with pytest.raises(LawBookError) as caught:
        load_games(tmp_path)
    err = caught.value
    assert (err.file, err.entry, err.field) == (str(path), entry, field)
    assert str(path) in str(err) and entry in str(err) and f"'{field}'" in str(err)


def test_unbroken_copy_loads(tmp_path):
    """The breakage, not the round trip through safe_dump, is what the test above sees."""
    for game_id in TITLES:
        write_broken(tmp_path, game_id, lambda d: None)
    assert sorted(load_games(tmp_path)) == sorted(TITLES)


def test_variant_of_must_name_a_loaded_game(tmp_path):
    write_broken(tmp_path, "russian-boston", lambda d: None)
    with pytest.raises(LawBookError) as caught:
        load_games(tmp_path)
    assert (caught.value.entry, caught.value.field) == ("russian-boston", "variant_of")
