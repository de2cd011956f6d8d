"""Benchmarks for whist-arbiter: ``python benchmarks/run.py [--json FILE] [--batch N]``.

What a user waits for, measured in-process (median of repeated runs) and as whole commands:

- per incident, for every published case and every example: parse, replay, inference,
  decision and rendering, separately, and the whole ruling as a ratio to Lark's parse;
- throughput: incidents ruled per second in one process, over a batch;
- growth: a four-card incident against a full hand with irregularities;
- scaling: incidents of 10 to 100,000 lines (a hand, then remarks, questions, objections,
  comments and marks), time and peak memory against the number of lines, and the longest
  line the notation allows, full of acts;
- the law book: building and checking it, reading it from the cache, a search;
- cold start: ``arbiter`` commands as new processes, against a Typer app that does nothing,
  run alternately, as a ratio; and their peak memory;
- load: ``arbiter serve`` as a process, 1, 8 and 32 clients at once posting rulings, then two
  workers; then, but under ``--quick``, the server under attack, 8 clients posting the
  examples while 4 post the heaviest incident the limits allow (``benchmarks/load.py``;
  ``--no-load`` skips it).

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
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from arbiter.engine.infer import infer  # noqa: E402
from arbiter.incident import limits, parse  # noqa: E402
from arbiter.incident.parser import GRAMMAR, _take_out_comments  # noqa: E402
from arbiter.lawbook.compare import compare_codes  # noqa: E402
from arbiter.lawbook.loader import build_lawbook, cached_lawbook  # noqa: E402
from arbiter.lawbook.search import search  # noqa: E402
from arbiter.render.decisions import render  # noqa: E402
from arbiter.ruling.decision import decide  # noqa: E402
from arbiter.table.replay import replay_all  # noqa: E402


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
    is the reference the ratio is taken against: the cost of reading the file at all. It is
    built without Lark's cache, a pickle in the shared temporary directory that another
    account could have planted (issue 14)."""
    from lark import Lark

    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr")


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
    hands: dict[str, list[str]] = {s: [] for s in seats}
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


#: The targets of issue 23, each reported as met or missed (nothing is asserted).
TARGETS = {"ratio": 3, "decided": 1000, "written": 800, "rule_cold": 1.5, "show_cold": 1.3,
           "web_8_p99_ms": 50, "web_32_p99_ms": 250, "peak_mb": 80}


def verdict(value: float, target: float, at_most: bool) -> str:
    met = value <= target if at_most else value >= target
    return "met" if met else "missed"


def per_incident(book, files: list[Path], results: dict, repeat: int = 7) -> None:
    per = {p.name: stages(book, p.read_text(encoding="utf-8"), repeat) for p in files}
    results["per_incident"] = per
    print("Per incident: milliseconds, the median of 7 runs in this process. Each stage is timed on its own:")
    print("decide includes its own replay and inference, so the columns do not add up. whole = parse, decide")
    print("and render as text; lark = Lark's own parse of the same file into its tree (the floor).\n")
    heads = ("lark", "parse", "replay", "infer", "decide", "render", "whole")
    keys = ("lark", "parse", "replay", "inference", "decision", "render", "whole")
    print(f"{'incident':<44}" + "".join(f"{h:>8}" for h in heads) + f"{'whole/lark':>12}")
    for name, s in per.items():
        print(f"{name:<44}" + "".join(f"{s[k] * 1e3:>8.2f}" for k in keys) + f"{s['ratio_to_parse']:>11.1f}x")
    ratio = statistics.median(s["ratio_to_parse"] for n, s in per.items() if n.startswith("case-"))
    results["cases_whole_to_parse_median"] = ratio
    print(f"\nThe published cases: a whole ruling takes {ratio:.1f} times Lark's parse of the file (median) "
          f"- target at most {TARGETS['ratio']} times: {verdict(ratio, TARGETS['ratio'], True)}.")


