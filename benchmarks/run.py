"""Benchmarks for whist-arbiter: ``python benchmarks/run.py``.

Times what a user waits for: parsing and replaying incidents, loading and checking every
law file, a search, a comparison of two whole printings, and the ``arbiter`` command end to
end (a fresh process, as in a shell). Prints the median and the best of several runs.
Nothing here is asserted: speed is reported, not tested.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from arbiter.decision import decide  # noqa: E402
from arbiter.incident import parse  # noqa: E402
from arbiter.lawbook.compare import compare_codes  # noqa: E402
from arbiter.lawbook.loader import build_lawbook  # noqa: E402
from arbiter.lawbook.search import search  # noqa: E402
from arbiter.table import replay_all  # noqa: E402


def timed(fn, repeat: int) -> tuple[float, float]:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs), min(runs)


def main() -> None:
    laws = REPO / "laws"
    book = build_lawbook(laws)
    arbiter = Path(sys.executable).with_name("arbiter")
    examples = [p.read_text(encoding="utf-8") for p in sorted((REPO / "examples").glob("*.whist"))]
    full_hand = (REPO / "examples" / "full-hand-from-pbn-deal.whist").read_text(encoding="utf-8")
    cases = [
        (f"parse and replay all {len(examples)} examples", lambda: [replay_all(parse(t)) for t in examples], 10),
        ("parse and replay a full 13-trick hand", lambda: replay_all(parse(full_hand)), 20),
        (f"rule all {len(examples)} examples (parse, replay, infer, decide)",
         lambda: [decide(book, parse(t)) for t in examples], 5),
        ("load and check every law file", lambda: build_lawbook(laws), 20),
        ("search 'revoke' (all codes)", lambda: search(book, "revoke"), 50),
        ("search 'turned and quitted'", lambda: search(book, "turned and quitted"), 50),
        ("compare english-1864 with its Foster printing",
         lambda: compare_codes(book, "english-1864", "english-1864-foster"), 10),
    ]
    if arbiter.exists():
        for args in (["laws", "show", "english-1864", "72"], ["laws", "search", "revoke"],
                     ["check", str(REPO / "examples" / "full-hand-from-pbn-deal.whist")],
                     ["rule", str(REPO / "examples" / "revoke-with-full-deal.whist"), "--code", "english-1864"]):
            cases.append((f"arbiter {' '.join(args)} (new process)",
                          lambda args=args: subprocess.run([str(arbiter), *args], check=True,
                                                           capture_output=True), 5))
    print(f"{'benchmark':<58} {'median':>10} {'best':>10}")
    for name, fn, repeat in cases:
        median, best = timed(fn, repeat)
        print(f"{name:<58} {median * 1000:>8.1f}ms {best * 1000:>8.1f}ms")


if __name__ == "__main__":
    main()
