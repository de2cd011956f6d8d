"""The question put to the arbiter, read in whist's words into a typed query.

A referee is asked "Is it a revoke?", "May Y and Z call a suit from A?", "Does Z's demand
stand?", "Must B play the queen?", "Who deals next?". The question is read in two steps:
each word, or run of words naming one thing ("the three of diamonds", "call a suit",
"liable to be called"), is read as a kind of word -- a seat, a card, a trick, or a word a
law makes meaningful, given as data (:class:`~arbiter.words.questions.QuestionWords`, from
``laws/questions.yaml``) -- and a grammar (``question.lark``) reads the order of the kinds:
a scene set before the question, the question itself, an aside, a rider. What it asks is
then a :class:`Query`: whether the decision holds something, whether a side may exact a
penalty, whether a player must play a card, whether a demand stands; or an open question,
which no "Yes." or "No." answers. A question the grammar cannot read is None, never a guess.

>>> from arbiter.words.questions import QuestionWords
>>> words = QuestionWords.build({("revoke",): ("HOLDING", (("revoke",), ("not_revoke",))),
...                              ("call", "a", "suit"): ("PENALTY", "call suit")})
>>> read_question("Is it a revoke?", ("A", "Y", "B", "Z"), words).kind
'holding'
>>> q = read_question("May Y and Z call a suit from A at trick 3?", ("A", "Y", "B", "Z"), words)
>>> q.kind, q.penalty, q.party, q.against, q.trick
('right', 'call suit', ('Y', 'Z'), ('A',), 3)
>>> read_question("Who deals next?", ("A", "Y", "B", "Z"), words).kind
'open'
>>> read_question("Whither the trumps?", ("A", "Y", "B", "Z"), words) is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..cards import RANK_WORDS, Card, Suit
from ..words.questions import QuestionWords, split_words

#: The forms a question is read in, for the warning given where one cannot be read.
FORMS = (
    '"Is it a revoke?", "Is B\'s three of diamonds a revoke?", "Is the ace an exposed card?"',
    '"May Y and Z call a suit from A?", "May A and B call the seven of hearts?"',
    '"May Y require B to play his highest spade?", "May Y and Z take three tricks?"',
    '"Does Z\'s demand stand?", "Must B play the queen of hearts?", "Does the deal stand?"',
    '"Can A and B score honours?", "Who deals next?" (open: answered by the holdings)',
)


@dataclass(frozen=True)
class Query:
    """What a question asks of the decision."""

    kind: str                          # holding, right, duty, demand, score; open, or a choice of two
    yes: tuple[str, ...] = ()          # holding: the holdings that answer Yes
    no: tuple[str, ...] = ()           # and those that answer No
    no_first: bool = False             # the holdings that answer No speak first where both are held
    penalty: str | None = None         # right, duty: the penalty, as the notation's demands name it
    also: tuple[str, ...] = ()         # other penalties asked for together ("add two and deduct one")
    party: tuple[str, ...] = ()        # the seats that ask (a right) or are concerned (a holding)
    against: tuple[str, ...] = ()      # from whom a penalty is asked
    card: str | None = None            # "DK"; "?K" a rank only; "trump card"
    suit: str | None = None            # "hearts", "trumps"
    trick: int | None = None
    what: str | None = None            # score: what is scored ("honours", "game")
    roles: tuple[str, ...] = ()        # parties named by their part (dealer, bidder), for the judgment


@dataclass(frozen=True)
class Word:
    kind: str
    value: Any = None
    also: dict = field(default_factory=dict, compare=False)   # other kinds the same words may be


# ------------------------------------------------------------------ reading the words

_AUX = {"may": "may", "can": "may", "might": "may", "could": "may", "must": "must", "should": "must",
        "ought": "must", "need": "must", "is": "be", "are": "be", "was": "be", "were": "be", "does": "do",
        "do": "do", "did": "do", "will": "do", "would": "do", "shall": "do", "has": "have", "have": "have",
        "had": "have"}
_WH = frozenset({"who", "what", "which", "whom", "whose", "how", "why", "when", "where"})
_PREPOSITIONS = {"from": "FROM", "at": "AT", "in": "AT", "on": "AT", "during": "AT", "to": "TO", "for": "FOR",
                 "by": "BY", "as": "AS", "of": "OF", "with": "WITH", "after": "PREP", "before": "PREP",
                 "until": "PREP", "since": "PREP", "into": "PREP", "than": "PREP"}
_ARTICLES = frozenset({"a", "an", "the"})
_POSSESSIVE_PRONOUNS = frozenset({"his", "her", "their", "its"})
_PRONOUNS = frozenset({"he", "him", "they", "them", "she", "himself", "themselves", "one"})
_NOT = frozenset({"not", "no", "never", "nor"})
_RANK_OF_WORD = {w: r for r, w in RANK_WORDS.items()} | {"jack": "J", "deuce": "2", "trey": "3", "10": "T"}
_SUIT_WORDS = {**{s.word: s.word for s in Suit}, **{s.word[:-1]: s.word for s in Suit},
               "trumps": "trumps", "trump": "trumps"}
#: Words that may stand between a determiner and a card's rank: "B's exposed queen".
_CARD_ADJECTIVES = frozenset({"exposed", "detached", "named", "called", "dropped", "faced", "played"})
_ORDINALS = {w: n for n, w in enumerate(("first second third fourth fifth sixth seventh eighth ninth tenth "
                                         "eleventh twelfth thirteenth").split(), 1)}

def tokens(text: str, seats: tuple[str, ...], words: QuestionWords, trump: str | None = None) -> list[Word]:
    """The question's words read as kinds of word: seats, cards, tricks, and the words a law
    makes meaningful, each run of words the longest it can be."""
    raw = split_words(text)
    lower = [w.lower() for w in raw]
    out: list[Word] = []
    i = 0

    def clause_start() -> bool:
        """The verb that opens the question stands at the head of a clause, and only the
        first such verb opens it ("May Y and Z, having consulted, have a new deal?")."""
        return (not out or out[-1].kind == "COMMA") and not any(w.kind == "AUX" for w in out)

    while i < len(raw):
        word, low = raw[i], lower[i]
        if word in (",", ";", ":"):
            out.append(Word("COMMA"))
            i += 1
            continue
        if word == "?":
            out.append(Word("QMARK"))
            i += 1
            continue
        if low == "'s":
            out.append(Word("POSS"))
            i += 1
            continue
        if word in seats and not (word == "A" and _article_a(raw, i, seats)):
            out.append(Word("SEAT", word))
            i += 1
            continue
        side = _side(word, seats)
        if side:
            out.append(Word("SIDE", side))
            i += 1
            continue
        card, used = _card(raw, lower, i, trump)
        if card is not None:
            out.append(Word("CARD", card))
            i += used
            continue
        trick, used = _trick(lower, i)
        if trick is not None:
            out.append(Word("TRICK", trick))
            i += used
            continue
        if clause_start() and low in _AUX:
            out.append(Word("AUX", _AUX[low]))
            i += 1
            continue
        found, used = _phrase(lower, i, words)
        if found is not None:
            if out and out[-1].kind in ("POSS", "POSSPRON") and "THING" in found.also:
                found = Word("THING", found.also["THING"], found.also)     # "Z's demand": a thing owned
            if found.kind != "FILLER":
                out.append(found)
            i += used
            continue
        if low in _SUIT_WORDS:
            out.append(Word("SUIT", trump if low.startswith("trump") and trump else _SUIT_WORDS[low]))
            i += 1
            continue
        if low in _WH:
            out.append(Word("WH", low))
        elif low in _AUX:
            out.append(Word("AUXWORD", low))
        elif low in _PREPOSITIONS:
            out.append(Word(_PREPOSITIONS[low], low))
        elif low in ("and", "or"):
            joins = out and out[-1].kind in ("SEAT", "SIDE", "ROLE") and i + 1 < len(raw) and (
                raw[i + 1] in seats or _side(raw[i + 1], seats))
            out.append(Word(("PAND" if low == "and" else "POR") if joins else "CONJ", low))
        elif low in _NOT or low == "n't":
            out.append(Word("NOT"))
        elif low == "it":
            out.append(Word("IT"))
        elif low == "there":
            out.append(Word("THERE"))
        elif low in _POSSESSIVE_PRONOUNS:
            out.append(Word("POSSPRON", low))
        elif low in _PRONOUNS:
            out.append(Word("PRON", low))
        elif low not in _ARTICLES:
            out.append(Word("WORD", low))
        i += 1
    return out


def _article_a(raw: list[str], i: int, seats: tuple[str, ...]) -> bool:
    """Whether a capital "A" is the article ("A card having been exposed, …") rather than
    the seat: only at the head of the question, before a word that is no seat's act."""
    if i != 0 or i + 1 >= len(raw):
        return False
    following = raw[i + 1]
    return following[:1].islower() and following not in ("having", "and", "or", "being", "who") \
        and following.lower() not in _AUX


