"""How the law search reads a query: the codes it names, its words and their synonyms.

A reader writes "penalty for revoke in American code", not a search expression. Read word
by word, longest match first:

- a code's name (``laws/search.yaml``'s ``codes``, or a code's id, typed as one token or as
  words) narrows the search to the codes it names and is not itself searched for;
- a small word or a question word (:data:`STOPWORDS`: "what happens if someone", "the",
  "code") is left out; if nothing else is left, the words are searched as typed. A
  question word of ``questions`` ("who") brings the words of its answer ("player",
  "dealer"), sought beside the query's words in a law's first sentence;
- each other word, or a phrase of ``synonyms`` ("having none"), is one :class:`Concept`,
  searched in all its forms: "exposed" also finds "faced", "revoke" also "renounce".
  Words match on their stems, as the index stems them (:mod:`.searchindex`), so the
  synonym "faced" is also "faces" and "face".

The words that run from the first concept to the last, as typed, are the query's phrase,
which ranks first where it stands in an entry as a whole ("highest or lowest trump").
Every form becomes an FTS5 string in double quotes -- a phrase, to FTS5 -- holding only
letters and digits: whatever the reader types (quotes, ``*``, ``NEAR``, ``-``, ``:``,
parentheses, AND/OR/NOT) is a word or nothing, never FTS5 syntax, never an error.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .model import LawBook
from .searchindex import stems

#: Words that are not what a query is about: function words, question words, and the words
#: every entry would match ("law", "code").
STOPWORDS = frozenset("""
    a an and the of or to in on at by for with as from into onto about over under upon is are
    was were be been being am it its his he him her she they them their we us our you your i me
    my this that these those there here then than so such if when whenever what whats which who
    whom whose why how where does do did done doing has have had having happens happen happened
    happening should would could can may might must shall will someone somebody anyone anybody
    something anything any some s t d ll re ve don doesn didn isn wasn aren hasn haven not
    law laws code codes say tell
""".split())

#: The most concepts a query is read for: enough for any question, bounded for a server.
MAX_CONCEPTS = 24
#: How many words may stand between an answer to a question word and the thing asked
#: about: "the player on the dealer's right cuts" (dealer, 's, right: three).
ANSWER_NEAR = 4
_MAX_WORDS = 200

#: A word, as the index's tokenizer (unicode61) cuts them: letters and digits.
WORD = re.compile(r"[^\W_]+")


def fold(text: str) -> str:
    """Lower case, accents, italics marks and footnote markers removed: the text as the
    index reads it."""
    text = re.sub(r"\[\d+\]", " ", text).replace("_", "")
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def words(text: str) -> list[str]:
    """The words of ``text``, folded; apostrophes and hyphens separate words, as in the index."""
    return WORD.findall(fold(text))


def query_terms(query: str) -> list[str]:
    """The stems of the query's words, small words left out (all of them, if that leaves
    none). The words only: synonyms and code names are :func:`parse_query`'s."""
    ws = words(query)
    kept = [w for w in ws if w not in STOPWORDS] or ws
    found = stems(kept)
    return [found[w] for w in kept]


@dataclass(frozen=True)
class Concept:
    """One thing the query asks about: the reader's word (or phrase), and every form of it
    searched for, the reader's own first."""

    words: tuple[str, ...]
    forms: tuple[tuple[str, ...], ...]

    def expression(self) -> str:
        return "(" + " OR ".join(quoted(f) for f in self.forms) + ")"


@dataclass(frozen=True)
class Query:
    """A query as the search reads it."""

    text: str
    concepts: tuple[Concept, ...]
    codes: tuple[str, ...]          # the codes it names ("American"): () for every code
    phrase: tuple[str, ...]         # the words that, standing together, rank first
    ignored: tuple[str, ...]        # the small and question words left out
    answers: tuple[tuple[str, ...], ...] = ()   # the words of an answer to its question word ("who": player…)

    def expression(self) -> str:
        return " OR ".join(c.expression() for c in self.concepts)

    def answered(self) -> str:
        """An FTS5 expression for a sentence that answers the query's question: one of its
        answers within :data:`ANSWER_NEAR` words of one of its concepts' forms as written
        ("the player on the dealer's right cuts"); "" if it asks no question."""
        return " OR ".join(f"NEAR({quoted(a)} {quoted(f)}, {ANSWER_NEAR})"
                           for a in self.answers for c in self.concepts for f in c.forms)

    def defined(self, markers: tuple[tuple[str, ...], ...]) -> str:
        """An FTS5 expression for a sentence that defines one of the query's concepts: the
        words of a definition (``markers``) just before or after one of its forms ("It is
        a misdeal", "A revoke is a renounce")."""
        return " OR ".join(f"NEAR({quoted(m)} {quoted(f)}, 1)"
                           for m in markers for c in self.concepts for f in c.forms)

    def terms(self) -> tuple[str, ...]:
        """Every form searched, stemmed, for highlighting: a word's stem, or a phrase's
        stems joined by spaces (see :func:`highlight_spans`)."""
        forms = [f for c in self.concepts for f in c.forms]
        found = stems(w for f in forms for w in f)
        return tuple(dict.fromkeys(" ".join(found[w] for w in f) for f in forms))


