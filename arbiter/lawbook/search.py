"""Ranked full-text search over every code.

A reader searching "revoke" wants the laws *about* the revoke before the laws that merely
mention one, so an entry scores for the query's words in its section heading and topics as
well as in its text; a query of several words scores highest where they stand together as
a phrase. Words match on a crude stem ("revoke" finds "revokes", "revoking", "revoked"),
accents and italics marks are ignored, and only entries holding every word are returned.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass

from .model import Law, LawBook

STOPWORDS = {"a", "an", "and", "the", "of", "or", "to", "in", "is", "be", "it", "his", "he"}
_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")
_SUFFIXES = ("ings", "ing", "ers", "ed", "es", "er", "s", "e")

#: Weights of a match in each place. Heading and topics say what a law is about.
HEADING_WEIGHT = 4.0
TOPIC_WEIGHT = 2.0
PHRASE_WEIGHT = 3.0
KIND_WEIGHT = {"law": 1.0, "exception": 0.9, "rule": 0.9, "etiquette": 0.6, "preface": 0.4}


#: American spellings a reader may type, and the codes' own.
SPELLINGS = {"honor": "honour", "honors": "honours", "favor": "favour", "color": "colour"}


def fold(text: str) -> str:
    """Lower case, accents and italics marks and footnote markers removed, and American
    spellings read as the English codes print them (honor, honour)."""
    text = re.sub(r"\[\d+\]", " ", text).replace("_", "")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return re.sub(r"[a-z]+", lambda m: SPELLINGS.get(m.group(), m.group()), text)


def stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


@dataclass(frozen=True)
class Hit:
    law: Law
    score: float
    terms: tuple[str, ...]      # the stems that matched, for highlighting
    phrase: bool                # the words stood together as a phrase

    def snippet(self, width: int = 160) -> str:
        """The words around the best match (the phrase, else the first word matched), on one
        line, cut at word boundaries; a match in a footnote is shown as the footnote."""
        notes = " ".join(f"[footnote {n}] {t}" for n, t in self.law.footnotes.items() if t)
        text = re.sub(r"\s+", " ", self.law.text + (" " + notes if notes else ""))
        spans = highlight_spans(text, self.terms)
        if not spans:
            return _cut(text, 0, width)
        centre = spans[0][0]
        if self.phrase and len(self.terms) > 1:
            for i in range(len(spans) - len(self.terms) + 1):
                run = spans[i:i + len(self.terms)]
                if run[-1][0] - run[0][1] < 12 * len(self.terms):
                    centre = run[0][0]
                    break
        return _cut(text, max(0, centre - width // 3), width)


def _cut(text: str, start: int, width: int) -> str:
    """``width`` characters from ``start``, moved to word boundaries, with ellipses."""
    if start > 0:
        space = text.rfind(" ", 0, start)
        start = space + 1 if space >= 0 else 0
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start else end
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


def highlight_spans(text: str, terms: tuple[str, ...]) -> list[tuple[int, int]]:
    """(start, end) of every word in ``text`` whose stem is one of ``terms``."""
    spans = []
    for m in re.finditer(r"[A-Za-zÀ-ÿ0-9]+(?:['’][a-z]+)?", text):
        if stem(fold(m.group())) in terms:
            spans.append((m.start(), m.end()))
    return spans


def query_terms(query: str) -> list[str]:
    return [stem(w) for w in words(query) if w not in STOPWORDS] or [stem(w) for w in words(query)]


def search(book: LawBook, query: str, code: str | None = None, limit: int | None = 20,
           all_printings: bool = False) -> list[Hit]:
    """Entries matching every word of ``query``, best first.

    Other printings of a code (editions) repeat its laws, so they are searched only when
    named with ``code`` or asked for with ``all_printings``.
    """
    terms = query_terms(query)
    if not terms:
        return []
    if code:
        book.entries_of(code)  # raises UnknownCode with a suggestion
        codes = [code]
    else:
        codes = [c for c, meta in book.codes.items() if all_printings or not meta.edition_of]
    index = _index(book)
    hits = []
    for code_id in codes:
        for law in book.entries_of(code_id):
            hit = _score(law, index[law.id], terms)
            if hit:
                hits.append(hit)
    hits.sort(key=lambda h: (-h.score, list(book.codes).index(h.law.code),
                             book.codes[h.law.code].entry_ids.index(h.law.id)))
    return hits[:limit] if limit else hits


@dataclass(frozen=True)
class _Indexed:
    stems: list[str]       # the text and footnotes, word by word
    heading: set[str]
    topics: set[str]


def _index(book: LawBook) -> dict[str, _Indexed]:
    """Stems of every entry, computed once per book."""
    if "search_index" not in book.cache:
        book.cache["search_index"] = {
            law.id: _Indexed(
                stems=[stem(w) for w in words(
                    law.text + " " + " ".join(t for t in law.footnotes.values() if t))],
                heading={stem(w) for w in words(law.heading or "")},
                topics={stem(w) for t in law.topics for w in t.split("-")},
            )
            for law in book.entries.values()
        }
    return book.cache["search_index"]


def _score(law: Law, indexed: _Indexed, terms: list[str]) -> Hit | None:
    stems, heading, topics = indexed.stems, indexed.heading, indexed.topics
    score = 0.0
    for term in terms:
        tf = stems.count(term)
        in_heading, in_topics = term in heading, term in topics
        if not (tf or in_heading):
            return None
        score += (1 + math.log(tf) if tf else 0) + HEADING_WEIGHT * in_heading + TOPIC_WEIGHT * in_topics
    phrase = len(terms) > 1 and _has_phrase(stems, terms)
    if phrase:
        score += PHRASE_WEIGHT * len(terms)
    return Hit(law, round(score * KIND_WEIGHT.get(law.kind, 1.0), 3), tuple(terms), phrase)


_STOP_STEMS = {stem(w) for w in STOPWORDS}


def _has_phrase(stems: list[str], terms: list[str]) -> bool:
    content = [s for s in stems if s not in _STOP_STEMS]
    n = len(terms)
    return any(content[i:i + n] == terms for i in range(len(content) - n + 1))