def _side(word: str, seats: tuple[str, ...]) -> tuple[str, ...] | None:
    """``YZ``, ``A-B``: a side named by the letters of its seats."""
    parts = word.split("-") if "-" in word else list(word) if len(word) > 1 and all(len(s) == 1 for s in seats) else []
    if len(parts) >= 2 and all(p in seats for p in parts) and len(set(parts)) == len(parts):
        return tuple(parts)
    return None


def _card(raw: list[str], lower: list[str], i: int, trump: str | None) -> tuple[str | None, int]:
    """A card: ``HQ``, ``the queen of hearts``, ``the ace of trumps``, ``the trump card``, or
    ``the king`` (a rank only, ``?K``)."""
    start = i
    owned = i > 0 and lower[i - 1] in ("'s", *_POSSESSIVE_PRONOUNS)     # "B's queen", "his king"
    if lower[i] in _ARTICLES:
        i += 1
    if i < len(raw) and lower[i] in _CARD_ADJECTIVES and i + 1 < len(raw) and lower[i + 1] in _RANK_OF_WORD:
        i += 1      # "the exposed queen", "B's detached king"
        owned = True
    if i >= len(raw):
        return None, 0
    if lower[i] == "trump" and i + 1 < len(raw) and lower[i + 1] == "card":
        return "trump card", i + 2 - start
    rank = _RANK_OF_WORD.get(lower[i])
    if rank is not None:
        if i + 2 < len(raw) and lower[i + 1] == "of" and lower[i + 2] in _SUIT_WORDS:
            suit = _SUIT_WORDS[lower[i + 2]]
            if suit == "trumps":
                if not trump:
                    return f"?{rank}", i + 3 - start       # the ace of trumps, trumps not known
                suit = trump
            return str(Card(Suit.parse(suit), rank)), i + 3 - start
        follows = lower[i + 1] if i + 1 < len(raw) else ""
        counted = follows.endswith("s") and follows not in ("is", "was", "has")     # "the two revokes"
        if (start < i or owned) and not counted and follows not in ("trick", "of", "by"):
            return f"?{rank}", i + 1 - start
        return None, 0
    if start == i and re.fullmatch(r"[SHDC](?:10|[2-9TJQKA])|[♠♥♦♣♡♢♤♧](?:10|[2-9TJQKA])", raw[i]):
        return str(Card.parse(raw[i])), 1
    return None, 0


