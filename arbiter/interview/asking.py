"""What to ask next: the table, the topic, the story, then only what the ruling turns on.

After every answer the arbiter rules on what it has. A question of fact is put only where
ruling the incident with each of its answers changes the decision -- a holding, the answer to
the question put, a demand's verdict -- against ruling it without; of those, the most
decisive first (the one whose answers change the most). What was answered "Not known" is not
asked again. When no answer left would change the ruling and the story is told, the
interview is done: the decision, with what is still unknown as its own "Not known".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..incident import Incident, IncidentError, format_incident, parse
from ..lawbook import LawBook, load_lawbook
from ..ruling.customs import customs_of
from ..ruling.decision import Decision, decide
from ..ruling.open_questions import TurnsOn
from .questions import Choice, Field, Question, form_question
from .settle import settling, unknowns_of
from .state import Answer, InterviewError, State
from .writing import Told, tell

#: How many open questions are tried at one step (each costs two rulings and a few replays).
MAX_TRIED = 6


@dataclass
class Step:
    """The next question, and the interview so far."""

    question: Question
    interview: "Interview"

    def data(self) -> dict:
        return {"done": False, "question": self.question.data(), **self.interview.data()}


@dataclass
class Done:
    """The interview is over: the decision on the incident told."""

    decision: Decision
    interview: "Interview"

    def data(self) -> dict:
        from ..render.decisions import decision_json

        return {"done": True, "decision": decision_json(self.decision, self.interview.book), **self.interview.data()}


@dataclass
class Interview:
    """An interview at some point: its state, and what follows from it."""

    state: State = field(default_factory=State)
    book: LawBook = field(default_factory=load_lawbook)

    @classmethod
    def begin(cls, book: LawBook | None = None) -> "Interview":
        return cls(State(), book or load_lawbook())

    @classmethod
    def resume(cls, state_text: str | None, book: LawBook | None = None) -> "Interview":
        """The interview a carried state gives; an :class:`InterviewError` if it is not one."""
        interview = cls(State.loads(state_text), book or load_lawbook())
        interview.check()
        return interview

    # ------------------------------------------------------------------ what is told
    @cached_property
    def told(self) -> Told:
        return tell(self.state.answers, self.book)

    @cached_property
    def incident(self) -> Incident:
        return parse(self.told.text, "incident.whist")

    @property
    def text(self) -> str:
        """The incident so far, in the canonical form ``arbiter fmt`` prints."""
        return format_incident(self.incident)

    def check(self) -> None:
        """The answers can all be written, and what they write can be: else an
        :class:`InterviewError` saying why."""
        from ..table.replay import replay_all

        try:
            replay_all(self.incident, customs_of(self.book, self.told.game))
        except IncidentError as exc:
            raise InterviewError(f"that cannot be: {exc.as_data()['message']}") from None

    def data(self) -> dict:
        return {"state": self.state.dumps(), "incident": self.text, "answers": self.recap(),
                "asked": self.asked, "statements": self.told.statements}

    @property
    def asked(self) -> int:
        return len(self.state.answers)

    def recap(self) -> list[dict]:
        """Each answer given, in words, so that one can be chosen to change."""
        return [{"index": i, "form": a.form, "says": _recap(a)} for i, a in enumerate(self.state.answers)]

    def _answered(self, form: str) -> bool:
        return any(a.form == form for a in self.state.answers)

    @property
    def settled(self) -> set[str]:
        """The questions of fact answered, "Not known" or otherwise."""
        return {a.key for a in self.state.answers if a.form in ("settle", "fact")}

    # ------------------------------------------------------------------ what comes next
    def next(self) -> Step | Done:
        told = self.told
        code = told.code
        if not self._answered("table"):
            return Step(form_question("table", told.seats, self.book, code, None), self)
        if not self._answered("topic"):
            return Step(form_question("topic", told.seats, self.book, code, None), self)
        topic = told.topic
        if not any(self._answered(form) for form in ("story", "trick", "dispute")):
            opens = topic.opens if topic else {"form": "story"}
            return Step(form_question(opens["form"], told.seats, self.book, code, topic, opens.get("asks")), self)
        decision = self.decision()
        question = self.decisive(decision)
        if question is not None:
            return Step(question, self)
        if told.done:
            return Done(decision, self)
        return Step(form_question("story", told.seats, self.book, code, topic), self)

    def decision(self) -> Decision:
        return decide(self.book, self.incident)

    def decisive(self, decision: Decision) -> Question | None:
        """The question of fact whose answers change the ruling most -- the decision's own
        open questions, put as findings the notation writes, and the questions of
        laws/interview.yaml whose condition holds -- or None where no answer left would
        change it. Between two as decisive, the decision's own first."""
        found = [q for q in (self._open_question(decision), *self._data_questions(decision)) if q is not None]
        return max(found, key=lambda q: q.decisive) if found else None

    def _data_questions(self, decision: Decision) -> list[Question]:
        from .conditions import applying
        from .questions import law_of_topic

        topic = self.told.topic
        out = []
        facts = [b.inference.facts for b in decision.branches if b.inference is not None]
        for asked in applying(topic.id if topic else None, facts)[:MAX_TRIED]:
            if asked.key in self.settled:
                continue
            changed = 0
            for i, answer in enumerate(asked.entry["answers"]):
                if answer.get("writes"):
                    changed += self._changes(decision, Answer("fact", {"answer": str(i)}, asked.key))
            if not changed:
                continue
            choices = tuple(Choice(str(i), says) for i, says in enumerate(asked.answers()))
            law_topic = asked.entry.get("law_topic")
            out.append(Question("fact", asked.words(asked.entry["asks"]),
                                (Field("answer", "fact", "The answer", choices=choices),), key=asked.key,
                                law=law_of_topic(self.book, self.told.code, law_topic) if law_topic else None,
                                decisive=changed, help="Choose what was so, or Not known."))
        return out

    def _open_question(self, decision: Decision) -> Question | None:
        turning: list[tuple[str, TurnsOn]] = []
        for branch in decision.branches:
            for t in branch.turns_on:
                if t.question not in self.settled and t.question not in {q for q, _ in turning}:
                    turning.append((t.question, t))
        if not turning:
            return None
        customs = customs_of(self.book, decision.game)
        unknowns = {u.question: u for u in unknowns_of(self.told.text, customs)}
        best: Question | None = None
        for asked, t in turning[:MAX_TRIED]:
            unknown = unknowns.get(asked)
            if unknown is None:
                continue
            found = settling(self.told.text, unknown, self.told.seats, customs)
            question = self._settle_question(decision, t, found)
            if question is not None and question.decisive > 0 and (best is None or question.decisive > best.decisive):
                best = question
        return best

    def _settle_question(self, decision: Decision, turning, found) -> Question | None:
        choices = [Choice(f"held:{seat}:{card}", f"Yes: {seat} held {_card_name(card)}") for seat, card in found.yes]
        choices += [Choice(f"none:{seat}:{suit}", f"No: {seat} held no {suit}") for seat, suit in found.no]
        if not choices:
            return None
        changed = 0
        # each answer ruled, against the ruling without it: the first card stands for its answer
        for answer in [c for c in choices if c.value.startswith("held:")][:1] + \
                [c for c in choices if c.value.startswith("none:")][:1]:
            changed += self._changes(decision, Answer("settle", _settle_fields(answer.value), "x"))
        if not changed:
            return None
        law = next(({"id": f.law, "label": f.label} for f in turning.if_so + turning.if_not), None)
        return Question("settle", f"Does anyone know {turning.question}? The ruling turns on it.",
                        (Field("answer", "settle", "The answer", choices=tuple(choices)),),
                        key=turning.question, law=law, decisive=changed,
                        help="Choose what was so, or Not known. The answer is written as a finding.")

    def _changes(self, decision: Decision, answer: Answer) -> int:
        """How much of the decision ruling with this answer changes: the holdings gained or
        lost, the answer to the question (counted twice), the demands judged otherwise."""
        try:
            other = self._with(answer).decision()
        except (IncidentError, InterviewError):
            return 0
        return _difference(decision, other)

    def _with(self, answer: Answer) -> "Interview":
        return Interview(self.state.then(answer), self.book)

    # ------------------------------------------------------------------ answering
    def answer(self, answer: Answer) -> "Interview":
        """The interview with ``answer`` to the question asked now; an
        :class:`InterviewError` if it does not answer it or cannot be written."""
        step = self.next()
        if isinstance(step, Done):
            raise InterviewError("the interview is done: change an earlier answer to go on")
        asked = step.question
        if answer.form != asked.id and answer.form not in asked.instead:
            raise InterviewError(f"the question asked is {asked.asks!r}, not one of the {answer.form} form")
        if asked.id == "fact":
            if answer.key != asked.key:
                raise InterviewError(f"the question asked is {asked.asks!r}")
            field_ = asked.field("answer")
            if not answer.not_known and (field_ is None or answer.fields.get("answer")
                                         not in {c.value for c in field_.choices}):
                raise InterviewError("choose one of the answers offered, or Not known")
            answer = Answer("fact", {} if answer.not_known else {"answer": answer.fields["answer"]},
                            asked.key, answer.not_known)
        elif asked.id == "settle" and not answer.not_known:
            if answer.key != asked.key:
                raise InterviewError(f"the question asked is {asked.asks!r}")
            value = answer.fields.get("answer", "")
            field_ = asked.field("answer")
            if field_ is None or value not in {c.value for c in field_.choices}:
                raise InterviewError("choose one of the answers offered, or Not known")
            answer = Answer("settle", _settle_fields(value), asked.key)
        elif asked.id == "settle":
            answer = Answer("settle", {}, asked.key, True)
        following = self._with(answer)
        following.check()
        return following

    def back_to(self, index: int) -> "Interview":
        """The interview before answer ``index``: to change it (and so everything after)."""
        return Interview(self.state.back_to(index), self.book)

    @property
    def statements(self) -> int:
        return self.told.statements