def throughput(book, files: list[Path], size: int, results: dict) -> None:
    texts = [p.read_text(encoding="utf-8") for p in files] + [full_hand(False), full_hand(True)]
    batch = [texts[i % len(texts)] for i in range(size)]

    def rate(work) -> float:
        start = time.perf_counter()
        for text in batch:
            work(text)
        return len(batch) / (time.perf_counter() - start)

    written = rate(lambda t: render(decide(book, parse(t)), book, "text"))   # as the user reads it
    decided = rate(lambda t: decide(book, parse(t)))
    lark_only = rate(lambda t: FLOOR.parse("\n".join(_take_out_comments(t.splitlines())[0]) + "\n"))
    results["throughput_per_second"] = written
    results["throughput_decided_only_per_second"] = decided
    results["throughput_lark_parse_only_per_second"] = lark_only
    print(f"\nThroughput, one process, {len(batch):,} incidents (the {len(files)} cases and examples and two "
          f"generated full hands, in turn):")
    print(f"  ruled and written as text  {written:>7,.0f} a second - target at least {TARGETS['written']:,}: "
          f"{verdict(written, TARGETS['written'], False)}")
    print(f"  decided, not written       {decided:>7,.0f} a second - target at least {TARGETS['decided']:,}: "
          f"{verdict(decided, TARGETS['decided'], False)}")
    print(f"  Lark's parse alone         {lark_only:>7,.0f} a second (the ceiling for any ruling through Lark)")


def growth(book, results: dict, repeat: int = 7) -> None:
    sizes = {}
    for tricks in (1, 2, 4, 8, 13):
        whole = stages(book, full_hand(True, tricks), repeat)["whole"]
        sizes[f"{tricks * 4} cards"] = {"seconds": whole, "per_card": whole / (tricks * 4)}
    results["growth"] = sizes
    per_card = [g["per_card"] for g in sizes.values()]
    linear = per_card[-1] <= 1.5 * min(per_card)
    results["growth_linear"] = linear
    print("\nGrowth: one irregular hand, cut after 1, 2, 4, 8 and 13 tricks (whole ruling, milliseconds):")
    for name, g in sizes.items():
        print(f"  {name:>9}  {g['seconds'] * 1e3:7.2f} ms  {g['per_card'] * 1e3:6.3f} ms a card")
    print(f"  - target no faster than linear (the full hand's cost a card at most 1.5 times the least): "
          f"{'met' if linear else 'missed'}.")


#: What follows the hand in a long incident, line after line, in turn.
_FILLER = ['  {seat} says "remark {i}"', "  # a comment {i}",
           '  {seat} asks {partner} "Having none?" (asks partner none)',
           '  {seat} answers "No" (answers no)', '  {seat} objects "not so {i}"', "  {seat} marks 2 honours",
           '  {seat} says "{i}" (calls attention)', "", '  {seat} interrupts "wait {i}"']


def long_incident(lines: int) -> str:
    """An incident of ``lines`` lines: a full hand with irregularities, cut short if need
    be, then what was said and marked after it, without end."""
    head = full_hand(True).splitlines()
    seats = ["N", "E", "S", "W"]
    out = head[:lines]
    i = 0
    while len(out) < lines:
        seat = seats[i % 4]
        out.append(_FILLER[i % len(_FILLER)].format(seat=seat, partner=seats[(i + 2) % 4], i=i))
        i += 1
    return "\n".join(out) + "\n"


def ruled(book, text: str) -> None:
    render(decide(book, parse(text)), book, "text")


