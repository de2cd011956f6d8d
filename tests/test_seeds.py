"""The source texts the tests carry (tests/seeds/) are the project's own, byte for byte,
and every seed the law book quotes is among them. Where a run names the seeds
(WHIST_SEEDS, as .ci/run does with shared/seeds/), each copy is compared with its
original; without it, the copies are the texts the fidelity tests read."""

from __future__ import annotations

from conftest import CARRIED_SEEDS


def test_every_seed_the_law_book_quotes_is_carried(book):
    quoted = {c.source.seed for c in book.codes.values() if c.source.seed}
    quoted |= {g.source.seed for g in book.descriptions.values() if g.source and g.source.seed}
    assert len(quoted) == 3, f"the law book quotes three seeds, not {sorted(quoted)}"
    missing = sorted(s for s in quoted if not (CARRIED_SEEDS / s).is_file())
    assert not missing, f"tests/seeds/ lacks {missing}: copy them from shared/seeds/"


def test_the_seeds_read_are_the_carried_copies_byte_for_byte(seeds_dir):
    originals = sorted(seeds_dir.glob("*.txt"))
    assert len(originals) == 3, f"{seeds_dir} holds {len(originals)} seeds, not 3"
    for original in originals:
        copy = CARRIED_SEEDS / original.name
        assert copy.is_file() and copy.read_bytes() == original.read_bytes(), (
            f"{copy} differs from {original}: copy it again")
