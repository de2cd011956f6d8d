"""A real server and a real browser for tests/test_browser.py (and for screenshots).

The server is ``arbiter serve --port 0`` run as its own process, so the browser talks to the
same uvicorn stack over the same kind of socket a club's computer would; its port is read from
the line it prints on stderr. The browser is the Chromium of the system's package manager
(Debian's, at /usr/bin/chromium), driven by Playwright without its own downloaded browsers, so
nothing is fetched when the tests run.

Run as a script, it takes the screenshots the issue asks for (the ruling page with a decision,
a law page, a search) into a directory outside the repository::

    .venv/bin/python tests/browser_support.py /tmp/shots
"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

#: Debian's Chromium (``apt-get install chromium``); another may be named in WHIST_CHROMIUM.
CHROMIUM = os.environ.get("WHIST_CHROMIUM", "/usr/bin/chromium")

#: Headless, and nothing the browser would do of its own accord over the network (updates,
#: sync, QUIC probes), so a test's only traffic is to the local server.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

#: How long any one browser step (a click, a navigation, a wait) may take.
STEP_MS = 10_000

#: How long the server may take to say where it listens.
SERVER_START_S = 30.0

_SERVING = re.compile(r"serving on (http://\S+?/)")


class BrowserMissing(RuntimeError):
    """Chromium is not where the tests look for it: said in words, with the command to fix it."""


def missing_browser_message() -> str | None:
    """Why the browser tests cannot run here, or None if they can."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return (f"Chromium is not at {CHROMIUM}: the browser tests need the system's Chromium. "
                "Install it with `apt-get install -y chromium` (.ci/run does this), "
                "or name another Chromium in WHIST_CHROMIUM.")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the `playwright` package is missing: install the test extra with `pip install -e '.[test]'`."
    return None


@contextmanager
def running_server() -> Iterator[str]:
    """``arbiter serve --port 0`` in its own process; yields its base URL ("http://127.0.0.1:N/")
    and stops it afterwards."""
    with serving_process() as (base, _):
        yield base


@contextmanager
def serving_process(*options: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """``arbiter serve --port 0 OPTIONS`` as a process, once it answers; yields its base URL
    and the process, and stops it afterwards."""
    proc = subprocess.Popen([sys.executable, "-m", "arbiter", "serve", "--port", "0", *options],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, encoding="utf-8")
    lines: queue.Queue[str | None] = queue.Queue()
    said: list[str] = []

    def read() -> None:          # stderr is read to its end, so the server never blocks on it
        assert proc.stderr is not None
        for line in proc.stderr:
            said.append(line)
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    try:
        base = _wait_for_url(lines, said)
        _wait_until_answering(base, proc, said)
        yield base, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def _wait_for_url(lines: queue.Queue[str | None], said: list[str]) -> str:
    import time

    until = time.monotonic() + SERVER_START_S
    while (left := until - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            break
        if line is None:
            raise RuntimeError("`arbiter serve` stopped before it listened; it said:\n" + "".join(said))
        if found := _SERVING.search(line):
            return found.group(1)
    raise RuntimeError(f"`arbiter serve` did not say where it listens within {SERVER_START_S:.0f} s; "
                       "it said:\n" + "".join(said))


def _wait_until_answering(base: str, proc: subprocess.Popen, said: list[str]) -> None:
    """The server prints its address once the port is bound, before uvicorn listens on it
    and before its referees (the processes that rule) are warm; a connection made in between
    is refused or not yet answered, so wait for the first page to come back."""
    import time
    import urllib.error
    import urllib.request

    until = time.monotonic() + SERVER_START_S
    while time.monotonic() < until:
        if proc.poll() is not None:
            raise RuntimeError("`arbiter serve` stopped before it answered; it said:\n" + "".join(said))
        try:
            with urllib.request.urlopen(base, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.05)
    raise RuntimeError(f"`arbiter serve` did not answer at {base} within {SERVER_START_S:.0f} s; "
                       "it said:\n" + "".join(said))


@contextmanager
def chromium() -> Iterator[object]:
    """The system's Chromium, headless, with a fresh profile; yields a Playwright Browser."""
    problem = missing_browser_message()
    if problem:
        raise BrowserMissing(problem)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:      # launch() gives the browser a fresh profile of its own each time
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=3 * STEP_MS)
        try:
            yield browser
        finally:
            browser.close()


def new_page(browser, **options):
    """A page in a new context (no cookies, cache or storage from another test), every step
    bounded by STEP_MS."""
    context = browser.new_context(**options)
    context.set_default_timeout(STEP_MS)
    context.set_default_navigation_timeout(STEP_MS)
    return context.new_page()


#: The incident the screenshots show: the first example, ruled.
SHOT_EXAMPLE = "revoke-found-at-end-of-hand"


def screenshots(out: Path) -> list[Path]:
    """The ruling page with a decision, a law page and a search, as a person sees them at a
    laptop's width, full length."""
    out.mkdir(parents=True, exist_ok=True)
    taken = []
    with running_server() as base, chromium() as browser:
        page = new_page(browser, viewport={"width": 1280, "height": 900})
        page.goto(f"{base}?example={SHOT_EXAMPLE}")
        page.click("#rule-button")
        page.wait_for_selector("section#decision article.ruled")
        for name, url in (("ruling.png", None), ("law.png", f"{base}laws/english-1864/72"),
                          ("search.png", f"{base}search?q=exposed+card")):
            if url:
                page.goto(url)
            path = out / name
            page.screenshot(path=str(path), full_page=True)
            taken.append(path)
        page.context.close()
    return taken


if __name__ == "__main__":
    for shot in screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots")):
        print(shot)
