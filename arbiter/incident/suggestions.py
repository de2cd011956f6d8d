"""What to suggest for a line that cannot be parsed: chosen by what may stand at that place.

Three kinds of help, tried in this order by the parser's error (:mod:`.parser`):

- a **near-word**: words a player writes that the notation does not take ("Y revokes",
  "trumps hearts", "A throws his cards down", "game solo whist"), at the place on the line
  they stand -- the line's first words, or the words after a statement's actor. The table,
  with what to write instead and why, is data (arbiter/words/near_words.yaml);
- a **word that fits**: the words the LALR parser would accept at the error are the only
  candidates; the closest of them are each put in the misspelt word's place and the line
  parsed again on its own, and the one that lets the parser read furthest is offered
  (``A plaies H3``: ``plays``, not ``places``, which would want ``trump card`` next);
- a **card or a number in words** where the notation wants a card or a figure ("the ten of
  hearts": ``H10``; "twelve": ``12``).

>>> near = near_word("  Y revokes", 5)
>>> near.column, near.suggestion is None, "found from the play" in near.problem
(5, True, True)
>>> near_word("trumps hearts", 6).suggestion
'trump hearts'
>>> near_word('  Y says "he revokes"', 10) is None      # inside quotes, not at a place
True
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass

from ..words.near_words import near_words

#: Where a statement starts on a line: the line's start, after the ``-`` of an alternative,
#: after ``finding:``, or after the ``;`` between an alternative's statements; then its actor.
_STATEMENT = re.compile(r"(?:^[\t \u00a0]*(?:-[\t \u00a0]*|finding[\t \u00a0]*:[\t \u00a0]*)?|;[\t \u00a0]*)"
                        r"(?:[A-Z][a-z]*|someone|bystander|all)[\t \u00a0]+")
_WORD = re.compile(r"[^\s\u00a0]+")


@dataclass(frozen=True)
class Help:
    """What an error says of a near-word: where (the column of its first word), the problem
    in words, and the line as the notation writes it (None where no one replacement does)."""

    column: int
    problem: str
    suggestion: str | None


def near_word(text: str, column: int) -> Help | None:
    """The near-word at the place the error at ``column`` (1-based) of the line ``text``
    stands in: the line's first words, or the words after the actor of the statement the
    error is in. A near-word is never the notation's at its place, so the line cannot be
    read past it; the parser may stop later all the same, having read it otherwise
    ("Trumps hearts": a seat named Trumps). None where no near-word stands there."""
    table = near_words()
    places = [("line", len(text) - len(text.lstrip(" \t\u00a0")))]
    starts = [m.end() for m in _STATEMENT.finditer(text) if m.end() <= column - 1]
    if starts:
        places.append(("verb", starts[-1]))
    for place, start in places:
        words = list(_WORD.finditer(text, start))
        if not words or words[0].start() != start:
            continue
        entry = table.match(place, [w.group() for w in words])
        if entry is None:
            continue
        end = words[len(entry.written) - 1].end()
        if column <= start:     # the error is before these words
            continue
        written = text[start:end]
        suggestion = None
        if entry.write is not None:
            suggestion = (text[:start] + entry.write + text[end:]).strip()
        return Help(start + 1, f"the notation does not write `{written}`: {entry.because}", suggestion)
    return None


def fitting(word: str, candidates: list[str], text: str, start: int, reads_to: Callable[[str], int]) -> str | None:
    """The candidate closest to ``word`` that fits its place: each of the close ones is put
    in place of ``word`` (at index ``start`` of ``text``) and the line read again
    (``reads_to`` gives the column the parser stops at, past the end where it reads it all);
    the one read furthest wins, the closer of two read as far. One the parser stops at
    itself does not fit, and is never offered."""
    if not word or not word.isalpha():
        return None
    close = [c for c in difflib.get_close_matches(word.lower(), candidates, n=5, cutoff=0.6) if c != word]
    best: tuple[int, str] | None = None
    for candidate in close:
        line = text[:start] + candidate + text[start + len(word):]
        reach = reads_to(line) - len(candidate)     # how far into what follows the word
        if reach > start and (best is None or reach > best[0]):
            best = (reach, candidate)
    return best[1] if best else None


_IN_WORDS = re.compile(r"(?:the\s+)?([A-Za-z]+)\s+of\s+([A-Za-z]+)", re.I)


def card_in_words(rest: str) -> str | None:
    """A card named in words at the start of ``rest`` ("the ten of hearts", "Jack of
    spades"), as the notation writes it (``H10``, ``SJ``).

    >>> card_in_words("the ten of hearts"), card_in_words("Jack of Spades"), card_in_words("ten hearts")
    ('H10', 'SJ', None)
    """
    m = _IN_WORDS.match(rest)
    if m is None:
        return None
    table = near_words()
    rank, suit = table.ranks.get(m.group(1).lower()), table.suits.get(m.group(2).lower())
    return suit + rank if rank and suit else None


def number_in_words(word: str) -> str | None:
    """A number written in words ("twelve"), as the figure the notation wants.

    >>> number_in_words("Twelve"), number_in_words("dozen")
    ('12', None)
    """
    number = near_words().numbers.get(word.lower())
    return None if number is None else str(number)
