"""The questions of ``laws/interview.yaml`` that apply where a condition holds.

Each is asked of the facts the incident gives (the replay's, and what the laws drew from
them, the holdings among them), in the law book's own condition language, solved with the
engine: one question for each way its condition holds ("Did Y or his partner claim that B
revoked at trick 5?" for ``renounced(B, 5)``). Its key names it and the binding, so that
an answer can be written again from the state alone; the binding read back from a state is
checked (its names the condition's own, its values short words) before it fills anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..cards import Card
from ..engine.solve import solutions
from ..lawbook.conditions import parse_condition, variables
from .questions import interview_book
from .state import InterviewError


@dataclass(frozen=True)
class Asked:
    """A question of laws/interview.yaml, its condition bound."""

    id: str
    binding: tuple[tuple[str, str], ...]

    @property
    def key(self) -> str:
        return self.id + ":" + ",".join(f"{k}={v}" for k, v in self.binding)

    @property
    def entry(self) -> dict:
        return entries()[self.id]

    def words(self, template: str) -> str:
        return fill(template, dict(self.binding))

    def answers(self) -> list[str]:
        return [self.words(a["says"]) for a in self.entry["answers"]]

    def writes(self, index: int) -> tuple[str, str] | None:
        """The moment and the statement answer ``index`` writes (None: nothing)."""
        answers = self.entry["answers"]
        if not 0 <= index < len(answers):
            raise InterviewError("choose one of the answers offered")
        answer = answers[index]
        if not answer.get("writes"):
            return None
        return self.words(answer.get("moment", "now")), self.words(answer["writes"])


def entries() -> dict[str, dict]:
    return interview_book().asks


@lru_cache(maxsize=64)
def _tree(text: str):
    return parse_condition(text)


def applying(topic: str | None, branches_facts: list) -> list[Asked]:
    """Each question on ``topic`` whose condition holds in some way the incident may have
    gone, once for each binding."""
    out: dict[str, Asked] = {}
    for entry in entries().values():
        if entry.get("topics") and topic not in entry["topics"]:
            continue
        tree = _tree(entry["when"])
        for facts in branches_facts:
            for s in solutions(tree, facts):
                binding = tuple(sorted((k, str(v)) for k, v in s.binding.items() if not k.startswith("_")))
                asked = Asked(entry["id"], binding)
                out.setdefault(asked.key, asked)
    return list(out.values())


_VALUE = re.compile(r"[A-Za-z0-9]{1,12}")


def from_key(key: str) -> Asked:
    """The question a key names; an :class:`InterviewError` if it names none."""
    name, _, rest = key.partition(":")
    entry = entries().get(name)
    if entry is None:
        raise InterviewError(f"no question {name!r}")
    binding = []
    for part in rest.split(",") if rest else []:
        var, _, value = part.partition("=")
        if var not in variables(_tree(entry["when"])) or not _VALUE.fullmatch(value):
            raise InterviewError(f"the question {name!r} has no {part!r}")
        binding.append((var, value))
    return Asked(name, tuple(sorted(binding)))


def fill(template: str, binding: dict) -> str:
    """``{X}`` is the binding's value; ``{X:card}`` the card it names, in words."""
    def one(m: re.Match) -> str:
        value = binding.get(m.group(1))
        if value is None:
            raise InterviewError(f"nothing fills {m.group(0)}")
        if m.group(2) == "card":
            try:
                return Card.parse(value).name
            except ValueError:
                return value
        return value
    return re.sub(r"\{(\w+)(?::(\w+))?\}", one, template)
