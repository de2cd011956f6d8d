"""The load test: ``python benchmarks/load.py [--requests N] [--seconds S] [--json FILE]``,
and a section of ``benchmarks/run.py``; and the load test under attack,
``python benchmarks/load.py --heavy [--seconds S]``.

``arbiter serve`` is started as a real process on a free port (``--port 0``; the port is read
from the line it prints), and 1, 8 and 32 clients at once post rulings of the examples
(``examples/*.whist``, in turn) to ``POST /api/rule``, each level bounded both in count and
in time: it stops after ``requests`` requests or ``seconds`` seconds, whichever comes first.
Then the same with ``--workers 2`` (two processes that rule) for 8 and 32 clients. Per
level: rulings a second, the median and 99th-percentile latency, and the errors: every
answer must be a 200 whose JSON holds ``branches``; anything else is counted, never dropped.

Under attack (``--heavy``, issue 21): the server as it starts by default, 8 clients posting
the examples while 4 post the heaviest incident the limits allow (:func:`heaviest_incident`,
under every code at once), and one more asking for ``/api/codes``, for ``seconds`` seconds
(40 unless told: a heavy ruling is stopped at 10 s of processor time or 30 s by the clock);
first the 8 alone, for half as long, for comparison. Reported: the light requests' median, 99th percentile and
errors, and what became of the heavy ones (ruled, stopped at the time budget, or busy).

The server's processor time over a level (from ``/proc``, where there is one) is reported
beside the wall time: on a machine shared with other work the rate moves with the other
work, the processor time a ruling costs much less.

The server is stopped in a ``finally``, the whole process group (the workers too), on
Ctrl-C or SIGTERM as much as at the end. Nothing here is asserted: speed is reported.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parent.parent
SERVING = re.compile(r"serving on http://([^/\s]+)/")
#: (worker processes, clients at once) for each level, in order.
LEVELS = ((1, 1), (1, 8), (1, 32), (2, 8), (2, 32))


class ServerFailed(RuntimeError):
    """``arbiter serve`` exited, or said nothing, before it was serving."""


@contextmanager
def stopped_on_sigterm() -> Iterator[None]:
    """SIGTERM raises SystemExit, so that ``finally`` runs (and stops the server) when the
    benchmark itself is terminated, not only on Ctrl-C."""
    def leave(signum, frame):
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, leave)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def server(workers: int | None, wait: float = 60.0) -> Iterator[tuple[str, int, float]]:
    """``arbiter serve --port 0 --workers N`` (without ``--workers`` if None) as a process of
    its own session, yielding its address, its process id and the seconds it took to answer.
    Its output goes to a temporary file (a pipe nobody reads could fill and stall it). On the
    way out the whole process group is sent SIGTERM, then SIGKILL if it has not gone within
    ten seconds."""
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as log:
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "arbiter", "serve", "--port", "0",
                                    *(["--workers", str(workers)] if workers else [])],
                                   stdin=subprocess.DEVNULL, stdout=log, stderr=log, cwd=REPO,
                                   start_new_session=True)
        try:
            address = None
            while address is None:
                log.seek(0)
                said = log.read()
                found = SERVING.search(said)
                if found:
                    address = found.group(1)
                elif process.poll() is not None:
                    raise ServerFailed(f"arbiter serve exited with {process.returncode}:\n{said}")
                elif time.perf_counter() - start > wait:
                    raise ServerFailed(f"arbiter serve said nothing of serving within {wait:.0f} s:\n{said}")
                else:
                    time.sleep(0.05)
            listening(address, process, start + wait)
            yield f"http://{address}", process.pid, time.perf_counter() - start
        finally:
            stop(process)


def listening(address: str, process: subprocess.Popen, deadline: float) -> None:
    """Wait until the server answers: ``arbiter serve`` says where it serves once the port is
    bound, a moment before uvicorn listens on it, and uvicorn answers once its referees (the
    processes that rule) are ready."""
    while True:
        try:
            if httpx.get(f"http://{address}/api/codes", timeout=5.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if process.poll() is not None:
            raise ServerFailed(f"arbiter serve exited with {process.returncode} before it answered")
        if time.perf_counter() > deadline:
            raise ServerFailed(f"arbiter serve did not answer on {address} in time")
        time.sleep(0.05)


def stop(process: subprocess.Popen, grace: float = 10.0) -> None:
    """The server and every process it started (its session's group, by the group's id):
    SIGTERM, up to ``grace`` seconds for all of them to go, then SIGKILL for any left."""
    signal_group(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        pass
    while group_members(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)                # the workers may go a moment after the leader
    if process.poll() is None or group_members(process.pid):
        signal_group(process.pid, signal.SIGKILL)
    process.wait()


def signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass


def group_members(pgid: int) -> list[int]:
    """The live processes of a process group, read from ``/proc`` (empty where there is none)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            members.append(int(stat.parent.name))
    return members


