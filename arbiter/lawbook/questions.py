"""The words of a referee's questions (``laws/questions.yaml``), loaded and checked.

Each holding named must be one some rule of the book makes (or a fact the engine draws from a
right: ``entitled``, ``forfeited``, ``barred``, ``demand_stands``, ``demand_refused``), each
penalty one the notation's ``demands`` knows, so that a word in the file never silently asks
about nothing.

>>> from arbiter.lawbook import load_lawbook
>>> words = question_words(load_lawbook())
>>> words.phrases[("misdeal",)][0]
'HOLDING'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..support.resources import laws_dir
from ..words.phrases import words_of
from ..words.questions import KINDS, QuestionWords, split_words
from ..words.vocabulary import PENALTIES, penalty_key
from .errors import LawBookError
from .model import LawBook
from .rules import PENALTY_FACT
from .yamlio import read_plain

#: Facts drawn from rights and demands that a question may ask about, besides the holdings.
RIGHT_FACTS = frozenset(PENALTY_FACT.values()) | {"demand_stands", "demand_refused"}

#: The sections of the file, and the kind of word each gives.
_SECTIONS = {"holdings": "HOLDING", "penalties": "PENALTY", "verbs": "VERB", "things": "THING", "roles": "ROLE",
             "fillers": "FILLER"}


def question_words(book: LawBook, path: Path | None = None) -> QuestionWords:
    """The words of questions, read once per law book (from ``laws/questions.yaml``)."""
    key = ("question-words", str(path))
    if key not in book.cache:
        book.cache[key] = load_question_words(book, path or laws_dir() / "questions.yaml")
    return book.cache[key]


def load_question_words(book: LawBook, path: Path) -> QuestionWords:
    raw = read_plain(path)
    if not isinstance(raw, dict) or set(raw) - set(_SECTIONS):
        raise LawBookError(path, f"must map some of {', '.join(_SECTIONS)}")
    made = {c.ruling.split("(")[0] for code in book.codes for law in book.entries_of(code)
            for rule in law.rules for c in rule.then if c.ruling} | RIGHT_FACTS
    phrases: dict[tuple[str, ...], tuple[str, Any]] = {}

    def put(words: Any, kind: str, value: Any, entry: str) -> None:
        if not isinstance(words, list) or not all(isinstance(w, str) and words_of(w) for w in words):
            raise LawBookError(path, "words must be a list of phrases", entry=entry)
        for phrase in words:
            key = tuple(w.lower() for w in split_words(phrase))
            old = phrases.get(key)
            if old is None:
                phrases[key] = (kind, value)
            elif isinstance(old[1], dict) and kind not in old[1]:
                old[1][kind] = value
            elif not isinstance(old[1], dict) and old[0] != kind:
                phrases[key] = (old[0], {old[0]: old[1], kind: value})
            else:
                raise LawBookError(path, f"{phrase!r} is listed twice as a {kind.lower()} word", entry=entry)

    for n, item in enumerate(raw.get("holdings") or [], 1):
        entry = f"holdings #{n}"
        if not isinstance(item, dict) or not {"words"} <= set(item) <= {"words", "held", "contrary", "contrary_first",
                                                                        "of_the_claimant"}:
            raise LawBookError(path, "a holding's words have `words`, and `held` or `contrary` (and `contrary_first`, "
                                     "`of_the_claimant`)", entry=entry)
        yes, no = tuple(item.get("held") or ()), tuple(item.get("contrary") or ())
        first = item.get("contrary_first", False)
        claimant = item.get("of_the_claimant", False)
        for name, flag in (("contrary_first", first), ("of_the_claimant", claimant)):
            if not isinstance(flag, bool):
                raise LawBookError(path, f"{name} is true or false", entry=entry, field=name)
        unknown = [name for name in yes + no if name not in made]
        if unknown:
            raise LawBookError(path, f"no rule holds {unknown[0]!r}", entry=entry,
                               field="held" if unknown[0] in yes else "contrary")
        put(item["words"], "HOLDING", (yes, no, first, claimant), entry)
    for key, words in (raw.get("penalties") or {}).items():
        if penalty_key(key) not in PENALTIES:
            raise LawBookError(path, f"no penalty {key!r} in the notation's demands", entry=f"penalties.{key}")
        put(words, "PENALTY", penalty_key(key), f"penalties.{key}")
    for section in ("verbs", "things", "roles"):
        for key, words in (raw.get(section) or {}).items():
            put(words, _SECTIONS[section], str(key), f"{section}.{key}")
    put(raw.get("fillers") or [], "FILLER", None, "fillers")
    assert all(kind in KINDS for kind, _ in phrases.values())
    return QuestionWords.build(phrases)
