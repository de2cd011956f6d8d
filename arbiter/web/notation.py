"""The notation page's listing in parts: the text ``arbiter notation`` prints, read back by
its indentation into sections (a title at the margin), entries (a form two spaces in) and
their details (six spaces in), so the page can give contents and a search while showing
exactly what the command prints."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache


@dataclass
class Entry:
    """One word of the notation: its forms (``leads CARD…``) and what is said of it."""

    head: str
    details: list[str] = field(default_factory=list)

    @property
    def words(self) -> str:
        """Everything the entry says, lower-cased: what a search is matched against (the
        page's script matches the same text, kept in the entry's ``data-words``)."""
        return " ".join([self.head, *self.details]).lower()


@dataclass
class Section:
    id: str
    title: str
    entries: list[Entry] = field(default_factory=list)

    @property
    def short(self) -> str:
        """The title without its parenthesis, for the contents."""
        return self.title.split(" (", 1)[0].rstrip()


@lru_cache(maxsize=1)
def listing() -> str:
    """What ``arbiter notation`` prints: made once per process."""
    from ..guide import as_text, vocabulary

    return as_text(vocabulary())


def sections(text: str) -> list[Section]:
    """The listing's sections in order, each with an id made from its title's first words
    (``Statements: ACTOR verb …`` is ``statements``)."""
    out: list[Section] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if not line.startswith(" "):
            out.append(Section(_anchor(line, {s.id for s in out}), line))
        elif line.startswith("      ") and out and out[-1].entries:
            out[-1].entries[-1].details.append(line.strip())
        elif out:
            out[-1].entries.append(Entry(line.strip()))
    return out


def matching(found: list[Section], query: str) -> list[Section]:
    """The sections and entries where every word of ``query`` occurs (any case); the
    sections with none are left out."""
    terms = query.lower().split()
    kept = [Section(s.id, s.title, [e for e in s.entries if all(t in e.words for t in terms)]) for s in found]
    return [s for s in kept if s.entries]


def _anchor(title: str, taken: set[str]) -> str:
    """``Header lines`` -> ``header-lines``; ``about NAME: the holdings…`` -> ``about-name``."""
    words = re.split(r"[:(]", title, maxsplit=1)[0]
    anchor = "-".join(re.findall(r"[a-z0-9]+", words.lower())) or "section"
    while anchor in taken:
        anchor += "-more"
    return anchor


#: The sections whose words an incident is written in (``about`` names a holding, not a word).
_WRITTEN = ("header-lines", "moments", "statements", "claims", "penalties", "scores", "places", "acts")


def words_of(found: list[Section]) -> dict[str, list[str]]:
    """The words the editor colours, by kind: the first word of a header line, the verb of a
    statement, and every other word the notation's forms use (placeholders such as ``CARD``
    and ``SEAT`` left out)."""
    kinds: dict[str, set[str]] = {"header": set(), "verb": set(), "word": set()}
    for section in found:
        if section.id not in _WRITTEN:
            continue
        for entry in section.entries:
            for form in entry.head.split("  —", 1)[0].split(" | "):
                words = re.findall(r"[a-zè'-]+", form.replace("…", " "))
                if not words:
                    continue
                first = {"header-lines": "header", "statements": "verb"}.get(section.id)
                if first and form.split()[0] == words[0]:
                    kinds[first].add(words[0])
                    words = words[1:]
                kinds["word"].update(words)
    kinds["word"] = {w for w in kinds["word"] if re.search(r"[a-z]", w)} - kinds["header"] - kinds["verb"]
    return {kind: sorted(words) for kind, words in kinds.items()}
