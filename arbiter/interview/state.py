"""The interview's state: the answers given, in order, and nothing else.

Everything else -- the incident so far, the code and game, the topic, the questions answered
"Not known" -- follows from the answers, so an earlier answer is changed by dropping it and
everything after it, and the state a page carries is small. The state comes back from a
browser or a client: it is read as untrusted JSON, bounded in size, its every part checked
here for shape and again, value by value, when its answers are written out
(:mod:`.writing`), never executed or trusted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

#: The most bytes a state may take (a whole hand told trick by trick is a few KB).
MAX_STATE = 32_000
#: The most answers an interview may hold (thirteen tricks and their story, with room).
MAX_ANSWERS = 200
#: The longest value of one field (words said at the table).
MAX_VALUE = 300
#: The forms an answer may be of.
FORMS = ("table", "topic", "story", "trick", "dispute", "settle", "fact")


class InterviewError(ValueError):
    """A state or an answer that cannot be taken, in words: what was wrong and what would do."""


@dataclass(frozen=True)
class Answer:
    """One answer: to which form (and, for a question of fact, which), the fields filled,
    or "Not known"."""

    form: str
    fields: dict = field(default_factory=dict)
    key: str = ""
    not_known: bool = False

    def data(self) -> dict:
        out: dict = {"form": self.form}
        if self.key:
            out["key"] = self.key
        if self.not_known:
            out["not_known"] = True
        else:
            out["fields"] = dict(self.fields)
        return out

    @classmethod
    def from_data(cls, data: object, where: str = "answer") -> "Answer":
        if not isinstance(data, dict):
            raise InterviewError(f"{where}: an answer is an object with a form and its fields")
        unknown = set(data) - {"form", "key", "fields", "not_known"}
        if unknown:
            raise InterviewError(f"{where}: unknown part {sorted(unknown)[0]!r} "
                                 "(an answer has form, key, fields, not_known)")
        form = data.get("form")
        if form not in FORMS:
            raise InterviewError(f"{where}: form must be one of {', '.join(FORMS)}")
        key = data.get("key", "")
        if not isinstance(key, str) or len(key) > MAX_VALUE:
            raise InterviewError(f"{where}: key must be words of at most {MAX_VALUE} characters")
        not_known = data.get("not_known", False)
        if not isinstance(not_known, bool):
            raise InterviewError(f"{where}: not_known is true or false")
        fields = data.get("fields", {})
        if not isinstance(fields, dict) or len(fields) > 20:
            raise InterviewError(f"{where}: fields is an object of at most 20 names")
        clean = {}
        for name, value in fields.items():
            if not isinstance(name, str) or len(name) > 40:
                raise InterviewError(f"{where}: a field's name is a short word")
            if value is None or value == "":
                continue
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise InterviewError(f"{where}: field {name!r} must be words or a number")
            value = str(value)
            if len(value) > MAX_VALUE:
                raise InterviewError(f"{where}: field {name!r} is longer than {MAX_VALUE} characters")
            clean[name] = value
        return cls(form, clean, key, not_known)


@dataclass(frozen=True)
class State:
    """The answers so far."""

    answers: tuple[Answer, ...] = ()

    def then(self, answer: Answer) -> "State":
        if len(self.answers) >= MAX_ANSWERS:
            raise InterviewError(f"an interview holds at most {MAX_ANSWERS} answers")
        return State(self.answers + (answer,))

    def back_to(self, index: int) -> "State":
        """The state before answer ``index`` was given: to change it, and all after it."""
        if not 0 <= index <= len(self.answers):
            raise InterviewError(f"there is no answer {index + 1} to change")
        return State(self.answers[:index])

    def dumps(self) -> str:
        return json.dumps({"v": 1, "answers": [a.data() for a in self.answers]}, separators=(",", ":"),
                          ensure_ascii=False)

    @classmethod
    def loads(cls, text: str | None) -> "State":
        """A state from its JSON text (empty: a new interview); an :class:`InterviewError`
        if it is not one."""
        if not text:
            return cls()
        if len(text.encode("utf-8")) > MAX_STATE:
            raise InterviewError(f"the interview's state is larger than {MAX_STATE} bytes")
        try:
            data = json.loads(text)
        except ValueError:
            raise InterviewError("the interview's state cannot be read (it is not JSON)") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: object) -> "State":
        if not isinstance(data, dict) or data.get("v") != 1 or not isinstance(data.get("answers"), list):
            raise InterviewError('the interview\'s state is {"v": 1, "answers": [...]}')
        answers = data["answers"]
        if len(answers) > MAX_ANSWERS:
            raise InterviewError(f"an interview holds at most {MAX_ANSWERS} answers")
        return cls(tuple(Answer.from_data(a, f"answer {i + 1}") for i, a in enumerate(answers)))
