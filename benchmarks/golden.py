"""The golden file: the JSON of every decision over every incident in the repository.

``python benchmarks/golden.py --write`` rules on every incident and writes what it gives to
``tests/golden/decisions.json``; ``python benchmarks/golden.py`` (or ``--check``) compares
instead, printing a diff for each decision that differs, and exits 1 if any does.
``tests/test_golden.py`` makes the same comparison, one test for each incident.

It is the guard of the work on speed: whatever is made faster must rule exactly as before.
The file is written only by this command, never as a side effect of a test, so that a change
in it is made on purpose and its diff read in the commit that makes it. It must be written
by code whose rulings are those of the laws as they stand (main's), never by code being made
faster: regenerate it from main, or from the merged branch with the work on speed turned off.

The incidents are those of ``examples/``, ``cases/`` and the rulings and boundaries of
``tests/`` (the incidents their YAML holds inline, under the code and game they are ruled
under there), and a few the benchmarks make (full hands, disputes that multiply the ways).
For each, under its own code: the decision as ``arbiter rule --format json`` prints it, and
the facts the replay derives in each branch, with their lines, moments and times, and the
questions it leaves open. For the examples, the published cases and the generated incidents
the decision is the one ``--explain`` prints (the near misses, the reasons and the rules
defeated included), and the decisions under every code of the game (``--compare``) are kept
too. An incident that cannot be ruled keeps its error message instead.

To keep the file to a size that can be read: the same text under the same code and game (a
boundary's side that is also a ruling) is kept once; no decision keeps ``laws``, the law
book's own text of each law it cites (``cited`` names them), nor the decision written out
(``text`` and ``html``, made by the templates from the rest); the replays of the YAML
incidents leave out the seating's facts (who sits where, partners and adversaries), the
same at every table. The JSON is written a finding or a fact to a line, so that a diff
shows what changed.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden" / "decisions.json"
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from arbiter.api import rule  # noqa: E402
from arbiter.incident import IncidentError, parse  # noqa: E402
from arbiter.lawbook import LawBook, load_lawbook  # noqa: E402
from arbiter.render.decisions import render  # noqa: E402
from arbiter.ruling.customs import customs_of  # noqa: E402
from arbiter.ruling.decision import decide  # noqa: E402
from arbiter.table.replay import replay_all  # noqa: E402


def incidents() -> dict[str, dict]:
    """Every incident, by a name that says where it is: its text, the code and game it is
    ruled under (``None``: the file's own), and whether it is also explained and compared
    under every code (``full``). The same text under the same code and game is kept once."""
    out: dict[str, dict] = {}
    for folder in ("cases", "examples"):
        for path in sorted((REPO / folder).rglob("*.whist")):
            name = path.relative_to(REPO).as_posix()
            out[name] = {"text": path.read_text(encoding="utf-8"), "code": None, "game": None, "full": True}
    rulings = REPO / "tests" / "rulings"
    for path in sorted(rulings.rglob("*.yaml")):
        for n, case in enumerate(yaml.safe_load(path.read_text(encoding="utf-8")) or []):
            name = f"{path.relative_to(REPO).as_posix()} #{n + 1}"
            out[name] = {"text": case["incident"], "code": case.get("code"), "game": case.get("game"),
                         "full": False}
    boundaries = REPO / "tests" / "boundaries"
    for path in sorted(boundaries.rglob("*.yaml")):
        for n, edge in enumerate(yaml.safe_load(path.read_text(encoding="utf-8")) or []):
            for side in ("applies", "near_miss"):
                case = edge.get(side)
                if not case:
                    continue
                name = f"{path.relative_to(REPO).as_posix()} #{n + 1} {side}"
                out[name] = {"text": case["incident"], "code": case.get("code", edge.get("code")),
                             "game": case.get("game", edge.get("game")), "full": False}
    for name, text in generated().items():
        out[name] = {"text": text, "code": None, "game": None, "full": True}
    seen: set[tuple] = set()
    unique = {}
    for name, entry in out.items():
        key = (entry["text"], entry["code"], entry["game"])
        if key not in seen:
            seen.add(key)
            unique[name] = entry
    return unique


def disputed_remarks(disputes: int) -> str:
    """``disputes`` two-way disputes over what was said, in short lines (the attack of issue
    21: eight of them make 256 ways, every way the same but for the words)."""
    lines = ["code english-1864", "trick 1:", "  A leads S2", "  Y plays S5"]
    for n in range(disputes):
        lines += [f'  disputed "what Y said, {n}":', f'    - Y says "yes {n}"', f'    - Y says "no {n}"']
    return "\n".join(lines + ["  B plays D3", "  Z plays S9", "trick 2:", "  Z leads S3", "  A plays S4",
                              "  Y plays S6", "  B plays SK"]) + "\n"


def disputed_cards(disputes: int) -> str:
    """A trick for each of ``disputes`` two-way disputes over the card B played (the ways
    differ in the play, so in what the laws hold)."""
    deck = iter(suit + rank for suit in "SDCH" for rank in "AKQJT98765432")
    lines = ["code english-1864", "trump hearts", "dealer Z"]
    for trick in range(1, disputes + 1):
        led, second, first, other, fourth = (next(deck) for _ in range(5))
        lines += [f"trick {trick}:", f"  A leads {led}", f"  Y plays {second}",
                  f'  disputed "what B played to trick {trick}":', f"    - B plays {first}",
                  f"    - B plays {other}", f"  Z plays {fourth}"]
    return "\n".join(lines + ['question "Is it a revoke?"']) + "\n"


def generated() -> dict[str, str]:
    """The incidents the benchmarks make, beside those of the repository: full hands, with
    and without irregularities, and disputes that multiply the ways."""
    from run import full_hand

    return {"generated: a full hand": full_hand(False), "generated: an irregular full hand": full_hand(True),
            "generated: four disputes over words": disputed_remarks(4),
            "generated: three disputes over cards": disputed_cards(3)}


#: The seating's facts: the same for every table seated alike, kept only for the examples,
#: the cases and the generated incidents.
SEATING = {"seat", "left_of", "right_of", "partner", "side_of", "opposing_side", "adversary"}


def _replayed(book: LawBook, incident, code: str | None, game: str | None, seating: bool) -> list[dict]:
    """The facts of each branch of the replay as the decision replays it: each with its
    line, moment and every time it arose, in the order found, and the questions left open."""
    from dataclasses import replace

    code = book.code_id(code or incident.code or "english-1864")
    game = game or incident.game or "whist"
    try:
        game = book.game(game).id
    except KeyError:
        pass
    ruled = incident if (incident.code, incident.game) == (code, game) else replace(incident, code=code, game=game)
    out = []
    for choice, result in replay_all(ruled, customs_of(book, game)):
        facts = result.facts
        out.append({
            "facts": [f"{f} L{f.line} {f.moment.kind}:{f.moment.trick} t{','.join(map(str, facts.times(f)))}"
                      for f in facts if seating or f.name not in SEATING],
            "open": [[u.question, u.line, [[str(f) for f in a] for a in u.answers()]] for u in result.unknowns],
        })
    return out


#: What the file leaves out of a decision's JSON: the law book's own text of each law cited
#: (``cited`` names them), and the decision written out (``text``, ``html``), which the
#: templates make from the rest: a change of wording is not a change of ruling.
WRITTEN = ("laws", "text", "html")


def golden_of(book: LawBook, entry: dict, name: str = "<incident>") -> dict:
    """What the golden file holds for one incident: its decision (as JSON, with the
    explanation), its replay, and, where asked, its comparison under every code."""
    try:
        incident = parse(entry["text"], name)
        decision = decide(book, incident, code=entry["code"], game=entry["game"])
        data = json.loads(render(decision, book, "json", explain=entry["full"]))
        for written in WRITTEN:
            del data[written]
        out: dict = {"decision": data, "replay": _replayed(book, incident, entry["code"], entry["game"], entry["full"])}
    except IncidentError as exc:
        return {"error": str(exc)}
    if entry["full"]:
        try:
            compared = json.loads(rule(parse(entry["text"], name), compare=True, book=book).render("json"))
            for each in compared["decisions"]:
                for written in WRITTEN:
                    del each[written]
            del compared["text"], compared["html"]
            out["compare"] = compared
        except (IncidentError, ValueError) as exc:
            out["compare"] = {"error": str(exc)}
    return out


def current(book: LawBook | None = None) -> dict[str, dict]:
    book = book or load_lawbook(REPO / "laws")
    return {name: golden_of(book, entry, name) for name, entry in incidents().items()}


#: Containers this deep or deeper are written on one line: a finding, a demand, a law cited.
ONE_LINE_DEPTH = 6


def dumped(value, depth: int = 0) -> str:
    """JSON, a container to a line down to :data:`ONE_LINE_DEPTH`, then each on one line."""
    compact = json.dumps(value, ensure_ascii=False)
    if depth >= ONE_LINE_DEPTH or not isinstance(value, dict | list) or not value or len(compact) < 60:
        return compact
    pad = " " * (depth + 1)
    if isinstance(value, list):
        inner = [pad + dumped(v, depth + 1) for v in value]
        return "[\n" + ",\n".join(inner) + "\n" + " " * depth + "]"
    inner = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {dumped(v, depth + 1)}" for k, v in value.items()]
    return "{\n" + ",\n".join(inner) + "\n" + " " * depth + "}"


def read_golden() -> dict[str, dict]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def difference(name: str, expected, got) -> str:
    """A unified diff of one incident's golden JSON and what the code gives now ("" if none)."""
    if expected == got:
        return ""
    return "".join(difflib.unified_diff(dumped(expected).splitlines(True), dumped(got).splitlines(True),
                                        f"golden: {name}", f"now: {name}", n=4))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite tests/golden/decisions.json")
    parser.add_argument("--check", action="store_true", help="compare with it (the default)")
    args = parser.parse_args()
    now = current()
    if args.write:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(dumped(now) + "\n", encoding="utf-8")
        print(f"{len(now)} incidents written to {GOLDEN.relative_to(REPO)}")
        return
    golden = read_golden()
    diffs = [difference(name, golden.get(name), got) for name, got in now.items()]
    diffs += [f"golden: {name}: no longer an incident\n" for name in golden if name not in now]
    diffs = [d for d in diffs if d]
    sys.stdout.write("".join(diffs))
    print(f"{len(now)} incidents: {len(diffs)} differ from the golden file")
    sys.exit(1 if diffs else 0)


if __name__ == "__main__":
    main()
