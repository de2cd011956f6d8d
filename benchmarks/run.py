"""Benchmarks for whist-arbiter: ``python benchmarks/run.py [--json FILE] [--batch N]``.

What a user waits for, measured in-process (median of repeated runs) and as whole commands:

- per incident, for every published case and every example: parse, replay, inference,
  decision and rendering, separately, and the whole ruling as a ratio to Lark's parse;
- throughput: incidents ruled per second in one process, over a batch;
- growth: a four-card incident against a full hand with irregularities;
- the law book: building and checking it, reading it from the cache, a search;
- cold start: ``arbiter`` commands as new processes, against a Typer app that does nothing,
  run alternately, as a ratio; and their peak memory.

Nothing here is asserted: speed is reported, not tested. The table goes to standard output
and the figures to JSON (``benchmarks/results.json`` unless ``--json`` says otherwise).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from arbiter.decision import decide  # noqa: E402
from arbiter.engine.infer import infer  # noqa: E402
from arbiter.incident import parse  # noqa: E402
from arbiter.incident.parser import GRAMMAR, _take_out_comments  # noqa: E402
from arbiter.lawbook.compare import compare_codes  # noqa: E402
from arbiter.lawbook.loader import build_lawbook, cached_lawbook  # noqa: E402
from arbiter.lawbook.search import search  # noqa: E402
from arbiter.render import render  # noqa: E402
from arbiter.table import replay_all  # noqa: E402


def timed(fn, repeat: int) -> float:
    """Median seconds of ``repeat`` runs."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def lark_floor():
    """Lark's own parse of the notation: the grammar, LALR, building Lark's tree with its
    default options. The arbiter's parser builds its model while parsing instead, but this
    is the reference the ratio is taken against: the cost of reading the file at all."""
    from lark import Lark

    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", cache=True)


FLOOR = lark_floor()


def stages(book, text: str, repeat: int = 7) -> dict:
    incident = parse(text)
    branches = replay_all(incident)
    code = incident.code or "english-1864"
    rules = book.rules_of(code)
    decision = decide(book, incident)
    bare = "\n".join(_take_out_comments(text.splitlines())[0]) + "\n"   # what Lark itself reads
    out = {
        "lark": timed(lambda: FLOOR.parse(bare), repeat),
        "parse": timed(lambda: parse(text), repeat),
        "replay": timed(lambda: replay_all(incident), repeat),
        "inference": timed(lambda: [infer(rules, r.facts, incident.game) for _, r in branches], repeat),
        "decision": timed(lambda: decide(book, incident), repeat),
        "render": timed(lambda: render(decision, book, "text"), repeat),
        "whole": timed(lambda: render(decide(book, parse(text)), book, "text"), repeat),
    }
    out["ratio_to_parse"] = out["whole"] / out["lark"]
    return out


def full_hand(irregular: bool, tricks: int = 13) -> str:
    """A hand of ``tricks`` tricks (thirteen unless told), everyone following suit in turn;
    with irregularities if asked."""
    seats = ["N", "E", "S", "W"]
    lines = ["code english-1864", "seats N E S W", "dealer W", "trump spades"]
    ranks = "AKQJT98765432"
    suits = "SHDC"
    hands = {s: [] for s in seats}
    for i, suit in enumerate(suits):
        for j, rank in enumerate(ranks):
            hands[seats[(i + j) % 4]].append(suit + rank)
    lines.append("deal N:" + " ".join(
        ".".join("".join(c[1] for c in hands[s] if c[0] == suit) or "-" for suit in suits) for s in seats))
    leader = 0
    for trick in range(1, tricks + 1):
        lines.append(f"trick {trick}:")
        for k in range(4):
            seat = seats[(leader + k) % 4]
            card = hands[seat].pop(0)
            lines.append(f"  {seat} {'leads' if k == 0 else 'plays'} {card}")
        if irregular and trick in (3, 7, 11):
            lines.append(f'  {seats[leader]} says "That is ours" (calls attention)')
    if irregular:
        lines += ["after the hand:", "  E claims revoke", "  N mixes cards"]
    return "\n".join(lines) + "\n"


