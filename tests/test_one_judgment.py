"""A decision reads as one judgment, over every incident we have: the examples, the
published cases, the ruling tests and both sides of every edge.

- no sentence is printed twice in one branch of a decision;
- every sentence is a whole sentence: it begins with a capital (or a seat's letter, a
  figure, a quotation) and ends with a full stop;
- no decision both grants a penalty and refuses it to the same side (a right granted and
  also lost, or barred, for the same penalty);
- no demand stands that a forfeiture or limit of the same decision, arising before it, takes
  away from the demander's side;
- the first word never contradicts a holding: "No." to whether the decision holds something
  where a branch holds it, "Yes." where a branch holds none of it; "No." to whether a side may
  exact a penalty where its demand of it stands, "Yes." where its last demand of it is refused;
- a yes or no is given only to a question that asks for one.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from arbiter.cases import load_cases
from arbiter.incident import parse, parse_file
from arbiter.render.decisions import _cite, decision_data
from arbiter.ruling.decision import decide
from arbiter.words.vocabulary import penalty_answers

ROOT = Path(__file__).resolve().parent.parent


def _incidents():
    out = []
    for path in sorted((ROOT / "examples").glob("*.whist")):
        out.append((f"example {path.stem}", path.read_text(encoding="utf-8"), None, None))
    for case in load_cases("cavendish", ROOT / "cases"):
        out.append((f"Case {case.name}", case.incident_path.read_text(encoding="utf-8"), None, None))
    for path in sorted((ROOT / "tests" / "rulings").rglob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            out.append((f"{path.stem}: {case['name']}", case["incident"], case.get("code"), case.get("game")))
    for path in sorted((ROOT / "tests" / "boundaries").rglob("*.yaml")):
        for edge in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            for side in ("applies", "near_miss"):
                case = edge[side]
                out.append((f"{path.stem}: {case['name']}", case["incident"],
                            case.get("code", edge.get("code")), case.get("game", edge.get("game"))))
    return out


INCIDENTS = _incidents()


@lru_cache(maxsize=None)
def _decided(index: int):
    from arbiter.lawbook import load_lawbook

    name, text, code, game = INCIDENTS[index]
    return decide(load_lawbook(ROOT / "laws"), parse(text, name), code=code, game=game)


def _sentences(branch: dict) -> list[str]:
    found = branch["holdings"] + [f for f in branch["remedies"] if not f["elected"]] + branch["duties"] + branch["limits"] + branch["forfeits"] \
        + branch["scores"]
    return [_cite(f) for f in found] + [j["says"] for j in branch["demands"]]


def _problems(decision, book) -> list[str]:
    problems = []
    data = decision_data(decision, book)
    for i, branch in enumerate(data["branches"]):
        said = _sentences(branch)
        bare = [re.sub(r" \((?:vide|cf\.) [^)]*\)", "", s) for s in said]
        for s in dict.fromkeys(b for b in bare if bare.count(b) > 1):
            problems.append(f"branch {i + 1} says twice: {s}")
        for f in branch["holdings"] + branch["remedies"] + branch["duties"] + branch["limits"] \
                + branch["forfeits"] + branch["scores"] + branch["demands"]:
            says = f["says"].strip()
            if not re.match(r"[A-Z0-9\"'“‘(]", says):
                problems.append(f"does not begin with a capital: {says}")
            if not re.search(r"[.!?][\"'”’)]?$", says):
                problems.append(f"does not end with a full stop: {says}")
    problems += _demands_against_losses(decision) + _answer_against_holdings(decision)
    for i, branch in enumerate(decision.branches):
        for right in branch.remedies:
            for loss in branch.forfeits + branch.limits:
                if right.who and right.who == loss.who and any(
                        penalty_answers(k, g) or g == "penalty" for k in (right.exacts or ()) for g in (loss.exacts or ())):
                    problems.append(f"branch {i + 1} grants and refuses {right.who} a penalty: "
                                    f"{right.says} / {loss.says}")
    return problems


def _demands_against_losses(decision) -> list[str]:
    """A demand that stands, though a forfeiture or limit said before it (at an earlier
    line) takes the penalty from the demander's side."""
    out = []
    for i, branch in enumerate(decision.branches):
        facts = branch.inference.facts if branch.inference else None
        for j in branch.demands:
            if not j.stands or j.reason == "the law orders it":
                continue
            sides = {j.demander} | ({str(f.args[1]) for f in facts.match("side_of", j.demander)} if facts else set())
            for loss in branch.forfeits + branch.limits:
                if loss.who in sides and loss.lines and j.line and max(loss.lines) < j.line and any(
                        penalty_answers(j.penalty, g) or g == "penalty" for g in (loss.exacts or ())):
                    out.append(f"branch {i + 1}: {j.says} though: {loss.says}")
    return out


