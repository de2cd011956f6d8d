"""From an incident to a decision: replay each branch, infer, and gather what was held.

A Decision holds the statement of facts, the question and its answer (yes, no, or
depending on disputed facts), and for each branch the holdings, the remedies open to each
side, the duties, the limits and forfeitures, the score effects, with the laws relied on.
Where the answer turns on a disputed fact, the decision says so and names the fact.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import partial

from ..engine.infer import Conclusion, Inference, infer
from ..incident.model import Incident
from ..incident.printer import alternative_text
from ..incident.question import FORMS, Query, read_question
from ..lawbook import LawBook
from ..lawbook.questions import question_words
from ..table.replay import replay_all
from .answer import answer
from .customs import customs_of
from .demands import Judgment, demand_sentence, judge_demands
from .narrative import sentence, statement_of_facts
from .open_questions import TurnsOn, demand_key, demands_turning, weigh


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
    exacts: tuple[str, ...] | None = None    # the penalties a right, limit or forfeiture names
    against: str | None = None               # the seat or side that suffers them
    elects: str | None = None                # who of ``who`` elects ("right of called")
    also_holds: tuple[str, ...] = ()         # other rulings told in the very same sentence
    elected: bool = False                    # a right the side has exercised by a demand that stands
    electors: tuple[tuple[str, str], ...] = ()   # (player called, the adversary who may enforce it)
    tricks: tuple[int, ...] = ()             # the tricks of the facts it rests on (a revoke at trick 8)


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
    demands: list[Judgment] = field(default_factory=list)   # each demand, and whether it stands
    turns_on: list[TurnsOn] = field(default_factory=list)   # questions of fact the ruling turns on
    weighed: list[TurnsOn] = field(default_factory=list, repr=False)   # every open question weighed
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
        laws = [law for f in self.findings for law in (f.law, *f.also_cites)]
        laws += [j.law for j in self.demands if j.law]
        return list(dict.fromkeys(laws + [n.law for n in self.notes]))

    def holds(self, predicate: str) -> bool:
        """Whether the branch holds ``predicate``: a holding of that name, or for a question
        about a right or a demand (``entitled``, ``forfeited``, ``barred``, ``demand_stands``,
        ``demand_refused``), such a fact in the decision's inference."""
        if predicate in RIGHT_FACTS:
            if predicate == "entitled":    # a right granted and not since lost or barred
                return any(f.exacts for f in self.remedies)
            return bool(self.inference and self.inference.facts.by_name(predicate))
        return any(r.split("(")[0] == predicate for f in self.holdings for r in (f.ruling or "", *f.also_holds) if r)


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
    warnings: list = field(default_factory=list)     # IncidentErrors marked as warnings
    query: Query | None = None                       # what the question asks, as read
    read_from_words: bool = False                    # the query read from the question's own words
    answer_turns_on: list[str] = field(default_factory=list)   # what a "question of fact" turns on

    @property
    def asks_yes_or_no(self) -> bool:
        """Whether the question, as its words read, asks for a yes or a no ("May A call a
        suit?"), rather than for a thing ("What penalty may the bidder exact?") or for one of
        two ("…, or is it a misdeal?"): only then does the decision begin with "Yes." or "No.".
        A question the notation cannot read gets neither, whatever ``about`` names."""
        return self.read_from_words and self.query is not None and self.query.kind not in ("open", "choice")

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

    from ..incident.model import HeaderLine

    for item in incident.items:
        if isinstance(item, HeaderLine) and item.key == "question" and item.value[1]:
            _check_about(book, incident, item)
            continue
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


def games_of(book: LawBook, code: str) -> set[str]:
    """The games a code rules on: its own, and those of the codes that supplement it (the
    Boston family's exceptions join the American code)."""
    games = set(book.codes[code].games)
    for other in book.codes.values():
        if code in other.supplements:
            games |= set(other.games)
    return games