def _trick(lower: list[str], i: int) -> tuple[int | None, int]:
    """``trick 5``, ``the fifth trick``, ``the 5th trick``."""
    start = i
    if lower[i] == "trick" and i + 1 < len(lower) and lower[i + 1].isdigit():
        number = int(lower[i + 1])
        return (number, 2) if 0 < number <= 13 else (None, 0)
    if lower[i] in _ARTICLES:
        i += 1
    if i + 1 < len(lower) and lower[i + 1] == "trick":
        word = lower[i]
        n: int | None = _ORDINALS.get(word) or (int(word[:-2]) if re.fullmatch(r"\d{1,2}(st|nd|rd|th)", word) else None)
        if n and 0 < n <= 13:
            return n, i + 2 - start
    return None, 0


def _phrase(lower: list[str], i: int, words: QuestionWords) -> tuple[Word | None, int]:
    """The longest run of words from ``i`` that the law's words name; an article before it
    may stand outside it ("a revoke" where only "revoke" is listed)."""
    for skip in ((0, 1) if lower[i] in _ARTICLES else (0,)):
        for n in range(min(words.longest, len(lower) - i - skip), 0, -1):
            key = tuple(lower[i + skip:i + skip + n])
            if any(w in (",", "?", ";", ":", "'s") for w in key):
                continue
            found = words.phrases.get(key)
            if found is not None:
                kind, value = found
                if isinstance(value, dict):          # the same words as several kinds
                    first = next(iter(value))
                    return Word(first, value[first], dict(value)), n + skip
                return Word(kind, value), n + skip
    return None, 0