def _answer_against_holdings(decision) -> list[str]:
    """The first word against the findings it speaks of, branch by branch."""
    q = decision.query
    if q is None or decision.answer not in ("yes", "no"):
        return []
    out = []
    for i, branch in enumerate(decision.branches):
        if q.kind == "holding":
            held = [r for f in branch.holdings for r in (f.ruling, *f.also_holds) if r and r.split("(")[0] in q.yes
                    and (not q.party or any(seat in r for seat in q.party)) and (q.trick is None or str(q.trick) in r)
                    and (q.card is None or q.card.startswith("?") or q.card in r or "trump card" in q.card)]
            contrary = [r for f in branch.holdings for r in (f.ruling, *f.also_holds) if r and r.split("(")[0] in q.no]
            if decision.answer == "no" and held and not (q.no_first and contrary):
                out.append(f"branch {i + 1}: No. to {decision.question!r}, holding {held[0]}")
        elif q.kind == "right" and q.penalty is not None and not q.also:
            mine = [j for j in branch.demands if (not q.party or j.demander in q.party)
                    and penalty_answers(j.penalty, q.penalty) and penalty_answers(q.penalty, j.penalty)
                    and (not q.against or not j.of or j.of in q.against)
                    and (q.trick is None or j.trick == q.trick)
                    and (q.card is None or not j.arg or q.card.startswith("?") or j.arg == q.card)]
            if mine and decision.answer == "no" and mine[-1].stands:
                out.append(f"branch {i + 1}: No. to {decision.question!r}, yet {mine[-1].says}")
            if mine and decision.answer == "yes" and not mine[-1].stands and not mine[-1].lawful:
                out.append(f"branch {i + 1}: Yes. to {decision.question!r}, yet {mine[-1].says}")
    return out


@pytest.mark.parametrize("index", range(len(INCIDENTS)), ids=[n for n, *_ in INCIDENTS])
def test_the_decision_reads_as_one_judgment(book, index):
    problems = _problems(_decided(index), book)
    assert not problems, INCIDENTS[index][0] + "\n    " + "\n    ".join(problems)


def test_a_yes_or_no_answers_only_a_question_that_asks_for_one(book):
    from arbiter.render.decisions import render

    for index, (name, *_rest) in enumerate(INCIDENTS):
        d = _decided(index)
        if not d.question:
            continue
        text = render(d, book)
        said = re.search(r"Decision\.--(Yes|No)\. ", text)
        if said:
            assert d.asks_yes_or_no, f"{name}: {said.group(1)!r} to {d.question!r}"
        elif d.asks_yes_or_no and d.answer in ("yes", "no"):
            pytest.fail(f"{name}: no yes or no to {d.question!r}")


def test_open_and_closed_questions_told_apart(book):
    from arbiter.incident.question import read_question
    from arbiter.lawbook.questions import question_words

    words = question_words(book)
    seats = ("A", "Y", "B", "Z")
    for q in ("May A call a suit?", "Is it a revoke?", "Does the revoke stand?",
              "Three cards having been played, may A call a suit from Y?"):
        read = read_question(q, seats, words)
        assert read is not None and read.kind not in ("open", "choice"), q
    for q in ("What penalty may the bidder exact?", "Who may call the suit?", "What may A and B do?",
              "How many tricks are transferred?"):
        assert read_question(q, seats, words).kind == "open", q
    for q in ("Three cards having been played to the lead out of turn, may A call a suit, or must the trick be completed?",
              "Is it a misdeal, or does the deal stand?", "Is the king a lead out of turn or an exposed card?"):
        assert read_question(q, seats, words).kind == "choice", q


def test_the_global_checks_can_fail(book):
    """The checks above find a sentence said twice, a fragment, and a right granted and lost."""
    incident = parse_file(ROOT / "examples" / "consulting-partner-about-penalty.whist")
    d = decide(book, incident)
    b = d.branches[0]
    from dataclasses import replace

    first = b.holdings[0]
    b.holdings.append(first)
    b.holdings.append(replace(first, says="two tricks transferred"))
    lost = next(iter(b.forfeits), None)
    if lost is not None:
        b.remedies.append(replace(lost, kind="may", exacts=("call suit",), says="AB may call a suit."))
        b.forfeits[0] = replace(lost, exacts=("penalty",))
    found = _problems(d, book)
    assert any("says twice" in p for p in found)
    # a demand standing after a forfeiture said at an earlier line, and a "No." against a holding
    from arbiter.incident.question import Query
    from arbiter.ruling.demands import Judgment

    loss = replace(first, kind="forfeits", who="AB", exacts=("penalty",), lines=(1,), says="AB lose it.")
    b.forfeits.append(loss)
    b.demands.append(Judgment("A", "call suit", "Y", "", 9, True, "A is entitled to it", None, says="A demanded."))
    assert any("though: AB lose it." in p for p in _problems(d, book))
    d.query, d.answer = Query("holding", yes=(first.ruling.split("(")[0],)), "no"
    assert any("No. to" in p for p in _problems(d, book))
    assert any("capital" in p for p in found) and any("full stop" in p for p in found)
    assert lost is None or any("grants and refuses" in p for p in found)


def test_a_question_offering_two_answers_is_not_answered_yes_or_no(book):
    from arbiter.incident import parse
    from arbiter.ruling.decision import decide

    text = ("code english-1864\ndealer Z\ndeal:\n  B cuts\n  Z deals\n  A was dealt 12 cards\n"
            '  Z says "That hand is mine" (disputes deal)\n'
            'question "Must the players accept the hands, or is it a misdeal?" about misdeal\n')
    decision = decide(book, parse(text, "t.whist"))
    assert decision.answer == "yes" and not decision.asks_yes_or_no
    plain = decide(book, parse(text.replace("Must the players accept the hands, or is it a misdeal?",
                                            "Is it a misdeal?"), "t.whist"))
    assert plain.asks_yes_or_no
