"""The answers written out as an incident in the notation.

Each answer adds statements: the table its header lines, the topic the question put to the
arbiter, a trick its lead and plays, an act its statement from the template of
``laws/interview.yaml``, a question of fact its finding. Every value is checked against the
choices its field offers before it is written, and free words are written as the notation's
quoted words (a quote or a backslash escaped, a character not seen as itself written as its
escape), so no answer can write anything but the statement its form means. What is written
is read back by the parser, which judges it as it judges any incident.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..cards import Card, Suit
from ..lawbook import LawBook
from ..support.escapes import shown
from .questions import Act, Topic, interview_book, rules_choices
from .state import Answer, InterviewError

#: The seats a table has unless told otherwise.
DEFAULT_SEATS = ("A", "Y", "B", "Z")


@dataclass
class Told:
    """What the answers tell, so far: the table, the topic, and the incident's text."""

    code: str = "english-1864"
    game: str = "whist"
    seats: tuple[str, ...] = DEFAULT_SEATS
    topic: Topic | None = None
    question: str = ""
    header: list[str] = field(default_factory=list)
    story: list[tuple[str, str]] = field(default_factory=list)     # (moment line, statement)
    findings: list[str] = field(default_factory=list)
    done: bool = False                   # "Nothing more" answered to "What happened next?"

    @property
    def text(self) -> str:
        lines = [f"code {self.code}"] + ([f"game {self.game}"] if self.game != "whist" else []) + self.header
        moment = None
        for when, statement in self.story:
            if when != moment:
                lines.append(when)
                moment = when
            lines.append(("  " if when else "") + statement)
        lines += self.findings
        if self.question:
            lines.append(f"question {quoted(self.question)}")
        return "\n".join(lines) + "\n"

    @property
    def statements(self) -> int:
        return len(self.story) + len(self.findings)


def quoted(words: str) -> str:
    """Words as the notation quotes them: one line, ``"`` and ``\\`` escaped, a hidden
    character written as its escape."""
    one_line = " ".join(words.split())
    return '"' + shown(one_line.replace("\\", "\\\\").replace('"', '\\"')) + '"'


def tell(answers: tuple[Answer, ...], book: LawBook) -> Told:
    """What ``answers`` tell; an :class:`InterviewError` at the first that cannot be written."""
    told = Told()
    for i, answer in enumerate(answers):
        try:
            _write(told, answer, book)
        except InterviewError as exc:
            raise InterviewError(f"answer {i + 1}: {exc}") from None
    return told


def _write(told: Told, answer: Answer, book: LawBook) -> None:
    if answer.not_known:
        return      # nothing is written: it stays unknown, and is not asked again
    f = answer.fields
    if answer.form == "table":
        _table(told, f, book)
    elif answer.form == "topic":
        _topic(told, f)
    elif answer.form == "trick":
        _trick(told, f)
    elif answer.form == "story":
        if f.get("done"):
            told.done = True
            return
        told.done = False
        _story(told, f)
    elif answer.form == "dispute":
        _dispute(told, f)
    elif answer.form == "settle":
        _settle(told, f)
    elif answer.form == "fact":
        _fact(told, answer)