def _check_game_of_code(book: LawBook, incident: Incident, code: str, game: str) -> None:
    """A game the code has no laws for (the American code and Dummy) is an error, at the
    file's game line where it has one, never a ruling of plain whist under the game's name."""
    from ..incident.errors import IncidentError
    from ..incident.model import HeaderLine

    if game in games_of(book, code):
        return
    ruling = codes_for(book, game)
    problem = (f"the code {code} has no laws for {game}; "
               + (f"{game} is ruled under {', '.join(ruling)}" if ruling else f"no code rules on {game}"))
    line = next((i for i in incident.items if isinstance(i, HeaderLine) and i.key == "game"), None) \
        or next((i for i in incident.items if isinstance(i, HeaderLine) and i.key == "code"), None)
    if line is not None:
        raise incident.error(line.pos, problem, f"code {ruling[0]}" if ruling else None, at=line.value)
    raise IncidentError.about_file(incident.path, problem)


#: What a question may ask about besides a holding: whether a penalty may still be exacted
#: ("May YZ still claim the revoke?" is ``about entitled``), has been lost or barred, and
#: whether a demand stands.
RIGHT_FACTS = ("entitled", "forfeited", "barred", "demand_stands", "demand_refused")


def about_names(book: LawBook) -> set[str]:
    """What a question may be ``about``: a holding some code makes (its predicate), or a
    right or a demand (:data:`RIGHT_FACTS`)."""
    key = ("about-names",)
    if key not in book.cache:
        book.cache[key] = {c.ruling.split("(")[0] for code in book.codes for law in book.entries_of(code)
                           for r in law.rules for c in r.then if c.ruling} | set(RIGHT_FACTS)
    return book.cache[key]


def _check_about(book: LawBook, incident: Incident, item) -> None:
    """``about revokes`` names no holding: an error at the word, with the nearest name,
    rather than a question silently answered "No"."""
    import difflib

    about = item.value[1]
    names = about_names(book)
    if about in names:
        return
    close = difflib.get_close_matches(about, sorted(names), n=1)
    raise incident.error(item.pos, f"no holding {about!r} to ask about: `about` names a holding the laws make, "
                         "such as revoke, misdeal or lead_out_of_turn",
                         close[0] if close else None, at=about)


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
    code = book.code_id(code or incident.code or "english-1864")   # an unknown code is an error with a suggestion
    game = game or incident.game or "whist"
    if _known_game(book, game):
        game = book.game(game).id       # an alias ("solo-whist") is the game it names
    _check_game_of_code(book, incident, code, game)
    rules = book.rules_of(code)
    branches = []
    # the facts say the code and game ruled under (``--code``, ``--compare``), not only the file's
    ruled = incident if (incident.code, incident.game) == (code, game) else replace(incident, code=code, game=game)
    customs = customs_of(book, game)
    for choice, result in replay_all(ruled, customs):
        plain, inference = _inferences(rules, result.facts, game)
        branch = _gather(book, code, incident, inference, choice)
        weighed = weigh(result.unknowns, result.facts, inference.rules, inference.readers,
                        partial(_answered, rules, game, plain),
                        lambda c: _finding(book, c),
                        partial(_gather_supposed, book, code, incident, choice),   # made when asked for
                        inference.facts.names(), base_inference=inference)
        demands_turning(branch.demands, _held(branch), weighed, _held)
        branch.weighed = weighed
        branch.turns_on = [t for t in weighed if t.matters]
        _tell_turning_demands(branch)
        branches.append(branch)
    about = incident.question_about
    query, read = _query(book, ruled, about)
    reply = answer(query, branches)
    for branch in branches:     # the answer to the question first, then what follows from it
        first = set(reply.because)
        branch.holdings.sort(key=lambda f: not ((f.ruling and f.ruling in first)
                                                or (about and f.ruling and f.ruling.split("(")[0] == about)))
    # The arbitrator's notes come from the principles in the law book, each once.
    notes = list(dict.fromkeys(f"{note.says.rstrip('.')} (vide {note.label})." for b in branches for note in b.notes))

    return Decision(
        title=incident.title, source=incident.source, code=code, game=game,
        facts=statement_of_facts(incident, customs), question=incident.question, about=about,
        answer=reply.word, branches=branches, notes=notes, path=incident.path,
        code_title=book.codes[code].title, warnings=list(ruled.warnings), query=query, read_from_words=read,
        answer_turns_on=reply.turns_on,
    )


def _held(branch: "Branch") -> set[str]:
    return {r for f in branch.holdings for r in (f.ruling, *f.also_holds) if r}


