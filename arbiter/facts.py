"""Facts: the generic statements about the table that the replay derives.

A fact is a predicate and its arguments, ``renounced(B, 12)``, with the line of the
incident that gave rise to it and the moment it belongs to. The engine reasons over facts;
nothing here knows any law.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .incident.model import UNSPECIFIED, Moment

Arg = str | int


@dataclass(frozen=True)
class Fact:
    name: str
    args: tuple[Arg, ...]
    line: int | None = None
    moment: Moment = UNSPECIFIED

    def __str__(self) -> str:
        return f"{self.name}({', '.join(map(str, self.args))})"


@dataclass
class FactSet:
    """Facts in the order found; one per predicate and arguments (the first kept)."""

    _facts: dict[tuple[str, tuple[Arg, ...]], Fact] = field(default_factory=dict)

    def add(self, name: str, *args: Arg, line: int | None = None, moment: Moment = UNSPECIFIED) -> None:
        key = (name, tuple(args))
        if key not in self._facts:
            self._facts[key] = Fact(name, tuple(args), line, moment)

    def has(self, name: str, *args: Arg) -> bool:
        """Whether a fact holds. The arguments given must match the fact's first arguments
        (``has("renounced", "B")`` asks whether B renounced at any trick); ``None`` matches
        anything."""
        return any(self.match(name, *args))

    def match(self, name: str, *args: Arg | None) -> list[Fact]:
        return [f for (n, a), f in self._facts.items()
                if n == name and len(a) >= len(args)
                and all(want is None or want == got for want, got in zip(args, a))]

    def by_name(self, name: str) -> list[Fact]:
        """The facts of one predicate, in the order found."""
        return [f for (n, _), f in self._facts.items() if n == name]

    def add_fact(self, fact: Fact) -> bool:
        """Add a fact made elsewhere (by the engine); False if it was already there."""
        key = (fact.name, fact.args)
        if key in self._facts:
            return False
        self._facts[key] = fact
        return True

    def copy(self) -> "FactSet":
        return FactSet(dict(self._facts))

    def __iter__(self):
        return iter(self._facts.values())

    def __len__(self) -> int:
        return len(self._facts)

    def names(self) -> set[str]:
        return {name for name, _ in self._facts}
