"""Shared fixtures: the law book, and the source texts the codes are quoted from."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arbiter.lawbook import load_lawbook

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def book():
    return load_lawbook(REPO / "laws")


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """The seeds: from WHIST_SEEDS (then they must be there) or ../shared/seeds/."""
    named = os.environ.get("WHIST_SEEDS")
    path = Path(named) if named else REPO.parent / "shared" / "seeds"
    if not path.is_dir():
        if named:
            pytest.fail(f"WHIST_SEEDS={named} is not a directory: the fidelity tests cannot run")
        pytest.skip("source texts not found (set WHIST_SEEDS to run the fidelity tests)")
    return path