def cpu_seconds(pgid: int) -> float | None:
    """Processor time (user and system) used so far by the live processes of a group and
    the children they have reaped (the referees replaced, for the server), or None without
    ``/proc``."""
    if not Path("/proc/self/stat").exists():
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in group_members(pgid):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15])     # its own, and that of the children it has reaped
    return total / ticks


def body(text: str) -> dict:
    return {"text": text, "code": None, "game": None, "explain": False, "compare": False}


async def ruling(client: httpx.AsyncClient, text: str) -> tuple[float, str | None]:
    """One request: its latency in seconds, and what was wrong with the answer, if anything."""
    start = time.perf_counter()
    try:
        answer = await client.post("/api/rule", json=body(text))
    except httpx.HTTPError as exc:
        return time.perf_counter() - start, type(exc).__name__
    latency = time.perf_counter() - start
    if answer.status_code != 200:
        return latency, f"status {answer.status_code}"
    try:
        data = answer.json()
    except ValueError:
        return latency, "not JSON"
    return latency, None if isinstance(data, dict) and "branches" in data else "no branches"


async def level(url: str, texts: list[str], clients: int, requests: int, seconds: float,
                first: int = 0, headers: dict[str, str] | None = None) -> dict:
    """``clients`` clients at once, each posting the next example until ``requests`` have
    been sent or ``seconds`` have passed (a request under way then is waited for). Each
    client keeps its connection, as a browser does. ``first`` is where in the round of
    examples this level starts."""
    sent = 0
    latencies: list[float] = []
    errors: Counter[str] = Counter()

    async def client_loop(client: httpx.AsyncClient) -> None:
        nonlocal sent
        while sent < requests and time.perf_counter() < deadline:
            text = texts[(first + sent) % len(texts)]
            sent += 1
            latency, wrong = await ruling(client, text)
            latencies.append(latency)
            if wrong:
                errors[wrong] += 1

    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60.0, headers=headers) as client:
        start = time.perf_counter()
        deadline = start + seconds
        await asyncio.gather(*(client_loop(client) for _ in range(clients)))
        wall = time.perf_counter() - start
    ok = len(latencies) - sum(errors.values())
    return {"clients": clients, "requests": len(latencies), "ok": ok, "errors": sum(errors.values()),
            "error_kinds": dict(errors), "seconds": wall, "stopped_by_time": len(latencies) < requests,
            "rulings_per_second": ok / wall if wall else 0.0,
            "median_ms": statistics.median(latencies) * 1e3 if latencies else None,
            "p99_ms": percentile(latencies, 99) * 1e3 if latencies else None,
            "max_ms": max(latencies) * 1e3 if latencies else None}


def percentile(values: list[float], p: int) -> float:
    """The ``p``-th percentile, interpolated between the nearest ranks (the largest value
    when there are too few to interpolate)."""
    if len(values) < 2:
        return max(values)
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def warm_up(url: str, texts: list[str], workers: int) -> float:
    """Each example ruled once per worker, two at a time, before anything is timed, so that
    the law book, the templates and the parser are in every worker's memory: each on a new
    connection, which any worker may take. Returns the seconds of the first ruling, the
    cold one (it is not counted in any level)."""
    with httpx.Client(base_url=url, timeout=60.0) as client:
        start = time.perf_counter()
        client.post("/api/rule", json=body(texts[0]))
        cold = time.perf_counter() - start
    asyncio.run(level(url, texts, 2, len(texts) * workers, 60.0, headers={"Connection": "close"}))
    return cold