def scaling(book, results: dict, sizes: tuple[int, ...], repeat: int) -> None:
    """The whole ruling of ever longer incidents: time (wall and processor) and the peak of
    Python's memory, each divided by the number of lines. Processor time is what the
    verdict reads: other work on the machine changes the wall time, not it. The longest
    incident here (100,000 lines, some 78,000 statements) is near the most statements an
    incident may hold (``arbiter.incident.limits``)."""
    rows = {}
    ruled(book, long_incident(10))      # the parser and the templates made before anything is timed
    for size in sizes:
        text = long_incident(size)
        runs = []
        for _ in range(repeat if size < 10_000 else 1):     # a long one is its own median
            wall, cpu = time.perf_counter(), time.process_time()
            ruled(book, text)
            runs.append((time.perf_counter() - wall, time.process_time() - cpu))
        tracemalloc.start()
        ruled(book, text)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        rows[f"{size} lines"] = {"lines": size, "seconds": wall, "cpu_seconds": cpu, "peak_bytes": peak,
                                 "cpu_per_line": cpu / size, "peak_per_line": peak / size}
    results["scaling"] = rows
    print("\nScaling: a hand, then remarks, questions, objections, comments and marks; the whole ruling")
    print("(parse, decide, write as text). Peak memory is Python's own (tracemalloc), in a run of its own.")
    print(f"  {'lines':>9}{'wall s':>10}{'cpu s':>10}{'cpu µs/line':>13}{'peak MB':>10}{'peak KB/line':>14}")
    for row in rows.values():
        print(f"  {row['lines']:>9,}{row['seconds']:>10.3f}{row['cpu_seconds']:>10.3f}"
              f"{row['cpu_per_line'] * 1e6:>13.1f}{row['peak_bytes'] / 1e6:>10.1f}{row['peak_per_line'] / 1e3:>14.2f}")
    # below a thousand lines the cost of the hand and of the ruling itself dominates
    large = [r for r in rows.values() if r["lines"] >= 1000] or list(rows.values())
    time_linear = large[-1]["cpu_per_line"] <= 1.5 * min(r["cpu_per_line"] for r in large)
    memory_linear = large[-1]["peak_per_line"] <= 1.5 * min(r["peak_per_line"] for r in large)
    results["scaling_linear"] = {"time": time_linear, "memory": memory_linear}
    print(f"  - target linear from 1,000 lines on (the longest's cost a line at most 1.5 times the least): "
          f"time {'met' if time_linear else 'missed'}, memory {'met' if memory_linear else 'missed'}.")
    acts: list[str] = []
    while True:
        more = acts + ["claims game" if len(acts) % 2 == 0 else "calls attention"]
        if len(f'  N says "x" ({", ".join(more)})') > limits.MAX_LINE_CHARS:
            break
        acts = more
    line = f'  N says "x" ({", ".join(acts)})'
    text = full_hand(False).replace("trick 2:", line + "\ntrick 2:", 1)
    seconds = timed(lambda: ruled(book, text), repeat)
    results["longest_line"] = {"acts": len(acts), "characters": len(line), "seconds": seconds}
    print(f"  The longest line allowed ({len(line):,} characters) holding {len(acts)} acts, in a full hand: "
          f"ruled in {seconds * 1e3:.1f} ms.")


def law_book(book, laws: Path, results: dict) -> None:
    def ready_to_rule():
        """Read from the cache, with the Club Code's rules made ready for a ruling: a rule
        read back makes its condition's tree when first asked for it."""
        for rule in cached_lawbook(laws).rules_of("english-1864"):
            rule.tree

    figures = {
        "build_and_check": timed(lambda: build_lawbook(laws), 3),
        "from_cache": timed(lambda: cached_lawbook(laws), 10),
        "from_cache_ready_to_rule": timed(ready_to_rule, 10),
        "search_revoke": timed(lambda: search(book, "revoke"), 50),
        "compare_printings": timed(lambda: compare_codes(book, "english-1864", "english-1864-foster"), 5),
    }
    results["law_book"] = figures
    print(f"\nThe law book: built and checked in {figures['build_and_check'] * 1e3:.0f} ms; read from the cache "
          f"in {figures['from_cache'] * 1e3:.1f} ms ({figures['from_cache_ready_to_rule'] * 1e3:.1f} ms with one "
          f"code's rules made ready to rule); `laws search revoke` {figures['search_revoke'] * 1e3:.2f} ms; "
          f"two printings compared in {figures['compare_printings'] * 1e3:.0f} ms.")


#: The floors of the two commands: the empty Typer app importing only the libraries each
#: command cannot do without, and doing nothing with them. A ruling parses with Lark and
#: writes with Jinja2 (the project's fixed shape); ``laws show`` writes to the terminal with
#: Rich, the library Typer installs for it. No command can start faster than its floor.
FLOORS = {"floor of rule: empty app + lark, jinja2": "lark, jinja2",
          "floor of laws show: empty app + rich": "rich.console"}