def _tell_turning_demands(branch: "Branch") -> None:
    """A demand whose verdict an open question decides says so where it is judged: the
    verdict the facts shown give, and what it turns on (told in full under "Not known")."""
    turning: dict[tuple, list[str]] = {}
    for t in branch.turns_on:
        for j in t.demands_so + t.demands_not:
            turning.setdefault(demand_key(j), []).append(t.question)
    for i, j in enumerate(branch.demands):
        questions = turning.get(demand_key(j))
        if questions:
            unless = "; and on ".join(dict.fromkeys(questions))
            branch.demands[i] = replace(j, says=j.says.rstrip(".") + f" -- on the facts shown; it turns on {unless}.",
                                        turns_on=tuple(dict.fromkeys(questions)))


def _gather_supposed(book: LawBook, code: str, incident: Incident, choice: tuple, supposed: object) -> "Branch":
    """The branch an answer to an open question would make (of this way's ``choice``)."""
    assert isinstance(supposed, Inference)
    return _gather(book, code, incident, supposed, choice)


def _gather(book: LawBook, code: str, incident: Incident, inference: Inference, choice: tuple) -> "Branch":
    """A branch of the decision from its inference: the findings, each said once, the rights
    lost taken out, the score effects, and every demand judged."""
    branch = Branch(alternatives=tuple(alternative_text(a) for a in choice),
                    described=tuple(_tell(a) for a in choice), inference=inference)
    seen: dict[tuple, int] = {}
    said: dict[str, tuple[str, int]] = {}      # a sentence -> where it was first put
    for c in inference.conclusions:
        if c.kind not in _KIND_LIST:
            continue
        finding = _finding(book, c, inference)
        if c.kind not in ("ruling", "note") and not _bears_on_incident(c):
            continue
        bucket = getattr(branch, _KIND_LIST[c.kind])
        key = (finding.kind, finding.ruling or finding.says)
        where = seen.get(key)
        if where is None and finding.says in said and said[finding.says][0] == _KIND_LIST[c.kind]:
            where = said[finding.says][1]     # another binding saying the very same sentence
            if finding.ruling:
                first = bucket[where]
                bucket[where] = replace(first, also_holds=first.also_holds + (finding.ruling,))
        if where is None and finding.says in said and c.kind in ("cannot", "forfeits", "must", "note"):
            # a limit in the very words of a holding already said (a decision "final", say):
            # said once; the limit still binds the demands, which read the inference itself
            kind, at = said[finding.says]
            first = getattr(branch, kind)[at]
            also = tuple(dict.fromkeys(first.also_cites + (finding.law,) + finding.also_cites))
            getattr(branch, kind)[at] = replace(first, also_cites=tuple(a for a in also if a != first.law))
            continue
        if where is not None:     # two laws reaching the same holding: say it once, cite both
            first = bucket[where]
            also = tuple(dict.fromkeys(first.also_cites + (finding.law,) + finding.also_cites))
            bucket[where] = replace(first, also_cites=tuple(a for a in also if a != first.law))
            continue
        seen[key] = len(bucket)
        said.setdefault(finding.says, (_KIND_LIST[c.kind], len(bucket)))
        bucket.append(finding)
    _drop_lost_rights(branch)
    branch.defeated = [(d.rule.id, d.by.id) for d in inference.defeats]
    _name_electors(branch)
    branch.demands = [replace(j, says=demand_sentence(j)) for j in judge_demands(inference)]
    for effect in _score_effects(book, code, incident, branch):
        (branch.holdings if effect.kind == "ruling" else branch.scores).append(effect)
    told = {j.told for j in branch.demands if j.told}
    _drop_elected(branch)
    branch.forfeits[:] = [f for f in branch.forfeits if (f.rule, f.says) not in told]
    branch.limits[:] = [f for f in branch.limits if (f.rule, f.says) not in told]
    return branch


def _query(book: LawBook, incident: Incident, about: str | None) -> tuple[Query | None, bool]:
    """What the question asks, read from its words (and whether it was); where they cannot
    be read, a warning at its line naming the forms that can, and the ``about`` name, if
    given, asked instead -- answered in the data, but with no "Yes." or "No." printed."""
    from ..incident.model import HeaderLine

    if not incident.question:
        return None, False
    query = read_question(incident.question, incident.seats, question_words(book),
                          incident.trump.word if incident.trump else None)
    if query is not None and about and query.kind == "holding" and about in query.yes:
        query = replace(query, yes=(about,))       # ``about`` names which of the holdings the words name
    if query is not None and about and query.kind == "choice":
        # ``about`` names which of the two answers is asked: answered, but "Yes." would not say which
        return Query("holding", yes=(about,)), False
    if query is not None:
        return query, True
    line = next((i for i in incident.items if isinstance(i, HeaderLine) and i.key == "question"), None)
    if about is None and line is not None:
        incident.warn(line.pos, "the arbiter cannot read this question, so gives no \"Yes.\" or \"No.\"; it "
                      "reads questions such as " + "; ".join(FORMS), None, at=incident.question)
    return (Query("holding", yes=(about,)) if about else None), False


