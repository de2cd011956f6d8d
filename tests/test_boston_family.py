"""The Boston family's rules quote Foster's descriptions of the games word for word.

Each entry of laws/boston-family.yaml quotes one paragraph, or one or more whole sentences
of a paragraph, of the description of the game named by its heading (laws/games/*.yaml).
A single altered word fails (``test_an_altered_word_is_caught``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
FAMILY = REPO / "laws" / "boston-family.yaml"
GAMES = REPO / "laws" / "games"


def paragraphs_by_heading() -> dict[str, list[str]]:
    """Each game's prose paragraphs, keyed by its name in capitals ("FRENCH BOSTON")."""
    out = {}
    for path in sorted(GAMES.glob("*.yaml")):
        game = yaml.safe_load(path.read_text(encoding="utf-8"))
        out[game["name"].upper()] = [" ".join(p.split()) for section in game["sections"]
                                     for p in section["paragraphs"] if isinstance(p, str)]
    return out


def entries() -> list[dict]:
    return yaml.safe_load(FAMILY.read_text(encoding="utf-8"))["entries"]


def quoted_in(text: str, paragraphs: list[str]) -> bool:
    """``text`` is a whole paragraph, or whole sentences of one: it begins where the
    paragraph or a sentence begins and ends where the paragraph or a sentence ends."""
    text = " ".join(text.split())
    for p in paragraphs:
        for m in re.finditer(re.escape(text), p):
            starts = m.start() == 0 or re.search(r"[.:;”]\s$", p[:m.start()])
            ends = m.end() == len(p) or (text[-1] in ".”" and p[m.end()] == " ")
            if starts and ends:
                return True
    return False


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e["id"])
def test_every_entry_quotes_its_game_verbatim(entry):
    games = paragraphs_by_heading()
    assert entry["heading"] in games, f"{entry['id']}: no game description is headed {entry['heading']!r}"
    for text in entry["text"]:
        assert quoted_in(text, games[entry["heading"]]), \
            f"{entry['id']}: not a whole paragraph or sentence of {entry['heading']}: {text!r}"


def test_every_entry_decides_something():
    for entry in entries():
        assert entry["kind"] == "rule" and entry.get("rules"), entry["id"]
        assert entry["id"].startswith("boston-family/"), entry["id"]


def test_an_altered_word_is_caught():
    games = paragraphs_by_heading()
    entry = next(e for e in entries() if e["id"] == "boston-family/french-boston-revoke")
    text = entry["text"][0]
    assert quoted_in(text, games["FRENCH BOSTON"])
    assert not quoted_in(text.replace("double the pool", "treble the pool"), games["FRENCH BOSTON"])
    assert not quoted_in(text[:-1], games["FRENCH BOSTON"])          # a sentence cut short
    assert not quoted_in("pay both adversaries.", games["FRENCH BOSTON"])   # begun mid-sentence


def test_the_family_supplements_the_american_code(book):
    assert book.codes["boston-family"].supplements == ("american-1893",)
    ids = {r.id for r in book.rules_of("american-1893")}
    assert "boston-family/french-boston-revoke#double-and-pay" in ids
