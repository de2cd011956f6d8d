"""The referees: the processes that rule, check and format for the server, so that no
incident is ever ruled on the server's event loop and no ruling runs past its time.

Ruling is pure Python and can take seconds (issue 21: a legal incident took 15.7 s), and a
thread cannot be stopped; so each ruling is sent to a process of its own kind, a *referee*,
which can. The server's event loop only hands the work over and waits; the pages that do
not rule (the laws, the search, ``/api/codes``) are answered meanwhile.

- **Workers.** ``workers`` referees, each a process started from a fork server that has
  already imported the arbiter (a new one is a fork, not a new interpreter), with a thread
  of the server's that gives it one piece of work at a time and waits for the answer.
- **A time budget.** A ruling that has used ``ruling_timeout`` seconds of processor time
  (or has run :data:`BY_THE_CLOCK` times that by the clock) is stopped: its process is
  killed and replaced (the referee is recycled), and the request is answered 503, in words
  and in JSON (:class:`Refused`). Processor time, so that whether a ruling is allowed to
  finish does not turn on what else the machine is doing.
- **A memory budget.** A referee may hold ``ruling_memory`` MiB (``RLIMIT_DATA``); a ruling
  that needs more is stopped the same way.
- **Short work first.** A ruling that has used :data:`LONG_AFTER` seconds of processor
  time is *long*: its process is lowered in priority (``nice`` 10), so that the system gives
  the processor to the short rulings beside it, and is replaced once it is done (a process
  cannot raise its priority again). At most ``workers - 2`` rulings may be long at once, so
  two referees are always free for short work; a ruling that turns long when that many
  already are is stopped at once and answered "busy".
- **Bounded waiting.** At most :data:`WAITING` requests wait for a referee, none for longer
  than :data:`WAIT_SECONDS`; past either, the answer is "busy" (503, with ``Retry-After``).
- **A client that goes away** takes its work with it: waiting, it is dropped; under way,
  its referee is recycled.

The work itself (what each piece runs, and how a referee answers) is in
:mod:`arbiter.web.work`; it answers as the application would, with a status, a media type
and the bytes of the body, so that even the JSON and the page are made in the referee.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import logging
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from dataclasses import dataclass, field

from .referral import Answer, ClientGone, Refused
from .settings import ServerLimits

log = logging.getLogger("arbiter.web")

#: How many times its time budget a ruling may take by the clock: the budget is counted in
#: processor time, which a long ruling lowered in priority on a busy machine gets slowly.
BY_THE_CLOCK = 3
#: Seconds of processor time after which a ruling is long: lowered in priority, counted
#: against the long ones. A ruling of any example or published case takes a few hundredths
#: of a second (the first in a new referee, a tenth).
LONG_AFTER = 0.25
#: The most requests waiting for a referee at once.
WAITING = 64
#: The longest a request may wait for a referee (seconds): a referee is free within the
#: time budget unless dozens of long rulings are asked for at once.
WAIT_SECONDS = 30.0
#: How often a referee's thread looks whether its client has gone (seconds).
_GLANCE = 0.05
#: The longest a new referee may take to be ready (seconds).
_READY = 60.0


@dataclass(eq=False)
class _Job:
    work: str
    args: dict
    future: Future = field(default_factory=Future)
    queued: float = field(default_factory=time.monotonic)
    cancelled: bool = False

    def settle(self, result: Answer | None = None, error: Exception | None = None) -> None:
        if self.future.done():
            return
        if error is not None:
            self.future.set_exception(error)
        else:
            self.future.set_result(result)


class Referees:
    """The pool: ``limits.workers`` referees, started when first needed (or all at once by
    :meth:`start`), stopped by :meth:`close`."""

    def __init__(self, limits: ServerLimits) -> None:
        self.limits = limits
        self._lock = threading.Condition()
        self._waiting: deque[_Job] = deque()
        self._long = 0
        self._closed = False
        self._desks: list[_Referee] = []

    # ------------------------------------------------------------------ the server's side
    def start(self, warm: bool = True) -> None:
        """The referees' threads, and (``warm``) their processes started now, returning
        once each is ready (or has failed to start, said in the log), rather than at their
        first work."""
        with self._lock:
            if self._desks or self._closed:
                return
            self._desks = [_Referee(self, n) for n in range(self.limits.workers)]
        atexit.register(self.close)
        for desk in self._desks:
            desk.begin(warm)
        if warm:
            for desk in self._desks:
                desk.warmed.wait(_READY)

    def close(self) -> None:
        """Every referee stopped: the work waiting answered busy, the work under way
        stopped by its own thread, which then ends; a process left after that is killed."""
        with self._lock:
            self._closed = True
            waiting, self._waiting = list(self._waiting), deque()
            self._lock.notify_all()
        for job in waiting:
            job.settle(error=_busy())
        for desk in self._desks:
            if desk.thread.is_alive():
                desk.thread.join(5)
            desk.kill()

    def processes(self) -> list[int]:
        """The process ids of the referees now running (for the tests and the benchmarks)."""
        return [d.process.pid for d in self._desks if d.process is not None and d.process.pid is not None]

    async def refer(self, work: str, args: dict,
                    gone: Callable[[], Awaitable[object]] | None = None) -> Answer:
        """The answer to ``work`` (a name in :data:`arbiter.web.work.WORK`) with ``args``,
        done by a referee. Raises :class:`Refused` (in words) when it cannot be done, and
        :class:`ClientGone` when ``gone`` (which returns once the client has gone) returns
        first; the work is then dropped or stopped."""
        self.start(warm=False)
        job = _Job(work, args)
        with self._lock:
            if self._closed or len(self._waiting) >= WAITING:
                raise _busy()
            self._waiting.append(job)
            self._lock.notify()
        answer: asyncio.Future[Answer] = asyncio.wrap_future(job.future)
        watcher = asyncio.ensure_future(gone()) if gone is not None else None
        try:
            waited: set[asyncio.Future] = {answer} if watcher is None else {answer, watcher}
            done, _ = await asyncio.wait(waited, return_when=asyncio.FIRST_COMPLETED)
            if answer in done:
                return answer.result()
            raise ClientGone()
        finally:
            if watcher is not None:
                watcher.cancel()
            if not job.future.done():
                self._drop(job)

    def _drop(self, job: _Job) -> None:
        with self._lock:
            job.cancelled = True
            try:
                self._waiting.remove(job)
            except ValueError:
                pass                        # under way: its referee sees it is cancelled

    # ------------------------------------------------------------------ the referees' side
    def _next(self) -> _Job | None:
        """The next job to do, waiting for one; None once the pool is closed. A job that
        has waited longer than :data:`WAIT_SECONDS` is answered busy rather than begun."""
        with self._lock:
            while True:
                while not self._waiting and not self._closed:
                    self._lock.wait()
                if self._closed:
                    return None
                job = self._waiting.popleft()
                if job.cancelled:
                    continue
                if time.monotonic() - job.queued > WAIT_SECONDS:
                    job.settle(error=_busy())
                    continue
                return job

    def _turn_long(self) -> bool:
        with self._lock:
            if self._long >= self.limits.long_rulings:
                return False
            self._long += 1
            return True

    def _long_done(self) -> None:
        with self._lock:
            self._long -= 1


class _Referee:
    """One referee: a process, and the thread of the server's that feeds it."""

    def __init__(self, pool: Referees, number: int) -> None:
        self.pool, self.number = pool, number
        self.process: multiprocessing.process.BaseProcess | None = None
        self.conn = None
        self.thread = threading.Thread(target=self._serve, name=f"referee-{number}", daemon=True)
        self.warmed = threading.Event()
        self._warm = False

    def begin(self, warm: bool) -> None:
        self._warm = warm
        self.thread.start()

    def _serve(self) -> None:
        """The thread's life: each job in turn, each answered whatever happens to it (the
        thread itself never stops until the pool closes)."""
        if self._warm:
            self._replace()
        self.warmed.set()
        while (job := self.pool._next()) is not None:
            try:
                self._ensure()
                job.settle(self._do(job))
            except (Refused, ClientGone) as exc:
                job.settle(error=exc)
            except Exception as exc:           # a fault of ours, never the client's: said in words
                log.exception("a referee failed")
                self._recycle()
                job.settle(error=_failed(exc))
            if self.process is None and not self.pool._closed:
                self._replace()                # a recycled referee is replaced at once, ready for the next
        self._recycle()

    def _replace(self) -> None:
        try:
            self._ensure()
        except Exception:
            log.exception("a referee could not be started; the next work tries again")

    def _ensure(self) -> None:
        """A live process, started if there is none (or the last one died)."""
        if self.process is not None and self.process.is_alive():
            return
        self._recycle()
        context = _context()
        ours, theirs = context.Pipe()
        from .work import serve

        process = context.Process(target=serve, args=(theirs, self.pool.limits.ruling_memory),
                                  name=f"arbiter-referee-{self.number}", daemon=True)
        try:
            process.start()
            theirs.close()
            if not ours.poll(_READY):
                raise RuntimeError(f"a referee said nothing within {_READY:g} s of its start")
            ours.recv_bytes()
        except Exception as exc:
            ours.close()
            if process.pid is not None and process.is_alive():
                process.kill()
            raise _failed(RuntimeError(f"a referee could not be started: {exc}")) from None
        self.process, self.conn = process, ours

    def _do(self, job: _Job) -> Answer:
        assert self.conn is not None and self.process is not None
        limits = self.pool.limits
        self.conn.send_bytes(json.dumps({"work": job.work, "args": job.args}).encode("utf-8"))
        began, processor = time.monotonic(), _processor_time(self.process.pid)
        long = False
        try:
            while not self.conn.poll(_GLANCE):
                now = time.monotonic()
                if job.cancelled:
                    self._recycle()
                    raise ClientGone()
                if self.pool._closed:
                    self._recycle()
                    raise _busy()
                used = self._used(processor, now - began)
                if used > limits.ruling_timeout or now - began > limits.ruling_timeout * BY_THE_CLOCK:
                    self._recycle()
                    raise _over_time(limits.ruling_timeout, by_the_clock=used <= limits.ruling_timeout)
                if not long and used > LONG_AFTER:
                    if not self.pool._turn_long():
                        self._recycle()
                        raise _busy(long=True)
                    long = True
                    _lower_priority(self.process.pid)
            try:
                reply = self.conn.recv_bytes()
            except (EOFError, OSError):
                self._recycle()
                raise _failed(RuntimeError("the referee's process ended")) from None
        finally:
            if long:
                self.pool._long_done()
        try:
            answer = read_reply(reply, limits)
        except Refused:
            self._recycle()             # out of memory, or failed: a fresh process next
            raise
        if long:
            self._recycle()             # lowered in priority, which cannot be undone: a fresh process next
        return answer

    def _used(self, processor_before: float | None, elapsed: float) -> float:
        """The processor time the work under way has used: not the clock's, so that on a
        machine busy with other work a short ruling is never counted long (by the clock
        where ``/proc`` cannot tell)."""
        now = _processor_time(self.process.pid if self.process else None)
        return now - processor_before if now is not None and processor_before is not None else elapsed

    def _recycle(self) -> None:
        """The process killed (if any) and forgotten; the next work starts a new one."""
        process, conn = self.process, self.conn
        self.process = self.conn = None
        if conn is not None:
            conn.close()
        if process is not None:
            if process.is_alive():
                process.kill()
            process.join(5)

    def kill(self) -> None:
        """The process killed, from any thread (its own thread, if it is still running,
        finds the pipe closed)."""
        process = self.process
        if process is not None and process.is_alive():
            process.kill()


