"""Shared fixtures: the law book, the source texts the codes are quoted from, and for the
browser tests a running server and the system's Chromium."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arbiter.lawbook import load_lawbook

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def book():
    return load_lawbook(REPO / "laws")


#: The source texts the codes are quoted from, carried by the tests (public-domain books,
#: copies of the project's seeds: tests/seeds/README.md), so that every test runs on a
#: fresh clone and none is skipped.
CARRIED_SEEDS = REPO / "tests" / "seeds"


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """The seeds: from WHIST_SEEDS (then they must be there: CI names the project's own,
    and tests/test_seeds.py holds the copies here to them), else tests/seeds/."""
    named = os.environ.get("WHIST_SEEDS")
    path = Path(named) if named else CARRIED_SEEDS
    if not path.is_dir():
        pytest.fail(f"WHIST_SEEDS={named} is not a directory: the fidelity tests cannot run; unset it to "
                    f"read the copies in {CARRIED_SEEDS}")
    return path


# Each browser test module has its own server and browser, closed at its end: Playwright's
# event loop left running would stop a later test's prompt (prompt_toolkit) from starting its own.

@pytest.fixture(scope="module")
def server():
    """``arbiter serve`` as a process, for the browser tests: its address."""
    from browser_support import running_server

    with running_server() as base:
        yield base


@pytest.fixture(scope="module")
def browser():
    """The system's Chromium, for the browser tests."""
    from browser_support import chromium, missing_browser_message

    problem = missing_browser_message()
    if problem:                      # a failure, not a skip: CI must have the browser
        pytest.fail(problem, pytrace=False)
    with chromium() as opened:
        yield opened