def _settle_fields(value: str) -> dict:
    kind, seat, what = (value.split(":") + ["", "", ""])[:3]
    return {"seat": seat, "cards": what} if kind == "held" else {"seat": seat, "none": what}


def _card_name(card: str) -> str:
    from ..cards import Card

    return Card.parse(card).name


def _holdings(decision: Decision) -> list[set[str]]:
    return [{r for f in b.holdings for r in (f.ruling, *f.also_holds) if r} for b in decision.branches]


def _difference(one: Decision, other: Decision) -> int:
    """How much two decisions differ: holdings (each branch against its fellow), the answer
    to the question (twice), the demands' verdicts."""
    changed = 0
    for held, other_held in zip(_holdings(one), _holdings(other)):
        changed += len(held ^ other_held)
    if one.answer != other.answer:
        changed += 2
    for branch, other_branch in zip(one.branches, other.branches):
        changed += sum(1 for x, y in zip(branch.demands, other_branch.demands) if x.stands != y.stands)
        changed += abs(len(branch.demands) - len(other_branch.demands))      # a demand made, and judged
    return changed


def _recap(answer: Answer) -> str:
    """An answer in words, as the list of answers shows it (to choose one to change)."""
    from .questions import interview_book

    book = interview_book()
    if answer.not_known:
        return f"{answer.key or answer.form}: not known"
    f = answer.fields
    if answer.form == "table":
        parts = [f.get("rules", "english-1864/whist").replace("/", ", ")]
        parts += [f"{k.replace('_', ' ')} {v}" for k, v in f.items() if k != "rules"]
        return "The table: " + "; ".join(parts)
    if answer.form == "topic":
        topic = book.topics.get(f.get("topic", ""))
        return f"About: {topic.says if topic else f.get('topic', '')}" + \
            (f' -- "{f["question"]}"' if f.get("question") else "")
    if answer.form == "trick":
        plays = ", ".join(f"{f.get(f'seat{k}')} {f.get(f'card{k}')}" for k in range(1, 5) if f.get(f"seat{k}"))
        return f"Trick {f.get('trick', '?')}: {plays}"
    if answer.form == "story":
        if f.get("done"):
            return "Nothing more happened"
        act = book.acts.get(f.get("act", ""))
        parts = [f.get("who", ""), act.says if act else f.get("act", "")]
        parts += [f[k] for k in ("card", "card2", "card3", "suit", "what", "to", "number") if f.get(k)]
        moment = next((m["says"] for m in book.moments if m["value"] == f.get("when")), f.get("when", ""))
        when = f"at trick {f['trick']}" if f.get("when") == "trick" and f.get("trick") else moment
        words = f' "{f["words"]}"' if f.get("words") else ""
        return f"{when.capitalize()}: " + " ".join(p for p in parts if p) + words
    if answer.form == "dispute":
        one = " ".join(f[k] for k in ("who", "act", "card", "number") if f.get(k))
        other = " ".join(f[k] for k in ("who_2", "act_2", "card_2", "number_2") if f.get(k))
        return f"Disputed{' (' + f['words'] + ')' if f.get('words') else ''}: {one}, or {other}"
    if answer.form == "fact":
        from .conditions import from_key

        asked = from_key(answer.key)
        return asked.words(asked.entry["asks"]) + " " + asked.answers()[int(f.get("answer", "0"))]
    if answer.form == "settle":
        return f"{answer.key}: " + (f"{f.get('seat')} held {f.get('cards')}" if f.get("cards")
                                    else f"{f.get('seat')} held no {f.get('none')}")
    return answer.form
