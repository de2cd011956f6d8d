"""The interview's questions, read from ``laws/interview.yaml``, and made concrete for one
table: the seats offered, the cards by suit and rank, the codes and games of the law book.

A question is a small block of data (the words, the fields, the choices each offers), kept
apart from the logic that decides whether to ask it (:mod:`.asking`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..cards import RANKS, SYMBOLS, Card, Suit
from ..lawbook import LawBook
from ..lawbook.yamlio import read_plain
from ..support.resources import laws_dir

#: The forms of laws/interview.yaml.
FORMS = ("table", "topic", "story", "trick", "dispute")
#: The other forms that may answer each (the story told a trick at a time, or as a dispute).
INSTEAD = {"story": ("trick", "dispute"), "trick": ("story", "dispute"), "dispute": ("story", "trick")}

#: "Not known" is always an answer.
NOT_KNOWN = "Not known"


@dataclass(frozen=True)
class Choice:
    value: str
    says: str
    group: str = ""


@dataclass(frozen=True)
class Field:
    """One blank of a question's form: a seat, a card, a suit, a number, words, a choice."""

    name: str
    kind: str
    label: str
    optional: bool = False
    more: bool = False                      # shown folded away: seldom needed
    choices: tuple[Choice, ...] = ()        # none: free words or a number

    def data(self) -> dict:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "label": self.label,
                               "optional": self.optional}
        if self.more:
            out["more"] = True
        if self.choices:
            out["choices"] = [{"value": c.value, "says": c.says, **({"group": c.group} if c.group else {})}
                              for c in self.choices]
        return out


@dataclass(frozen=True)
class Question:
    """A question put: its id (``table``, ``topic``, ``story``, ``trick``, ``settle``), a
    key that names it among the questions of its id (a settle question's open question),
    its words, the law that makes it matter, and its fields."""

    id: str
    asks: str
    fields: tuple[Field, ...]
    key: str = ""
    help: str = ""
    law: dict | None = None                 # {"id": …, "label": …}
    instead: tuple[str, ...] = ()           # other forms that may answer it (the story: a trick)
    decisive: int = 0                       # how many holdings its answers change

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)

    def data(self) -> dict:
        out: dict[str, Any] = {"id": self.id, "asks": self.asks, "help": self.help,
                               "fields": [f.data() for f in self.fields], "not_known": NOT_KNOWN}
        if self.key:
            out["key"] = self.key
        if self.law:
            out["law"] = self.law
        if self.instead:
            out["instead"] = list(self.instead)
        return out


@dataclass(frozen=True)
class Act:
    id: str
    says: str
    writes: str
    needs: tuple[str, ...] = ()
    choices: str = ""


@dataclass(frozen=True)
class Topic:
    id: str
    says: str
    law_topic: str
    opens: dict
    acts: tuple[str, ...]
    questions: tuple[str, ...]


@dataclass
class Book:
    """``laws/interview.yaml`` read."""

    forms: dict[str, dict]
    moments: list[dict]
    acts: dict[str, Act]
    choices: dict[str, tuple[str, ...]]
    topics: dict[str, Topic]
    asks: dict[str, dict] = field(default_factory=dict)     # the questions with a condition, by id


@lru_cache(maxsize=4)
def _read(path: str) -> Book:
    data = read_plain(Path(path))       # as the law book's other tables: kept as plain data, keys once
    acts = {a["id"]: Act(a["id"], a["says"], a["writes"], tuple(a.get("needs", ())), a.get("choices", ""))
            for a in data["acts"]}
    topics = {t["id"]: Topic(t["id"], t["says"], t["law_topic"], dict(t["opens"]), tuple(t.get("acts", ())),
                             tuple(t.get("questions", ()))) for t in data["topics"]}
    for t in topics.values():
        unknown = [a for a in t.acts if a not in acts]
        if unknown:
            raise ValueError(f"{path}: topic {t.id} offers acts that are not listed: {', '.join(unknown)}")
    return Book(forms={k: data[k] for k in FORMS}, moments=list(data["moments"]),
                acts=acts, choices={k: tuple(v) for k, v in data["choices"].items()}, topics=topics,
                asks={a["id"]: a for a in data.get("asks", [])})


def interview_book() -> Book:
    return _read(str(laws_dir() / "interview.yaml"))


# ---------------------------------------------------------------------------- choices

