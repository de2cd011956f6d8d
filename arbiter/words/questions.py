"""The words a referee is asked in, as data: which run of words names a holding, a penalty, a
verb, a thing or a part in the hand (``laws/questions.yaml``, loaded by
:mod:`arbiter.lawbook.questions`). The reader of questions (:mod:`arbiter.incident.question`)
is given them; it knows no law itself.

>>> words = QuestionWords.build({("revoke",): ("HOLDING", (("revoke",), ("not_revoke",)))})
>>> words.longest, words.phrases[("revoke",)][0]
(1, 'HOLDING')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

#: A word of a question: a hyphened word is one word ("over-call"), a possessive's "'s" and
#: the marks that part clauses are words of their own.
_WORD = re.compile(r"[A-Za-z0-9♠♥♦♣♡♢♤♧]+(?:-[A-Za-z0-9]+)*|'s\b|[,?;:]")


def split_words(text: str) -> list[str]:
    """The words of a question, or of a phrase the law's list gives, split the same way, so
    that a phrase is found in a question just as it is written."""
    return _WORD.findall(text.replace("’", "'").replace("‘", "'"))

#: The kinds of word a law makes meaningful (the terminals the question's grammar reads).
KINDS = ("HOLDING", "PENALTY", "VERB", "THING", "ROLE", "FILLER")


@dataclass(frozen=True, eq=False)
class QuestionWords:
    """Runs of words (lower case), each with its kind and what it names (or, where the same
    words are of several kinds, ``{kind: what}``). One table is one table: compared, and
    hashed, by identity, so that what was read with it can be remembered."""

    phrases: dict[tuple[str, ...], tuple[str, Any]]
    longest: int

    @classmethod
    def build(cls, phrases: dict[tuple[str, ...], tuple[str, Any]]) -> "QuestionWords":
        return cls(dict(phrases), max((len(p) for p in phrases), default=0))


#: No words at all: a question is then read only as far as the reader's own words go.
NO_WORDS = QuestionWords({}, 0)