def as_installed(bytecode: str) -> dict[str, str]:
    """The environment for whole commands: Python writes and reuses bytecode (kept in a
    directory of its own), as it does for an installed package, whose modules pip compiles.
    Without this, a checkout run with PYTHONDONTWRITEBYTECODE recompiles every module of
    whist-arbiter at each start, while typer's are compiled already, and the ratio says more
    about the checkout than about the program."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = bytecode
    return env


def command(args: list[str], env: dict[str, str]) -> float:
    """Seconds of one process."""
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


_PEAK = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, capture_output=True); "
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def peak_kib(args: list[str], env: dict[str, str]) -> int:
    """Peak resident memory (KiB) of one process, measured from a fresh parent whose only
    child it is (the benchmark's own children would otherwise share one maximum)."""
    out = subprocess.run([sys.executable, "-c", _PEAK, *args], check=True, capture_output=True, text=True,
                         env=env)
    return int(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", default=str(REPO / "benchmarks" / "results.json"))
    parser.add_argument("--batch", type=int, default=5000, help="incidents in the throughput batch")
    args = parser.parse_args()
    laws = REPO / "laws"
    book = cached_lawbook(laws)
    results: dict = {}

    files = sorted((REPO / "cases").rglob("*.whist")) + sorted((REPO / "examples").glob("*.whist"))
    per = {p.name: stages(book, p.read_text(encoding="utf-8")) for p in files}
    results["per_incident"] = per
    heads = ("parse", "replay", "infer", "decide", "render")
    print(f"{'per incident (median)':<44} " + " ".join(f"{h:>8}" for h in heads) + f" {'whole/lark':>11}")
    for name, s in per.items():
        print(f"{name:<44} {s['parse']*1e3:>7.2f}m {s['replay']*1e3:>7.2f}m {s['inference']*1e3:>7.2f}m "
              f"{s['decision']*1e3:>7.2f}m {s['render']*1e3:>7.2f}m {s['ratio_to_parse']:>10.1f}x")
    cases = [s["ratio_to_parse"] for n, s in per.items() if n.startswith("case-")]
    results["cases_whole_to_parse_median"] = statistics.median(cases)

    texts = [p.read_text(encoding="utf-8") for p in files] + [full_hand(False), full_hand(True)]
    batch = [texts[i % len(texts)] for i in range(args.batch)]
    start = time.perf_counter()
    for text in batch:                   # ruled and written: the decision as the user reads it
        render(decide(book, parse(text)), book, "text")
    rate = len(batch) / (time.perf_counter() - start)
    start = time.perf_counter()
    for text in batch:
        decide(book, parse(text))
    rate_decided = len(batch) / (time.perf_counter() - start)
    results["throughput_per_second"] = rate
    results["throughput_decided_only_per_second"] = rate_decided

    # Growth: the same irregular hand cut after 1, 2, 4, 8 and 13 tricks (4 to 52 cards).
    growth = {}
    for tricks in (1, 2, 4, 8, 13):
        whole = stages(book, full_hand(True, tricks))["whole"]
        growth[f"{tricks * 4} cards"] = {"seconds": whole, "per_card": whole / (tricks * 4)}
    results["growth"] = growth

    results["law_book"] = {
        "build_and_check": timed(lambda: build_lawbook(laws), 3),
        "from_cache": timed(lambda: cached_lawbook(laws), 10),
        "search_revoke": timed(lambda: search(book, "revoke"), 50),
        "compare_printings": timed(lambda: compare_codes(book, "english-1864", "english-1864-foster"), 5),
    }

    arbiter = Path(sys.executable).with_name("arbiter")
    if arbiter.exists():
        with tempfile.TemporaryDirectory() as tmp:
            empty = Path(tmp) / "empty.py"
            empty.write_text("import typer\napp = typer.Typer()\n@app.command()\ndef main():\n    pass\napp()\n")
            runs = {"empty typer app": [sys.executable, str(empty)],
                    "arbiter rule case-07": [str(arbiter), "rule", str(REPO / "cases/cavendish/case-07.whist")],
                    "arbiter laws show english-1864 72": [str(arbiter), "laws", "show", "english-1864", "72"]}
            env = as_installed(str(Path(tmp) / "bytecode"))
            for cmd in runs.values():           # once first: bytecode, the law book and templates cached
                command(cmd, env)
            times: dict[str, list[float]] = {k: [] for k in runs}
            for _ in range(9):                  # alternately, so that load on the machine is shared
                for name, cmd in runs.items():
                    times[name].append(command(cmd, env))
            memory = {name: peak_kib(cmd, env) for name, cmd in runs.items()}
            base = statistics.median(times["empty typer app"])
            results["cold_start"] = {k: {"seconds": statistics.median(v), "ratio": statistics.median(v) / base,
                                         "peak_kib": memory[k]} for k, v in times.items()}

    print()
    ratio = results["cases_whole_to_parse_median"]
    print(f"published cases, whole ruling / Lark parse (median): {ratio:.1f}x  (target 4x)")
    print(f"throughput: {rate:,.0f} incidents ruled and written per second over {len(batch)}  (target 1,000); "
          f"{rate_decided:,.0f} decided without writing")
    print("growth (one irregular hand, cut short): " + ", ".join(
        f"{k} {g['seconds']*1e3:.2f} ms ({g['per_card']*1e3:.3f} ms a card)" for k, g in growth.items()))
    lb = results["law_book"]
    print(f"law book: build and check {lb['build_and_check']*1e3:.0f} ms, from cache {lb['from_cache']*1e3:.1f} ms, "
          f"search {lb['search_revoke']*1e3:.2f} ms")
    for name, c in results.get("cold_start", {}).items():
        print(f"cold start {name:<36} {c['seconds']*1e3:6.0f} ms  {c['ratio']:.2f}x  peak {c['peak_kib']/1024:.0f} MB")
    Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nfigures written to {args.json}")


if __name__ == "__main__":
    main()