def card_choices() -> tuple[Choice, ...]:
    """The fifty-two cards, by suit and rank (high first), as the notation writes them."""
    out = []
    for suit in Suit:
        for rank in reversed(RANKS):
            card = Card(suit, rank)
            out.append(Choice(str(card), f"{SYMBOLS[suit]}{'10' if rank == 'T' else rank} ({card.name})",
                              suit.word))
    return tuple(out)


def suit_choices() -> tuple[Choice, ...]:
    return tuple(Choice(s.word, f"{SYMBOLS[s]} {s.word}") for s in Suit)


def seat_choices(seats: tuple[str, ...]) -> tuple[Choice, ...]:
    return tuple(Choice(s, s) for s in seats)


def actor_choices(seats: tuple[str, ...]) -> tuple[Choice, ...]:
    return seat_choices(seats) + (Choice("someone", "someone"), Choice("bystander", "a bystander"),
                                  Choice("all", "all the players"))


def rules_choices(book: LawBook) -> tuple[Choice, ...]:
    """Each code that rules a game, with each game it rules: the English code of 1864 and
    whist first (the default)."""
    from ..ruling.decision import codes_for

    out = []
    games = list(book.games)
    for game in ["whist"] + [g for g in games if g != "whist"]:
        for code in codes_for(book, game):
            title = book.codes[code].title
            out.append(Choice(f"{code}/{game}", f"{game.replace('-', ' ').capitalize()}, by {title} ({code})"))
    first = next((c for c in out if c.value == "english-1864/whist"), None)
    return tuple([first] if first else []) + tuple(c for c in out if c is not first)


def trick_choices() -> tuple[Choice, ...]:
    return tuple(Choice(str(n), f"trick {n}") for n in range(1, 14))


def law_of_topic(book: LawBook, code: str, topic: str) -> dict | None:
    """The first law of ``code`` whose own topic (its first) is ``topic`` (laws/topics.yaml),
    else the first that names it among others: shown beside a question."""
    laws = [law for law in book.entries_of(code) if law.kind == "law" and topic in law.topics]
    law = next((law for law in laws if law.topics[0] == topic), laws[0] if laws else None)
    return {"id": law.id, "label": law.label} if law else None


def make_field(spec: dict, seats: tuple[str, ...], book: LawBook, data: Book, topic: Topic | None) -> Field:
    kind = spec["kind"]
    choices: tuple[Choice, ...] = ()
    if kind == "seat":
        choices = seat_choices(seats)
    elif kind == "actor":
        choices = actor_choices(seats)
    elif kind == "card":
        choices = card_choices()
    elif kind == "suit":
        choices = suit_choices()
    elif kind == "trick_number":
        choices = trick_choices()
    elif kind == "rules":
        choices = rules_choices(book)
    elif kind == "topic":
        choices = tuple(Choice(t.id, t.says) for t in data.topics.values())
    elif kind == "moment":
        choices = tuple(Choice(m["value"], m["says"]) for m in data.moments)
    elif kind == "act":
        first = [data.acts[a] for a in (topic.acts if topic else ())]
        rest = [a for a in data.acts.values() if a not in first]
        choices = tuple(Choice(a.id, a.says, "most often" if first else "") for a in first) + \
            tuple(Choice(a.id, a.says, "anything else" if first else "") for a in rest)
    elif kind == "choice_of_act":
        choices = tuple(dict.fromkeys(Choice(w, w, name) for name, words in data.choices.items() for w in words))
    elif kind == "choice":
        choices = tuple(Choice(str(c["value"]), c["says"]) for c in spec["choices"])
    return Field(spec["name"], kind, spec["label"], bool(spec.get("optional")), bool(spec.get("more")), choices)


def form_question(form: str, seats: tuple[str, ...], book: LawBook, code: str, topic: Topic | None,
                  asks: str | None = None) -> Question:
    """The question of one of the forms of ``laws/interview.yaml`` (table, topic, story,
    trick, dispute), for this table, in the topic's words where it opens the story."""
    data = interview_book()
    spec = data.forms[form]
    fields = tuple(make_field(f, seats, book, data, topic) for f in spec["fields"])
    law_topic = spec.get("law_topic") or (topic.law_topic if topic else None)
    law = law_of_topic(book, code, law_topic) if law_topic else None
    return Question(form, asks or spec["asks"], fields, help=spec.get("help", ""), law=law,
                    instead=INSTEAD.get(form, ()))