def _table(told: Told, f: dict, book: LawBook) -> None:
    rules = f.get("rules", "english-1864/whist")
    if rules not in {c.value for c in rules_choices(book)}:
        raise InterviewError(f"no such code and game {rules!r}")
    told.code, told.game = rules.split("/")
    seats = f.get("seats", " ".join(DEFAULT_SEATS))
    if seats not in ("A Y B Z", "N E S W"):
        raise InterviewError("the seats are A Y B Z or N E S W")
    told.seats = tuple(seats.split())
    header = []
    if told.seats != DEFAULT_SEATS:
        header.append(f"seats {seats}")
    for name in ("dealer", "dummy", "bidder"):
        if f.get(name):
            header.append(f"{name} {_seat(told, f[name])}")
    if f.get("trump_card"):
        header.append(f"trump card {_card(f['trump_card'])}")
    elif f.get("trump"):
        header.append(f"trump {_suit(f['trump'])}")
    if f.get("score_ours") or f.get("score_theirs"):
        ours, theirs = ("".join(told.seats[0::2]), "".join(told.seats[1::2]))
        header.append(f"score {ours[0]}-{ours[1]} {_number(f.get('score_ours', '0'))}, "
                      f"{theirs[0]}-{theirs[1]} {_number(f.get('score_theirs', '0'))}")
    if f.get("deal"):
        deal = f["deal"].strip()
        if not re.fullmatch(r"[A-Z]:[AKQJT2-9.]+( [AKQJT2-9.]+){3}", deal):
            raise InterviewError("the deal is written N:AKQ.JT9.876.5432 and three hands more (PBN)")
        header.append(f"deal {deal}")
    told.header = header


def _topic(told: Told, f: dict) -> None:
    topics = interview_book().topics
    if f.get("topic") not in topics:
        raise InterviewError(f"choose what it is about: {', '.join(topics)}")
    told.topic = topics[f["topic"]]
    told.question = f.get("question") or (told.topic.questions[0] if told.topic.questions else "")


def _trick(told: Told, f: dict) -> None:
    number = _trick_number(f.get("trick"))
    rows = []
    for k in range(1, 5):
        seat, card = f.get(f"seat{k}"), f.get(f"card{k}")
        if bool(seat) != bool(card):
            raise InterviewError(f"the {_ORDINAL[k]} card of the trick needs both who played it and the card")
        if seat:
            rows.append((_seat(told, seat), _card(str(card))))
    if not rows:
        raise InterviewError("say who led and what he led")
    if not f.get("seat1"):
        raise InterviewError("the trick begins with the card led")
    for k, (seat, card) in enumerate(rows):
        told.story.append((f"trick {number}:", f"{seat} {'leads' if k == 0 else 'plays'} {card}"))


_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def _story(told: Told, f: dict) -> None:
    statement, finding = _statement(told, f)
    if finding:
        told.findings.append(statement)
        return
    told.story.append((_moment(f), statement))


def _dispute(told: Told, f: dict) -> None:
    """Two versions of one act, each written as the story writes it, under one moment."""
    versions = []
    for suffix in ("", "_2"):
        fields = {name: f[name + suffix] for name in ("who", "act", "card", "number") if f.get(name + suffix)}
        statement, finding = _statement(told, fields)
        if finding:
            raise InterviewError("a disputed fact is an act at the table, not a finding of what a hand held")
        versions.append(statement)
    if versions[0] == versions[1]:
        raise InterviewError("the two versions are the same")
    title = f" {quoted(f['words'])}" if f.get("words") else ""
    told.story.append((_moment(f), f"disputed{title}:\n" + "\n".join(f"    - {v}" for v in versions)))


def _statement(told: Told, f: dict) -> tuple[str, bool]:
    """The statement one act writes, and whether it is a finding."""
    book = interview_book()
    act = book.acts.get(f.get("act", ""))
    if act is None:
        raise InterviewError("choose what was done")
    missing = [n for n in act.needs if not f.get(n)]
    if missing:
        raise InterviewError(f"to say he {act.says}, give {_field_words(missing)}")
    who = f.get("who", "")
    finding = act.writes.startswith("finding:")
    seats = told.seats if finding or act.id in _SEAT_ACTS else told.seats + ("someone", "bystander", "all")
    if who not in seats:
        raise InterviewError(f"who did it? ({', '.join(seats)})")
    values = {"who": who}
    for name in ("card", "card2", "card3"):
        if f.get(name):
            values[name] = _card(f[name])
    if f.get("suit"):
        values["suit"] = _suit(f["suit"])
    if f.get("to"):
        values["to"] = _seat(told, f["to"])
    if f.get("number"):
        values["number"] = str(_number(f["number"]))
    if f.get("words"):
        values["words"] = quoted(f["words"])
    if f.get("what"):
        offered = book.choices.get(act.choices, ())
        if f["what"] not in offered:
            raise InterviewError(f"{f['what']!r} is not among what may be said here"
                                 + (f" ({', '.join(offered)})" if offered else ""))
        values["what"] = f["what"]
    return fill(act, values), finding


