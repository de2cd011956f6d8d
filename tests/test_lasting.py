"""What the process keeps (the law book, the parsers) is made with the garbage collector
paused and frozen after (arbiter/support/lasting.py): the collector is left as it was
found, even when the making fails, and what was made is set aside from later collections."""

from __future__ import annotations

import gc

import pytest

from arbiter.support.lasting import made_to_last


@pytest.fixture(autouse=True)
def collector_restored():
    was = gc.isenabled()
    yield
    gc.unfreeze()
    (gc.enable if was else gc.disable)()


def test_the_collector_is_paused_inside_and_running_again_after():
    gc.enable()
    with made_to_last():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_found_paused_is_left_paused():
    gc.disable()
    with made_to_last():
        pass
    assert not gc.isenabled()


def test_a_failure_inside_leaves_the_collector_running():
    gc.enable()
    with pytest.raises(ValueError), made_to_last():
        raise ValueError("cut short")
    assert gc.isenabled()


def test_what_was_made_is_frozen():
    gc.unfreeze()
    with made_to_last():
        kept = [{"n": i} for i in range(1000)]
    assert gc.get_freeze_count() >= len(kept)


def test_a_law_book_read_from_the_cache_leaves_the_collector_running(tmp_path, monkeypatch):
    from pathlib import Path

    from arbiter.lawbook.loader import cached_lawbook

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    laws = Path(__file__).resolve().parent.parent / "laws"
    gc.enable()
    cached_lawbook(laws)                 # built, and kept
    gc.unfreeze()
    book = cached_lawbook(laws)          # read back
    assert gc.isenabled()
    assert gc.get_freeze_count() > 10_000, "the book read back is frozen"
    assert book.rules_of("english-1864")
