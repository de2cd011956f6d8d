"""Write a first draft of the scripted interview of an incident (a tool, run by hand):

    .venv/bin/python tests/interviews/make_scripts.py examples/card-dropped-face-up.whist ...

It tells the incident's story to the interview as a player would (the table, the topic, each
trick's cards, each act, in the order written) and answers each question of fact it is asked
from the incident's own findings where one answers it, else "Not known"; the incident's other
findings are told only if the holdings differ without them. The draft is written to
tests/interviews/NAME.yaml, to be read and kept (the test replays it:
tests/test_interview_scripts.py); an incident the interview cannot tell is reported.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

from arbiter.api import rule
from arbiter.incident import parse
from arbiter.incident.model import Dispute, Finding, Statement
from arbiter.interview import Done, Interview, InterviewError
from arbiter.interview.script import answer_of

ROOT = Path(__file__).resolve().parent.parent.parent

VERB_ACT = {
    "leads": "leads", "plays": "plays", "exposes": "exposes", "names": "names", "shows": "shows",
    "detaches": "detaches", "withdraws": "withdraws", "throws-down-hand": "throws-down", "retains-hand": "retains",
    "says": "says", "asks": "asks", "answers": "answers", "consults": "consults", "objects": "objects",
    "interrupts": "interrupts", "claims": "claims", "withdraws-claim": "withdraws-claim", "demands": "demands",
    "marks": "marks", "quits-trick": "quits-trick", "gathers-trick": "gathers-trick", "leaves-trick": "leaves-trick",
    "looks-at-trick": "looks-at-trick", "searches-tricks": "searches", "mixes-cards": "mixes",
    "takes-up-trump": "takes-up-trump", "leaves-trump": "leaves-trump", "shuffles": "shuffles",
    "presents-pack": "presents", "cuts": "cuts", "cuts-unpresented": "cuts-unpresented", "deals": "deals",
    "deals-two-at-once": "deals-two", "deals-wrong-pack": "deals-wrong-pack", "rectifies-deal": "rectifies",
    "stops-dealing": "stops-dealing", "turns-up": "turns-up", "trump-face-down": "trump-face-down",
    "looks-at-trump": "looks-at-trump", "counts-cards": "counts", "touches-cards": "touches",
    "looks-at-hand": "looks-at-hand", "has-cards": "has-cards", "was-dealt": "was-dealt",
    "takes-from-other-pack": "other-pack", "calls-for-new-cards": "new-cards", "bids": "bids", "passes": "passes",
    "accepts": "accepts", "held": "held", "held-none": "held-none",
}
WHERE = {"face-up": "drops-up", "face-down": "drops-down", "on-floor": "drops-floor"}
FINDS = {"on-floor": "finds", "among-tricks": "finds-tricks", "faced-in-pack": "finds-pack"}
TOPICS = [("revoke", "revoke"), ("bid", "bidding"), ("honour", "honours"), ("score", "honours"),
          ("deal", "misdeal"), ("trump card", "trump-card"), ("exposed", "exposed"), ("card", "exposed"),
          ("lead", "out-of-turn"), ("play", "out-of-turn"), ("thrown", "claim"), ("claim", "claim"),
          ("partner", "partner-question"), ("question", "partner-question"), ("penalty", "penalty")]


class Untellable(Exception):
    pass


def moment_of(m) -> dict:
    if m.kind == "trick":
        return {"when": "trick", "trick": m.trick}
    return {"when": m.kind}


def act_of(s: Statement) -> dict:
    fields: dict = {"who": s.actor}
    act = VERB_ACT.get(s.verb)
    if s.verb == "drops":
        act = WHERE.get(s.detail or "")
    if s.verb == "finds":
        act = FINDS.get(s.detail or "")
    if s.verb == "plays" and len(s.cards) == 2:
        act = "plays-two"
    if s.verb == "names" and "names trump card" in s.act:
        act = "names-trump"
    if act is None:
        raise Untellable(f"no act for {s.verb} {s.detail or ''}")
    fields["act"] = act
    for name, card in zip(("card", "card2", "card3"), s.cards):
        fields[name] = str(card)
    if s.suit is not None:
        fields["suit"] = s.suit.word
    if s.target:
        fields["to"] = s.target
    if s.number is not None:
        fields["number"] = s.number
    if s.words is not None:
        fields["words"] = s.words
    if s.verb in ("claims", "demands", "marks") and s.detail:
        fields["what"] = s.detail
    acts = [a for a in s.act if act not in ("names-trump",)]
    if len(acts) > 1:
        raise Untellable("two acts in one statement")
    if acts and s.verb not in ("claims",):
        fields["what"] = acts[0]
    return fields


def table_of(text: str) -> dict:
    fields: dict = {}
    code = re.search(r"^code (\S+)", text, re.M)
    game = re.search(r"^game (\S+)", text, re.M)
    fields["rules"] = f"{code.group(1) if code else 'english-1864'}/{game.group(1) if game else 'whist'}"
    for key in ("dealer", "dummy", "bidder"):
        m = re.search(rf"^{key} (\S+)$", text, re.M)
        if m:
            fields[key] = m.group(1)
    m = re.search(r"^trump card (\S+)", text, re.M)
    if m:
        fields["trump_card"] = m.group(1)
    else:
        m = re.search(r"^trump (\S+)", text, re.M)
        if m:
            fields["trump"] = m.group(1)
    m = re.search(r"^seats (.+)$", text, re.M)
    if m:
        fields["seats"] = m.group(1).strip()
    m = re.search(r"^score \S+ (\d+), \S+ (\d+)", text, re.M)
    if m:
        fields["score_ours"], fields["score_theirs"] = m.group(1), m.group(2)
    m = re.search(r"^deal (\S+:\S+ \S+ \S+ \S+)", text, re.M)
    if m:
        fields["deal"] = m.group(1)
    if re.search(r"^(packs|partners \S+ \S+$)", text, re.M):
        raise Untellable("packs or partners named")
    return fields


def story_of(incident) -> list[dict]:
    out: list[dict] = []
    for item in incident.items:
        if isinstance(item, Dispute):
            if len(item.alternatives) != 2 or any(len(a.statements) != 1 for a in item.alternatives):
                raise Untellable("a dispute of other than two versions of one act")
            one, other = (act_of(a.statements[0]) for a in item.alternatives)
            out.append({"dispute": {**moment_of(item.moment), **({"words": item.title} if item.title else {}),
                                    **{k: v for k, v in one.items()}, **{k + "_2": v for k, v in other.items()}}})
            continue
        if not isinstance(item, Statement):
            continue
        m = item.moment
        if m.kind == "trick" and item.verb in ("leads", "plays") and len(item.cards) == 1:
            last = out[-1] if out else None
            if item.verb == "leads":
                out.append({"trick": f"{m.trick}: {item.actor} {item.cards[0]}"})
                continue
            if last and "trick" in last and last["trick"].startswith(f"{m.trick}:") and last["trick"].count(",") < 3:
                last["trick"] += f", {item.actor} {item.cards[0]}"
                continue
        out.append({"story": {**moment_of(m), **act_of(item)}})
    return out


def held_findings(incident) -> list[Statement]:
    return [i.statement for i in incident.items if isinstance(i, Finding) and i.statement is not None]


def holdings(decision) -> list[set]:
    return [{r for f in b.holdings for r in (f.ruling, *f.also_holds) if r} for b in decision.branches]


def topic_of(name: str, text: str) -> str:
    words = (name + " " + (re.search(r'^question "(.*)"', text, re.M) or re.search("", "")).group(0)).lower()
    return next((t for w, t in TOPICS if w in words), "other")


def draft(path: Path, topic: str | None = None) -> dict:
    text = path.read_text(encoding="utf-8")
    incident = parse(text, str(path))
    question = re.search(r'^question "((?:[^"\\]|\\.)*)"', text, re.M)
    entries = [{"table": table_of(text)},
               {"topic": {"topic": topic or topic_of(path.stem, text), **({"question": question.group(1)} if question else {})}}]
    entries += story_of(incident)
    findings = held_findings(incident)
    wanted = holdings(rule(text, name=str(path)).decision)
    for tell_findings, consume in ((False, True), (False, False), (True, True), (True, False)):
        script = list(entries)
        if tell_findings:
            script += [{"story": {"when": "finding", **act_of(s)}} for s in findings]
        iv = Interview.begin()
        done = []
        queue = list(script) + [{"story": "done"}]
        while True:
            step = iv.next()
            if isinstance(step, Done):
                break
            if step.question.id == "fact":
                entry = {"fact": "not known"}
                if consume:
                    match = matching(iv, step.question, queue)
                    if match is not None:
                        entry = {"fact": match[0]}
                        queue.pop(match[1])
            elif step.question.id == "settle":
                offered = {c.value for c in step.question.fields[0].choices}
                chosen = next((v for s in findings for c in s.cards for v in [f"held:{s.actor}:{c}"] if v in offered),
                              None) or next((v for s in findings if s.suit for v in [f"none:{s.actor}:{s.suit.word}"]
                                             if v in offered), None)
                entry = {"settle": chosen or "not known"}
            else:
                if not queue:
                    raise Untellable("the interview asks on after the story is told")
                entry = queue.pop(0)
            try:
                iv = iv.answer(answer_of(entry, step.question.key))
            except InterviewError as exc:
                raise Untellable(f"{entry}: {exc}") from None
            done.append(entry)
        if holdings(step.decision) == wanted:
            return {"incident": str(path.relative_to(ROOT)), "answers": done}
    raise Untellable(f"the holdings differ: {holdings(step.decision)} against {wanted}")


def matching(iv, question, queue) -> tuple[str, int] | None:
    """The answer to a question of laws/interview.yaml that writes what a statement still to
    be told writes (at the same moment), and where that statement is in the queue."""
    from arbiter.interview import Answer

    for choice in question.fields[0].choices:
        try:
            written = iv._with(Answer("fact", {"answer": choice.value}, question.key)).told.story
        except InterviewError:
            continue
        if len(written) == len(iv.told.story):
            continue
        for at, entry in enumerate(queue):
            if "story" not in entry or not isinstance(entry["story"], dict):
                continue
            try:
                told = iv._with(answer_of(entry)).told.story
            except InterviewError:
                continue
            if len(told) > len(iv.told.story) and told[-1] == written[-1]:
                return choice.value, at
    return None


def main(paths: list[str]) -> None:
    for p in paths:
        path = Path(p).resolve()
        out = ROOT / "tests" / "interviews" / f"{path.parent.name}-{path.stem}.yaml" \
            if path.parent.name == "cavendish" else ROOT / "tests" / "interviews" / f"{path.stem}.yaml"
        kept = yaml.safe_load(out.read_text(encoding="utf-8")) if out.exists() else None
        topic = next((a["topic"]["topic"] for a in kept["answers"] if "topic" in a), None) if kept else None
        try:
            script = draft(path, topic)     # the topic chosen by hand, where a draft was kept
        except Untellable as exc:
            print(f"{p}: cannot be told: {exc}")
            continue
        out.write_text(yaml.safe_dump(script, sort_keys=False, allow_unicode=True, width=120), encoding="utf-8")
        print(f"{p}: {len(script['answers'])} answers -> {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