# ------------------------------------------------------------------ the grammar

@lru_cache(maxsize=1)
def _parser():
    from ..support.grammars import lalr_parser

    return lalr_parser("question", Path(__file__).with_name("question.lark").read_text(encoding="utf-8"), None)


def read_question(text: str, seats: tuple[str, ...], words: QuestionWords, trump: str | None = None) -> Query | None:
    """What ``text`` asks, or None where the grammar cannot read it (a question is never the
    cause of a failed ruling: what cannot be read is not read)."""
    try:
        return _read(text, tuple(seats), words, trump)
    except (ValueError, IndexError, KeyError, AttributeError):
        return None


@lru_cache(maxsize=512)
def _read(text: str, seats: tuple[str, ...], words: QuestionWords, trump: str | None) -> Query | None:
    from lark import Token, Tree
    from lark.exceptions import LarkError

    read = tokens(text, seats, words, trump)
    if not read:
        return None
    kinds = " ".join(w.kind for w in read)
    starts: dict[int | None, int] = {}
    position = 0
    for index, w in enumerate(read):
        starts[position] = index
        position += len(w.kind) + 1
    try:
        tree = _parser().parse(kinds)
    except LarkError:
        return None
    core = next(t for t in tree.children if isinstance(t, Tree) and t.data in ("yes_no", "open"))

    def at(token: Any) -> int:
        """The word a terminal of the kinds' string stands for."""
        return starts[token.start_pos]
    if core.data == "open":
        return Query("open")

    def words_of(node) -> list:
        """A clause's elements: ("party", seats, roles), ("possessed", owner, Word),
        ("from", seats, roles), ("trick", n), or a Word."""
        out: list[Any] = []
        for child in node.children:
            if isinstance(child, Token):
                if child.type != "COMMA":
                    out.append(read[at(child)])
                continue
            if child.data == "party":
                out.append(("party",) + _party(child, read, starts))
            elif child.data == "possessed":
                owner = child.children[0]
                seats_, roles = _party(owner, read, starts) if isinstance(owner, Tree) else ((), ())
                if isinstance(owner, Token):     # his, their: the subject's
                    seats_, roles = (), ("subject",)
                last = child.children[-1]
                owned = read[at(last)] if last.type not in ("POSS", "POSSPRON") else Word("NONE")
                out.append(("possessed", seats_, roles, owned))
            elif child.data == "from_party":
                whom = child.children[1]
                if whom.data == "possessed":      # "from A and B's"; "from his adversaries" names no seat
                    whom = whom.children[0]
                out.append(("from",) + (_party(whom, read, starts) if isinstance(whom, Tree) else ((), ())))
            elif child.data == "at_trick":
                out.append(("trick", read[at(child.children[-1])].value))
        return out

    aux = read[at(core.children[0])].value
    clauses = [words_of(c) for c in core.children[1:] if isinstance(c, Tree)]
    scene = [e for t in tree.children if isinstance(t, Tree) and t.data == "scene"
             for e in (read[at(k)] for k in t.scan_values(lambda v: isinstance(v, Token)))]
    return _query(aux, clauses, scene, words)


