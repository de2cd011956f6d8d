"""Facts: the generic statements about the table that the replay derives.

A fact is a predicate and its arguments, ``renounced(B, 12)``, with the line of the
incident that gave rise to it, the moment it belongs to, and its time: the place in the
hand's timeline of the event that gave rise to it (0 for what holds from the start, such as
the seating or a card held; the statements then count 1, 2, 3... in the order they
happened). The laws speak of order constantly ("before the trick is turned and quitted",
"prior to his partner playing"); the time lets a condition say which came first. The
engine reasons over facts; nothing here knows any law.
"""

from __future__ import annotations

from dataclasses import dataclass

from .incident.model import UNSPECIFIED, Moment

Arg = str | int


@dataclass(frozen=True)
class Fact:
    name: str
    args: tuple[Arg, ...]
    line: int | None = None
    moment: Moment = UNSPECIFIED
    time: int = 0

    def __str__(self) -> str:
        return f"{self.name}({', '.join(map(str, self.args))})"


class FactSet:
    """Facts in the order found; one per predicate and arguments (the first kept, so a fact's
    time is when it first became true), indexed by predicate so that a condition looks only
    at the facts it names."""

    def __init__(self, facts: dict[tuple[str, tuple[Arg, ...]], Fact] | None = None) -> None:
        self._facts: dict[tuple[str, tuple[Arg, ...]], Fact] = {}
        self._by_name: dict[str, list[Fact]] = {}
        for fact in (facts or {}).values():
            self.add_fact(fact)

    def add(self, name: str, *args: Arg, line: int | None = None, moment: Moment = UNSPECIFIED,
            time: int = 0) -> None:
        self.add_fact(Fact(name, tuple(args), line, moment, time))

    def has(self, name: str, *args: Arg) -> bool:
        """Whether a fact holds. The arguments given must match the fact's first arguments
        (``has("renounced", "B")`` asks whether B renounced at any trick); ``None`` matches
        anything."""
        return any(self.match(name, *args))

    def match(self, name: str, *args: Arg | None) -> list[Fact]:
        return [f for f in self._by_name.get(name, ())
                if len(f.args) >= len(args)
                and all(want is None or want == got for want, got in zip(args, f.args))]

    def by_name(self, name: str) -> list[Fact]:
        """The facts of one predicate, in the order found."""
        return self._by_name.get(name, [])

    def predicates(self):
        """A live, set-like view of the predicates that have at least one fact."""
        return self._by_name.keys()

    def add_fact(self, fact: Fact) -> bool:
        """Add a fact; False if it was already there."""
        key = (fact.name, fact.args)
        if key in self._facts:
            return False
        self._facts[key] = fact
        self._by_name.setdefault(fact.name, []).append(fact)
        return True

    def copy(self) -> "FactSet":
        out = FactSet()
        out._facts = dict(self._facts)
        out._by_name = {name: list(facts) for name, facts in self._by_name.items()}
        return out

    def __iter__(self):
        return iter(self._facts.values())

    def __len__(self) -> int:
        return len(self._facts)

    def names(self) -> set[str]:
        return {name for name, _ in self._facts}