def _empty_app(directory: Path, modules: str) -> Path:
    """An empty Typer app (importing ``modules`` too, when given), written in ``directory``."""
    path = directory / ("empty" + "".join(f"-{m.strip()}" for m in modules.split(",") if m.strip()) + ".py")
    also = f"import {modules}\n" if modules else ""
    path.write_text(f"import typer\n{also}app = typer.Typer()\n@app.command()\ndef main():\n    pass\napp()\n")
    return path


def cold_start(results: dict) -> None:
    arbiter = Path(sys.executable).with_name("arbiter")
    if not arbiter.exists():
        print("\nCold start: skipped (no installed `arbiter` beside this Python).")
        return
    with tempfile.TemporaryDirectory() as tmp:
        runs = {"an empty Typer app": [sys.executable, str(_empty_app(Path(tmp), ""))],
                "arbiter rule case-07.whist": [str(arbiter), "rule", str(REPO / "cases/cavendish/case-07.whist")],
                "arbiter laws show english-1864 72": [str(arbiter), "laws", "show", "english-1864", "72"]}
        for name, modules in FLOORS.items():
            runs[name] = [sys.executable, str(_empty_app(Path(tmp), modules))]
        first: dict[str, float] = {}
        for name, cmd in runs.items():      # a first run: nothing compiled or cached yet
            fresh = as_installed(str(Path(tmp) / f"bytecode-{len(first)}"))
            fresh["XDG_CACHE_HOME"] = str(Path(tmp) / f"cache-{len(first)}")
            first[name] = command(cmd, fresh)
        env = as_installed(str(Path(tmp) / "bytecode"))
        env["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")
        for cmd in runs.values():           # warm up: bytecode, the law book and templates cached
            command(cmd, env)
        times: dict[str, list[float]] = {k: [] for k in runs}
        for _ in range(9):                  # alternately, so that load on the machine is shared
            for name, cmd in runs.items():
                times[name].append(command(cmd, env))
        memory = {name: peak_kib(cmd, env) for name, cmd in runs.items()}
    base = statistics.median(times["an empty Typer app"])
    results["cold_start"] = {k: {"seconds": statistics.median(v), "ratio": statistics.median(v) / base,
                                 "peak_kib": memory[k], "first_run_seconds": first[k]} for k, v in times.items()}
    print("\nCold start: whole processes, the median of 9 runs taken in turn, after a first run has compiled the")
    print("bytecode and filled the caches (as for an installed package used before); the very first run beside it.")
    print(f"  {'command':<44}{'ms':>7}{'x empty Typer app':>19}{'peak MB':>9}{'first run ms':>14}")
    for name, c in results["cold_start"].items():
        print(f"  {name:<44}{c['seconds'] * 1e3:>7.0f}{c['ratio']:>18.2f}x{c['peak_kib'] / 1024:>9.0f}"
              f"{c['first_run_seconds'] * 1e3:>14.0f}")
    rule = results["cold_start"]["arbiter rule case-07.whist"]["ratio"]
    show = results["cold_start"]["arbiter laws show english-1864 72"]["ratio"]
    peak = max(c["peak_kib"] for c in results["cold_start"].values()) / 1024
    floors = [results["cold_start"][name]["ratio"] for name in FLOORS]
    print(f"  - the floors: a command that only imports what `rule` needs is {floors[0]:.2f} times the empty app; "
          f"what `laws show` needs, {floors[1]:.2f} times.")
    print(f"  - targets: `arbiter rule` at most {TARGETS['rule_cold']} times the empty Typer app: "
          f"{verdict(rule, TARGETS['rule_cold'], True)}; `laws show` at most {TARGETS['show_cold']} times: "
          f"{verdict(show, TARGETS['show_cold'], True)}; under {TARGETS['peak_mb']} MB: "
          f"{verdict(peak, TARGETS['peak_mb'], True)}.")


