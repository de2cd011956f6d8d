"""``--explain`` in plain English: why each holding follows, and what was missing.

For each finding, the facts it rests on in words ("B renounced at trick 5 (line 12)"); for
the laws on this incident's own topics (those of the laws the decision relies on) that did
not apply, what their condition wanted and did not find ("nothing shows that B played to
trick 6"), grouped by law. The words of the facts are data (arbiter/words/facts.yaml, the
replay's vocabulary, not any law's); a fact only a law concludes is told in that law's own
sentence. A near miss is told only where it is true of this branch: never one that the
decision's own holdings answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import in_words
from ..engine.infer import looks_relevant
from ..engine.solve import first_failure_at, solve
from ..facts import SEATING, Fact, FactSet
from ..lawbook.conditions import And, Cmp, Const, Not, Or, Pred, Var
from ..words.facts import OPEN, moment_words, told

#: The most alternatives of one near miss told; the rest are counted.
MOST_TOLD = 3


def fact_words(name: str, args: tuple) -> str:
    """A fact in words: ``played(B, 3, S2)`` as "B played the two of spades to trick 3"
    (arbiter/words/facts.yaml). A fact the table has no words for is told by its name."""
    text = told(name, args)
    if text is not None:
        return text
    shown = [_UNKNOWN_WORD if a is OPEN else str(a) for a in args]
    words = name.replace("_", " ")
    return f"{words} ({', '.join(shown)})" if shown else words


_UNKNOWN_WORD = "something"


def _said(fact: Fact) -> str:
    where = f" (line {fact.line})" if fact.line else ""
    return fact_words(fact.name, fact.args) + where


class _Words:
    """Facts in words, the facts the rules conclude included: a fact the table of words has
    (arbiter/words/facts.yaml) in its words; a holding the laws make that it has not
    (``claim_of_game_irregular(Y)``) in the words of a rule that holds it, its variables
    put back in their places, a card named as the facts name it."""

    def __init__(self, book) -> None:
        self.book = book

    def templates(self) -> dict[tuple[str, int], str]:
        key = ("explain-words",)
        cache = self.book.cache
        if key not in cache:
            found: dict[tuple[str, int], str] = {}
            for code in self.book.codes:
                for law in self.book.entries_of(code):
                    for rule in law.rules:
                        for data, (fact, ruling) in zip(rule.then, rule.atoms):
                            atom = ruling or fact
                            if atom is None or not data.says:
                                continue
                            template = _template(atom, data.says)
                            k = (atom.name, len(atom.args))
                            if template and (k not in found or len(template) < len(found[k])):
                                found[k] = template
            cache[key] = found
        return cache[key]

    def __call__(self, fact: Fact) -> str:
        where = f" (line {fact.line})" if fact.line else ""
        return self.words(fact.name, fact.args) + where

    def words(self, name: str, args: tuple, open_words: tuple[str, ...] = ()) -> str:
        """``name(args)`` in words; an argument left open (``OPEN``) told by the table's kind,
        or, in a rule's sentence, by ``open_words`` (what the rule's variable stands for)."""
        text = told(name, args)
        if text is not None:
            return text
        template = self.templates().get((name, len(args)))
        if template is None:
            return fact_words(name, args)
        guesses = list(open_words) + [_UNKNOWN_WORD] * len(args)
        return template.format(*[guesses[i] if a is OPEN else in_words(a) for i, a in enumerate(args)])


def _template(atom: Pred, says: str) -> str | None:
    """A rule's sentence as the words of its atom: ``{P} led out of turn at trick {N}``
    for ``lead_out_of_turn(P, N)`` becomes ``{0} led out of turn at trick {1}``; only a
    short sentence naming nothing but the atom's variables will do."""
    import re

    names = [a.name if isinstance(a, Var) else None for a in atom.args]
    text = says.rstrip(".")
    if len(text) > 90 or ":" in text or ";" in text:
        return None
    used = re.findall(r"\{([A-Z][A-Za-z0-9_]*)\}", text)
    if not used or any(u not in names for u in used):
        return None
    text = text.replace("{", "{{").replace("}", "}}")
    for i, name in enumerate(names):
        if name:
            text = text.replace("{{" + name + "}}", "{" + str(i) + "}")
    return text[:1].lower() + text[1:] if text[1:2].islower() and not text[:1].isupper() else text


