"""The referees (arbiter/web/referees.py), the processes that rule for the server, in
process: every endpoint that rules, checks or formats an incident hands its work to them;
a ruling past its memory, a client that goes away, too many long rulings at once and a
referee that dies are each answered in words, and the referee is replaced.

The time budget, and a light request answered while a heavy one is ruled, are tested
against ``arbiter serve`` as a process, in tests/test_web_server.py. No test here asserts
how long anything took.
"""

from __future__ import annotations

import asyncio
import inspect
import os
import signal
import time
import warnings
from pathlib import Path

import pytest
from server_support import heavy_incident

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from arbiter.web import create_app
from arbiter.web.links import pack
from arbiter.web.referees import Referees, read_reply
from arbiter.web.referral import ClientGone, Refused
from arbiter.web.settings import ServerLimits
from arbiter.web.work import WORK, answer

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = (ROOT / "examples" / "revoke-found-at-end-of-hand.whist").read_text(encoding="utf-8")


def rule(text: str, compare: bool = False) -> tuple[str, dict]:
    return "api.rule", {"text": text, "code": None, "game": None, "explain": False, "compare": compare}


def ready(pool: Referees, count: int, other_than: list[int] | None = None) -> list[int]:
    """The pool's processes, once ``count`` of them are running (and, if given, they are no
    longer ``other_than``)."""
    pool.start()
    deadline = time.monotonic() + 60
    while ((len(pool.processes()) < count or pool.processes() == other_than)
           and time.monotonic() < deadline):
        time.sleep(0.05)
    return pool.processes()


def vm_data(pid: int) -> int:
    """What a process holds (its data), in MiB, as its memory limit counts it."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmData:"))) // 1024


class Recording(Referees):
    """Referees that note each piece of work and do it in this process, answering through
    the same reply a referee sends."""

    def __init__(self) -> None:
        super().__init__(ServerLimits())
        self.asked: list[str] = []

    async def refer(self, work, args, gone=None):
        self.asked.append(work)
        return read_reply(answer({"work": work, "args": args}), self.limits)


def test_every_endpoint_that_rules_checks_or_formats_an_incident_hands_it_to_a_referee():
    referees = Recording()
    client = TestClient(create_app(referees), raise_server_exceptions=False)
    asked = {
        "api.rule": lambda: client.post("/api/rule", json={"text": EXAMPLE}),
        "api.check": lambda: client.post("/api/check", json={"text": EXAMPLE}),
        "api.format": lambda: client.post("/api/format", json={"text": EXAMPLE}),
        "api.case": lambda: client.get("/api/cases/II"),
        "page.rule": lambda: client.get("/rule", params={"i": pack(EXAMPLE), "view": "compare"}),
        "page.cases": lambda: client.get("/cases"),
        "page.case": lambda: client.get("/cases/II"),
        "api.ask": lambda: client.post("/api/ask", json={}),
        "page.ask": lambda: client.get("/ask"),
    }
    assert set(asked) == set(WORK), "a piece of work without an endpoint here, or the reverse"
    for work, request in asked.items():
        response = request()
        assert response.status_code == 200, (work, response.text[:300])
        assert referees.asked[-1] == work
    for light in ("/api/codes", "/laws", "/search?q=revoke", "/", "/api/examples"):
        assert client.get(light).status_code == 200
    assert len(referees.asked) == len(asked), "a page that rules nothing was sent to a referee"


def test_a_ruling_that_needs_more_memory_than_a_referee_may_hold_is_stopped_in_words():
    """The limit set a few MiB above what a referee holds at rest: enough for an example,
    not for 215 KiB of incident compared under every code."""
    measure = Referees(ServerLimits(workers=1))
    try:
        [pid] = ready(measure, 1)
        limit = vm_data(pid) + 6
    finally:
        measure.close()
    pool = Referees(ServerLimits(workers=1, ruling_timeout=120, ruling_memory=limit))
    try:
        with pytest.raises(Refused) as refused:
            asyncio.run(pool.refer(*rule(heavy_incident(), compare=True)))
        assert refused.value.status == 503 and not refused.value.retry
        assert f"more than {limit} MiB of memory" in refused.value.message
        assert "arbiter rule" in refused.value.message
        assert asyncio.run(pool.refer(*rule(EXAMPLE))).status == 200      # a fresh referee rules on
    finally:
        pool.close()


def test_a_client_that_goes_away_takes_its_ruling_with_it():
    pool = Referees(ServerLimits(workers=1, ruling_timeout=120))
    try:
        before = ready(pool, 1)

        async def gone() -> None:
            await asyncio.sleep(0.5)

        with pytest.raises(ClientGone):
            asyncio.run(pool.refer(*rule(heavy_incident(), compare=True), gone=gone))
        after = ready(pool, 1, other_than=before)
        assert before != after, "the referee went on ruling for nobody"
        assert asyncio.run(pool.refer(*rule(EXAMPLE))).status == 200
    finally:
        pool.close()


def test_only_so_many_rulings_may_be_long_at_once_and_a_short_one_passes_them():
    """Three referees: one ruling may be long, two referees stay for short work. Two heavy
    rulings at once: one is ruled (lowered in priority), the other is stopped as soon as it
    is long, "busy"; an example asked meanwhile is ruled before either is done."""
    pool = Referees(ServerLimits(workers=3, ruling_timeout=120))
    try:
        ready(pool, 3)

        async def race():
            heavy = [asyncio.ensure_future(pool.refer(*rule(heavy_incident(), compare=True))) for _ in range(2)]
            await asyncio.sleep(0.5)
            light = await pool.refer(*rule(EXAMPLE))
            running = sum(not h.done() for h in heavy)
            return light, running, await asyncio.gather(*heavy, return_exceptions=True)

        light, running, heavy = asyncio.run(race())
        assert light.status == 200 and running >= 1
        statuses = sorted(h.status if isinstance(h, Refused) else 200 for h in heavy)
        busy = [h for h in heavy if isinstance(h, Refused)]
        assert statuses == [200, 503], heavy
        assert busy[0].retry and "busy with other long rulings" in busy[0].message
    finally:
        pool.close()


def test_a_referee_that_dies_in_the_middle_of_a_ruling_is_an_internal_error_in_words():
    pool = Referees(ServerLimits(workers=1, ruling_timeout=120))
    try:
        [pid] = ready(pool, 1)

        async def killed():
            work = asyncio.ensure_future(pool.refer(*rule(heavy_incident(), compare=True)))
            await asyncio.sleep(0.5)
            os.kill(pid, signal.SIGKILL)
            return await work

        with pytest.raises(Refused) as refused:
            asyncio.run(killed())
        assert refused.value.status == 500 and "internal error" in refused.value.message
        assert asyncio.run(pool.refer(*rule(EXAMPLE))).status == 200
    finally:
        pool.close()


def test_the_serve_commands_defaults_are_the_servers():
    """``arbiter serve`` may not import the web application, so its options' defaults are
    written twice: here they are held the same."""
    from arbiter.cli.serve import serve

    defaults = {name: p.default for name, p in inspect.signature(serve).parameters.items()}
    limits = ServerLimits()
    for name in ("workers", "ruling_timeout", "ruling_memory", "header_timeout", "body_timeout", "per_client"):
        assert defaults[name] == getattr(limits, name), name
