"""``--explain`` in plain English: why each holding follows, and what was missing.

For each finding, the facts it rests on in words ("B renounced at trick 5 (line 12)"); for
the laws on this incident's own topics (those of the laws the decision relies on) that did
not apply, what their condition wanted and did not find ("B had played to trick 6"),
grouped by law. The words for each fact of the table are here, beside nothing else: they
are the replay's vocabulary, not any law's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.infer import looks_relevant
from ..engine.solve import first_failure_at, solve
from ..facts import Fact, FactSet
from ..lawbook.conditions import Cmp, Const, Not, Or, Pred, Var

#: The facts of the table in words; ``{0}``, ``{1}``… are the arguments.
FACT_WORDS = {
    "seat": "{0} sits at the table", "partner": "{0} is {1}'s partner", "adversary": "{0} is {1}'s adversary",
    "side_of": "{0} plays for {1}", "opposing_side": "{1} play against {0}",
    "right_of": "{0} sits on {1}'s right", "left_of": "{0} sits on {1}'s left",
    "fellow_adversary": "{0} plays with {1} against the bidder",
    "dealer": "{0} deals", "eldest": "{0} is the eldest hand", "dummy": "{0} is dummy", "bidder": "{0} is the bidder",
    "trump": "{0} are trumps", "trump_card": "the trump card is {0}", "dealt": "{0} was dealt {1} cards",
    "wrong_number_of_cards": "{0} has {1} cards", "surplus": "{0} has a card too many",
    "deficiency": "{0} has a card too few", "shuffles": "{0} shuffled", "presents_pack": "{0} presented the pack",
    "cut": "{0} cut the pack", "dealt_by": "{0} dealt", "dealt_out_of_turn": "{0} dealt out of turn",
    "dealt_without_cut": "{0} dealt without a cut", "exposed_in_dealing": "{1} was exposed in dealing to {0}",
    "turned_up": "{0} turned up {1}", "looks_at_trump": "{0} looked at the trump card",
    "counts_cards": "{0} counted the cards", "touches_cards": "{0} touched his cards",
    "led": "{0} led {2} to trick {1}", "suit_led": "{1} were led to trick {0}", "suit_of": "{0} is one of the {1}",
    "played": "{0} played {2} to trick {1}", "played_to_trick": "{0} played to trick {1}",
    "played_after_trick": "{0} played after trick {1}", "hand_position": "{0} was hand {2} at trick {1}",
    "led_out_of_turn": "{0} led out of turn at trick {1}", "should_have_led": "{0} should have led to trick {1}",
    "played_out_of_turn": "{0} played out of turn at trick {1}", "played_before": "{0} played before {1}",
    "renounced": "{0} renounced at trick {1}", "trumped": "{0} trumped trick {1}",
    "held_suit_led": "{0} held the suit led at trick {1}",
    "void_in_suit_led": "{0} had none of the suit led at trick {1}",
    "held": "{0} held {1}", "withdrew": "{0} took back {2} at trick {1}",
    "renounce_withdrawn": "{0} took back his renounce at trick {1}",
    "winning_card": "{0} played a winning card to trick {1}",
    "not_winning_card": "{0} did not play a winning card to trick {1}",
    "best_card_on_table": "{0}'s card was the best on the table at trick {1}",
    "trick_complete": "trick {0} was complete", "trick_incomplete": "trick {0} was not complete",
    "trick_winner": "{1} won trick {0}", "won_trick": "{0} won trick {1}",
    "trick_quitted": "trick {0} was turned and quitted", "quitted_trick": "{0} turned and quitted trick {1}",
    "looks_at_trick": "{0} looked at trick {1}", "looks_at_hand": "{0} looked at his hand",
    "exposed": "{0} exposed {1}", "dropped": "{0} dropped {1}", "named_card": "{0} named {1}",
    "named_own_card": "{0} named his own card, {1}", "threw_down_hand": "{0} threw his cards on the table",
    "said": "{0} said {1}", "asked": "{0} asked {1}", "answered": "{0} answered", "claimed": "{0} claimed {1}",
    "consulted": "{0} consulted {1}", "penalty_demanded": "{0} demanded {1}",
    "holds_suit": "{0} held a {1}", "void_in_suit": "{0} had no {1}", "marked": "{0} marked {2}",
    "bids": "{0} bid {1}", "passes": "{0} passed", "accepted": "{0} accepted {1} as his partner",
    "revoke": "{0} revoked at trick {1}", "renounce_in_error": "{0} renounced in error at trick {1}",
}

#: The facts the engine makes of rights: the penalty told in words.
PENALTY_FACTS = {"entitled": "{0} may exact {1}", "forfeited": "{0} have lost the right to {1}",
                 "barred": "{0} may not exact {1}"}

SOMEONE = "someone"

#: The moments a condition may name, in words.
MOMENT_WORDS = {"before-deal": "before the deal", "deal": "during the deal", "bidding": "in the bidding",
                "play": "during the play", "after-hand": "after the hand",
                "after-next-trump": "after the next trump card was turned up",
                "after-next-cut": "after the cards were cut for the next deal"}


def fact_words(name: str, args: tuple) -> str:
    """A fact in words: ``played(B, 3, S2)`` as "B played S2 to trick 3"."""
    from ..words.vocabulary import ACTS, penalty_phrase

    shown = [str(a) for a in args]
    if name in PENALTY_FACTS and len(shown) == 2:
        return PENALTY_FACTS[name].format(shown[0], penalty_phrase(shown[1]))
    template = FACT_WORDS.get(name)
    text = None
    if template is not None:
        try:
            text = template.format(*shown)
        except IndexError:
            text = None
    if text is None and name.replace("_", " ") in ACTS and shown:
        at = f" at trick {shown[1]}" if len(shown) > 1 and shown[1].isdigit() else ""
        text = f"{shown[0]} made the act “{name.replace('_', ' ')}”{at}"
    if text is None:
        words = name.replace("_", " ")
        text = f"{words} ({', '.join(shown)})" if shown else words
    return text.replace("trick some trick", "some trick").replace("at some trick", "at some trick")


def _said(fact: Fact) -> str:
    where = f" (line {fact.line})" if fact.line else ""
    return fact_words(fact.name, fact.args) + where


class _Words:
    """Facts in words, the facts the rules conclude included: a holding the laws make
    (``lead_out_of_turn(Y, 1)``) is told in the words of a rule that holds it ("Y led out
    of turn at trick 1"), its variables put back in their places."""

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
                            if atom is None or not data.says or atom.name in FACT_WORDS:
                                continue
                            template = _template(atom, data.says)
                            k = (atom.name, len(atom.args))
                            if template and (k not in found or len(template) < len(found[k])):
                                found[k] = template
            cache[key] = found
        return cache[key]

    def __call__(self, fact: Fact) -> str:
        template = self.templates().get((fact.name, len(fact.args)))
        if template is None:
            return _said(fact)
        where = f" (line {fact.line})" if fact.line else ""
        return template.format(*[str(a) for a in fact.args]) + where

    def words(self, name: str, args: tuple) -> str:
        template = self.templates().get((name, len(args)))
        return template.format(*[str(a) for a in args]) if template else fact_words(name, args)


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
    incident's topics that did not apply."""
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
        if reasons:
            entry(f.law).held.append(f"{clause}, because {' and '.join(reasons)}")
        else:
            where = f" (line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines))})" if lines else ""
            entry(f.law).held.append(f"{clause}, as the facts state{where}")
    for rule, by in branch.defeated:
        law, other = rule.split("#")[0], by.split("#")[0]
        entry(law).gave_way.append(f"Its rule {rule} gave way to {book.entries[other].label} ({by}), "
                                   f"which holds here")
    fired = {c.rule.id for c in inference.conclusions} if inference else set()
    for rule in inference.rules if inference else ():
        if rule.id in fired or rule.tree is None or rule.law in out and out[rule.law].held:
            continue
        if not topics & set(book.entries[rule.law].topics) or not looks_relevant(rule, inference.facts):
            continue
        failed = first_failure_at(rule.tree, inference.facts)
        if failed is None or failed[2] == 0:    # the law's very subject did not arise: no near miss
            continue
        words = missing_words(failed[0], failed[1], inference.facts, said)
        if words:
            why = entry(rule.law)
            if words not in why.missing:
                why.missing.append(words)
    return list(out.values())


_TABLE = {"seat", "partner", "adversary", "side_of", "opposing_side", "right_of", "left_of", "code", "game"}


def _used(inference, finding) -> list[Fact]:
    wanted = set(finding.facts)
    return [f for f in inference.facts if str(f) in wanted] if inference else []



def missing_words(part, binding: dict, facts: FactSet, said=None) -> str | None:
    """What a failed part of a condition wanted, in words."""
    said = said or _said
    if isinstance(part, Pred):
        when = f" {MOMENT_WORDS.get(part.moment, part.moment)}" if part.moment else ""
        return f"nothing shows that {_pred_words(part, binding, said)}{when}"
    if isinstance(part, Not):
        inner = part.part
        if isinstance(inner, Pred):
            held = next(iter(solve(inner, facts, binding)), None)
            if held is not None and held.used:
                return f"but {said(held.used[-1])}"
            return f"but {_pred_words(inner, binding, said)}"
        return "but what the law excepts was so"
    if isinstance(part, Or):
        told = [missing_words(p, binding, facts, said) for p in part.parts]
        options = [o.removeprefix("nothing shows that ") for o in told if o]
        return "nothing shows that " + ", or that ".join(dict.fromkeys(options)) if options else None
    if isinstance(part, Cmp):
        return "the events came in another order" if part.op in ("<", ">", "<=", ">=") else \
            "it was not the same player or card"
    return None


def _pred_words(p: Pred, binding: dict, said=None) -> str:
    args = []
    for a in p.args:
        if isinstance(a, Const):
            args.append(a.value)
        elif isinstance(a, Var) and a.name in binding and binding[a.name] != "":
            args.append(binding[a.name])
        else:
            args.append(_unknown(a.name))
    if said is not None and hasattr(said, "words"):
        return said.words(p.name, tuple(args))
    return fact_words(p.name, tuple(args))


def _unknown(variable: str) -> str:
    """An argument the condition left open, by the name the rule gives it (N a trick, C a
    card, Su a suit, anything else a player)."""
    if variable == "_":
        return "anything"
    if variable[:1] in ("N", "M"):
        return "some trick"
    if variable == "C" or (variable[:1] == "C" and (variable[1:].isdigit() or variable[1:] in ("c", "p", "t", "x"))):
        return "some card"
    if variable.startswith("Su") or variable in ("S2", "Sl"):
        return "some suit"
    return SOMEONE