@dataclass
class LawWhy:
    """What one law did, or did not, for this branch."""

    law: str
    label: str
    held: list[str] = field(default_factory=list)       # "X, because a and b"
    gave_way: list[str] = field(default_factory=list)   # "gave way to Law 74"
    missing: list[str] = field(default_factory=list)    # "B had played to trick 6"


def explain_branch(book, branch, topics: set[str]) -> list[LawWhy]:
    """The why of one branch, law by law: first the laws relied on, then those on the
    incident's topics that did not apply. A near miss is told only where it is one: not
    where the law reached what it holds another way (Law 71 finds a renounce in error by a
    later play of the suit, whatever its first rule lacked), not where what it lacked is
    only who sits where, and never where what it lacked is what the decision holds."""
    inference = branch.inference
    out: dict[str, LawWhy] = {}

    def entry(law: str) -> LawWhy:
        if law not in out:
            out[law] = LawWhy(law, book.entries[law].label)
        return out[law]

    said = _Words(book)
    for f in branch.findings:
        facts = [x for x in _used(inference, f) if x.name not in _TABLE]
        clause = f.says.rstrip(".")
        reasons = [said(x) for x in facts]
        reasons = [r for r in reasons if r.split(" (line")[0].lower() not in clause.lower()]
        lines = sorted({x.line for x in facts if x.line})
        # a holding of several sentences gets its reason as a sentence of its own, so that
        # "because" follows the whole holding, not its last sentence
        joined = ". This holds " if ". " in clause else ", "
        if reasons:
            entry(f.law).held.append(f"{clause}{joined}because {_listed(reasons)}")
        else:
            where = f" (line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines))})" if lines else ""
            entry(f.law).held.append(f"{clause}{joined}as the facts state{where}")
    for rule, by in branch.defeated:
        law, other = rule.split("#")[0], by.split("#")[0]
        gave = f"It gave way to {book.entries[other].label}, which holds here"
        if gave not in entry(law).gave_way:
            entry(law).gave_way.append(gave)
    fired = {c.rule.id for c in inference.conclusions} if inference else set()
    held = {f.ruling for f in branch.findings if f.ruling} | {a for f in branch.findings for a in f.also_holds}
    for rule in inference.rules if inference else ():
        if rule.id in fired or rule.tree is None or rule.law in out and out[rule.law].held:
            continue
        if not topics & set(book.entries[rule.law].topics) or not looks_relevant(rule, inference.facts):
            continue
        failed = first_failure_at(rule.tree, inference.facts)
        if failed is None or failed[2] == 0:    # the law's very subject did not arise: no near miss
            continue
        part, binding = failed[0], failed[1]
        if _reached_anyway(rule, binding, inference.facts) or _held_after_all(part, binding, held):
            continue
        words = missing_words(part, binding, inference.facts, said, rule.tree)
        if words:
            why = entry(rule.law)
            if words not in why.missing:
                why.missing.append(words)
    return list(out.values())


_TABLE = SEATING | {"code", "game"}


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _used(inference, finding) -> list[Fact]:
    wanted = set(finding.facts)
    return [f for f in inference.facts if str(f) in wanted] if inference else []


def _ground(p: Pred, binding: dict) -> tuple | None:
    """The arguments of ``p`` under ``binding``: ``None`` for one left open."""
    args: list = []
    for a in p.args:
        if isinstance(a, Const):
            args.append(a.value)
        elif isinstance(a, Var) and a.name != "_" and binding.get(a.name, "") != "":
            args.append(binding[a.name])
        else:
            args.append(None)
    return tuple(args)


def _reached_anyway(rule, binding: dict, facts: FactSet) -> bool:
    """Whether what the rule concludes holds already, for the players and tricks its failed
    condition was about: another rule of the law (or of another) reached it, so the law did
    apply, and what this rule lacked is no reason it did not."""
    atoms = [ruling or fact for fact, ruling in rule.atoms if (ruling or fact) is not None]
    if not atoms:
        return False
    for atom in atoms:
        args = _ground(atom, binding)
        if args is None or all(a is None for a in args) or not facts.match(atom.name, *args):
            return False
    return True