def codes_for(book: LawBook, game: str) -> list[str]:
    """The codes that can rule on ``game`` (printings of another code, and the glosses and
    principles that only supplement a code, left out)."""
    return [c.id for c in book.codes.values()
            if not c.edition_of and not c.supplements and game in c.games]


def _score_effects(book: LawBook, code: str, incident: Incident, branch: Branch) -> list[Finding]:
    """What the penalty for a held revoke does to the score before the hand, by the code's
    scoring (laws/scoring.yaml), the scores combined in the order its precedence law gives
    (the penalty first, tricks next, honours last): "If YZ add three to their two, they win a
    treble game". Where a demand that stands has elected the penalty, only that penalty is
    told, as done; where it wins the game, that is a holding, and the revoking side's honours,
    scored after it, do not count."""
    from ..scoring.whist import score_hand

    system = book.scoring.get(code)
    if not system or not system.get("revoke") or len(incident.score) != 2:
        return []
    revoke = system["revoke"]
    assert branch.inference is not None   # decide() gives each branch its inference
    facts = branch.inference.facts
    side_of = {f.args[0]: f.args[1] for f in facts.by_name("side_of")}
    before = {"".join(s for s in incident.seats if s in pair): points for pair, points in incident.score.items()}
    law = revoke["law"][0] if isinstance(revoke["law"], list) else revoke["law"]
    honours_laws = set(_laws_of(system["honours"]["law"])) if system.get("honours") else set()
    scored_honours = {f.who for f in branch.scores if f.law in honours_laws and f.points}
    honours = {str(f.args[0]): int(f.args[1]) for f in facts.by_name("honours_held")
               if str(f.args[0]) in scored_honours and str(f.args[1]).isdigit()}
    won = {str(f.args[0]): int(f.args[1]) for f in facts.by_name("tricks_won") if str(f.args[1]).isdigit()}
    revokes = [h.ruling for h in branch.holdings if h.ruling and h.ruling.split("(")[0] == revoke["ruling"]]
    revoking = {side_of.get(r.split("(")[1].split(",")[0].strip(" )")) for r in revokes}
    if len(revoking) > 1:
        return []       # both sides revoked: neither can win the game, and no one penalty is scored
    out = []
    for holding in branch.holdings:
        if not holding.ruling or holding.ruling.split("(")[0] != revoke["ruling"]:
            continue
        offender = holding.ruling.split("(")[1].split(",")[0].strip(" )")
        side = side_of.get(offender)
        other = next((s for s in before if s != side), None)
        if side not in before or other is None:
            continue
        elected = [option for option, words in (revoke.get("demanded_as") or {}).items()
                   if any(j.stands and j.penalty in words and side_of.get(j.demander) == other for j in branch.demands)]
        options = elected[:1] or [o for o in ("add-points", "deduct-points") if o in revoke["options"]]
        n = revoke["penalty"]
        for option in options:
            hand = score_hand(system, before, tricks={side: won.get(side, 0), other: won.get(other, 0)},
                              honours={s: honours[s] for s in (side, other) if s in honours}, revoke=(side, option))
            if option == "add-points":
                says = f"{other} add {n} to their score of {before[other]}, they have {hand.after[other]}"
            elif option == "deduct-points":
                says = f"{other} deduct {n} from {side}'s score of {before[side]}, {side} have {hand.after[side]}"
            else:
                says = f"{other} take {n} tricks from {side}"
            wins = hand.winner == other
            if wins:
                kind = f", a {hand.game_name}" if hand.game_name else ""
                says += f" and win the game{kind}, worth {hand.game_value}"
            says = ("If " + says) if not elected else (says.replace(", they have", ": they have", 1)
                                                        .replace(f", {side} have", f": {side} have", 1))
            if elected and wins and revoke.get("game_ruling"):
                out.append(Finding(kind="ruling", says=says + ".", law=law, label=book.entries[law].label,
                                   rule=f"{law}#score", ruling=f"{revoke['game_ruling']}({other})", who=other,
                                   points=n))
            else:
                out.append(Finding(kind="score", says=says + ".", law=law, label=book.entries[law].label,
                                   rule=f"{law}#score", who=other, points=n))
            if wins and side in honours and elected:
                _honours_after_game(book, system, branch, side, other, honours_laws)
    return out


