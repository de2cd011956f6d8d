"""The words the law search reads a query with: ``laws/search.yaml``.

Two kinds of knowledge about the codes that a search engine cannot have, kept as data:

- **the codes' names.** "American", "the Club Code", "Cavendish": a reader names a code
  in the query ("penalty for revoke in American code"), and the search narrows to it
  instead of looking for the word "American". Under ``codes`` each code lists its names;
  a name may stand under several codes ("English" names the two English codes). A code's
  id ("american-1893") is always a name of it, and needs no entry here;
- **the codes' old words.** The codes say a card is *faced* where a reader says
  *exposed*, that a player *renounces* where he would say *revokes*. Each line of
  ``synonyms`` is one thing in several words (a word or a phrase each); a query holding
  one of them searches for all;
- **what answers a question.** "Who cuts?" is answered by a law that says *the player on
  the dealer's right cuts*: ``questions`` gives each question word the words that stand
  beside the thing asked about in a law's answer to it;
- **what a definition looks like.** "It is a misdeal", "a revoke is a renounce in error":
  ``definitions`` lists the words that make a sentence define a term, so that the law that
  says what a thing is ranks before the laws that only use its name.

The file is checked when the law book is built, so ``arbiter laws check`` and every
command refuse a malformed one: an unknown key or code, a name or synonym that is not
text, a group of one, a phrase in two groups. The error gives the file, line and column,
the line itself with a caret under the mistake, and a suggestion where there is one.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import LawBookError
from .yamlio import read_yaml

#: What a name or a synonym may hold: words of letters and digits, apostrophes and hyphens
#: between them (both only separate words, as in the index), spaces between words.
_PHRASE = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*(?: [^\W_]+(?:['’-][^\W_]+)*)*\Z")
_KEYS = ("codes", "synonyms", "questions", "definitions")


@dataclass(frozen=True)
class SearchWords:
    """``laws/search.yaml`` as read: every phrase as its words, folded (lower case, accents
    off), not yet stemmed (stemming is the index's, :mod:`.searchindex`)."""

    #: a name (its words) -> the codes it names, in the file's order
    code_names: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)
    #: each group of words meaning one thing, as given
    synonyms: tuple[tuple[tuple[str, ...], ...], ...] = ()
    #: a question word -> the words that stand in a law's answer to it ("who" -> player, dealer)
    questions: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    #: the words that make a sentence a definition ("it is a", "is called")
    definitions: tuple[tuple[str, ...], ...] = ()


