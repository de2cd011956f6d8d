"""Ranked full-text search over every code, on SQLite's FTS5.

Why FTS5: readers ask in their own words ("what happens if someone exposes a card"), and a
well-kept engine already does the hard parts -- tokenizing, Porter stemming ("revoke"
finds revokes, revoking, revoked), accents ("misere" finds misère), BM25 ranking -- in C,
inside Python's own ``sqlite3``. The index (:mod:`.searchindex`) is built in memory once
per law book; the query is read (:mod:`.searchquery`) with what no engine knows, kept as
data in ``laws/search.yaml`` (:mod:`.searchwords`): the codes' names and their old words.

How results are ranked: an entry holding any of the query's concepts (its words, each
with its synonyms) is a result, so a word found nowhere does not sink the others. First
come the entries where the query's words stand together as a phrase, and those that answer
it (a sentence that defines what it asks about, "It is a misdeal"; a first sentence that
names the answer to its question word, "the player on the dealer's right cuts": the words
of ``questions`` and ``definitions`` in ``laws/search.yaml``); then those holding more of
the concepts; among equals, by BM25 -- the heading counting most, then the topics,
then the text and footnotes (:data:`.searchindex.TABLES`), so a law headed THE REVOKE comes
before one that mentions a revoke in passing, and a word found everywhere ("card") counts
for little -- a little less for etiquette, rules and prefaces than for laws
(:data:`KIND_WEIGHT`). ``Hit.score`` is that order as one number: the concepts held, plus
one for the phrase, plus one for an answer, plus the BM25 relevance scaled into 0..1.

Other printings of a code (``edition_of``) are searched only when named or with
``all_printings``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .model import Law, LawBook
from .searchindex import index_of, stem, stems
from .searchquery import STOPWORDS, WORD, Concept, Query, fold, parse_query, query_terms, quoted, words

__all__ = ["STOPWORDS", "Concept", "Hit", "Query", "fold", "highlight_spans", "parse_query",
           "query_terms", "search", "stem", "words"]

#: Weights of BM25 by kind of entry: an etiquette or a preface mentioning the revoke is
#: found, after the laws that rule it.
KIND_WEIGHT = {"law": 1.0, "exception": 0.9, "rule": 0.9, "etiquette": 0.6, "preface": 0.4}


@dataclass(frozen=True)
class Hit:
    """One entry found, with what is needed to show why: its score, the terms to highlight
    and whether the query's words stood in it as a phrase."""

    law: Law
    score: float
    terms: tuple[str, ...]      # the stems searched (a phrase's joined by spaces), rarest first
    phrase: bool                # the query's words stood together as a phrase
    matched: int = 0            # how many of the query's concepts the entry holds
    phrase_term: str = ""       # that phrase, stemmed, as a term of ``terms``

    def snippet(self, width: int = 160) -> str:
        """The words around the best match -- the phrase, else the first of ``terms`` (the
        rarest first) that the text holds -- on one line, cut at word boundaries; a match in
        a footnote is shown as the footnote."""
        notes = " ".join(f"[footnote {n}] {t}" for n, t in self.law.footnotes.items() if t)
        text = re.sub(r"\s+", " ", self.law.text + (" " + notes if notes else ""))
        words = _stemmed_words(text)
        for term in ((self.phrase_term,) if self.phrase_term else ()) + self.terms:
            spans = _spans(words, (term,))
            if spans:
                return _cut(text, max(0, spans[0][0] - width // 3), width)
        return _cut(text, 0, width)


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
    """(start, end) of every word in ``text`` whose stem is one of ``terms``, and of every
    run of words standing as a phrase of ``terms`` (its stems joined by spaces), in order,
    none overlapping."""
    return _spans(_stemmed_words(text), terms)


def _stemmed_words(text: str) -> list[tuple[int, int, str]]:
    """Each word of ``text``: where it starts and ends, and its stem."""
    found = list(WORD.finditer(text))
    folded = [_fold_word(m.group()) for m in found]
    stemmed = stems(folded)
    return [(m.start(), m.end(), stemmed[w]) for m, w in zip(found, folded)]


@lru_cache(maxsize=1 << 16)
def _fold_word(word: str) -> str:
    return fold(word)


def _spans(words: list[tuple[int, int, str]], terms: tuple[str, ...]) -> list[tuple[int, int]]:
    singles = {t for t in terms if " " not in t}
    phrases = [tuple(t.split()) for t in terms if " " in t]
    seq = [w[2] for w in words]
    spans = []
    for i, (start, end, stemmed) in enumerate(words):
        if stemmed in singles:
            spans.append((start, end))
        for p in phrases:
            if tuple(seq[i:i + len(p)]) == p:
                spans.append((start, words[i + len(p) - 1][1]))
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def search(book: LawBook, query: str, code: str | None = None, limit: int | None = 20,
           all_printings: bool = False) -> list[Hit]:
    """Entries holding any of the query's words, best first (see the module's docstring).

    Other printings of a code (editions) repeat its laws, so they are searched only when
    named (with ``code`` or in the query) or asked for with ``all_printings``.
    """
    parsed = parse_query(book, query)
    if not parsed.concepts:
        return []
    codes = _codes(book, parsed, code, all_printings)
    index = index_of(book)
    ranked = index.ranked(parsed.expression(), codes)
    if not ranked:
        return []
    held = dict.fromkeys(ranked, 0)
    for concept in parsed.concepts:
        for eid in (index.matching(concept.expression(), codes) if len(parsed.concepts) > 1 else ranked):
            held[eid] += 1
    in_phrase = index.matching(quoted(parsed.phrase), codes) if parsed.phrase else set()
    answering = _answering(book, index, parsed, codes)
    scores = {}
    for eid, relevance in ranked.items():
        relevance *= KIND_WEIGHT.get(book.entries[eid].kind, 1.0)
        scores[eid] = round(held[eid] + (eid in in_phrase) + (eid in answering) + relevance / (1 + relevance), 4)
    best = sorted(scores, key=lambda eid: (-scores[eid], index.position[eid]))[:limit or None]
    all_terms = parsed.terms()
    rarity = index.frequency(all_terms)
    terms = tuple(sorted(all_terms, key=lambda t: rarity.get(t, 0)))   # phrases count as rare
    phrase_term = " ".join(stems(parsed.phrase)[w] for w in parsed.phrase)
    return [Hit(book.entries[eid], scores[eid], terms, eid in in_phrase, held[eid],
                phrase_term if eid in in_phrase else "") for eid in best]


def _answering(book: LawBook, index, parsed: Query, codes: list[str]) -> set[str]:
    """The entries that answer the query rather than use its words: those with a sentence
    defining one of its concepts ("It is a misdeal"), and, for a question ("who cuts"),
    those whose first sentence names its answer beside the thing asked ("the player on the
    dealer's right cuts")."""
    markers = book.search_words.definitions
    found = index.matching(parsed.defined(markers), codes, tables=("in_definitions",)) if markers else set()
    if parsed.answers:
        found |= index.matching(parsed.answered(), codes, tables=("in_lead_words",))
    return found


def _codes(book: LawBook, parsed: Query, code: str | None, all_printings: bool) -> list[str]:
    if code:
        return [book.code_id(code)]  # UnknownCode, with a suggestion, if it names none
    if parsed.codes:
        chosen = list(parsed.codes)
        if all_printings:
            chosen += [e for c in parsed.codes for e in book.editions(c) if e not in chosen]
        return [c for c in book.codes if c in chosen]
    return [c for c, meta in book.codes.items() if all_printings or not meta.edition_of]
