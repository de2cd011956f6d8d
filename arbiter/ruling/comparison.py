"""One incident ruled under several codes, compared in substance.

The codes name their holdings differently: one says a card played to a false lead is
"taken back", another that it is "not liable to be called". ``laws/outcomes.yaml`` says
what each holding comes to at the table, and the comparison is made on that: the answer to
the question, the outcomes held, the penalties each code gives (and to whom, and who elects),
and the penalties it bars or takes away. In a disputed incident each alternative is
compared on its own, and named.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import in_words
from ..words.vocabulary import penalty_phrase
from .decision import Branch, Decision
from .outcomes import outcomes


@dataclass
class Line:
    """One point of comparison: what it is, and which codes hold it."""

    topic: str                  # "answer", "outcome", "penalty", "limit"
    says: str                   # the point, as a clause: "there is a revoke, with its penalty"
    codes: list[str]            # the codes that hold it
    among: list[str]            # the codes compared

    @property
    def everyone(self) -> bool:
        return len(self.codes) == len(self.among)

    @property
    def sentence(self) -> str:
        if self.everyone:
            subject = {1: "The code", 2: "Both codes"}.get(len(self.among), f"All {_number(len(self.among))} codes")
            return f"{subject} {_verb(self.topic, plural=True)} {self.says}."
        rest = [c for c in self.among if c not in self.codes]
        others = f"{_and(rest)} {'does' if len(rest) == 1 else 'do'} not"
        return f"{_and(self.codes)} {_verb(self.topic, plural=len(self.codes) > 1)} {self.says}; {others}."


@dataclass
class BranchComparison:
    described: str              # the alternative, in words ("" when nothing is disputed)
    lines: list[Line] = field(default_factory=list)

    @property
    def agreed(self) -> list[Line]:
        return [x for x in self.lines if x.everyone]

    @property
    def differing(self) -> list[Line]:
        return [x for x in self.lines if not x.everyone]


@dataclass
class Comparison:
    codes: list[str]
    answers: dict[str, str | None]          # code -> yes / no / depends / None
    branches: list[BranchComparison]

    @property
    def answer(self) -> str | None:
        """The answer to the question, compared: one sentence."""
        given = {c: a for c, a in self.answers.items() if a}
        if not given:
            return None
        words = {"yes": "Yes", "no": "No", "depends": "that it is a question of fact"}
        if len(set(given.values())) == 1:
            a = next(iter(given.values()))
            return f"Every code answers {words[a]}." if len(given) == len(self.codes) else None
        parts = [f"{code} answers {words[a]}" for code, a in given.items()]
        return "; ".join(parts)[:1].upper() + "; ".join(parts)[1:] + "."

    @property
    def agree(self) -> bool:
        return not any(b.differing for b in self.branches) and len(set(self.answers.values())) <= 1


def compare(decisions: list[Decision]) -> Comparison:
    codes = [d.code for d in decisions]
    count = max(len(d.branches) for d in decisions)
    branches = []
    for i in range(count):
        mine = {d.code: d.branches[i] for d in decisions if i < len(d.branches)}
        first = next(iter(mine.values()))
        described = ", and ".join(first.described) if count > 1 else ""
        lines = _points(mine, codes)
        branches.append(BranchComparison(described, lines))
    return Comparison(codes, {d.code: d.answer for d in decisions}, branches)


def _points(branches: dict[str, Branch], among: list[str]) -> list[Line]:
    table = outcomes()
    by_id = {o.id: o for o in table.values()}
    held: dict[tuple[str, str], list[str]] = {}
    for code, b in branches.items():
        points = []
        for f in b.holdings:
            name = (f.ruling or "").split("(")[0]
            outcome = table.get(name)
            points.append(("outcome", outcome.says if outcome else _words(name)))
        for f in b.remedies:
            for key in f.exacts or ():
                points.append(("penalty", _penalty(key, f.who, f.elects)))
        for f in b.limits + b.forfeits:
            for key in f.exacts or ():
                points.append(("limit", _lost(key, f.who, f.kind)))
            if f.kind == "forfeits" and "penalty" in (f.exacts or ()) and "no-penalty" in by_id:
                # a forfeiture of every penalty comes to the holding that none can be exacted
                points.append(("outcome", by_id["no-penalty"].says))
        for j in b.demands:      # each demand, and whether the code lets it stand
            verdict = "stands" if j.stands else "cannot be enforced"
            demanded = penalty_phrase(j.penalty, in_words(j.arg))
            points.append(("demand", f"{j.demander}'s demand of {demanded} {verdict}"))
            if j.stands and "penalty-final" in by_id:
                # a demand that stands is the election made: every code holds it final,
                # whether it says so as a holding or as a limit on changing it
                points.append(("outcome", by_id["penalty-final"].says))
        for point in dict.fromkeys(points):
            held.setdefault(point, []).append(code)
    return [Line(topic, says, codes, among) for (topic, says), codes in held.items()]



def _penalty(key: str, who: str | None, elects: str | None) -> str:
    elector = "the adversary on the right of the player called" if elects == "right of called" else None
    what = penalty_phrase(key)
    by = f" ({who}{', elected by ' + elector if elector else ''})" if who else ""
    return f"{what}{by}"


def _lost(key: str, who: str | None, kind: str) -> str:
    what = penalty_phrase(key)
    verb = "may not exact" if kind == "cannot" else "have lost the right to"
    return f"{who or 'the side'} {verb} {'any penalty' if key == 'penalty' else what}"


def _words(name: str) -> str:
    negative = name.startswith("not_")
    words = name.removeprefix("not_").replace("_", " ")
    return f"it is not {words}" if negative else f"{words} holds"


def _verb(topic: str, plural: bool) -> str:
    return {"outcome": "hold that" if plural else "holds that",
            "demand": "hold that" if plural else "holds that",
            "penalty": "give" if plural else "gives",
            "limit": "hold that" if plural else "holds that"}[topic]


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _number(n: int) -> str:
    return {2: "two", 3: "three", 4: "four", 5: "five"}.get(n, str(n))