def phrase_words(text: str) -> tuple[str, ...]:
    """The words of a name or synonym as the index reads them: lower case, accents off,
    apostrophes and hyphens splitting words ("re-shuffle" is "re shuffle")."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return tuple(re.findall(r"[^\W_]+", text))


def load_search_words(path: Path, codes: list[str]) -> SearchWords:
    """Read and check ``path``; a missing file is an empty vocabulary (a search of the
    words as typed)."""
    if not path.exists():
        return SearchWords()
    data = read_yaml(path)
    check = _Checker(path)
    if data is None:
        return SearchWords()
    if not isinstance(data, dict):
        check.fail((), "must be a mapping with `codes` and `synonyms`")
    for key in data:
        if key not in _KEYS:
            check.fail((key,), f"unknown key {key!r} (expected one of: {', '.join(_KEYS)})",
                       suggestion=_close(str(key), _KEYS), at_key=True)

    names: dict[tuple[str, ...], list[str]] = {}
    raw_codes = data.get("codes") or {}
    if not isinstance(raw_codes, dict):
        check.fail(("codes",), "must map each code's id to a list of its names")
    for code, listed in raw_codes.items():
        if code not in codes:
            check.fail(("codes", code), f"no code {code!r} (codes are: {', '.join(codes)})",
                       suggestion=_close(str(code), codes), at_key=True)
        if not isinstance(listed, list) or not listed:
            check.fail(("codes", code), "must be a list of the code's names, e.g. [american, awl]")
        seen: set[tuple[str, ...]] = set()
        for i, name in enumerate(listed):
            words = check.phrase(("codes", code, i), name, "a name")
            if words in seen:
                check.fail(("codes", code, i), f"{name!r} is given twice for {code}")
            seen.add(words)
            names.setdefault(words, []).append(code)

    groups: list[tuple[tuple[str, ...], ...]] = []
    owner: dict[tuple[str, ...], int] = {}
    raw_groups = data.get("synonyms") or []
    if not isinstance(raw_groups, list):
        check.fail(("synonyms",), "must be a list of groups, e.g. - [exposed, faced]")
    for g, group in enumerate(raw_groups):
        if not isinstance(group, list) or len(group) < 2:
            check.fail(("synonyms", g), "a group needs two or more words or phrases, e.g. [exposed, faced]")
        members: list[tuple[str, ...]] = []
        for i, phrase in enumerate(group):
            words = check.phrase(("synonyms", g, i), phrase, "a word or phrase")
            if words in names:
                check.fail(("synonyms", g, i), f"{phrase!r} is a name of {', '.join(names[words])} "
                           "(under `codes`): a code's name narrows the search and is not searched for")
            if words in owner and owner[words] != g:
                check.fail(("synonyms", g, i), f"{phrase!r} is already in group {owner[words] + 1} "
                           f"(line {check.line_of(('synonyms', owner[words]))}): merge the two groups")
            if words in members:
                check.fail(("synonyms", g, i), f"{phrase!r} is given twice in this group")
            owner[words] = g
            members.append(words)
        groups.append(tuple(members))
    questions: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {}
    raw_questions = data.get("questions") or {}
    if not isinstance(raw_questions, dict):
        check.fail(("questions",), "must map each question word to the words of its answer, e.g. who: [player]")
    for word, answers in raw_questions.items():
        asked = check.phrase(("questions", word), word, "a question word")
        if not isinstance(answers, list) or not answers:
            check.fail(("questions", word), "must be a list of the words that answer it, e.g. [player, dealer]")
        questions[asked] = tuple(check.phrase(("questions", word, i), a, "a word or phrase")
                                 for i, a in enumerate(answers))
    raw_definitions = data.get("definitions") or []
    if not isinstance(raw_definitions, list):
        check.fail(("definitions",), "must be a list of the words that make a definition, e.g. [it is a]")
    definitions = tuple(check.phrase(("definitions", i), d, "a word or phrase") for i, d in enumerate(raw_definitions))
    return SearchWords(code_names={w: tuple(c) for w, c in names.items()}, synonyms=tuple(groups),
                       questions=questions, definitions=definitions)


def _close(word: str, choices) -> str | None:
    found = difflib.get_close_matches(word, list(choices), n=1)
    return found[0] if found else None


class _Checker:
    """Raises the file's errors, at the line and column of the part at fault."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def phrase(self, where: tuple, value: Any, what: str) -> tuple[str, ...]:
        if not isinstance(value, str):
            self.fail(where, f"{what} must be text, not {type(value).__name__} ({value!r})",
                      suggestion=f'"{value}"' if isinstance(value, (int, float, bool)) else None)
        text = " ".join(value.split())
        if not _PHRASE.match(text):
            self.fail(where, f"{what} must be words (letters and digits, spaces between), not {value!r}")
        return phrase_words(text)

    def line_of(self, where: tuple) -> int:
        return self._mark(where, at_key=False)[0]

    def fail(self, where: tuple, message: str, suggestion: str | None = None, at_key: bool = False):
        line, column, text = self._mark(where, at_key)
        shown = text if len(text) <= 120 else text[:119] + "…"
        caret = " " * min(column - 1, len(shown)) + "^"
        lines = [message, f"    {shown}", f"    {caret}"]
        if suggestion:
            lines.append(f"  did you mean `{suggestion}`?")
        location = f"{self.path}:{line}:{column}" if line else str(self.path)
        raise LawBookError(location, "\n".join(lines))

    def _mark(self, where: tuple, at_key: bool) -> tuple[int, int, str]:
        """Line, column and text of the node at ``where`` (keys of mappings, indexes of
        lists); of the key itself with ``at_key``. Read again only when there is an error."""
        import yaml

        text = self.path.read_text(encoding="utf-8")
        try:
            node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except yaml.YAMLError:
            return 0, 0, ""
        for depth, step in enumerate(where):
            last = depth == len(where) - 1
            if isinstance(node, yaml.MappingNode):
                pairs = [(k, v) for k, v in node.value if k.value == str(step)]
                if not pairs:
                    break
                node = pairs[0][0] if last and at_key else pairs[0][1]
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
                node = node.value[step]
            else:
                break
        if node is None:
            return 0, 0, ""
        mark = node.start_mark
        lines = text.splitlines()
        return mark.line + 1, mark.column + 1, lines[mark.line] if mark.line < len(lines) else ""