def _honours_after_game(book: LawBook, system: dict, branch: Branch, side: str, other: str,
                        honours_laws: set[str]) -> None:
    """The revoking side's honours, scored last, come after the game its adversaries won by the
    penalty: they do not count (the penalty "takes precedence of all other scores")."""
    precedence = _laws_of(system["precedence"]["law"])[0]
    branch.scores[:] = [f for f in branch.scores if not (f.law in honours_laws and f.who == side)]
    branch.scores.append(Finding(
        kind="score", law=precedence, label=book.entries[precedence].label, rule=f"{precedence}#precedence",
        who=side, says=f"The penalty for the revoke taking precedence of all other scores, {other} win the game "
                       f"by it before honours are scored: {side}'s honours do not count."))


def _laws_of(laws) -> list[str]:
    return [laws] if isinstance(laws, str) else list(laws)


def _bears_on_incident(c: Conclusion) -> bool:
    """A right, duty or limit bears on this incident only if it rests on something that
    happened in it: one resting only on the table (the seats, the dealer, the partnerships)
    exists in every hand, and is not a holding."""
    return any(f.time > 0 or f.line for f in c.used) or not c.used


def _drop_lost_rights(branch: Branch) -> None:
    """A penalty granted and, in the same decision, lost or barred to the same side is not
    granted: the decision says it is lost, not both. A right that names several penalties
    stands while one of them is still open."""
    from ..words.vocabulary import penalty_answers

    def lost(right: Finding) -> bool:
        keys = right.exacts or ()
        return bool(keys) and all(
            any(loss.who == right.who and any(penalty_answers(k, g) or g == "penalty" for g in loss.exacts or ())
                for loss in branch.forfeits + branch.limits)
            for k in keys)

    branch.remedies[:] = [r for r in branch.remedies if not lost(r)]


def _answered(rules, game: str, plain: Inference, facts, added: frozenset[str]) -> Inference:
    """The inference were an open question answered: ``facts`` are the branch's with the
    answer's facts (of the names ``added``) among them; drawn from the branch's own inference
    (``plain``, before the demands were judged), solving again only what the answer can reach."""
    return _inferences(rules, facts, game, (plain, added))[1]


def _inferences(rules, facts, game: str,
                since: tuple[Inference, Iterable[str]] | None = None) -> tuple[Inference, Inference]:
    """The inference, and where a penalty was demanded, the inference again with each
    demand's judgment among the facts (``demand_stands(Dm, What, From)`` or
    ``demand_refused(Dm, What, From)``, at the demand's time): the laws that speak of a
    demand ("a penalty to which he is entitled … such decision is final"; "lawfully called
    upon") read whether it stands, as the decision judges it. A judgment may change what
    the laws hold (a call that stands makes its disobedience a revoke, whose penalty another
    demand then asks), so the judging is done again until it no longer changes (a few rounds
    at most). Both are given: the inference before the judgments (what an answer to an open
    question is inferred again from, ``since``: see :func:`~arbiter.engine.infer.infer`), and
    the one after them (the same where nothing was demanded)."""
    plain = inference = infer(rules, facts, game, since)
    demands = [each for fact in facts.by_name("penalty_demanded") for each in facts.occurrences(fact)]
    if not demands:
        return plain, inference
    verdicts: tuple = ()
    for _ in range(3):
        judgments = judge_demands(inference)
        now = tuple((j.demander, j.penalty, j.of, j.arg, j.line, j.stands or j.lawful) for j in judgments)
        if now == verdicts:
            break
        verdicts = now
        judged = facts.copy()
        added: set[str] = set()     # the names of the judgments' facts: what the inference is drawn again for
        by_fact = {(j.demander, j.penalty, j.of, j.arg, j.line): j for j in judgments}
        for demand in demands:
            j = by_fact.get(tuple(str(a) for a in demand.args[:4]) + (demand.line,))
            if j is not None:
                # a call lawfully made that cannot be enforced at this trick is still a demand of a
                # penalty to which he is entitled ("such decision is final")
                verdict = "demand_stands" if j.stands or j.lawful else "demand_refused"
                judged.add(verdict, j.demander, j.penalty, j.of, line=demand.line, moment=demand.moment,
                           time=demand.time)
                added.add(verdict)
        inference = infer(rules, judged, game, (plain, added))
    return plain, inference