#: Acts only a seat does (the notation's rule: see docs/notation.md).
_SEAT_ACTS = {"leads", "plays", "plays-two", "withdraws", "takes-up-trump", "has-cards", "was-dealt", "other-pack"}


def _field_words(names: list[str]) -> str:
    words = {"card": "the card", "card2": "the second card", "card3": "the third card", "suit": "the suit",
             "to": "to (or from) whom", "what": "what was claimed, demanded or meant", "number": "how many",
             "words": "the words said"}
    return " and ".join(words.get(n, n) for n in names)


def _moment(f: dict) -> str:
    when = f.get("when", "")
    for m in interview_book().moments:
        if m["value"] == when and when != "finding":
            if "{trick}" in m["line"]:
                return m["line"].replace("{trick}", str(_trick_number(f.get("trick"))))
            return m["line"]
    raise InterviewError("say when it happened")


def fill(act: Act, values: dict) -> str:
    """The act's template filled: a part in ``[ … ]`` only where every field it names is given."""
    def optional(m: re.Match) -> str:
        names = re.findall(r"\{(\w+)\}", m.group(1))
        return m.group(1).format(**values) if all(n in values for n in names) else ""

    text = re.sub(r"\[([^\]]*)\]", optional, act.writes)
    return text.format(**values)


def _fact(told: Told, answer: Answer) -> None:
    """A question of laws/interview.yaml's ``asks``: the statement its answer writes, at
    its moment (``now``: where the story is)."""
    from .conditions import from_key

    value = answer.fields.get("answer", "")
    if not value.isdigit():
        raise InterviewError("choose one of the answers offered")
    written = from_key(answer.key).writes(int(value))
    if written is None:
        return
    moment, statement = written
    if moment == "now":
        if not told.story:
            raise InterviewError("nothing has happened yet to follow")
        line = told.story[-1][0]
    elif re.fullmatch(r"trick \d{1,2}", moment):
        line = f"trick {_trick_number(moment.split()[1])}:"
    else:
        line = next((m["line"] for m in interview_book().moments if m["value"] == moment and m["line"]), "")
        if not line:
            raise InterviewError(f"no moment {moment!r}")
    told.story.append((line, statement))


def _settle(told: Told, f: dict) -> None:
    seat = _seat(told, f.get("seat", ""))
    if f.get("none"):
        told.findings.append(f"finding: {seat} held no {_suit(f['none'])}")
    elif f.get("cards"):
        cards = [_card(c) for c in f["cards"].split()]
        if not 1 <= len(cards) <= 13:
            raise InterviewError("name the card he held")
        told.findings.append(f"finding: {seat} held {' '.join(cards)}")
    else:
        raise InterviewError("choose an answer")


def _seat(told: Told, value: str) -> str:
    if value not in told.seats:
        raise InterviewError(f"{value!r} is not a seat at this table ({' '.join(told.seats)})")
    return value


def _card(value: str) -> str:
    try:
        return str(Card.parse(value))
    except ValueError:
        raise InterviewError(f"{value!r} is not a card (the suit then the rank: HA, S10, C2)") from None


def _suit(value: str) -> str:
    try:
        return Suit.parse(value).word
    except (ValueError, KeyError):
        raise InterviewError(f"{value!r} is not a suit (spades, hearts, diamonds, clubs)") from None


def _number(value: str) -> int:
    if not str(value).isdigit() or int(value) > 99:
        raise InterviewError(f"{value!r} is not a number from 0 to 99")
    return int(value)


def _trick_number(value: str | None) -> int:
    if not value or not str(value).isdigit() or not 1 <= int(value) <= 13:
        raise InterviewError("say which trick (1 to 13)")
    return int(value)
