"""Every law, sub-paragraph, footnote and exception is in laws/, word for word as printed.

The YAML is compared with the seeds through ``seedtext`` alone: the region of the seed each
code names in its ``source``, with page numbers and headings dropped, must hold exactly the
text of the code's entries, in order, with the same numbers and Roman labels, and the same
footnotes. A single altered word fails the test (``test_an_altered_word_is_caught``).
"""

from __future__ import annotations

import pytest
from seedtext import Region, read_region

CODES = ["english-1864", "english-1864-foster", "english-revised", "american-1893", "cavendish-principles"]

#: Counted by hand in the sources; the tests check the YAML against them.
EXPECTED = {
    # code: (numbered laws, first, last, sub-paragraphs, exceptions, etiquette, footnote texts)
    "english-1864": (91, 1, 91, 22, 4, 9, 40),
    "english-1864-foster": (91, 1, 91, 22, 4, 9, 0),
    "english-revised": (52, 43, 94, 13, 4, 8, 0),
    "american-1893": (39, 1, 39, 15, 33, 9, 0),
    "cavendish-principles": (0, 1, 0, 0, 0, 0, 0),
}


def yaml_side(book, code):
    """The code's paragraphs and printed numbers, in file order, as the seed would show them."""
    paragraphs, prefixes = [], []
    for law in book.entries_of(code):
        if law.number is not None:
            prefixes.append(str(law.number))
        for p in law.paragraphs:
            if p.label:
                prefixes.append(p.label)
            paragraphs.append(p.text)
    return paragraphs, prefixes


def seed_side(book, code, seeds_dir) -> Region:
    source = book.codes[code].source
    headings = {law.heading for law in book.entries_of(code) if law.heading}
    return read_region(seeds_dir / source.seed, source.begins, source.ends, headings)


def first_difference(a: str, b: str) -> str:
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"at character {i}:\n  seed: …{a[max(0, i - 60):i + 60]}…\n  yaml: …{b[max(0, i - 60):i + 60]}…"


@pytest.mark.parametrize("code", CODES)
def test_every_paragraph_is_verbatim_and_in_order(book, seeds_dir, code):
    seed = seed_side(book, code, seeds_dir)
    paragraphs, _ = yaml_side(book, code)
    seed_text, yaml_text = " ".join(seed.paragraphs), " ".join(paragraphs)
    assert seed_text == yaml_text, first_difference(seed_text, yaml_text)
    assert len(seed.paragraphs) == len(paragraphs)


@pytest.mark.parametrize("code", CODES)
def test_numbers_and_labels_are_as_printed(book, seeds_dir, code):
    seed = seed_side(book, code, seeds_dir)
    _, prefixes = yaml_side(book, code)
    assert seed.prefixes == prefixes


@pytest.mark.parametrize("code", CODES)
def test_footnotes_are_attached_verbatim(book, seeds_dir, code):
    seed = seed_side(book, code, seeds_dir)
    notes = {n: t for law in book.entries_of(code) for n, t in law.footnotes.items()}
    printed = {n: t for n, t in notes.items() if t is not None}
    assert printed == seed.footnotes
    # A footnote with no text is one the source marks but does not print.
    for n, text in notes.items():
        if text is None:
            assert any(f"[{n}]" in line for line in seed.lines)
            assert n not in seed.footnotes


@pytest.mark.parametrize("code", CODES)
def test_headings_are_printed_in_the_source(book, seeds_dir, code):
    seed = seed_side(book, code, seeds_dir)
    source = book.codes[code].source
    printed = {line.rstrip(".") for line in seed.lines} | {source.begins.rstrip(".")}
    for law in book.entries_of(code):
        assert law.heading is None or law.heading in printed, law.id


@pytest.mark.parametrize("code", CODES)
def test_counts(book, code):
    laws, first, last, subs, exceptions, etiquette, footnotes = EXPECTED[code]
    numbered = book.numbered_laws(code)
    assert len(numbered) == laws
    assert [law.number for law in numbered] == list(range(first, last + 1))
    assert sum(1 for law in numbered for p in law.paragraphs if p.label) == subs
    assert len(book.entries_of(code, ("exception",))) == exceptions
    assert len(book.entries_of(code, ("etiquette",))) == etiquette
    texts = [t for law in book.entries_of(code) for t in law.footnotes.values() if t]
    assert len(texts) == footnotes


def test_revised_code_marks_footnotes_it_does_not_print(book):
    notes = {n: t for law in book.entries_of("english-revised") for n, t in law.footnotes.items()}
    assert sorted(notes) == [59, 60, 61, 62]
    assert set(notes.values()) == {None}


def test_every_interlined_paragraph_is_an_exception_naming_its_games(book, seeds_dir):
    """Each unnumbered "In Boston…", "In Cayenne…", "In Solo Whist…", "In Misères…" and
    "This law does not apply…" paragraph of the American code is an exception entry."""
    seed = seed_side(book, "american-1893", seeds_dir)
    interlined = [p for p in seed.paragraphs
                  if p.startswith(("In Boston", "In Cayenne", "In Solo Whist", "In Misères",
                                   "This law does not apply"))]
    exceptions = book.entries_of("american-1893", ("exception",))
    texts = {e.paragraphs[0].text for e in exceptions}
    # Bidding is a rule of its own (it has its own heading), not interlined in a law.
    bidding = book.law("american-1893/bidding").paragraphs[0].text
    assert set(interlined) - {bidding} <= texts
    assert len(interlined) - 1 == 32      # plus "Penalties must be exacted…", 33 in all
    names = {"Boston": "boston", "Cayenne": "cayenne", "Solo Whist": "solo", "Misères": "misere"}
    for e in exceptions:
        lead = e.paragraphs[0].text.split(",")[0]
        for name, game in names.items():
            if name in lead:
                assert game in e.games, (e.id, name)
        assert len(e.modifies) == 1 and e.modifies[0] == e.id.rstrip("abcdefgh")


@pytest.mark.parametrize("code", CODES)
def test_an_altered_word_is_caught(book, seeds_dir, code):
    """The comparison above would notice a single changed word in any law."""
    seed = seed_side(book, code, seeds_dir)
    paragraphs, _ = yaml_side(book, code)
    target = next(i for i, p in enumerate(paragraphs) if " the " in p)
    paragraphs[target] = paragraphs[target].replace(" the ", " a ", 1)
    assert " ".join(seed.paragraphs) != " ".join(paragraphs)
