"""The full-text index of the law book: SQLite's FTS5, in memory, built once per book.

FTS5 ships inside Python's ``sqlite3``; it tokenizes (``unicode61``: letters and digits,
accents removed), stems (Porter's algorithm: "revoking", "revokes", "revoked" are one
word) and ranks (BM25, weighted by column), all in C, far better than matching written by
hand. Each entry is a row of five tables -- its heading, its topics, its wording (text and
footnotes), its first sentence (the law's own statement of what it rules), and the sentences
that define a term ("It is a misdeal", by ``definitions`` in ``laws/search.yaml``) -- each
row with the entry's code, kept to filter on but not searched. Separate tables, not columns
of one, because FTS5's BM25 weighs a column's matches but takes a
word's rarity and the row's length over the whole row: in one table, a law with a long text
would lose the weight its heading gives it, and a heading word would count as rare or common
by the texts ("revoke" found the short laws that mention a revoke before the long one headed
THE REVOKE that sets its penalty). Apart, each is measured against its own kind, and
:data:`TABLES` says how much each counts.

A search highlights the words it found, so Python must stem a word exactly as the index
does: :func:`stem` asks SQLite itself (a scratch FTS5 table and its ``fts5vocab``
instance table give back the tokens of any text), and remembers the answers.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from time import perf_counter
from typing import TYPE_CHECKING

from .model import FOOTNOTE_MARK
from .searchwords import phrase_words

if TYPE_CHECKING:
    from .model import Law, LawBook

TOKENIZE = "porter unicode61 remove_diacritics 2"

#: The tables: each one's weight in the sum, its columns and their weights in its BM25. What
#: an entry is about (its heading, its topics) counts for more than a word of its text; a
#: footnote for a little less.
TABLES = {"in_heading": (3.0, (("heading", 1.0),)),
          "in_definitions": (3.0, (("defining", 1.0),)),
          "in_lead": (1.5, (("lead", 1.0),)),
          "in_topics": (2.0, (("topics", 1.0),)),
          "in_wording": (1.0, (("body", 1.0), ("notes", 0.7)))}

#: Tables searched only to find, never to rank, with the words as written (no stemming):
#: a law's first sentence, where "who cuts" looks for "cuts" itself, the verb as the
#: question has it ("the player on the dealer's right cuts"), not "cutting" or "cut".
AS_WRITTEN = {"in_lead_words": ("lead",)}
TOKENIZE_AS_WRITTEN = "unicode61 remove_diacritics 2"

#: A sentence: up to a full stop, question or exclamation mark that ends it (before a space
#: or the end of the text).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class SearchUnavailable(RuntimeError):
    """This Python's SQLite was built without FTS5."""


def _connect() -> sqlite3.Connection:
    # One connection per index, used under a lock: the web page searches from many threads.
    db = sqlite3.connect(":memory:", check_same_thread=False)
    try:
        db.execute("CREATE VIRTUAL TABLE temp.probe USING fts5(x)")
        db.execute("DROP TABLE temp.probe")
    except sqlite3.OperationalError as exc:
        raise SearchUnavailable(f"this Python's SQLite ({sqlite3.sqlite_version}) has no FTS5, "
                                "which `laws search` needs") from exc
    return db


class _Stemmer:
    """Tokens of any text as FTS5 makes them, from SQLite itself."""

    def __init__(self) -> None:
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._known: dict[str, tuple[str, ...]] = {}

    def tokens(self, words: Iterable[str]) -> dict[str, tuple[str, ...]]:
        wanted = list(dict.fromkeys(words))
        with self._lock:
            missing = [w for w in wanted if w not in self._known]
            if missing:
                if len(self._known) + len(missing) > 100_000:   # fed odd words, it forgets, not grows
                    self._known.clear()
                db = self._db = self._db or self._open()
                with db:
                    db.execute("DELETE FROM s")
                    db.executemany("INSERT INTO s(rowid, w) VALUES (?, ?)", enumerate(missing))
                    found: dict[int, list[str]] = {}
                    for doc, term in db.execute("SELECT doc, term FROM sv ORDER BY doc, offset"):
                        found.setdefault(doc, []).append(term)
                for i, word in enumerate(missing):
                    self._known[word] = tuple(found.get(i, ()))
            return {w: self._known[w] for w in wanted}

    @staticmethod
    def _open() -> sqlite3.Connection:
        db = _connect()
        db.execute(f"CREATE VIRTUAL TABLE s USING fts5(w, tokenize='{TOKENIZE}')")
        db.execute("CREATE VIRTUAL TABLE sv USING fts5vocab(s, 'instance')")
        return db