def _held_after_all(part, binding: dict, held: set[str]) -> bool:
    """Whether the fact the condition lacked is one the decision itself holds in this branch:
    told as missing, it would contradict the decision."""
    if not isinstance(part, Pred):
        return False
    args = _ground(part, binding)
    if args is None or any(a is None for a in args):
        return False
    return f"{part.name}({', '.join(map(str, args))})" in held


def _only_seating(part) -> bool:
    """A condition about who sits where (or which player or card it is): when that is what
    failed, the law was about other players, and nothing was missing."""
    if isinstance(part, Pred):
        return part.name in SEATING
    if isinstance(part, Or | And):
        return all(_only_seating(p) for p in part.parts)
    if isinstance(part, Not):
        return _only_seating(part.part)
    return False


def missing_words(part, binding: dict, facts: FactSet, said=None, tree=None) -> str | None:
    """What a failed part of a condition wanted, in words: "nothing shows that B held the
    suit led at trick 5"; "it does not apply, as Y searched the tricks (line 17)"; "nothing
    shows that B renounced at trick 5 before the king of diamonds was found among the tricks"."""
    said = said or _Words(None)
    if _only_seating(part):
        return None
    if isinstance(part, Pred):
        when = f" {moment_words(part.moment)}" if part.moment else ""
        return f"nothing shows that {_pred_words(part, binding, said)}{when}"
    if isinstance(part, Not):
        found = next(iter(solve(part.part, facts, binding)), None)
        if found is not None and found.used:
            shown = list(dict.fromkeys(said(f) for f in found.used if f.name not in _TABLE))
            if shown:
                return f"it does not apply, as {_listed(shown)}"
        if isinstance(part.part, Pred):
            return f"it does not apply, as {_pred_words(part.part, binding, said)}"
        return None
    if isinstance(part, Or):
        told_ = [missing_words(p, binding, facts, said, tree) for p in part.parts]
        options = list(dict.fromkeys(o.removeprefix("nothing shows that ") for o in told_
                                     if o and o.startswith("nothing shows that ")))
        if not options:
            return None
        more = len(options) - MOST_TOLD
        shown = options[:MOST_TOLD]
        tail = f", or any of {more} other things the law names" if more > 0 else ""
        return "nothing shows that " + ", or that ".join(shown) + tail
    if isinstance(part, Cmp):
        return _order_words(part, binding, said, tree)
    return None


def _order_words(part: Cmp, binding: dict, said, tree) -> str | None:
    """A comparison that failed: of the times of two facts, that one did not come before
    the other, each told; of anything else (which player, which card), nothing was missing."""
    if part.op not in ("<", ">", "<=", ">=") or tree is None:
        return None
    timed = {p.time: p for p in _preds(tree) if p.time}
    left, right = (timed.get(t.name) if isinstance(t, Var) else None for t in (part.left, part.right))
    if left is None or right is None:
        return None
    first, then = (left, right) if part.op in ("<", "<=") else (right, left)
    return (f"nothing shows that {_pred_words(first, binding, said)} "
            f"before {_pred_words(then, binding, said)}")


def _preds(tree):
    if isinstance(tree, Pred):
        yield tree
    elif isinstance(tree, And | Or):
        for p in tree.parts:
            yield from _preds(p)
    elif isinstance(tree, Not):
        yield from _preds(tree.part)


def _pred_words(p: Pred, binding: dict, said=None) -> str:
    args: list = []
    guesses: list[str] = []
    for a in p.args:
        if isinstance(a, Const):
            args.append(a.value)
        elif isinstance(a, Var) and a.name in binding and binding[a.name] != "":
            args.append(binding[a.name])
        else:
            args.append(OPEN)
            guesses.append(_unknown(a.name))
    if said is not None and hasattr(said, "words") and getattr(said, "book", None) is not None:
        return said.words(p.name, tuple(args), tuple(guesses))
    return fact_words(p.name, tuple(args))


def _unknown(variable: str) -> str:
    """An argument the condition left open, in a rule's own sentence (where the table of
    words has none), by the name the rule gives it (N a trick, C a card, Su a suit,
    anything else a player)."""
    if variable == "_":
        return "anything"
    if variable[:1] in ("N", "M"):
        return "some trick"
    if variable == "C" or (variable[:1] == "C" and (variable[1:].isdigit() or variable[1:] in ("c", "p", "t", "x"))):
        return "a card"
    if variable.startswith("Su") or variable in ("S2", "Sl"):
        return "a suit"
    return "someone"
