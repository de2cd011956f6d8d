"""From an incident to a decision: replay each branch, infer, and gather what was held.

A Decision holds the statement of facts, the question and its answer (yes, no, or
depending on disputed facts), and for each branch the holdings, the remedies open to each
side, the duties, the limits and forfeitures, the score effects, with the laws relied on.
Where the answer turns on a disputed fact, the decision says so and names the fact.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .engine.infer import Conclusion, Inference, infer
from .incident.model import Incident
from .lawbook import LawBook
from .narrative import sentence, statement_of_facts
from .table import replay_all


@dataclass(frozen=True)
class Finding:
    """One conclusion as the decision shows it."""

    kind: str
    says: str
    law: str
    label: str                       # "Law 73", "Dummy II"
    rule: str
    ruling: str | None = None        # for holdings: the predicate, e.g. "revoke(B, 2)"
    who: str | None = None
    options: tuple[str, ...] = ()
    consult: bool | None = None
    until: str | None = None
    points: int | None = None
    facts: tuple[str, ...] = ()
    lines: tuple[int, ...] = ()
    also_cites: tuple[str, ...] = ()     # the laws a gloss applied, or another law reaching the same holding
    authority: str = "law"               # law, gloss (a decided case: "cf."), or principle


@dataclass
class Branch:
    alternatives: tuple[str, ...]
    described: tuple[str, ...] = ()      # the alternatives told in words
    holdings: list[Finding] = field(default_factory=list)
    remedies: list[Finding] = field(default_factory=list)
    duties: list[Finding] = field(default_factory=list)
    limits: list[Finding] = field(default_factory=list)
    forfeits: list[Finding] = field(default_factory=list)
    scores: list[Finding] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)      # the arbitrator's principles
    defeated: list[tuple[str, str]] = field(default_factory=list)   # (rule, by rule)
    inference: Inference | None = field(default=None, repr=False, compare=False)

    @property
    def why_not(self) -> list[tuple[str, str]]:
        """(rule, the part of its condition that failed), for ``--explain``: worked out only
        when asked for."""
        return [(w.rule.id, w.failed) for w in self.inference.why_not] if self.inference else []

    @property
    def findings(self) -> list[Finding]:
        return self.holdings + self.remedies + self.duties + self.limits + self.forfeits + self.scores

    @property
    def cited(self) -> list[str]:
        """The laws relied on: each finding's law and those it also cites (the laws a gloss
        applied, or another law reaching the same holding), then the principles of the notes."""
        return list(dict.fromkeys(law for f in self.findings + self.notes for law in (f.law, *f.also_cites)))

    def holds(self, predicate: str) -> bool:
        return any(f.ruling and f.ruling.split("(")[0] == predicate for f in self.holdings)


@dataclass
class Decision:
    title: str | None
    source: str | None
    code: str
    game: str
    facts: list[str]
    question: str | None
    about: str | None
    answer: str | None               # "yes", "no", "depends", or None when nothing is asked about
    branches: list[Branch]
    notes: list[str] = field(default_factory=list)
    path: str = ""
    code_title: str = ""

    @property
    def disputed(self) -> bool:
        return len(self.branches) > 1

    @property
    def cited(self) -> list[str]:
        return list(dict.fromkeys(law for b in self.branches for law in b.cited))

    @property
    def agreed(self) -> Branch | None:
        """The one branch, when there is no dispute."""
        return self.branches[0] if len(self.branches) == 1 else None


_KIND_LIST = {"ruling": "holdings", "may": "remedies", "must": "duties", "cannot": "limits",
              "forfeits": "forfeits", "score": "scores", "note": "notes"}


def check_names(book: LawBook, incident: Incident) -> None:
    """An unknown code or game in the file is an error at its line, with the nearest name."""
    import difflib

    from .incident.model import HeaderLine

    for item in incident.items:
        if not isinstance(item, HeaderLine) or item.key not in ("code", "game"):
            continue
        if item.key == "code" and item.value.lower() not in book.codes:
            names = list(book.codes)
        elif item.key == "game" and not _known_game(book, item.value):
            names = list(book.games)
        else:
            continue
        close = difflib.get_close_matches(item.value.lower(), names, n=1)
        raise incident.error(item.pos, f"no {item.key} {item.value!r}; {item.key}s are: {', '.join(names)}",
                             close[0] if close else None, at=item.value)


def _known_game(book: LawBook, name: str) -> bool:
    try:
        book.game(name)     # by id or alias
    except KeyError:
        return False
    return True


def decide(book: LawBook, incident: Incident, code: str | None = None,
           game: str | None = None) -> Decision:
    """Rule on ``incident`` under ``code`` (default: the incident's) for ``game``. An
    unknown code or game named in the file is an IncidentError at its header line."""
    check_names(book, incident)
    code = code or incident.code or "english-1864"
    game = game or incident.game or "whist"
    book.entries_of(code)   # an unknown code is an error with a suggestion
    rules = book.rules_of(code)
    branches = []
    # the facts say the code and game ruled under (``--code``, ``--compare``), not only the file's
    ruled = incident if (incident.code, incident.game) == (code, game) else replace(incident, code=code, game=game)
    for choice, result in replay_all(ruled):
        inference = infer(rules, result.facts, game)
        branch = Branch(alternatives=tuple(a.label for a in choice),
                        described=tuple(_tell(a) for a in choice), inference=inference)
        seen: dict[tuple, int] = {}
        for c in inference.conclusions:
            if c.kind not in _KIND_LIST:
                continue
            finding = _finding(book, c)
            bucket = getattr(branch, _KIND_LIST[c.kind])
            key = (finding.kind, finding.ruling or finding.says)
            if key in seen:     # two laws reaching the same holding: say it once, cite both
                first = bucket[seen[key]]
                also = tuple(dict.fromkeys(first.also_cites + (finding.law,) + finding.also_cites))
                bucket[seen[key]] = replace(first, also_cites=also)
                continue
            seen[key] = len(bucket)
            bucket.append(finding)
        branch.scores.extend(_score_effects(book, code, incident, branch))
        branch.defeated = [(d.rule.id, d.by.id) for d in inference.defeats]
        branches.append(branch)
    about = incident.question_about
    answer = None
    if about:
        held = [b.holds(about) for b in branches]
        answer = "yes" if all(held) else "no" if not any(held) else "depends"
    # The arbitrator's notes come from the principles in the law book, each once.
    notes = list(dict.fromkeys(f"{note.says.rstrip('.')} (vide {note.label})." for b in branches for note in b.notes))

    return Decision(
        title=incident.title, source=incident.source, code=code, game=game,
        facts=statement_of_facts(incident), question=incident.question, about=about,
        answer=answer, branches=branches, notes=notes, path=incident.path,
        code_title=book.codes[code].title,
    )


def codes_for(book: LawBook, game: str) -> list[str]:
    """The codes that can rule on ``game`` (printings of another code, and the glosses and
    principles that only supplement a code, left out)."""
    return [c.id for c in book.codes.values()
            if not c.edition_of and not c.supplements and game in c.games]


def _score_effects(book: LawBook, code: str, incident: Incident, branch: Branch) -> list[Finding]:
    """What the penalty for a held revoke does to the score before the hand, by the code's
    scoring (laws/scoring.yaml): "If YZ add three to their two, they win a treble game"."""
    from .scoring.whist import score_hand

    system = book.scoring.get(code)
    if not system or not system.get("revoke") or len(incident.score) != 2:
        return []
    revoke = system["revoke"]
    assert branch.inference is not None   # decide() gives each branch its inference
    facts = branch.inference.facts
    side_of = {f.args[0]: f.args[1] for f in facts.by_name("side_of")}
    before = {"".join(s for s in incident.seats if s in pair): points for pair, points in incident.score.items()}
    law = revoke["law"][0] if isinstance(revoke["law"], list) else revoke["law"]
    out = []
    for holding in branch.holdings:
        if not holding.ruling or holding.ruling.split("(")[0] != revoke["ruling"]:
            continue
        offender = holding.ruling.split("(")[1].split(",")[0].strip(" )")
        side = side_of.get(offender)
        other = next((s for s in before if s != side), None)
        if side not in before or other is None:
            continue
        for option in ("add-points", "deduct-points"):
            if option not in revoke["options"]:
                continue
            hand = score_hand(system, before, tricks={side: 0, other: 0}, revoke=(side, option))
            n = revoke["penalty"]
            if option == "add-points":
                says = f"If {other} add {n} to their score of {before[other]}, they have {hand.after[other]}"
                if hand.winner == other:
                    kind = f", a {hand.game_name}" if hand.game_name else ""
                    says += f" and win the game{kind}, worth {hand.game_value}"
            else:
                says = f"If {other} deduct {n} from {side}'s score of {before[side]}, {side} have {hand.after[side]}"
            out.append(Finding(kind="score", says=says + ".", law=law, label=book.entries[law].label,
                               rule=f"{law}#score", who=other, points=n))
    return out


def _tell(alternative) -> str:
    if alternative.text is not None:
        return alternative.text
    return "; ".join(sentence(s) for s in alternative.statements)


def _capitalised(text: str) -> str:
    """A conclusion written without a sentence of its own ("two tricks transferred …") is
    shown as one: it stands in the decision among sentences."""
    return text[:1].upper() + text[1:]


def _finding(book: LawBook, c: Conclusion) -> Finding:
    law = book.entries[c.law]
    return Finding(
        kind=c.kind, says=c.says or _capitalised(c.text), law=c.law, label=law.label, rule=c.rule.id,
        ruling=c.text if c.kind == "ruling" else None, who=c.who, options=c.options,
        consult=c.consult, until=c.until, points=c.points,
        facts=tuple(str(f) for f in c.used), lines=tuple(sorted({f.line for f in c.used if f.line})),
        also_cites=tuple(r for r in law.see if book.entries[r].kind == "law") if law.kind == "gloss" else (),
        authority=law.kind if law.kind in ("gloss", "principle") else "law",
    )