def quoted(words: tuple[str, ...]) -> str:
    """An FTS5 string, which is a phrase: the words are letters and digits only, so there is
    never a quote inside to double."""
    return '"' + " ".join(words) + '"'


@dataclass(frozen=True)
class _Vocabulary:
    """``laws/search.yaml`` and the codes' ids, stemmed as the index stems."""

    names: dict[tuple[str, ...], tuple[str, ...]]
    synonyms: dict[tuple[str, ...], tuple[tuple[str, ...], ...]]
    longest: int
    questions: dict[str, tuple[tuple[str, ...], ...]]


def _vocabulary(book: LawBook) -> _Vocabulary:
    cached = book.cache.get("search_vocabulary")
    if isinstance(cached, _Vocabulary):
        return cached
    given = book.search_words
    named: dict[tuple[str, ...], list[str]] = {}
    for code in book.codes:                      # "english-1864-foster" typed as words
        named.setdefault(tuple(words(code)), []).append(code)
    for name, codes in given.code_names.items():
        for code in codes:
            if code not in named.setdefault(name, []):
                named[name].append(code)
    phrases = list(named) + [f for group in given.synonyms for f in group]
    found = stems(w for p in phrases for w in p)

    def stemmed(p: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(found[w] for w in p)

    synonyms = {stemmed(f): group for group in given.synonyms for f in group}
    vocabulary = _Vocabulary(names={stemmed(n): tuple(c) for n, c in named.items()},
                             synonyms=synonyms, longest=max(map(len, phrases), default=1),
                             questions={" ".join(q): a for q, a in given.questions.items()})
    book.cache["search_vocabulary"] = vocabulary
    return vocabulary


def parse_query(book: LawBook, query: str) -> Query:
    """What ``query`` asks for: the codes it names, its concepts with their synonyms, the
    phrase that ranks first, and the words left out."""
    vocabulary = _vocabulary(book)
    named: list[str] = []

    def code_id(m: re.Match) -> str:       # an id as typed: one token with its hyphens
        token = m.group().strip("-").lower()
        if "-" in token and token in book.codes:
            named.append(token)
            return " , "
        return m.group()

    rest = re.sub(r"[A-Za-z0-9-]+", code_id, query)
    ws = words(rest)[:_MAX_WORDS]
    stemmed = stems(ws)
    ss = [stemmed[w] for w in ws]
    roles: list[str] = []                     # per word: name, ignored, or concept
    concepts: list[Concept] = []
    ignored: list[str] = []
    answers: list[tuple[str, ...]] = []
    i = 0
    while i < len(ws):
        for k in range(min(vocabulary.longest, len(ws) - i), 0, -1):
            key = tuple(ss[i:i + k])
            if key in vocabulary.names:
                named.extend(c for c in vocabulary.names[key] if c not in named)
                roles += ["name"] * k
                break
            if key in vocabulary.synonyms and (k > 1 or ws[i] not in STOPWORDS):
                own = tuple(ws[i:i + k])
                forms = (own,) + tuple(f for f in vocabulary.synonyms[key] if f != own)
                concepts.append(Concept(own, forms))
                roles += ["concept"] * k
                break
        else:
            k = 1
            if ws[i] in STOPWORDS:
                ignored.append(ws[i])
                roles.append("ignored")
                answers += [a for a in vocabulary.questions.get(ws[i], ()) if a not in answers]
            else:
                concepts.append(Concept((ws[i],), ((ws[i],),)))
                roles.append("concept")
        i += k

    concepts = _distinct(concepts)
    if not concepts:          # only small words, or only a code's name: search them as typed
        every = words(query)[:_MAX_WORDS]
        return Query(query, tuple(_distinct([Concept((w,), ((w,),)) for w in every]))[:MAX_CONCEPTS],
                     (), tuple(every) if len(every) > 1 else (), ())
    held = [n for n, role in enumerate(roles) if role == "concept"]
    span = range(held[0], held[-1] + 1)
    phrase = tuple(ws[n] for n in span) if len(span) > 1 and all(roles[n] != "name" for n in span) else ()
    return Query(query, tuple(concepts[:MAX_CONCEPTS]), tuple(named), phrase, tuple(ignored), tuple(answers))


def _distinct(concepts: list[Concept]) -> list[Concept]:
    """One concept for "revoke revoking": the same forms, stemmed, are the same concept."""
    found = stems(w for c in concepts for f in c.forms for w in f)
    seen: set[frozenset] = set()
    out = []
    for c in concepts:
        key = frozenset(tuple(found[w] for w in f) for f in c.forms)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


