"""Parse a ``.whist`` file into an :class:`Incident`, or fail with an :class:`IncidentError`.

Lark reads the grammar (``grammar.lark``); a Transformer with one method per rule builds
the model; a second pass gives each statement its moment (the ``trick 12:`` it stands
under), joins the ``- …`` alternatives to their ``disputed:`` line and applies the header.
Every error, Lark's or ours, becomes an IncidentError with the line, a caret, what was
expected in plain words and what to write instead, chosen by what may stand at that place
(:mod:`.suggestions`): a word the notation does not take answered from the near-words
table, else the nearest of the words the parser expects there that fits the rest of the line.
"""

from __future__ import annotations

import contextlib
import difflib
import re
import threading
from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache, partial
from pathlib import Path
from typing import NoReturn

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..cards import Card, Suit, parse_pbn_hand
from ..support.grammars import lalr_parser
from ..words import vocabulary as vocab
from . import limits, suggestions
from .errors import IncidentError
from .model import (
    HAND_SIZE,
    NOT_SEATS,
    UNSPECIFIED,
    Alternative,
    Comment,
    Dispute,
    Finding,
    HeaderLine,
    Incident,
    Moment,
    MomentLine,
    Pos,
    Statement,
    not_a_seat,
)

GRAMMAR = Path(__file__).with_name("grammar.lark")

#: Plain words for the grammar's named tokens, used in "expected …" messages.
TOKEN_WORDS = {
    "SEAT": "a seat (such as A, Y, B or Z)",
    "ANYONE": "someone, bystander or all",
    "CARD": "a card (suit then rank, such as HA, S10 or C2)",
    "SUIT": "a suit (spades, hearts, diamonds or clubs)",
    "STRING": 'words in double quotes ("...")',
    "INT": "a number",
    "NAME": "a name (such as english-1864 or whist)",
    "WORD": "a word",
    "PBN_DEAL": "a deal in PBN form (such as N:AKQ.JT9.876.5432 ...)",
    "_NL": "the end of the line",
    "$END": "the end of the file",
}


@lru_cache(maxsize=1)
def _lark() -> Lark:
    """The parser. It builds the model as it parses (an inline transformer), so no parse tree
    is made and walked again. The analysed grammar is kept in the arbiter's own cache (never
    Lark's pickle in the shared temporary directory: see arbiter/grammars.py), so a new
    process starts faster."""
    return lalr_parser("incident", GRAMMAR.read_text(encoding="utf-8"), _BUILD)


def parse_file(path: str | Path) -> Incident:
    path = Path(path)
    try:
        with path.open("rb") as stream:
            data = limits.read_capped(stream, str(path))
    except IsADirectoryError:
        raise IncidentError.about_file(str(path), "is a directory, not an incident file") from None
    except FileNotFoundError:
        raise IncidentError.about_file(str(path), "no such file") from None
    except OSError as exc:
        raise IncidentError.about_file(str(path), f"cannot be read ({exc.strerror or exc})") from None
    return parse(decode(data, str(path)), str(path))


