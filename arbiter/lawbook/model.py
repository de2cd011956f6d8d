"""The law book as the rest of whist-arbiter sees it: codes, entries, and their links.

The YAML says what is printed; this module adds what is derived from it once everything
is loaded: who refers to a law, which laws in other codes treat the same subject, and
which variant exceptions modify it. Those links are computed, never written twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..support.names import name_key, quoted
from .records import ConcordanceGroup, GameData, Paragraph, Source
from .searchwords import SearchWords

if TYPE_CHECKING:
    from .games import Game

FOOTNOTE_MARK = re.compile(r"\[(\d+)\]")


@dataclass(frozen=True)
class Law:
    """One printed entry of a code: a law, an interlined exception, a rule of etiquette."""

    id: str
    code: str
    kind: str
    number: int | str | None
    heading: str | None
    paragraphs: tuple[Paragraph, ...]
    footnotes: dict[int, str | None]
    see: tuple[str, ...]
    topics: tuple[str, ...]
    games: tuple[str, ...] = ()
    modifies: tuple[str, ...] = ()
    note: str | None = None
    referenced_by: tuple[str, ...] = ()
    concordance: tuple[str, ...] = ()
    exceptions: tuple[str, ...] = ()
    rules: tuple = ()                    # arbiter.lawbook.rules.Rule, the machine-readable part
    text_only: str | None = None
    cited_as: str | None = None          # the label given in the data, if any

    @property
    def local_id(self) -> str:
        """The part of the id after the code: ``72``, ``30a``, ``dummy/II``."""
        return self.id.split("/", 1)[1]

    @property
    def label(self) -> str:
        """How a reader would cite it: ``Law 72``, ``Dummy II``, ``Etiquette 3``, or the label the data gives."""
        if self.cited_as:
            return self.cited_as
        local = self.local_id
        if re.fullmatch(r"\d+", local):
            return f"Law {local}"
        interlined = re.fullmatch(r"(\d+)([a-z])", local)
        if interlined:   # Foster's unnumbered paragraphs: not "Law 30a", which the book never prints
            return f"Law {interlined.group(1)}, interlined paragraph ({interlined.group(2)})"
        words = " ".join(local.replace("-", " ").split("/")).split()
        return " ".join(w[:1].upper() + w[1:] for w in words)

    @property
    def text(self) -> str:
        """The whole text as one string, paragraphs separated by blank lines."""
        return "\n\n".join(
            f"{p.label}. {p.text}" if p.label else p.text for p in self.paragraphs
        )

    def paragraph(self, label: str) -> Paragraph:
        """A numbered sub-paragraph, by its Roman label (``IV`` or ``iv``)."""
        for p in self.paragraphs:
            if p.label and p.label.upper() == label.upper():
                return p
        raise KeyError(f"{self.id} has no paragraph {label}")

    @property
    def footnote_markers(self) -> list[int]:
        """The footnote numbers marked in the text, in order of appearance."""
        return [int(m) for p in self.paragraphs for m in FOOTNOTE_MARK.findall(p.text)]


@dataclass(frozen=True)
class Code:
    id: str
    title: str
    description: str
    source: Source
    number_style: str
    games: tuple[str, ...]
    edition_of: str | None
    notes: tuple[str, ...]
    entry_ids: tuple[str, ...]
    supplements: tuple[str, ...] = ()


@dataclass
class LawBook:
    """Every code, entry, concordance group and game, with lookups between them."""

    codes: dict[str, Code]
    entries: dict[str, Law]
    topics: dict[str, str]
    concordance_groups: list[ConcordanceGroup]
    games: dict[str, GameData]
    descriptions: dict[str, "Game"] = field(default_factory=dict)   # laws/games/<id>.yaml
    scoring: dict[str, dict] = field(default_factory=dict)          # laws/scoring.yaml, checked
    _aliases: dict[str, str] = field(default_factory=dict)
    search_words: SearchWords = field(default_factory=SearchWords)  # laws/search.yaml
    #: Derived data kept for the life of the book (e.g. the search index), built on demand.
    cache: dict = field(default_factory=dict, repr=False, compare=False)

    def law(self, ref: str) -> Law:
        """An entry by id (``english-1864/72``) or by code and number (``english-1864 72``)."""
        key = self.normalise_ref(ref)
        try:
            return self.entries[key]
        except KeyError:
            raise UnknownLaw(ref, self) from None

    def normalise_ref(self, ref: str) -> str:
        """One spelling for the ways a reader names an entry: ``English-1864 072``,
        ``english-1864/72/``, ``english-1864 dummy ii``, ``english-revised dummy II`` (whose
        Dummy laws are numbered 1–4) all find their entry."""
        ref = ref.strip().strip("/")
        parts = [p for p in re.split(r"[/\s]+", ref) if p]
        if not parts:
            return ref
        code = name_key(parts[0])
        if code not in self.codes:
            return ref
        local = []
        for i, p in enumerate(parts[1:]):
            p = p.lower()
            if i == 0 and re.fullmatch(r"0*\d+[a-z]?", p):
                p = p.lstrip("0") or "0"
            local.append(p)
        if len(local) == 2 and local[0] == "dummy":
            local[1] = self._dummy_number(code, local[1])
        return "/".join([code] + local)

    def _dummy_number(self, code: str, number: str) -> str:
        """Dummy's laws are I–III in one code and 1–4 in another: accept either."""
        romans = ["i", "ii", "iii", "iv", "v"]
        figures = {str(i): roman for i, roman in enumerate(romans, 1)}     # looked up, never int(): "²" is a digit
        ids = {law.local_id for law in self.entries_of(code)}
        for candidate in (number.upper(), number,
                          figures[number].upper() if number in figures else None,
                          str(romans.index(number) + 1) if number in romans else None):
            if candidate and f"dummy/{candidate}" in ids:
                return candidate
        return number.upper() if number in romans else number

    def code_id(self, name: str) -> str:
        """The id of the code ``name`` names, however it is spelt (``ENGLISH-1864``,
        `` english-1864 ``: :func:`~arbiter.support.names.name_key`); UnknownCode, with the
        nearest code, if it names none."""
        key = name_key(name)
        if key not in self.codes:
            raise UnknownCode(name, self)
        return key

    def entries_of(self, code: str, kinds: tuple[str, ...] | None = None) -> list[Law]:
        code = self.code_id(code)
        laws = [self.entries[i] for i in self.codes[code].entry_ids]
        return [law for law in laws if kinds is None or law.kind in kinds]

    def numbered_laws(self, code: str) -> list[Law]:
        """The numbered laws of a code, in order (not exceptions, etiquette or prefaces)."""
        return [law for law in self.entries_of(code, ("law",)) if isinstance(law.number, int)]

    def game(self, name: str) -> GameData:
        """A game by its id or an alias, however it is spelt (as :meth:`code_id`)."""
        key = self._aliases.get(name_key(name), name_key(name))
        if key not in self.games:
            raise KeyError(name)
        return self.games[key]

    def rules_of(self, code: str) -> list:
        """Every rule that rules under a code: its own, and those of the codes that
        supplement it (the arbitrator's principles and glosses), in a fixed order (by id)."""
        key = ("rules_of", code)
        if key not in self.cache:   # the same list each time: the engine plans its order once per list
            codes = [code] + [c.id for c in self.codes.values() if code in c.supplements]
            self.cache[key] = sorted((r for c in codes for law in self.entries_of(c) for r in law.rules),
                                     key=lambda r: r.id)
        return self.cache[key]

    def rule(self, rule_id: str):
        law_id = rule_id.split("#", 1)[0]
        for r in self.law(law_id).rules:
            if r.id == rule_id:
                return r
        raise KeyError(rule_id)

    def editions(self, code: str) -> list[str]:
        """Other printings of the same code (both directions)."""
        base = self.codes[code].edition_of or code
        return [c for c, meta in self.codes.items()
                if c != code and (c == base or meta.edition_of == base)]


