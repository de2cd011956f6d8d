"""Reading the source texts independently of how ``laws/`` was made.

The fidelity tests compare the YAML with the seeds through this module only, so it is kept
deliberately simple: cut out a code's region by the markers its ``source`` names, drop page
numbers and headings, split off the FOOTNOTES blocks, and read the number or Roman label
at the head of each paragraph.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

PAGE = re.compile(r"\{\d+\}")
PREFIX = re.compile(r"^(\d+)\.(?:--|\s)\s*|^(I|II|III|IV|V|VI|VII)\.\s+")
INLINE_LABEL = re.compile(r"(?<=\.) (I|II|III|IV|V|VI|VII)\. (?=[A-Z])")
FOOTNOTE = re.compile(r"^\[(\d+)\]\s+(.*)$")


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", PAGE.sub(" ", text)).strip()


@dataclass
class Region:
    paragraphs: list[str] = field(default_factory=list)   # body text, prefixes stripped
    prefixes: list[str] = field(default_factory=list)     # "72", "I", ... in printed order
    footnotes: dict[int, str] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)        # every paragraph as printed


def region(seed: Path, begins: str, ends: str | None) -> list[str]:
    lines = seed.read_text(encoding="utf-8").splitlines()
    start = lines.index(begins) + 1
    stop = lines.index(ends, start) if ends else len(lines)
    return [p for p in (norm(line) for line in lines[start:stop]) if p]


def read_region(seed: Path, begins: str, ends: str | None, headings: set[str]) -> Region:
    """Split a region into body paragraphs and footnotes; ``headings`` are dropped."""
    out = Region()
    in_footnotes = False
    current = None
    for p in region(seed, begins, ends):
        out.lines.append(p)
        if p == "FOOTNOTES:":
            in_footnotes = True
            continue
        if p.rstrip(".") in headings:
            in_footnotes = False
            continue
        if in_footnotes:
            m = FOOTNOTE.match(p)
            if m:
                current = int(m.group(1))
                out.footnotes[current] = m.group(2)
            else:
                out.footnotes[current] += "\n\n" + p
            continue
        m = PREFIX.match(p)
        if m:
            out.prefixes.append(m.group(1) or m.group(2))
            p = p[m.end():]
        pieces = INLINE_LABEL.split(p)
        out.paragraphs.append(pieces[0])
        for label, text in zip(pieces[1::2], pieces[2::2]):
            out.prefixes.append(label)
            out.paragraphs.append(text)
    return out
