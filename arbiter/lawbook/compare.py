"""Two laws side by side, and the word-level difference between two printings.

Foster and Cavendish print the same Club Code with small differences ("face upwards" and
"face upward", a reference in brackets where the other has a footnote). A word diff shows
exactly those; for two laws of different codes the words differ wholesale and the useful
view is the two texts side by side, with the words they share.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Literal

from .model import Law, LawBook

Op = Literal["equal", "delete", "insert", "replace"]


@dataclass(frozen=True)
class WordChange:
    op: Op
    left: str
    right: str


@dataclass(frozen=True)
class Comparison:
    left: Law
    right: Law
    same_law: bool                  # two printings of one law
    changes: tuple[WordChange, ...]
    shared_topics: tuple[str, ...]

    @property
    def identical(self) -> bool:
        return all(c.op == "equal" for c in self.changes)

    @property
    def differences(self) -> list[WordChange]:
        return [c for c in self.changes if c.op != "equal"]

    def similarity(self) -> float:
        """Share of words in common, 0 to 1."""
        equal = sum(len(c.left.split()) for c in self.changes if c.op == "equal")
        left = sum(len(c.left.split()) for c in self.changes)
        right = sum(len(c.right.split()) for c in self.changes)
        total = max(left, right, 1)
        return round(equal / total, 3)


def tokens(text: str) -> list[str]:
    """Words with their punctuation attached, so "upwards," differs from "upward,"."""
    return re.sub(r"\s+", " ", text).strip().split(" ")


def word_diff(left: str, right: str) -> tuple[WordChange, ...]:
    a, b = tokens(left), tokens(right)
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    return tuple(
        WordChange(op, " ".join(a[i1:i2]), " ".join(b[j1:j2]))
        for op, i1, i2, j1, j2 in matcher.get_opcodes()
    )


def compare(book: LawBook, left_ref: str, right_ref: str, exact: bool = False) -> Comparison:
    """Compare two entries; unless ``exact``, typography is not counted as a difference."""
    left, right = book.law(left_ref), book.law(right_ref)
    same = left.local_id == right.local_id and right.code in book.editions(left.code)
    prepare = (lambda law: law.text) if exact else (lambda law: plain(law.text))
    return Comparison(
        left=left, right=right, same_law=same,
        changes=word_diff(prepare(left), prepare(right)),
        shared_topics=tuple(t for t in left.topics if t in right.topics),
    )


def plain(text: str) -> str:
    """The words without the printer's marks: footnote markers, italics, dash and quote forms.

    >>> plain("exposed[22] cards:--  _i.e._, ‘it’")
    "exposed cards:— i.e., 'it'"
    """
    text = re.sub(r"\[\d+\]", "", text).replace("_", "").replace("--", "—")
    text = text.replace("‘", "'").replace("’", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", text).strip()


def compare_codes(book: LawBook, left_code: str, right_code: str,
                  exact: bool = False) -> list[Comparison]:
    """Every entry the two codes share by number, compared, in the left code's order."""
    right_ids = {law.local_id: law.id for law in book.entries_of(right_code)}
    return [compare(book, law.id, right_ids[law.local_id], exact)
            for law in book.entries_of(left_code) if law.local_id in right_ids]