def disputes(results: dict, quick: bool) -> None:
    """Issue 21's disputes: eight two-way disputes, 256 ways, as ``arbiter rule`` processes
    (processor time and peak memory): over what was said (every way alike but for the words)
    and over the cards played (every way a ruling of its own)."""
    from golden import disputed_cards, disputed_remarks

    arbiter = Path(sys.executable).with_name("arbiter")
    if quick or not arbiter.exists():
        return
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = as_installed(str(Path(tmp) / "bytecode"))
        env["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")
        for name, text in (("eight disputes over words", disputed_remarks(8)),
                           ("eight disputes over cards", disputed_cards(8))):
            path = Path(tmp) / "disputes.whist"
            path.write_text(text, encoding="utf-8")
            lines = len(text.splitlines())
            command([str(arbiter), "rule", str(path)], env)       # caches filled
            out = subprocess.run([sys.executable, "-c", _CPU_AND_PEAK, str(arbiter), "rule", str(path)],
                                 check=True, capture_output=True, text=True, env=env)
            cpu, peak = out.stdout.split()
            rows[name] = {"lines": lines, "ways": 256, "cpu_seconds": float(cpu), "peak_kib": int(peak)}
    results["disputes"] = rows
    print("\nDisputes: `arbiter rule` on eight two-way disputes (256 ways), a process each (processor time, peak):")
    for name, r in rows.items():
        print(f"  {name:<28} {r['lines']:>3} lines  {r['cpu_seconds']:6.2f} s  {r['peak_kib'] / 1024:6.0f} MB")


_CPU_AND_PEAK = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, capture_output=True); "
                 "r = resource.getrusage(resource.RUSAGE_CHILDREN); print(r.ru_utime + r.ru_stime, r.ru_maxrss)")


def summary(results: dict) -> None:
    """Every target of issue 23 in one table: the figure measured in this run, and whether
    it is met."""
    rows = []

    def row(measure: str, value: float | None, shown: str, target: float, at_most: bool, text: str) -> None:
        rows.append({"measure": measure, "value": value, "target": target, "at_most": at_most,
                     "met": None if value is None else (value <= target if at_most else value >= target),
                     "shown": shown, "target_text": text})

    if "cases_whole_to_parse_median" in results:
        r = results["cases_whole_to_parse_median"]
        row("whole ruling of a published case / Lark's parse (median)", r, f"{r:.1f}x", TARGETS["ratio"], True,
            f"{TARGETS['ratio']}x or less")
    if "throughput_decided_only_per_second" in results:
        d, w = results["throughput_decided_only_per_second"], results["throughput_per_second"]
        row("decided a second, one process, the batch", d, f"{d:,.0f}", TARGETS["decided"], False,
            f"{TARGETS['decided']:,} or more")
        row("ruled and written as text a second, the batch", w, f"{w:,.0f}", TARGETS["written"], False,
            f"{TARGETS['written']:,} or more")
    cold = results.get("cold_start", {})
    rule_floor, show_floor = FLOORS
    for name, key, label, floor_name in (
            ("arbiter rule case-07.whist", "rule_cold", "`arbiter rule` cold / the empty Typer app", rule_floor),
            ("arbiter laws show english-1864 72", "show_cold", "`laws show` cold / the empty Typer app", show_floor)):
        if name in cold:
            # the ratio, and the milliseconds behind it: the empty app's own time moves with
            # the Typer installed (0.29 imports pydantic even for it)
            r, ms = cold[name]["ratio"], cold[name]["seconds"] * 1e3
            empty = cold["an empty Typer app"]["seconds"] * 1e3
            row(label, r, f"{r:.2f}x ({ms:.0f} / {empty:.0f} ms)", TARGETS[key], True, f"{TARGETS[key]}x or less")
            floor = cold.get(floor_name)
            if floor is not None:       # what the libraries alone take: no command can go below it
                f_r, f_ms = floor["ratio"], floor["seconds"] * 1e3
                row("  its floor: the empty app importing the libraries it needs", f_r, f"{f_r:.2f}x ({f_ms:.0f} ms)",
                    TARGETS[key], True, f"{TARGETS[key]}x or less")
    levels = results.get("load", {}).get("levels", {})
    eight = [lv for lv in levels.values() if lv.get("workers") == 2 and lv.get("clients") == 8]
    if eight:
        p99 = eight[0]["p99_ms"]
        row("the web page, 2 workers, 8 clients: p99 ms", p99, f"{p99:.0f} ms ({eight[0]['errors']} errors)",
            TARGETS["web_8_p99_ms"], True, f"under {TARGETS['web_8_p99_ms']} ms")
    for lv in levels.values():
        if lv.get("clients") == 32:
            p99 = lv["p99_ms"] if not lv["errors"] else float("inf")
            row(f"the web page, {lv['workers']} worker(s), 32 clients: p99 ms, no error", p99,
                f"{lv['p99_ms']:.0f} ms, {lv['errors']} errors", TARGETS["web_32_p99_ms"], True,
                f"no error, under {TARGETS['web_32_p99_ms']} ms")
    if cold:
        peak = max(c["peak_kib"] for c in cold.values()) / 1024
        row("peak memory (the commands, resident)", peak, f"{peak:.0f} MB", TARGETS["peak_mb"], True,
            f"under {TARGETS['peak_mb']} MB")
    if "growth_linear" in results:
        linear = results["growth_linear"] and all(results.get("scaling_linear", {}).values())
        rows.append({"measure": "growth (a hand by its cards, long incidents by their lines)", "value": None,
                     "target": None, "at_most": None, "met": linear, "shown": "linear" if linear else "not linear",
                     "target_text": "linear"})
    results["targets"] = rows
    print("\nThe targets of issue 23, as measured in this run:")
    print(f"  {'measure':<62}{'measured':>24}  {'target':<26}")
    for r in rows:
        mark = "-" if r["met"] is None else ("met" if r["met"] else "missed")
        print(f"  {r['measure']:<62}{r['shown']:>24}  {r['target_text']:<26}{mark}")


