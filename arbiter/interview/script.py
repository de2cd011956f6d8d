"""An interview answered from a script: the answers in order, kept as data.

Used by ``arbiter ask --script`` and by the tests (tests/interviews/*.yaml), so that an
interview can be replayed and checked: each answer must answer the question the interview
asks at that point, or the script fails there, saying what was asked.

Each answer is one mapping of a form to its answer::

    - table: {dealer: Z, trump: hearts}
    - topic: {topic: revoke, question: "Is it a revoke?"}
    - trick: "5: Y S5, B D3, Z S9, A SK"       # the trick, the leader first
    - story: {when: after-hand, who: Y, act: claims, what: revoke}
    - settle: "held:B:S2"                      # a question of fact: one of the answers offered
    - settle: not known
    - fact: 1                                  # a question of laws/interview.yaml: the answer's place
    - story: done                              # nothing more happened
"""

from __future__ import annotations

from .asking import Done, Interview
from .state import Answer, InterviewError


def answer_of(entry: object, asked_key: str = "") -> Answer:
    """The :class:`Answer` one script entry gives (to a question of fact, ``asked_key``'s)."""
    if not isinstance(entry, dict) or len(entry) != 1:
        raise InterviewError(f"a script's answer is one form and its answer, e.g. {{story: done}}; not {entry!r}")
    form, value = next(iter(entry.items()))
    if value == "not known":
        return Answer(form, {}, asked_key if form in ("settle", "fact") else "", True)
    if form in ("settle", "fact"):
        return Answer(form, {"answer": str(value)}, asked_key)
    if form == "story" and value == "done":
        return Answer("story", {"done": "yes"})
    if form == "trick" and isinstance(value, str):
        return Answer("trick", _trick_fields(value))
    if not isinstance(value, dict):
        raise InterviewError(f"the answer to {form} is a mapping of its fields, not {value!r}")
    return Answer(form, {str(k): str(v) for k, v in value.items()})


def _trick_fields(text: str) -> dict:
    number, _, plays = text.partition(":")
    fields = {"trick": number.strip()}
    for k, play in enumerate(p.split() for p in plays.split(",") if p.strip()):
        if len(play) != 2 or k >= 4:
            raise InterviewError(f"a trick is written '5: Y S5, B D3, …' (at most four plays), not {text!r}")
        fields[f"seat{k + 1}"], fields[f"card{k + 1}"] = play
    return fields


def run(interview: Interview, entries: list) -> tuple[Interview, int]:
    """The interview after answering ``entries`` in order, and how many questions were
    asked; an :class:`InterviewError` naming the answer that does not fit."""
    asked = 0
    for i, entry in enumerate(entries, 1):
        step = interview.next()
        if isinstance(step, Done):
            raise InterviewError(f"answer {i}: the interview was already done (it asked {asked} questions)")
        try:
            interview = interview.answer(answer_of(entry, step.question.key))
        except InterviewError as exc:
            raise InterviewError(f"answer {i} ({entry!r}), to {step.question.asks!r}: {exc}") from None
        asked += 1
    return interview, asked
