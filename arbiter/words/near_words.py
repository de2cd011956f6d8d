"""The words a player writes that the notation does not take, and what it writes instead.

The table is data (``near_words.yaml``, beside this module): "Y revokes" is answered that a
revoke is found from the play, "trumps hearts" with ``trump hearts``, "game solo whist" with
``game solo``. It is read only when a line cannot be parsed, so a file that parses never
loads it. This module reads and checks the table and matches a line's words against it;
where on a line a phrase may stand is the parser's to say (arbiter/incident/suggestions.py).

>>> table = near_words()
>>> near = table.match("verb", ["revokes"])
>>> near.write is None, near.because.startswith("a revoke is found from the play")
(True, True)
>>> table.match("line", ["trumps", "hearts"]).write
'trump'
>>> table.match("line", ["revokes"]) is None       # a verb's near-word is not a line's
True
>>> table.numbers["twelve"], table.ranks["ten"], table.suits["hearts"]
(12, '10', 'H')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

TABLE = Path(__file__).with_name("near_words.yaml")

#: Where on a line a near-word may stand: the line's first words, or those after the actor.
PLACES = ("line", "verb")


@dataclass(frozen=True)
class NearWord:
    """A phrase a player may write at ``place``, and the notation's answer to it."""

    place: str
    written: tuple[str, ...]        # the phrase, as lower-case words
    write: str | None               # what to write instead, where one replacement does
    because: str


@dataclass(frozen=True)
class NearWords:
    entries: tuple[NearWord, ...]
    numbers: dict[str, int]
    ranks: dict[str, str]
    suits: dict[str, str]

    def match(self, place: str, words: list[str]) -> NearWord | None:
        """The entry for ``place`` whose phrase the ``words`` begin with, case aside: the
        longest, so that "game misère partout" is not read as "game misère"."""
        lowered = [w.lower() for w in words]
        found = [e for e in self.entries if e.place == place and lowered[:len(e.written)] == list(e.written)]
        return max(found, key=lambda e: len(e.written), default=None)


class NearWordsError(ValueError):
    """The table is malformed: a fault in the package, told with the file and the entry."""


@lru_cache(maxsize=1)
def near_words(path: Path = TABLE) -> NearWords:
    """The table, read once and checked."""
    import yaml

    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return read(raw, str(path))


def read(raw: Any, where: str) -> NearWords:
    """The table from its YAML data, or a NearWordsError naming what is wrong."""
    def fail(message: str) -> NoReturn:
        raise NearWordsError(f"{where}: {message}")

    if not isinstance(raw, dict) or set(raw) != {"near_words", "numbers", "ranks", "suits"}:
        fail("must map `near_words`, `numbers`, `ranks` and `suits`")
    entries = []
    for n, item in enumerate(raw["near_words"] or [], 1):
        if not isinstance(item, dict) or set(item) != {"place", "written", "write", "because"}:
            fail(f"near word #{n} has place, written, write and because")
        if item["place"] not in PLACES:
            fail(f"near word #{n}: place is one of {', '.join(PLACES)}")
        written = item["written"]
        if not isinstance(written, list) or not written or not all(isinstance(w, str) and w.split() for w in written):
            fail(f"near word #{n}: written is a list of phrases")
        if item["write"] is not None and not (isinstance(item["write"], str) and item["write"].strip()):
            fail(f"near word #{n}: write is words or null")
        if not isinstance(item["because"], str) or not item["because"].strip():
            fail(f"near word #{n}: because says why")
        for phrase in written:
            entries.append(NearWord(item["place"], tuple(phrase.lower().split()), item["write"],
                                    " ".join(item["because"].split())))
    for name, kind in (("numbers", int), ("ranks", str), ("suits", str)):
        table = raw[name]
        if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(v, kind) for k, v in table.items()):
            fail(f"`{name}` maps words to {'numbers' if kind is int else 'letters'}")
    return NearWords(tuple(entries), dict(raw["numbers"]), {k: str(v) for k, v in raw["ranks"].items()},
                     dict(raw["suits"]))