_STEMMER = _Stemmer()


def stem(word: str) -> str:
    """The index's stem of one word: ``revok`` for revoke, revoking, revoked, revokes."""
    tokens = _STEMMER.tokens([word])[word]
    return tokens[0] if tokens else word.lower()


def stems(words: Iterable[str]) -> dict[str, str]:
    """:func:`stem` of many words at once (one round trip to SQLite for those not yet seen)."""
    return {w: t[0] if t else w.lower() for w, t in _STEMMER.tokens(words).items()}


@dataclass
class SearchIndex:
    """The FTS5 table of one law book, and the ids of its rows."""

    db: sqlite3.Connection
    ids: list[str]
    position: dict[str, int]    # an entry's place in the book: the order among equals
    built_in: float             # seconds, for the benchmark and the curious
    lock: threading.Lock

    def ranked(self, expression: str, codes: list[str]) -> dict[str, float]:
        """Entries of ``codes`` matching an FTS5 ``expression``, each with its relevance:
        the weighted sum of the tables' BM25, turned positive (SQLite's BM25 is the more
        negative, the better)."""
        marks = ",".join("?" * len(codes))
        found: dict[str, float] = {}
        with self.lock:
            for table, (scale, columns) in TABLES.items():
                weights = ", ".join(str(w) for _, w in columns)
                sql = (f"SELECT rowid, bm25({table}, {weights}) FROM {table} "
                       f"WHERE {table} MATCH ? AND code IN ({marks})")
                for rowid, bm25 in self.db.execute(sql, [expression, *codes]):
                    eid = self.ids[rowid]
                    found[eid] = found.get(eid, 0.0) - scale * bm25
        return found

    def matching(self, expression: str, codes: list[str], tables: Iterable[str] = tuple(TABLES)) -> set[str]:
        """The entries of ``codes`` that match ``expression`` in any of ``tables`` (every
        table, unless told), unranked."""
        within = ", ".join(f"?{n}" for n in range(2, len(codes) + 2))
        sql = " UNION ".join(f"SELECT rowid FROM {table} WHERE {table} MATCH ?1 AND code IN ({within})"
                             for table in tables if table in TABLES or table in AS_WRITTEN)
        with self.lock:
            rows = self.db.execute(sql, [expression, *codes]).fetchall()
        return {self.ids[rowid] for (rowid,) in rows}

    def frequency(self, terms: Iterable[str]) -> dict[str, int]:
        """How many entries' wording holds each stemmed word: the rarer, the more telling."""
        wanted = list(dict.fromkeys(terms))
        if not wanted:
            return {}
        marks = ",".join("?" * len(wanted))
        with self.lock:
            rows = self.db.execute(f"SELECT term, doc FROM wording_terms WHERE term IN ({marks})", wanted)
            return dict(rows.fetchall())

    def __reduce__(self):
        """A book pickled after a search keeps no database: the index is built again."""
        return (_Dropped, ())


class _Dropped:
    """What a pickled index becomes: not an index, so :func:`index_of` builds one."""


_BUILDING = threading.Lock()


def index_of(book: LawBook) -> SearchIndex:
    """The book's index, built on first use and kept in ``book.cache``."""
    index = book.cache.get("search_index")
    if isinstance(index, SearchIndex):
        return index
    with _BUILDING:
        index = book.cache.get("search_index")
        if not isinstance(index, SearchIndex):
            index = book.cache["search_index"] = build(book)
    return index