def load_section(results: dict, requests: int, quick: bool) -> None:
    """The load test of ``benchmarks/load.py``, then the server under attack (not under
    ``--quick``, which runs one worker and five seconds a level at most). It needs httpx
    (the test install brings it). A server that will not start is reported and recorded,
    and the other figures are still written."""
    try:
        import load
    except ImportError as exc:
        print(f"\nLoad: skipped ({exc}; the test install brings httpx).")
        return
    levels = tuple(lv for lv in load.LEVELS if lv[0] == 1) if quick else load.LEVELS
    try:
        load.load_test(results, requests, 5.0 if quick else 20.0, levels)
        if not quick:
            load.under_attack(results)
    except load.ServerFailed as exc:
        results["load"] = {"error": str(exc)}
        print(f"\nLoad: the server did not start: {exc}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", default=str(REPO / "benchmarks" / "results.json"),
                        help="where to write the figures (default benchmarks/results.json)")
    parser.add_argument("--batch", type=int, default=5000, help="incidents in the throughput batch (default 5000)")
    parser.add_argument("--quick", action="store_true",
                        help="one run of each stage, a batch of 50, no cold start, a short load test: to see it run")
    parser.add_argument("--no-load", action="store_true", help="skip the load test of `arbiter serve`")
    parser.add_argument("--load-requests", type=int, default=None,
                        help="the most requests a level of the load test (default 200; 20 with --quick)")
    args = parser.parse_args()
    repeat = 1 if args.quick else 7
    if args.quick:
        args.batch = 50
    laws = REPO / "laws"
    book = cached_lawbook(laws)
    results: dict = {}
    files = sorted((REPO / "cases").rglob("*.whist")) + sorted((REPO / "examples").glob("*.whist"))
    per_incident(book, files, results, repeat)
    throughput(book, files, args.batch, results)
    growth(book, results, repeat)
    scaling(book, results, (10, 100, 1_000) if args.quick else (10, 100, 1_000, 10_000, 100_000),
            1 if args.quick else 3)
    law_book(book, laws, results)
    if not args.quick:
        cold_start(results)
    disputes(results, args.quick)
    if not args.no_load:
        load_section(results, args.load_requests or (20 if args.quick else 200), args.quick)
    summary(results)
    Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nThe figures are written to {args.json}.")
    if "error" in results.get("load", {}):
        sys.exit("The load test could not start `arbiter serve` (above).")


if __name__ == "__main__":
    main()