def read_reply(reply: bytes, limits: ServerLimits) -> Answer:
    """A referee's reply (arbiter/web/work.py) as the answer, or the refusal it says."""
    head, _, body = reply.partition(b"\n")
    said = json.loads(head)
    if said.get("refused") == "memory":
        raise _over_memory(limits.ruling_memory)
    if "refused" in said:
        raise _failed(RuntimeError(said.get("why", "the referee failed")))
    return Answer(said["status"], said["media_type"], body)


def _context():
    """Referees are forked from a fork server that has imported the work (a new one is
    ready in a few hundredths of a second); where there is none, spawned."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["arbiter.web.work"])
        return context
    return multiprocessing.get_context("spawn")


def _processor_time(pid: int | None) -> float | None:
    """The processor time a process has used, in seconds, read from ``/proc`` (None where
    there is none)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICKS
    except (OSError, IndexError, ValueError):
        return None


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _lower_priority(pid: int | None) -> None:
    if pid is not None and hasattr(os, "setpriority"):
        try:
            os.setpriority(os.PRIO_PROCESS, pid, 10)
        except OSError:
            pass


# ---------------------------------------------------------------------------- refusals, in words
_ELSEWHERE = ("settle some of the disputed facts, or leave out what the ruling does not need; "
              "or rule it with `arbiter rule` on the command line, which has no such limit")