def _party(node: Any, read: list[Word], starts: dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
    seats: list[str] = []
    roles: list[str] = []
    for token in node.children:
        w = read[starts[token.start_pos]]
        if w.kind == "SEAT":
            seats.append(w.value)
        elif w.kind == "SIDE":
            seats.extend(w.value)
        elif w.kind == "ROLE":
            roles.append(w.value)
    return tuple(seats), tuple(roles)


# ------------------------------------------------------------------ what it asks

_CONTENT = ("HOLDING", "PENALTY", "VERB")


def _content(clause: list) -> bool:
    return any(isinstance(e, Word) and e.kind in _CONTENT for e in clause) or any(
        isinstance(e, tuple) and e[0] == "possessed" and e[3].kind in _CONTENT for e in clause)


def _aside(clause: list) -> bool:
    """A clause set off by commas that only tells more of what came before it: "who led out
    of turn", "having consulted", "snatched up at once"."""
    first = clause[0] if clause else None
    return isinstance(first, Word) and (first.kind == "WH" or (first.kind == "WORD" and first.value.endswith(
        ("ing", "ed"))) or first.kind == "PRON")


def _query(aux: str, clauses: list[list], scene: list, words: QuestionWords) -> Query | None:
    """The query of a question that asks for a yes or a no: its first clause, and the clause
    after each aside; a clause after them is a rider, and asks nothing more."""
    if not clauses or not clauses[0]:
        return None
    body = list(clauses[0])
    i = 1
    while i + 1 < len(clauses) and (_aside(clauses[i]) or not _content(clauses[i])):
        if not _aside(clauses[i]):
            body += clauses[i]      # "Is the seven, still on the table at the fourth trick, liable…"
        body += clauses[i + 1]
        i += 2
    if not _content(body) and i < len(clauses):
        body += clauses[i]
    parts = _Parts(body, scene, words)
    if parts.either_or or _either_or([e for clause in clauses for e in clause]):
        return Query("choice")    # "May A call a suit, or must the trick be completed?" offers two answers
    if aux == "must" or parts.verb("must"):
        return parts.duty()
    if aux == "may" or parts.verb("may"):
        return parts.right() or parts.holding() or parts.score()
    if parts.verb("win") and any(w.value == "stakes" for w in parts.words("PENALTY")):
        return parts.right()        # "Has Y won the stakes?": is he entitled to them
    return parts.demand() or parts.holding() or parts.score()


def _either_or(body: list) -> bool:
    """Whether the question offers two answers: "…, or is it a misdeal?", "a lead out of turn
    or an exposed card?" -- "Yes." would not say which."""
    kinds = [e.kind if isinstance(e, Word) else e[0] for e in body]
    values = [e.value if isinstance(e, Word) else None for e in body]
    for i, (kind, value) in enumerate(zip(kinds, values)):
        if kind == "CONJ" and value == "or" and i + 1 < len(kinds):
            after = kinds[i + 1]
            if after == "AUXWORD" or (after == "HOLDING" and "HOLDING" in kinds[:i]):
                return True
    return False


class _Parts:
    """The parts of a question's body: who is asked about, the words that say what, and
    whom, which card and which trick."""

    def __init__(self, body: list, scene: list, words: QuestionWords) -> None:
        self.body = body
        self.lexicon = words
        #: what "it" stands for: the last card named before it, in the scene or the question
        self.context_cards = [w.value for w in scene if isinstance(w, Word) and w.kind == "CARD"]
        self.subject: tuple[str, ...] = ()
        self.subject_roles: tuple[str, ...] = ()
        self.subject_card: str | None = None
        self.subject_thing: str | None = None
        self.owner: tuple[str, ...] = ()
        self.owner_roles: tuple[str, ...] = ()
        self.against: tuple[str, ...] = ()
        self.against_roles: tuple[str, ...] = ()
        self.trick: int | None = None
        self.either_or = False
        self.penalty_owner: tuple[str, ...] = ()
        self.penalty_owner_named = False
        self.penalty_owner_roles: tuple[str, ...] = ()
        seen_content = False
        #: the parties named so far, scene first: whom "his" stands for
        seen_parties: list[tuple[str, ...]] = [w.value if w.kind == "SIDE" else (w.value,) for w in scene
                                               if isinstance(w, Word) and w.kind in ("SEAT", "SIDE")]
        for e in body:
            if isinstance(e, tuple) and e[0] in ("party", "from") or (isinstance(e, tuple) and e[0] == "possessed"
                                                                     and e[2] != ("subject",)):
                seen_parties.append(e[1])
            if isinstance(e, tuple):
                if e[0] == "party" and not seen_content and not self.subject and not self.subject_roles:
                    self.subject, self.subject_roles = e[1], e[2]
                elif e[0] == "party" and seen_content and not self.against:
                    self.against, self.against_roles = e[1], e[2]      # "require B to play…"
                elif e[0] == "possessed":
                    owner, roles = self._his(seen_parties) if e[2] == ("subject",) else (e[1], e[2])
                    if e[3].kind in ("PENALTY", "CARD", "SUIT", "THING", "HOLDING") and seen_content \
                            and not self.penalty_owner and not self.penalty_owner_roles:
                        self.penalty_owner, self.penalty_owner_roles = owner, roles
                        self.penalty_owner_named = e[2] != ("subject",)     # "Z's", not "his"
                    if e[3].kind == "CARD" and not seen_content and self.subject_card is None:
                        self.subject_card = e[3].value
                    if e[3].kind == "THING" and not seen_content and self.subject_thing is None:
                        self.subject_thing = e[3].value
                    if not self.owner and not self.owner_roles and not seen_content:
                        self.owner, self.owner_roles = owner, roles     # "B's renounce", not "by A's claim"
                    if e[3].kind in _CONTENT:
                        seen_content = True
                elif e[0] == "from":
                    self.against, self.against_roles = e[1], e[2]
                elif e[0] == "trick":
                    self.trick = e[1]
            else:
                if e.kind in _CONTENT:
                    seen_content = True
                elif e.kind == "CARD" and not seen_content and self.subject_card is None:
                    self.subject_card = e.value
                elif e.kind == "THING" and not seen_content and self.subject_thing is None:
                    self.subject_thing = e.value

        self.either_or = _either_or(body)

    def _his(self, seen: list[tuple[str, ...]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Whom "his" stands for: the last single player named before it, in the scene or
        the question ("Having called Z's highest trump, may A and B call his lowest?"), or
        the subject."""
        single = [p for p in seen if len(p) == 1]
        if single:
            return single[-1], ()
        return self.subject, self.subject_roles

    def words(self, kind: str, primary: bool = False) -> list[Word]:
        """The words of a kind, in order, counting words that may be of it too ("a new deal"
        names a penalty and a holding) unless only those ``primary`` of the kind are wanted."""
        out: list[Word] = []
        for e in self.body:
            w = e[3] if isinstance(e, tuple) and e[0] == "possessed" else e
            if isinstance(w, Word) and w.kind == kind:
                out.append(w)
            elif isinstance(w, Word) and kind in w.also and not primary:
                out.append(Word(kind, w.also[kind]))
        return out

    def verb(self, meaning: str) -> bool:
        return any(w.value == meaning for w in self.words("VERB"))

    def cards(self) -> list[str]:
        """The cards named, "it" standing for the last card named before the question."""
        out = [w.value for w in self.words("CARD")]
        if not out and self.words("IT") and self.context_cards:
            out = [self.context_cards[-1]]
        return out

    def suits(self) -> list[str]:
        return [w.value for w in self.words("SUIT")]

    def _penalty(self) -> tuple[str | None, str | None, str | None]:
        """The penalty asked for, with the card or suit it names: a penalty's words
        ("a suit", "three tricks", "his highest"), or a card or a suit after a verb that
        demands ("call the king", "call hearts")."""
        penalties = [w for w in self.words("PENALTY") if w.value != "penalty"] or self.words("PENALTY")
        cards = [c for c in self.cards() if c != self.subject_card] or self.cards()
        suits = self.suits()
        if penalties:
            key = penalties[0].value
            if key in ("call highest", "call lowest"):
                return key, None, suits[0] if suits else None
            if key == "call suit":
                return key, None, suits[0] if suits else None
            if key in ("call card", "not play card", "exposed card"):
                return key, cards[0] if cards else None, None
            return key, None, None
        if (self.verb("demand") or self.verb("play")) and not self.words("HOLDING"):
            if cards:
                return "call card", cards[0], None
            if suits:
                return "call suit", None, suits[0]
        hand = [e for e in self.body if isinstance(e, tuple) and e[0] == "possessed" and e[3].kind == "THING"
                and e[3].value == "hand"]
        if hand and self.verb("demand"):
            return "call card", None, None
        return None, None, None

    def right(self) -> Query | None:
        """"May Y and Z call a suit from A?": may a side exact a penalty (from whom)?"""
        penalty, card, suit = self._penalty()
        if penalty is None and self.verb("win") and self.verb("demand"):
            penalty = "win trick"       # "call on B to win the second trick"
        if penalty is None:
            return None
        against, roles = self.against, self.against_roles
        if not against and not roles:
            against, roles = self.penalty_owner, self.penalty_owner_roles
        if self.subject_card and not card and penalty == "call card":
            card = self.subject_card
        also = tuple(w.value for w in self.words("PENALTY")[1:] if w.value not in (penalty, "penalty"))
        return Query("right", penalty=penalty, also=also, party=self.subject, against=against, card=card, suit=suit,
                     trick=self.trick, roles=self.subject_roles + tuple(f"against:{r}" for r in roles))

    def duty(self) -> Query | None:
        """"Must B play the queen?", "Is Z bound to lead a diamond?", "Must B win the trick?":
        is a player bound to play a card, lead a suit, or win the trick?"""
        if not self.subject and not self.subject_roles:
            return self.holding()       # "Must there be a new deal?": no player is bound; is it held?
        penalty, card, suit = self._penalty()
        if penalty is None and self.verb("win"):
            penalty = "win trick"
        if penalty is not None and (self.verb("play") or self.verb("win") or self.words("PENALTY")):
            return Query("duty", penalty=penalty, party=self.subject, against=self.subject, card=card,
                         suit=suit, trick=self.trick, roles=self.subject_roles)
        return self.holding()

    def demand(self) -> Query | None:
        """"Does Z's demand stand?", "Is A's call good?"."""
        if self.subject_thing == "demand" and (self.verb("stand") or self.words("HOLDING")):
            return Query("demand", party=self.owner, trick=self.trick, roles=self.owner_roles)
        return None

    def holding(self) -> Query | None:
        """"Is it a revoke?", "Is B's three of diamonds liable to be called?"."""
        found = self.words("HOLDING")
        if not found and self.subject_thing == "deal" and self.owner:
            # "Is it A's deal now?": whether A deals (next)
            entry = self.lexicon.phrases.get(("deal", "next"))
            if entry is not None and entry[0] == "HOLDING":
                yes, no = entry[1][:2]
                return Query("holding", yes=tuple(yes), no=tuple(no), party=self.owner, roles=self.owner_roles)
        if not found:
            return None
        yes, no, *rest = found[0].value
        no_first = bool(rest and rest[0])
        party = self.subject or self.owner
        roles = self.subject_roles or self.owner_roles
        if self.subject and self.penalty_owner and self.penalty_owner_named and self.penalty_owner != self.subject:
            # "Must Y abide by Z's declaration?": the holding may name either ("pay Y for his
            # bid" names the one who is paid, not one the holding may be about)
            party = tuple(dict.fromkeys(self.subject + self.penalty_owner))
        if len(rest) > 1 and rest[1]:
            # "Is Y in time to claim the revoke?": Y claims; the holding names the offender
            party, roles = (), ()
        card = self.subject_card or next(iter(self.cards()), None)
        negated = any(isinstance(e, Word) and e.kind == "NOT" for e in self.body)
        if negated:
            yes, no = no, yes
        return Query("holding", yes=tuple(yes), no=tuple(no), no_first=no_first, party=party, card=card,
                     trick=self.trick, roles=roles)

    def score(self) -> Query | None:
        """"Can A and B score honours?"."""
        if self.verb("score") and self.subject_thing is None:
            things = [w.value for w in self.words("THING", primary=True)]
            if things:
                return Query("score", party=self.subject, what=things[0], roles=self.subject_roles)
        return None