def decode(data: bytes, path: str) -> str:
    """The text of an incident file: UTF-8, with or without a byte-order mark. Anything else
    is an error that points at the first byte that is not UTF-8."""
    if b"\0" in data:
        raise IncidentError.about_file(path, "is not a text file (it holds NUL bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        start = data.rfind(b"\n", 0, exc.start) + 1
        end = data.find(b"\n", exc.start)
        line = data[start:end if end >= 0 else len(data)].decode("utf-8", errors="replace").rstrip("\r")
        column = len(data[start:exc.start].decode("utf-8", errors="replace")) + 1
        number = data.count(b"\n", 0, exc.start) + 1
        raise IncidentError(path, number, column, line, "", None,
                            f"byte 0x{data[exc.start]:02x} is not UTF-8 text: save the file as UTF-8") from None


def parse(text: str, path: str = "<incident>") -> Incident:
    """Parse the text of an incident."""
    text = text.removeprefix("\ufeff")     # a byte-order mark, as some editors write
    lines = text.splitlines()
    limits.check_text(text, lines, path)
    stripped, comments = _take_out_comments(lines)
    source = "\n".join(stripped) + "\n"
    # Each line that is not blank holds one item: where it starts is where the item is.
    starts = [Pos(number, len(line) - len(line.lstrip()) + 1)
              for number, line in enumerate(stripped, 1) if line.strip()]
    _BUILD.begin(path, lines, starts)
    try:
        items = _lark().parse(source)
        tens = _BUILD.tens_written_10()
    except UnexpectedInput as exc:
        raise _explain(exc, path, lines, stripped) from None
    finally:
        _BUILD.end()
    return _assemble(items, comments, path, lines, tens)


# ------------------------------------------------------------------ comments

#: The quote that ends a quotation, by the quote that opens it.
_CLOSING_QUOTE = {'"': '"', "“": "”"}


def _take_out_comments(lines: list[str]) -> tuple[list[str], dict[int, tuple[str, bool, int]]]:
    """Blank out ``# …`` (outside quotes); return the lines and {line: (comment, standalone,
    the column of its ``#``)}."""
    out, comments = [], {}
    for number, line in enumerate(lines, 1):
        if "#" not in line:
            out.append(line)
            continue
        # As the grammar's STRING reads quotes: "…" ends at the next " not escaped by a
        # backslash, “…” at the next ” (no escapes); inside either, the other quotes are words.
        closing, cut, escaped = None, None, False
        for i, ch in enumerate(line):
            if escaped:
                escaped = False
            elif closing is None:
                if ch == "#":
                    cut = i
                    break
                closing = _CLOSING_QUOTE.get(ch)
            elif ch == "\\" and closing == '"':
                escaped = True
            elif ch == closing:
                closing = None
        if cut is None:
            out.append(line)
            continue
        comments[number] = (line[cut + 1:].strip(), not line[:cut].strip(), cut + 1)
        out.append(line[:cut] + " " * (len(line) - cut))
    return out, comments


# ------------------------------------------------------------------ errors

def _expected_words(expected: set[str]) -> tuple[str, list[str]]:
    """Plain words for what the parser would have accepted, and the keywords among it."""
    parser = _lark()
    keywords, named = [], []
    for name in sorted(expected):
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            named.append(TOKEN_WORDS.get(name, name))
            continue
        if pattern.type == "str":
            keywords.append(pattern.value)
        else:
            named.append(TOKEN_WORDS.get(name, name.lower()))
    keywords = [k for k in keywords if k.strip()]
    verbs = [k for k in keywords if k.isalpha()]
    if "SEAT" in expected and "code" in keywords:
        # the start of a line: anything may come here, so say what lines look like
        return ("a statement such as `Y leads S5`, a header line such as `code english-1864` "
                "or `trump hearts`, or a moment such as `trick 3:`"), keywords
    parts = list(dict.fromkeys(named))
    if len(verbs) > 6:
        common = [v for v in ("leads", "plays", "says", "deals", "claims", "demands") if v in verbs]
        parts.append("a verb such as " + ", ".join(common or verbs[:5]))
    elif keywords:
        parts.append(" or ".join(f"`{k}`" for k in keywords))
    return (" or ".join(parts) if parts else "something else"), keywords


def _explain(exc: UnexpectedInput, path: str, lines: list[str], stripped: list[str]) -> IncidentError:
    line = getattr(exc, "line", None) or len(lines) or 1
    column = getattr(exc, "column", None) or 1
    if isinstance(exc, UnexpectedEOF) or line > len(lines):
        line, column = max(len(lines), 1), len(lines[-1]) + 1 if lines else 1
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    source = stripped[line - 1] if 0 < line <= len(stripped) else ""
    if isinstance(exc, UnexpectedToken):
        expected, keywords = _expected_words(set(exc.accepts or exc.expected))
        found = exc.token
        word = str(found).strip() if found.type != "$END" else ""
    elif isinstance(exc, UnexpectedCharacters):
        expected, keywords = _expected_words(set(exc.allowed or ()))
        start = re.match(r"\S*", text[column - 1:])
        assert start is not None   # \S* matches, if only the empty string
        word = start.group() if text else ""
    else:
        expected, keywords = _expected_words(set(getattr(exc, "expected", ()) or ()))
        word = ""
    near = suggestions.near_word(source, column)
    if near is not None:
        # words a player writes that the notation does not take: what to write instead
        return IncidentError(path, line, near.column, text, expected, near.suggestion, near.problem)
    suggestion = suggestions.fitting(word, keywords, source, column - 1, _reads_to)
    start = re.match(r"[^\s\"]*", text[column - 1:])
    assert start is not None   # [^\s"]* matches, if only the empty string
    whole = start.group() if text else ""
    if not suggestion and TOKEN_WORDS["CARD"] in expected and whole:
        suggestion = _card_suggestion(whole) or suggestions.card_in_words(text[column - 1:])
    if not suggestion and TOKEN_WORDS["SUIT"] in expected and word:
        suggestion = suggestions.fitting(word, ["spades", "hearts", "diamonds", "clubs"], source, column - 1,
                                         _reads_to)
    if not suggestion and TOKEN_WORDS["INT"] in expected and word:
        suggestion = suggestions.number_in_words(word)
    problem = None
    if word and found_text_is_line_end(word):
        word = ""
    if word:
        problem = f"unexpected {word!r}: expected {expected}"
    elif line >= len(lines) and not text[column - 1:].strip():
        problem = f"the line ends too soon: expected {expected}"
    rest = text[column - 1:]
    if rest[:1] in ('"', "“") and ('"' if rest[0] == '"' else "”") not in rest[1:]:
        problem = "the quotation is not closed: it needs its closing quote on the same line"
    elif TOKEN_WORDS["CARD"] in expected and _NOT_A_CARD.match(whole) and not suggestion:
        problem = (f"{whole!r} is not a card: a card is its suit (S, H, D or C) then its rank "
                   "(2 to 10, J, Q, K or A; T also stands for ten)")
        column += 1     # the suit is right; the rank is what is wrong
    elif re.fullmatch(r"[a-z]", word or "") and (TOKEN_WORDS["SEAT"] in expected or "statement" in expected):
        problem = f"unexpected {word!r}: seats are written with a capital letter"
        suggestion = word.upper()
    return IncidentError(path, line, column, text, expected, suggestion, problem)


def _reads_to(line: str) -> int:
    """How far the parser reads ``line`` standing alone (one item, as every line is): the
    column it stops at, or past the end where it reads the whole line -- one further where
    nothing in it is wrong than where a word in it means nothing (an unknown claim)."""
    with _BUILD.apart(line):
        try:
            _lark().parse(line + "\n")
        except UnexpectedEOF:
            return len(line) + 1
        except UnexpectedInput as exc:
            return getattr(exc, "column", None) or 1
        except IncidentError:
            return len(line) + 1
    return len(line) + 2


#: A suit letter followed by what is not a rank: ``S1``, ``H11``, ``DX``.
_NOT_A_CARD = re.compile(r"[SHDC♠♥♦♣♤♡♢♧]\w+", re.I)


def found_text_is_line_end(word: str) -> bool:
    return word in ("", "\n") or not word.strip()


def _card_suggestion(word: str) -> str | None:
    """``AH`` written rank first, or ``10s``: offer the card in the notation's order."""
    m = re.fullmatch(r"(10|[2-9TJQKA])([SHDC])", word, re.I)
    return (m.group(2) + m.group(1)).upper() if m else None


# ------------------------------------------------------------------ the transformer

#: A backslash and what it escapes: a character by its code (``\x1b``, ``\u202e``,
#: ``\U000e0041``, as ``arbiter fmt`` writes what is not seen as itself), or any other
#: one character, which stands for itself (``\"`` a quote, ``\\`` a backslash).
_ESCAPE = re.compile(r"\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|([xuU])|(.))")
_ESCAPE_DIGITS = {"x": "two", "u": "four", "U": "eight"}
_ESCAPE_EXAMPLE = {"x": "\\x1b", "u": "\\u202e", "U": "\\U000e0041"}


def _unquote(token: Token) -> str:
    r"""The words inside the quotes, their escapes read. An escape that names no character
    (``\x4g``, ``\U0011ffff``, a lone surrogate) or a line break (a quotation is one line)
    is an error at the escape."""
    def character(m: re.Match) -> str:
        hexadecimal, letter, itself = m.group(1) or m.group(2) or m.group(3), m.group(4), m.group(5)
        if itself is not None:
            return itself
        code = int(hexadecimal, 16) if hexadecimal else None
        if code is None:
            problem = (f"`\\{letter}` begins an escape: {_ESCAPE_DIGITS[letter]} hex digits follow, "
                       f"as in {_ESCAPE_EXAMPLE[letter]}")
        elif code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
            problem = f"`{m.group()}` names no character"
        elif code == 0x0A:
            problem = f"`{m.group()}` is a line break, and a quotation is one line: make it two statements"
        else:
            return chr(code)
        at = Token(token.type, token.value, line=token.line, column=(token.column or 1) + 1 + m.start())
        _BUILD.fail(at, problem)

    return _ESCAPE.sub(character, str(token)[1:-1])


class _Build(Transformer):
    """One method per rule of the grammar; each returns a piece of the model, as the parser
    reduces the rule.

    Lark gives an inline transformer no positions for a rule, only for its tokens. A
    statement takes its place from its actor's token; every other item (a header, a moment,
    a finding, a dispute, an alternative) is made once its line is known: it comes back as
    a ``partial`` waiting for its position, and ``start`` gives each item the start of its
    line (one item to each line that is not blank). The incident being parsed is kept per
    thread, since one transformer serves the one parser.
    """

    def __init__(self) -> None:
        super().__init__()
        self._local = threading.local()

    def begin(self, path: str, lines: list[str], starts: list[Pos]) -> None:
        self._local.path, self._local.lines, self._local.starts = path, lines, starts
        self._local.tens = {}

    def tens_written_10(self) -> dict[int, frozenset[Card]]:
        """The cards written with ``10`` for their rank (not ``T``), by line."""
        return {line: frozenset(cards) for line, cards in self._local.tens.items()}

    def end(self) -> None:
        self._local.__dict__.clear()

    @contextlib.contextmanager
    def apart(self, line: str) -> Iterator[None]:
        """Within: ``line`` is the text being parsed, on its own (a suggestion tried while
        the file's error is explained); the file's own parse is as it was afterwards."""
        saved = dict(self._local.__dict__)
        self.begin("<suggestion>", [line], [Pos(1, 1)])
        try:
            yield
        finally:
            self._local.__dict__.clear()
            self._local.__dict__.update(saved)

    def fail(self, token, problem: str, suggestion: str | None = None) -> NoReturn:
        path, lines = self._local.path, self._local.lines
        line, column = token.line, token.column
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        raise IncidentError(path, line, column, text, "", suggestion, problem)

    def start(self, items):
        return [item(pos) if isinstance(item, partial) else item
                for item, pos in zip(items, self._local.starts)]

    # header ---------------------------------------------------------------
    #: How each header line's values become the model's value (default: the one word).
    _HEADER_VALUES = {
        "seats": lambda self, v: tuple(str(x) for x in v),
        "partners": lambda self, v: (str(v[0]), str(v[1])),
        "player": lambda self, v: (str(v[0]), _unquote(v[1])),
        "title": lambda self, v: _unquote(v[0]),
        "source": lambda self, v: _unquote(v[0]),
        "packs": lambda self, v: self.number(v[0]),
        "trump": lambda self, v: Suit.parse(str(v[0])),
        "trump_card": lambda self, v: self.card(v[0]),
        "score": lambda self, v: tuple(v),
        # one dummy, or the two of Double Dummy
        "dummy": lambda self, v: str(v[0]) if len(v) == 1 else (str(v[0]), str(v[1])),
    }

    @staticmethod   # called in the class body, to make methods
    def _header(key):
        def method(self, children):
            convert = self._HEADER_VALUES.get(key, lambda self, v: str(v[0]))
            return partial(HeaderLine, key, convert(self, children))
        return method

    code = _header("code")
    game = _header("game")
    title = _header("title")
    source = _header("source")
    seats = _header("seats")
    partners = _header("partners")
    player = _header("player")
    dealer = _header("dealer")
    dummy = _header("dummy")
    bidder = _header("bidder")
    score = _header("score")
    packs = _header("packs")
    trump = _header("trump")
    trump_card = _header("trump_card")
    deal = _header("deal")

    def no_partners(self, children):
        return partial(HeaderLine, "no_partners", True)

    def side_score(self, children):
        a, b, points = children
        return ((str(a), str(b)), self.number(points))

    # moments --------------------------------------------------------------
    @staticmethod   # called in the class body, to make methods
    def _moment(kind):
        def method(self, children):
            trick = self.number(children[0]) if children else None
            if trick is not None and not 1 <= trick <= HAND_SIZE:
                self.fail(children[0], f"there is no trick {trick}: tricks are numbered 1 to {HAND_SIZE}")
            return partial(MomentLine, Moment(kind, trick))
        return method

    before_deal = _moment("before-deal")
    during_deal = _moment("deal")
    bidding = _moment("bidding")
    trick = _moment("trick")
    after_hand = _moment("after-hand")
    after_next_trump = _moment("after-next-trump")
    after_next_cut = _moment("after-next-cut")

    def number(self, token: Token) -> int:
        """A number as written; one too long to mean anything, or below nought (every number
        of the notation counts something: cards, points, honours, packs, tricks), is an
        error at its column."""
        problem = limits.number_problem(str(token))
        if not problem and str(token).startswith("-"):
            problem = f"{token} is below nought: a number here counts something, so it is 0 or more"
        if problem:
            self.fail(token, problem)
        return int(token)

    # statements -----------------------------------------------------------
    def card(self, token: Token) -> Card:
        try:
            card = Card.parse(str(token))
        except ValueError as exc:
            self.fail(token, str(exc))
        if str(token).endswith("10"):     # the ten, written so: the canonical form keeps it
            self._local.tens.setdefault(token.line, set()).add(card)
        return card

    def cards(self, children):
        return tuple(self.card(t) for t in children)

    def actor(self, children):
        return children[0]

    def statement(self, children):
        actor, action = children[0], children[1]
        act = children[2] if len(children) > 2 else ()
        fields = dict(action)
        return Statement(actor=str(actor), act=act, pos=Pos(actor.line, actor.column), **fields)

    def act(self, children):
        """``(claims game, calls attention)``: the grammar drops the commas, so the words are
        read greedily as the longest known acts. An act has a few words, so only phrases
        that long are tried at each word: the time is linear in the words."""
        tokens = [str(c) for c in children]
        longest = _longest_act()
        out, i = [], 0
        while i < len(tokens):
            for j in range(min(len(tokens), i + longest), i, -1):
                phrase = " ".join(tokens[i:j])
                if phrase in vocab.ACTS:
                    out.append(phrase)
                    i = j
                    break
            else:
                phrase = " ".join(tokens[i:i + longest])
                close = difflib.get_close_matches(phrase, sorted(vocab.ACTS), n=1, cutoff=0.5)
                self.fail(children[i], f"unknown act {phrase!r} in ( … )", close[0] if close else None)
        return tuple(out)

    # each action returns the Statement fields it sets
    @staticmethod   # called in the class body, to make methods
    def _simple(verb):
        def method(self, children):
            fields = {"verb": verb}
            for child in children:
                if isinstance(child, tuple) and child and isinstance(child[0], Card):
                    fields["cards"] = child
                elif isinstance(child, Token) and child.type == "CARD":
                    fields["cards"] = (self.card(child),)
                elif isinstance(child, Token) and child.type == "INT":
                    fields["number"] = self.number(child)
                    if verb in _TRICK_VERBS and not 1 <= fields["number"] <= HAND_SIZE:
                        self.fail(child, f"there is no trick {fields['number']}: tricks are numbered 1 to {HAND_SIZE}")
                elif isinstance(child, Token) and child.type == "STRING":
                    fields["words"] = _unquote(child)
                elif isinstance(child, Token) and child.type == "SEAT":
                    fields["target"] = str(child)
                elif isinstance(child, str):
                    fields["detail"] = child
            return fields
        return method

    for _verb in ("leads", "plays", "drops", "names", "withdraws", "detaches", "shows", "exposes",
                  "throws_down_hand", "retains_hand", "takes_up_trump", "shuffles",
                  "presents_pack", "cuts", "cuts_unpresented", "leaves_trump", "deals",
                  "deals_two_at_once", "deals_wrong_pack", "rectifies_deal",
                  "stops_dealing", "turns_up", "trump_face_down", "looks_at_trump",
                  "looks_at_trick", "looks_at_hand", "counts_cards", "touches_cards",
                  "takes_from_other_pack", "says", "asks", "answers", "interrupts",
                  "withdraws_claim", "consults", "objects", "quits_trick", "gathers_trick", "leaves_trick",
                  "mixes_cards", "searches_tricks", "has_cards", "was_dealt", "held", "finds",
                  "calls_for_new_cards", "bids", "passes", "accepts"):
        locals()[_verb] = _simple(_verb.replace("_", "-"))
    del _verb

    def face_up(self, _): return "face-up"
    def face_down(self, _): return "face-down"
    def on_floor(self, _): return "on-floor"
    def in_other_pack(self, _): return "in-other-pack"
    def faced_in_pack(self, _): return "faced-in-pack"
    def among_tricks(self, _): return "among-tricks"

    def _phrase(self, words, vocabulary, what):
        phrase = " ".join(str(w) for w in words)
        if phrase not in vocabulary:
            close = difflib.get_close_matches(phrase, sorted(vocabulary), n=1, cutoff=0.5)
            self.fail(words[0], f"unknown {what} {phrase!r}", close[0] if close else None)
        return phrase

    def claims(self, children):
        return {"verb": "claims", "detail": self._phrase(children, vocab.CLAIMS, "claim")}

    def demands(self, children):
        words = [c for c in children if c.type == "WORD"]
        if [str(w) for w in words] == ["call"]:
            # "demands call SK" and "demands call hearts" name what is called
            kinds = {c.type for c in children}
            words.append(Token("WORD", "card" if "CARD" in kinds else "suit" if "SUIT" in kinds else ""))
        fields = {"verb": "demands", "detail": self._phrase(words, vocab.PENALTIES, "penalty")}
        for child in children:
            if child.type == "CARD":
                fields["cards"] = (self.card(child),)
            elif child.type == "SUIT":
                fields["suit"] = Suit.parse(str(child))
            elif child.type == "INT":
                fields["number"] = self.number(child)
            elif child.type == "SEAT":
                fields["target"] = str(child)
        return fields

    def held_none(self, children):
        """``held no spades``: a void, stated; the suit is kept in ``suit``."""
        return {"verb": "held-none", "suit": Suit.parse(str(children[0]))}

    def held_no_trumps(self, children):
        """``held no trumps``: a void in whatever suit is trumps (``detail``)."""
        return {"verb": "held-none", "detail": "trumps"}

    def marks(self, children):
        words = [c for c in children[1:]]
        what = self._phrase(words, vocab.MARKS, "score") if words else ""
        return {"verb": "marks", "number": self.number(children[0]), "detail": what or None}

    # findings, disputes, the question --------------------------------------
    def finding(self, children):
        child = children[0]
        if isinstance(child, Statement):
            return partial(_at, Finding, statement=child)
        return partial(_at, Finding, text=_unquote(child))

    def dispute(self, children):
        title = _unquote(children[0]) if children else None
        return partial(Dispute, title, (), UNSPECIFIED)

    def alternative(self, children):
        if len(children) == 1 and isinstance(children[0], Token):
            return partial(_at, Alternative, text=_unquote(children[0]))
        return partial(_at, Alternative, statements=tuple(children))

    def question(self, children):
        about = str(children[1]) if len(children) > 1 else None
        return partial(HeaderLine, "question", (_unquote(children[0]), about))

    def note(self, children):
        return partial(HeaderLine, "note", _unquote(children[0]))


#: The verbs whose number is a trick's.
_TRICK_VERBS = frozenset({"looks-at-trick", "quits-trick", "gathers-trick", "leaves-trick"})


@lru_cache(maxsize=1)
def _longest_act() -> int:
    """The most words an act has."""
    return max(len(act.split()) for act in vocab.ACTS)


def _at(kind, pos: Pos, **fields):
    """An item whose position is its only positional argument, given last."""
    return kind(pos=pos, **fields)


_BUILD = _Build()


# ------------------------------------------------------------------ the second pass

_SINGLE = {"code", "game", "title", "source", "seats", "dealer", "dummy", "bidder", "packs",
           "trump", "trump_card", "deal", "question", "score", "no_partners"}


def _assemble(items, comments, path: str, lines: list[str], tens: dict[int, frozenset[Card]]) -> Incident:
    incident = Incident(path=path, lines=lines)

    def fail(pos: Pos, problem: str, suggestion: str | None = None) -> NoReturn:
        text = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
        raise IncidentError(path, pos.line, pos.column, text, "", suggestion, problem)

    seen: dict[str, Pos] = {}
    for item in items:
        if isinstance(item, HeaderLine) and item.key in _SINGLE:
            if item.key in seen:
                fail(item.pos, f"`{item.key.replace('_', ' ')}` is given twice (first on line {seen[item.key].line})")
            seen[item.key] = item.pos

    # The seats first: everything else is checked against them.
    for item in items:
        if isinstance(item, HeaderLine) and item.key == "seats":
            if len(set(item.value)) != len(item.value):
                fail(item.pos, "a seat is named twice")
            if not 2 <= len(item.value) <= 4:
                fail(item.pos, "a table has two, three or four seats")
            incident.seats = item.value
        elif isinstance(item, HeaderLine) and item.key == "player":
            incident.players[item.value[0]] = item.value[1]
    seats = incident.seats

    def seat(name: str, pos: Pos) -> str:
        if name not in seats:
            close = difflib.get_close_matches(name, seats, n=1)
            fail(pos, f"{name!r} is not a seat at this table (seats: {' '.join(seats)})",
                 close[0] if close else None)
        return name

    moment = UNSPECIFIED
    result: list = []
    open_dispute: Dispute | None = None

    def close_dispute():
        nonlocal open_dispute
        if open_dispute is not None:
            if len(open_dispute.alternatives) < 2:
                fail(open_dispute.pos, "a dispute needs at least two alternatives, each on a line starting with -")
            result.append(open_dispute)
            open_dispute = None

    placed = 0

    def place(statement: Statement) -> Statement:
        nonlocal placed
        placed += 1
        problem = limits.too_many_statements(placed)
        if statement.actor in NOT_SEATS:
            problem = problem or not_a_seat(statement.actor, statement.verb, seats)
        if problem:
            fail(statement.pos, problem)
        if statement.actor not in NOT_SEATS:
            seat(statement.actor, statement.pos)
        if statement.target is not None:
            seat(statement.target, statement.pos)
        return replace(statement, moment=moment)

    for item in items:
        if isinstance(item, Alternative):
            if open_dispute is None:
                fail(item.pos, "an alternative (- …) must follow a `disputed:` line")
            item = replace(item, statements=tuple(place(s) for s in item.statements))
            open_dispute = replace(open_dispute, alternatives=open_dispute.alternatives + (item,))
            continue
        close_dispute()
        if isinstance(item, MomentLine):
            moment = item.moment
            result.append(item)
        elif isinstance(item, Dispute):
            open_dispute = replace(item, moment=moment)
        elif isinstance(item, Statement):
            result.append(place(item))
        elif isinstance(item, Finding):
            result.append(replace(item, statement=place(item.statement)) if item.statement else item)
        elif isinstance(item, HeaderLine):
            _apply_header(incident, item, seat, fail)
            result.append(item)
    close_dispute()
    if len(incident.dummies) == 2 and incident.partner_of(incident.dummies[0]) == incident.dummies[1]:
        line = next(i for i in result if isinstance(i, HeaderLine) and i.key == "dummy")
        fail(line.pos, f"the two dummies of Double Dummy sit on opposite sides, one for each player: "
                       f"{incident.dummies[0]} and {incident.dummies[1]} are partners")

    for number, (text, standalone, column) in comments.items():
        if standalone:
            result.append(Comment(text, Pos(number, 1)))
        else:
            incident.trailing_comments[number] = text
            incident.comment_columns[number] = column
    incident.tens_written_10 = tens
    result.sort(key=lambda i: (_line_of(i), 0 if isinstance(i, Comment) else 1))
    incident.items = result
    return incident


def _line_of(item) -> int:
    return item.pos.line


def _apply_header(incident: Incident, item: HeaderLine, seat, fail) -> None:
    key, value, pos = item.key, item.value, item.pos
    if key == "dummy" and isinstance(value, tuple):
        a, b = (seat(v, pos) for v in value)
        if a == b:
            fail(pos, "the two dummies of Double Dummy sit on opposite sides: one for each player")
        incident.dummy, incident.dummies = a, (a, b)
    elif key in ("dealer", "dummy", "bidder"):
        setattr(incident, key, seat(value, pos))
        if key == "dummy" and incident.dummy:
            incident.dummies = (incident.dummy,)
    elif key == "partners":
        if incident.no_partners:
            fail(pos, "partners are named after `partners none`")
        a, b = (seat(v, pos) for v in value)
        if a == b:
            fail(pos, "a player cannot be his own partner")
        incident.partners = incident.partners + ((a, b),)
    elif key == "score":
        for (a, b), points in value:
            seat(a, pos), seat(b, pos)
            incident.score[(a, b)] = points
    elif key == "deal":
        incident.deal = _parse_deal(value, incident.seats, pos, fail)
    elif key == "no_partners":
        if incident.partners:
            fail(pos, "`partners none` contradicts the partners named before it")
        incident.no_partners = True
    elif key == "trump_card":
        incident.trump_card = value
        incident.trump = value.suit
    elif key == "question":
        incident.question, incident.question_about = value
    elif key == "note":
        incident.notes.append(value)
    elif key in ("code", "game", "title", "source", "packs", "trump"):
        setattr(incident, key, value)
    elif key in ("seats", "player"):
        pass


def _parse_deal(text: str, seats: tuple[str, ...], pos: Pos, fail) -> dict:
    """``N:hand hand hand hand``: hands clockwise from the seat named before the colon."""
    first, _, hands = text.partition(":")
    order = list(seats)
    if first not in order:
        fail(pos, f"the deal starts with {first!r}, which is not a seat (seats: {' '.join(seats)})")
    start = order.index(first)
    rotation = order[start:] + order[:start]
    deal = {}
    column = pos.column + len("deal ") + len(first) + 1
    for who, hand in zip(rotation, hands.split()):
        if hand != "-":   # PBN's mark for a hand that is not known
            try:
                deal[who] = tuple(parse_pbn_hand(hand))
            except ValueError as exc:
                fail(Pos(pos.line, column), f"{exc} (a hand is spades.hearts.diamonds.clubs, e.g. AKQ.JT9.876.5432)")
        column += len(hand) + 1
    seen: dict = {}
    for who, cards in deal.items():
        for card in cards:
            if card in seen:
                fail(pos, f"{card} is dealt to both {seen[card]} and {who}")
            seen[card] = who
    return deal