def _over_time(seconds: float, by_the_clock: bool = False) -> Refused:
    took = (f"was not done after {seconds * BY_THE_CLOCK:g} s by the clock, {BY_THE_CLOCK} times the {seconds:g} s "
            "of processor time the server gives one request (it is busy)" if by_the_clock else
            f"took longer than {seconds:g} s of processor time, the most the server gives one request")
    return Refused(503, f"ruling this {took}, so it was stopped: {_ELSEWHERE}", title="Too long to rule")


def _over_memory(mib: int) -> Refused:
    return Refused(503, f"ruling this needed more than {mib:,} MiB of memory, the most the server gives one "
                        f"request, so it was stopped: {_ELSEWHERE}", title="Too large to rule")


def _busy(long: bool = False) -> Refused:
    if long:
        return Refused(503, "the arbiter is busy with other long rulings, so this one was stopped; try again in "
                            "a moment, or rule it with `arbiter rule` on the command line", retry=True, title="Busy")
    return Refused(503, "the arbiter is busy with other rulings; try again in a moment", retry=True, title="Busy")


def _failed(exc: Exception) -> Refused:
    return Refused(500, "the arbiter met an internal error on this request. This is a bug in whist-arbiter; "
                        f"please report it with the incident you gave ({exc}).", title="Something went wrong")
