"""What the incident does not say: the questions of fact the replay leaves open.

Unknown is not false. Where the replay cannot tell a fact either way (whether a player who
renounced held the suit led, whether a player a suit was called from held it, whether a card
was a winning card as against the adversaries), it keeps the question open as an
:class:`Unknown`, with the fact each answer would give. Nothing is guessed: the facts
themselves are left as they were. The judgment weighs each answer against the laws
(:mod:`arbiter.ruling.open_questions`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..facts import Fact


@dataclass(frozen=True)
class Unknown:
    """A question of fact the incident leaves open."""

    question: str      # "whether B held a heart when he renounced at trick 5"
    line: int | None

    def answers(self) -> tuple[tuple[Fact, ...], tuple[Fact, ...]]:
        return tuple(_facts(self.if_so)), tuple(_facts(self.if_not))

    def names(self) -> tuple[str, ...]:
        return tuple(sorted({f.name for answer in self.answers() for f in answer}))
    if_so: Fact | tuple[Fact, ...]     # the fact (or facts), were the answer yes
    if_not: Fact | tuple[Fact, ...]    # and were it no (none: nothing the replay would record)
    so: str            # "if he held one"
    not_so: str        # "if he held none"


def _facts(answer: Fact | tuple[Fact, ...]) -> tuple[Fact, ...]:
    return answer if isinstance(answer, tuple) else (answer,)