def build(book: LawBook) -> SearchIndex:
    start = perf_counter()
    db = _connect()
    ids = list(book.entries)
    markers = book.search_words.definitions
    contents = [_contents(book.entries[eid], markers) for eid in ids]
    with db:
        for table, (_, columns) in TABLES.items():
            names = ", ".join(name for name, _ in columns)
            marks = ", ".join("?" * (len(columns) + 2))
            db.execute(f"CREATE VIRTUAL TABLE {table} USING fts5({names}, code UNINDEXED, "
                       f"tokenize='{TOKENIZE}')")
            db.executemany(f"INSERT INTO {table}(rowid, {names}, code) VALUES ({marks})",
                           ((i, *held[table], book.entries[eid].code)
                            for i, (eid, held) in enumerate(zip(ids, contents))))
            db.execute(f"INSERT INTO {table}({table}) VALUES ('optimize')")
        for table, written in AS_WRITTEN.items():
            db.execute(f"CREATE VIRTUAL TABLE {table} USING fts5({', '.join(written)}, code UNINDEXED, "
                       f"tokenize='{TOKENIZE_AS_WRITTEN}')")
            db.executemany(f"INSERT INTO {table}(rowid, {', '.join(written)}, code) VALUES "
                           f"({', '.join('?' * (len(written) + 2))})",
                           ((i, *held[table], book.entries[eid].code)
                            for i, (eid, held) in enumerate(zip(ids, contents))))
        db.execute("CREATE VIRTUAL TABLE wording_terms USING fts5vocab(in_wording, 'row')")
    return SearchIndex(db=db, ids=ids, position={e: i for i, e in enumerate(ids)},
                       built_in=perf_counter() - start, lock=threading.Lock())


def _contents(law: Law, markers: tuple[tuple[str, ...], ...] = ()) -> dict[str, tuple[str, ...]]:
    """What each table holds of one entry, column by column."""
    said = sentences(_plain(law.text))
    return {"in_heading": (law.heading or "",),
            "in_definitions": (" ".join(s for s in said if law.kind in DEFINING_KINDS and _defines(s, markers)),),
            "in_lead": (said[0] if said else "",),
            "in_lead_words": (said[0] if said else "",),
            "in_topics": (" ".join(t.replace("-", " ") for t in law.topics),),
            "in_wording": (_plain(law.text), _plain(" ".join(t for t in law.footnotes.values() if t)))}


def sentences(text: str) -> list[str]:
    """The sentences of a text, in order.

    >>> sentences("It is a misdeal-- I. Unless the cards are dealt. II. If...")
    ['It is a misdeal-- I.', 'Unless the cards are dealt.', 'II.', 'If...']
    """
    return [s for s in _SENTENCE_END.split(text.strip()) if s]


#: The kinds of entry whose sentences may define: the codes' own laws. A gloss's "It is a
#: misdeal" is a decision on a case, not what a misdeal is.
DEFINING_KINDS = frozenset({"law", "exception", "rule"})
#: How far into a sentence a definition's words may stand: "It is a misdeal", "A revoke is
#: a renounce"; "If any player has more than the proper number of cards, it is a misdeal" is
#: a ruling on a case, not a definition.
_DEFINED_WITHIN = 2


def _defines(sentence: str, markers: tuple[tuple[str, ...], ...]) -> bool:
    """Whether ``sentence`` defines a term: it opens with the words of a definition
    (``laws/search.yaml``), after at most a term and its article.

    >>> marks = (("it", "is", "a"), ("is", "a"))
    >>> [_defines(s, marks) for s in ("It is a misdeal--", "A revoke is a renounce in error.",
    ...                               "If a player has more cards, it is a misdeal.")]
    [True, True, False]
    """
    held = phrase_words(sentence)
    return any(tuple(held[i:i + len(m)]) == m for m in markers for i in range(_DEFINED_WITHIN + 1))


def _plain(text: str) -> str:
    """Footnote markers out ("left[21]" is the word "left"); italics marks are not
    letters, so the tokenizer drops them itself."""
    return re.sub(r"\s+", " ", FOOTNOTE_MARK.sub(" ", text))