def _name_electors(branch: Branch) -> None:
    """A penalty that only the adversary on the right of the player called may enforce
    (``elects: right of called``) names him: for each player of the side it is against, the
    seat on his right ("by A, if it is called from Y; by B, if from Z")."""
    facts = branch.inference.facts if branch.inference else None
    if facts is None:
        return
    for i, f in enumerate(branch.remedies):
        if f.elects != "right of called" or not f.against:
            continue
        called = [f.against] if facts.has("seat", f.against) else \
            [str(x.args[0]) for x in facts.by_name("side_of") if x.args[1] == f.against]
        pairs = [(c, str(r.args[0])) for c in called for r in facts.match("right_of", None, c)]
        if not pairs:
            continue
        told = "; ".join(f"by {r}, if it is called from {c}" if k == 0 else f"by {r}, if from {c}"
                         for k, (c, r) in enumerate(pairs))
        says = f.says.rstrip()
        says = (says[:-1] if says.endswith(".") else says) + f" (here {told})."
        branch.remedies[i] = replace(f, says=says, electors=tuple(pairs))


def _drop_elected(branch: Branch) -> None:
    """Once a demand stands, the election is made and "such decision is final": the right
    exercised, and the penalties the same side might have chosen instead under the same
    law, are marked ``elected``: kept in the data, but no longer told as open (the demand's
    own sentence tells what was chosen)."""
    chosen = {(j.exercised, j.demander) for j in branch.demands if j.stands and j.exercised}
    if not chosen:
        return
    facts = branch.inference.facts if branch.inference else None
    laws = {rule.split("#")[0] for rule, _ in chosen}

    def elected(f: Finding) -> bool:
        if not f.exacts or f.law not in laws:
            return False
        return any(f.who == dm or (facts is not None and f.who is not None and facts.has("side_of", dm, f.who))
                   for _, dm in chosen)

    branch.remedies[:] = [replace(f, elected=True) if elected(f) else f for f in branch.remedies]


def _tell(alternative) -> str:
    if alternative.text is not None:
        return alternative.text
    return "; ".join(sentence(s) for s in alternative.statements)


def _capitalised(text: str) -> str:
    """A conclusion written without a sentence of its own ("two tricks transferred …") is
    shown as one: it stands in the decision among sentences."""
    return text[:1].upper() + text[1:]


def _cited_law(c: Conclusion, inference: Inference | None) -> str:
    """The law a conclusion is cited to: its own, or, where its rule says so, the law that
    concluded the fact it rests on (the law whose words give the holding)."""
    data = next((d for d in c.rule.then if d.kind == c.kind and d.cites_law_of), None)
    if data is None or inference is None:
        return c.law
    rests_on = {str(f) for f in c.used if f.name == data.cites_law_of}
    return next((p.law for p in inference.conclusions if p.kind == "fact" and p.text in rests_on), c.law)


def _finding(book: LawBook, c: Conclusion, inference: Inference | None = None) -> Finding:
    cited = _cited_law(c, inference)
    law = book.entries[cited]
    return Finding(
        kind=c.kind, says=c.says or _capitalised(c.text), law=cited, label=law.label, rule=c.rule.id,
        ruling=c.text if c.kind == "ruling" else None, who=c.who, options=c.options,
        consult=c.consult, until=c.until, points=c.points,
        facts=tuple(str(f) for f in c.used), lines=tuple(sorted({f.line for f in c.used if f.line})),
        also_cites=tuple(r for r in law.see if book.entries[r].kind == "law") if law.kind == "gloss" else (),
        authority=law.kind if law.kind in ("gloss", "principle") else "law",
        exacts=c.exacts, against=c.against, elects=c.elects,
        tricks=tuple(sorted({f.moment.trick for f in c.used if f.moment.kind == "trick" and f.moment.trick})),
    )