def load_test(results: dict, requests: int = 200, seconds: float = 20.0,
              levels: tuple[tuple[int, int], ...] = LEVELS) -> None:
    """Every level, a server for each number of workers; the figures into ``results["load"]``
    and a table to standard output."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((REPO / "examples").glob("*.whist"))]
    rows: list[dict] = []
    servers: dict[str, dict] = {}
    with stopped_on_sigterm():
        for workers in dict.fromkeys(w for w, _ in levels):
            with server(workers) as (url, pgid, started):
                cold = warm_up(url, texts, workers)
                servers[counted(workers, "worker")] = {"start_seconds": started, "first_ruling_seconds": cold}
                for clients in (c for w, c in levels if w == workers):
                    done = sum(r["requests"] for r in rows)     # the round of examples goes on
                    rows.append(measured(url, pgid, texts, workers, clients, requests, seconds, done))
    results["load"] = {"requests_per_level": requests, "seconds_per_level": seconds, "examples": len(texts),
                       "cpus": os.cpu_count(), "servers": servers,
                       "levels": {f"{counted(r['workers'], 'worker')}, {counted(r['clients'], 'client')}": r
                                  for r in rows}}
    report(results["load"])


def measured(url: str, pgid: int, texts: list[str], workers: int, clients: int, requests: int, seconds: float,
             first: int) -> dict:
    """One level, with the load average of the machine before it and the processor time the
    server spent on it."""
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    cpu_before = cpu_seconds(pgid)
    row = asyncio.run(level(url, texts, clients, requests, seconds, first))
    cpu_after = cpu_seconds(pgid)
    row["workers"] = workers
    row["load_average_before"] = load_before
    row["server_cpu_ms_per_request"] = (
        (cpu_after - cpu_before) * 1e3 / row["requests"]
        if cpu_before is not None and cpu_after is not None and row["requests"] else None)
    return row


def counted(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def report(load: dict) -> None:
    print(f"\nLoad: `arbiter serve` as a process of its own, POST /api/rule with the {load['examples']} examples in "
          f"turn; each level stops at {load['requests_per_level']} requests or {load['seconds_per_level']:.0f} s. "
          f"Latency in ms.")
    print("An error is any answer but a 200 whose JSON holds the branches; server cpu ms is the server's")
    print("processor time a request (all its processes).")
    print(f"  {'workers':>7}{'clients':>8}{'requests':>9}{'rulings/s':>11}{'median':>8}{'p99':>8}{'errors':>7}"
          f"{'server cpu ms':>15}{'load avg':>10}")
    for r in load["levels"].values():
        cpu = r["server_cpu_ms_per_request"]
        avg = r["load_average_before"]
        print(f"  {r['workers']:>7}{r['clients']:>8}{r['requests']:>9}{r['rulings_per_second']:>11.1f}"
              f"{r['median_ms']:>8.1f}{r['p99_ms']:>8.1f}{r['errors']:>7}"
              f"{'-' if cpu is None else f'{cpu:.1f}':>15}{'-' if avg is None else f'{avg:.2f}':>10}"
              + ("  (stopped by time)" if r["stopped_by_time"] else ""))
        for kind, count in r["error_kinds"].items():
            print(f"      {count} x {kind}")
    for name, s in load["servers"].items():
        print(f"  With {name}: serving after {s['start_seconds']:.2f} s; the first ruling (cold) "
              f"{s['first_ruling_seconds'] * 1e3:.0f} ms.")
    print(f"  The machine has {load['cpus']} processors; the load average before each level is shown, as other "
          f"work on it moves these figures.")


# ---------------------------------------------------------------------------- under attack
def heaviest_incident() -> str:
    """The heaviest incident the limits allow (docs/limits.md), as the attack of issue 21 made
    it: eight two-way disputes at the first trick (256 ways, the most), a full hand with
    irregularities, then remarks until every way replays as many statements as the limit on
    replayed statements allows. It is far inside the 256 KiB a request may carry: the limit on
    replays binds first. The count is found by asking the parser, so that it follows the
    limits if they change."""
    from run import full_hand

    from arbiter.api import read
    from arbiter.incident import IncidentError
    from arbiter.incident.limits import MAX_REPLAYED

    head = []
    for line in full_hand(True).splitlines():
        head.append(line)
        if line == "trick 1:":
            for n in range(8):
                head += [f'  disputed "what N said, {n}":', f'    - N says "yes {n}"', f'    - N says "no {n}"']
    seats = "NESW"
    [(_, replayed), *_] = read("\n".join(head) + "\n").branches()
    remarks = MAX_REPLAYED // 256 - len(replayed)        # each remark is one statement more in every way
    while remarks > 0:
        text = "\n".join(head + [f'  {seats[i % 4]} says "remark {i}"' for i in range(remarks)]) + "\n"
        try:
            read(text).branches()
            return text
        except IncidentError:
            remarks -= 1
    raise RuntimeError("no incident of eight disputes is within the limits")


def outcome(answer: httpx.Response) -> str:
    """What became of a heavy request, in a word or two."""
    if answer.status_code == 200:
        return "ruled"
    try:
        message = answer.json()["error"]["message"]
    except (ValueError, KeyError, TypeError):
        message = ""
    if "took longer than" in message:
        return "stopped at the time budget"
    if "by the clock" in message:
        return "stopped at three times the time budget by the clock"
    if "memory" in message:
        return "stopped at the memory budget"
    if "busy" in message:
        return "busy"
    return f"status {answer.status_code}"


async def attacked(url: str, texts: list[str], heavy: str, seconds: float, light_clients: int = 8,
                   heavy_clients: int = 4) -> dict:
    """``heavy_clients`` clients posting ``heavy`` (compared under every code) without pause,
    and, once the first are under way, ``light_clients`` posting the examples and one asking
    for ``/api/codes``, for ``seconds`` seconds; the heavy requests still under way at the end
    are abandoned (the server hears the client go)."""
    outcomes: Counter[str] = Counter()
    heavy_seconds: list[float] = []
    codes: list[float] = []
    codes_errors: Counter[str] = Counter()

    async def heavy_loop(client: httpx.AsyncClient) -> None:
        while True:
            start = time.perf_counter()
            try:
                answer = await client.post("/api/rule", json={"text": heavy, "compare": True})
            except httpx.HTTPError as exc:
                outcomes[type(exc).__name__] += 1
                continue
            heavy_seconds.append(time.perf_counter() - start)
            outcomes[outcome(answer)] += 1

    async def codes_loop(client: httpx.AsyncClient, until: float) -> None:
        while time.perf_counter() < until:
            start = time.perf_counter()
            try:
                answer = await client.get("/api/codes")
            except httpx.HTTPError as exc:
                codes_errors[type(exc).__name__] += 1
                continue
            codes.append(time.perf_counter() - start)
            if answer.status_code != 200:
                codes_errors[f"status {answer.status_code}"] += 1

    limits = httpx.Limits(max_connections=heavy_clients + 1, max_keepalive_connections=heavy_clients + 1)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=120.0) as client:
        heavies = [asyncio.create_task(heavy_loop(client)) for _ in range(heavy_clients)]
        await asyncio.sleep(1.0)         # the heavy rulings under way, and long, before the light ones begin
        until = time.perf_counter() + seconds
        light, _ = await asyncio.gather(level(url, texts, light_clients, 10**6, seconds),
                                        codes_loop(client, until))
        for task in heavies:
            task.cancel()
        abandoned = sum(1 for t in heavies if not t.done())
        await asyncio.gather(*heavies, return_exceptions=True)
    return {"light": light, "codes": summary(codes, codes_errors),
            "heavy": {"outcomes": dict(outcomes), "abandoned_at_the_end": abandoned,
                      "median_seconds": statistics.median(heavy_seconds) if heavy_seconds else None}}


def summary(latencies: list[float], errors: Counter[str]) -> dict:
    return {"requests": len(latencies) + sum(errors.values()), "errors": sum(errors.values()),
            "error_kinds": dict(errors),
            "median_ms": statistics.median(latencies) * 1e3 if latencies else None,
            "p99_ms": percentile(latencies, 99) * 1e3 if latencies else None,
            "max_ms": max(latencies) * 1e3 if latencies else None}


def under_attack(results: dict, seconds: float = 40.0) -> None:
    """The heavy-and-light test against ``arbiter serve`` as it starts by default: the 8
    light clients alone, then with the 4 heavy ones; into ``results["heavy_and_light"]``."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((REPO / "examples").glob("*.whist"))]
    heavy = heaviest_incident()
    with stopped_on_sigterm(), server(None) as (url, pgid, _):
        warm_up(url, texts, 2)
        alone = asyncio.run(level(url, texts, 8, 10**6, seconds / 2))
        cpu_before = cpu_seconds(pgid)
        load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        figures = asyncio.run(attacked(url, texts, heavy, seconds))
        cpu_after = cpu_seconds(pgid)
    figures.update({
        "seconds": seconds, "cpus": os.cpu_count(), "load_average_before": load_before,
        "server_cpu_seconds": cpu_after - cpu_before if cpu_before is not None and cpu_after is not None else None,
        "heavy_incident": {"lines": heavy.count("\n"), "bytes": len(heavy.encode()), "ways": 256,
                           "asked_with": "compare (every code of the game)"},
        "light_alone": alone})
    results["heavy_and_light"] = figures
    report_attack(figures)


