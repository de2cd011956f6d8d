"""The law book's links, lookups, search and comparison."""

from __future__ import annotations

import re

import pytest

from arbiter.lawbook import UnknownCode, UnknownLaw
from arbiter.lawbook.compare import compare, compare_codes, plain
from arbiter.lawbook.search import search, stem

REFERENCE = re.compile(r"(?:Laws?|Rule)\s+(\d+)((?:\s*(?:,|and)\s*\d+)*)")


def test_the_revoke_penalty_carries_its_footnote(book):
    law = book.law("english-1864/72")
    assert "take three tricks from the revoking player" in law.text
    assert law.footnotes == {32: "And add them to their own."}
    assert law.paragraph("iv").text.startswith("Cannot be divided")


@pytest.mark.parametrize("ref", ["english-1864/72", "english-1864 72", " english-1864  72 "])
def test_a_law_is_found_by_id_or_code_and_number(book, ref):
    assert book.law(ref).id == "english-1864/72"


def test_dummy_exceptions_are_found_by_their_roman_number(book):
    assert book.law("english-1864 dummy ii").id == "english-1864/dummy/II"
    assert book.law("english-1864/dummy/intro").kind == "preface"


def test_unknown_law_and_code_explain_themselves(book):
    with pytest.raises(UnknownLaw, match="english-1864 has laws 1–91"):
        book.law("english-1864/92")
    with pytest.raises(UnknownLaw, match="did you mean 'english-1864'"):
        book.law("englsh-1864/9")
    with pytest.raises(UnknownCode, match="did you mean 'american-1893'"):
        book.entries_of("american-1839")


def test_every_reference_in_the_text_is_resolved(book):
    """Each "vide Law 72", "see Law 34", "(See Law 61.)", "Rule 32" names an entry in `see`."""
    checked = 0
    for law in book.entries.values():
        texts = [p.text for p in law.paragraphs] + [t for t in law.footnotes.values() if t]
        for text in texts:
            for m in REFERENCE.finditer(text):
                numbers = [m.group(1)] + re.findall(r"\d+", m.group(2))
                codes = [law.code, *book.codes[law.code].supplements]
                for n in numbers:
                    assert any(f"{c}/{n}" in law.see for c in codes), (law.id, m.group())
                    checked += 1
    assert checked == 28 + 17   # every reference printed in the four codes (28) and in the Cases (17)


def test_cross_references_are_followed_both_ways(book):
    assert "english-1864/72" in book.law("english-1864/5").see
    assert "english-1864/5" in book.law("english-1864/72").referenced_by
    # "(Vide Rule 61.)" in Law 82 is a reference to Law 61.
    assert "english-1864/61" in book.law("english-1864/82").see
    assert book.law("american-1893/18b").see == ("american-1893/13",)


def test_concordance_is_symmetric(book):
    for law in book.entries.values():
        for other in law.concordance:
            assert law.id in book.entries[other].concordance, (law.id, other)
    assert "american-1893/30" in book.law("english-1864/72").concordance
    assert "english-revised/75" in book.law("english-1864/72").concordance


def test_exceptions_are_attached_to_the_laws_they_modify(book):
    law = book.law("american-1893/30")
    games = {eid: book.entries[eid].games for eid in law.exceptions}
    assert games == {"american-1893/30a": ("cayenne", "solo"),
                     "american-1893/30b": ("boston", "misere-partout", "boston-de-fontainebleau",
                                           "russian-boston")}
    assert "english-1864/dummy/II" in book.law("english-1864/72").exceptions
    assert book.law("american-1893/18a").paragraphs[0].text == "This law does not apply to Boston, or Cayenne."


def test_topics_come_from_the_vocabulary(book):
    assert all(t in book.topics for law in book.entries.values() for t in law.topics)
    assert "revoke" in book.law("english-1864/71").topics


def test_games_are_known_by_name_and_alias(book):
    assert book.game("Solo-Whist").id == "solo"
    assert book.game("misère").id == "misere"


def test_search_finds_the_revoke_laws_first(book):
    hits = search(book, "revoke", code="english-1864", limit=12)
    assert {h.law.number for h in hits} == set(range(71, 83))


def test_search_finds_turned_and_quitted_in_every_code(book):
    found = {h.law.id for h in search(book, "turned and quitted", limit=None)}
    for eid in ["english-1864/52", "english-1864/73", "english-1864/74", "english-1864/91",
                "american-1893/28", "american-1893/37"]:
        assert eid in found
    assert not any(i.startswith("english-1864-foster/") for i in found)
    assert any(i.startswith("english-1864-foster/") for i in
               (h.law.id for h in search(book, "turned and quitted", all_printings=True, limit=None)))


def test_search_ignores_accents_and_ranks_phrases(book):
    assert {h.law.id for h in search(book, "misere")} == {h.law.id for h in search(book, "misère")}
    hits = search(book, "highest or lowest trump", code="english-1864", limit=3)
    assert hits[0].phrase


def test_a_word_found_nowhere_does_not_sink_the_words_that_are_found(book):
    assert search(book, "xylophone") == []
    with_it = [h.law.id for h in search(book, "revoke xylophone", limit=None)]
    assert with_it and with_it == [h.law.id for h in search(book, "revoke", limit=None)]


def test_entries_holding_every_word_rank_above_those_holding_one(book):
    hits = search(book, "dummy revoke", limit=None)
    held = [h.matched for h in hits]
    assert held[0] == 2 and 1 in held
    assert held == sorted(held, reverse=True)


def test_stems():
    assert stem("revoking") == stem("revokes") == stem("revoke") == stem("revoked")


def test_two_printings_differ_word_by_word(book):
    c = compare(book, "english-1864/56", "english-1864-foster/56")
    assert c.same_law
    assert [(d.left, d.right) for d in c.differences] == [("upwards,", "upward,")]
    exact = compare(book, "english-1864/56", "english-1864-foster/56", exact=True)
    assert ("left[21]", "left") in [(d.left, d.right) for d in exact.differences]


def test_laws_of_different_codes_are_set_side_by_side(book):
    c = compare(book, "english-1864/72", "american-1893/30")
    assert not c.same_law
    assert "revoke" in c.shared_topics
    assert 0 < c.similarity() < 0.5


def test_compare_codes_finds_the_printings_that_differ(book):
    comparisons = compare_codes(book, "english-1864", "english-1864-foster")
    assert len(comparisons) == len(book.entries_of("english-1864-foster"))
    differing = {c.left.local_id for c in comparisons if not c.identical}
    assert "29" in differing      # Foster adds "[see Law 34]" and "[see Law 37]"
    assert "2" not in differing   # word for word the same


def test_plain_drops_only_the_printers_marks():
    assert plain("player[32]--or _vide_ ‘x’") == "player—or vide 'x'"