class UnknownLaw(KeyError):
    def __init__(self, ref: str, book: LawBook) -> None:
        self.ref = ref
        code = name_key(ref.replace(" ", "/").split("/", 1)[0])
        if code not in book.codes:
            hint = str(UnknownCode(code, book)).split("; ", 1)[1]
        else:
            numbers = [law.number for law in book.numbered_laws(code)]
            hint = f"{code} has laws {numbers[0]}–{numbers[-1]}" if numbers else ""
            others = [law.local_id for law in book.entries_of(code) if not isinstance(law.number, int)]
            if others:
                hint += " and " + ", ".join(_ranges(others))
            hint += "; see `arbiter laws list " + code + "`"
        shown = ref if len(ref) <= 60 else ref[:57] + "…"
        super().__init__(f"no law {shown!r} ({hint})")

    def __str__(self) -> str:
        return self.args[0]


def _ranges(ids: list[str]) -> list[str]:
    """``etiquette/1 … etiquette/9`` shown as ``etiquette/1–9``."""
    groups: dict[str, list[str]] = {}
    for i in ids:
        head, _, tail = i.rpartition("/")
        groups.setdefault(head, []).append(tail) if head else groups.setdefault(i, [])
    out = []
    for head, tails in groups.items():
        if len(tails) > 2:
            out.append(f"{head}/{tails[0]}–{tails[-1]}")
        else:
            out.extend([f"{head}/{t}" for t in tails] or [head])
    return out


class UnknownCode(KeyError):
    def __init__(self, code: str, book: LawBook) -> None:
        import difflib

        close = difflib.get_close_matches(name_key(code), list(book.codes), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f"; codes are: {', '.join(book.codes)}"
        super().__init__(f"no code {quoted(code)}{hint}")

    def __str__(self) -> str:
        return self.args[0]