def report_attack(f: dict) -> None:
    h = f["heavy_incident"]
    print(f"\nUnder attack: `arbiter serve` as it starts, for {f['seconds']:.0f} s: 8 clients posting the examples "
          f"(POST /api/rule) while 4 post the heaviest incident the limits allow ({h['lines']:,} lines, "
          f"{h['bytes'] / 1024:.0f} KiB, {h['ways']} ways, compared under every code), and one asks for /api/codes. "
          "Latency in ms; an error is any answer but a 200 (with the branches, for a ruling).")
    print(f"  {'':<28}{'requests':>9}{'median':>8}{'p99':>8}{'max':>8}{'errors':>7}")
    for name, r in (("examples, alone", f["light_alone"]), ("examples, under attack", f["light"]),
                    ("/api/codes, under attack", f["codes"])):
        shown = ["-" if r.get(key) is None else f"{r[key]:.1f}" for key in ("median_ms", "p99_ms", "max_ms")]
        print(f"  {name:<28}{r['requests']:>9}{shown[0]:>8}{shown[1]:>8}{shown[2]:>8}{r['errors']:>7}")
        for kind, count in r["error_kinds"].items():
            print(f"      {count} x {kind}")
    heavy = f["heavy"]
    told = ", ".join(f"{n} {kind}" for kind, n in sorted(heavy["outcomes"].items())) or "none answered"
    print(f"  The heavy requests: {told}; {heavy['abandoned_at_the_end']} abandoned at the end"
          + (f"; {heavy['median_seconds']:.1f} s each (median)." if heavy["median_seconds"] else "."))
    cpu, avg = f["server_cpu_seconds"], f["load_average_before"]
    print(f"  The server's processes used {'-' if cpu is None else f'{cpu:.1f}'} s of processor time; the machine has "
          f"{f['cpus']} processors, its load average before was {'-' if avg is None else f'{avg:.2f}'}.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", default=str(REPO / "benchmarks" / "results.json"),
                        help="the figures file whose \"load\" is replaced (default benchmarks/results.json)")
    parser.add_argument("--requests", type=int, default=200, help="the most requests a level (default 200)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="the longest a level runs (default 20; under --heavy, 40: a heavy ruling may take 30)")
    parser.add_argument("--one-worker", action="store_true", help="skip the levels with --workers 2")
    parser.add_argument("--heavy", action="store_true",
                        help="only the test under attack: 8 clients posting the examples while 4 post the heaviest "
                             "incident the limits allow, for --seconds (updates \"heavy_and_light\" only)")
    args = parser.parse_args()
    out = Path(args.json)
    results = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    levels = tuple(lv for lv in LEVELS if lv[0] == 1) if args.one_worker else LEVELS
    try:
        if args.heavy:
            under_attack(results, args.seconds or 40.0)
        else:
            load_test(results, args.requests, args.seconds or 20.0, levels)
    except KeyboardInterrupt:
        sys.exit("\nInterrupted; the server is stopped and nothing is written.")
    out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nThe figures are written to {args.json} (\"{'heavy_and_light' if args.heavy else 'load'}\").")


if __name__ == "__main__":
    main()
