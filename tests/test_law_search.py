"""The law search reads what people ask: code names narrow it, old words are found by new
ones, any word counts, and no query is ever an error of the engine underneath.

The words it knows (code names, synonyms) are laws/search.yaml's, so some tests edit a copy
of laws/ and check that the search follows the file, and that a malformed file is refused
at its line and column.
"""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.lawbook import LawBookError
from arbiter.lawbook.loader import build_lawbook
from arbiter.lawbook.search import highlight_spans, parse_query, search
from arbiter.lawbook.searchindex import index_of

REPO = Path(__file__).resolve().parent.parent


def ids(hits) -> list[str]:
    return [h.law.id for h in hits]


def lit(hit) -> list[str]:
    """The words of the hit's snippet that the search highlights."""
    text = hit.snippet()
    return [text[a:b].lower() for a, b in highlight_spans(text, hit.terms)]


def edited_copy(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of laws/ with one passage of search.yaml replaced."""
    laws = tmp_path / "laws"
    shutil.copytree(REPO / "laws", laws)
    path = laws / "search.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return laws


# ---------------------------------------------------------------- what the issue asks
def test_a_question_about_exposing_a_card_finds_the_exposed_card_laws_of_english_and_american(book):
    hits = search(book, "what happens if someone exposes a card", limit=10)
    exposed = [h.law for h in hits if "exposed-cards" in h.law.topics]
    assert len(exposed) >= 8
    assert {"english-1864/56", "english-1864/58"} <= {law.id for law in exposed}
    assert any(law.code == "american-1893" for law in exposed)


def test_the_question_words_are_not_words_of_the_query(book):
    parsed = parse_query(book, "what happens if someone exposes a card")
    assert [c.words for c in parsed.concepts] == [("exposes",), ("card",)]
    assert {"what", "happens", "if", "someone"} <= set(parsed.ignored)


def test_naming_the_american_code_narrows_the_search_to_its_revoke_laws(book):
    hits = search(book, "penalty for revoke in American code")
    assert hits and {h.law.code for h in hits} == {"american-1893"}
    assert hits[0].law.id == "american-1893/30"      # "The penalty for revoking is ..."
    assert all("revoke" in h.law.topics for h in hits[:5])


def test_a_code_name_is_not_itself_searched_for(book):
    parsed = parse_query(book, "penalty for revoke in American code")
    assert parsed.codes == ("american-1893",)
    assert [c.words for c in parsed.concepts] == [("penalty",), ("revoke",)]


@pytest.mark.parametrize("query, codes", [
    ("English revoke", ("english-1864", "english-revised")),
    ("revoke in the revised English laws", ("english-revised",)),
    ("Cavendish on exposed cards", ("english-1864", "cavendish-principles")),
    ("Foster's printing revoke", ("english-1864-foster",)),
    ("revoke english-1864-foster", ("english-1864-foster",)),
    ("revoke english 1864 foster", ("english-1864-foster",)),
])
def test_each_name_of_a_code_narrows_to_the_codes_it_names(book, query, codes):
    parsed = parse_query(book, query)
    assert set(parsed.codes) == set(codes)
    assert {h.law.code for h in search(book, query, limit=None)} <= set(codes)


def test_the_codes_names_are_read_from_search_yaml(tmp_path, book):
    assert len({h.law.code for h in search(book, "yankee revoke", limit=None)}) > 1
    laws = edited_copy(tmp_path, "american-1893: [American,", "american-1893: [Yankee, American,")
    hits = search(build_lawbook(laws), "yankee revoke", limit=None)
    assert hits and {h.law.code for h in hits} == {"american-1893"}


def test_exposed_card_finds_american_law_20_whose_text_says_faced(book):
    hits = {h.law.id: h for h in search(book, "exposed card")}
    assert "american-1893/20" in hits
    assert "faced" in lit(hits["american-1893/20"])


def test_the_synonyms_are_read_from_search_yaml(tmp_path, book):
    hits = search(book, "renege")               # a word no code prints
    assert hits and all("revoke" in h.law.topics for h in hits)
    laws = edited_copy(tmp_path, "[revoke, renounce, renege, renig]", "[revoke, renounce]")
    assert search(build_lawbook(laws), "renege") == []


def test_having_none_finds_english_74(book):
    assert "english-1864/74" in ids(search(book, "having none", limit=5))


def test_an_american_spelling_finds_the_english_word(book):
    hit = next(h for h in search(book, "honors") if h.law.id == "english-1864/3")
    assert "honours" in lit(hit)


# ---------------------------------------------------------------- ranking
def test_a_phrase_ranks_above_the_same_words_apart(book):
    hits = search(book, "highest or lowest trump", limit=None)
    phrased = [h.phrase for h in hits]
    assert phrased[0] and not phrased[-1]
    assert phrased == sorted(phrased, reverse=True)


def test_the_laws_headed_by_a_word_rank_above_those_that_mention_it(book):
    top = search(book, "revoke", code="american-1893", limit=12)
    assert all(h.law.heading == "REVOKING" for h in top[:8])


def test_the_score_orders_the_results(book):
    scores = [h.score for h in search(book, "dealer exposes the trump card", limit=None)]
    assert scores == sorted(scores, reverse=True)


def test_a_word_found_only_in_a_footnote_is_found_and_shown_in_it(book):
    hit = next(h for h in search(book, "inquire", code="english-1864") if h.law.id == "english-1864/53")
    assert "[footnote 19]" in hit.snippet() and "inquire" in lit(hit)


def test_a_query_of_only_small_words_is_searched_as_typed(book):
    assert "english-1864/53" in ids(search(book, "what", limit=None))


def test_other_printings_are_searched_only_when_named_or_asked_for(book):
    def foster(hits):
        return any(h.law.code == "english-1864-foster" for h in hits)

    assert not foster(search(book, "revoke", limit=None))
    assert not foster(search(book, "English revoke", limit=None))
    assert foster(search(book, "English revoke", limit=None, all_printings=True))
    assert foster(search(book, "Foster revoke", limit=None))


def test_a_phrase_is_highlighted_where_its_words_stand_together(book):
    terms = parse_query(book, "turned and quitted").terms()
    text = "the trick turned, then the trick is turned and quitted"
    assert [text[a:b] for a, b in highlight_spans(text, terms)] == ["turned and quitted"]


# ---------------------------------------------------------------- the index
def test_the_index_is_built_once_per_book(book):
    search(book, "revoke")
    index = index_of(book)
    search(book, "exposed card")
    assert index_of(book) is index and book.cache["search_index"] is index


def test_a_book_pickled_after_a_search_searches_again(book):
    search(book, "revoke")
    again = pickle.loads(pickle.dumps(book))
    assert ids(search(again, "revoke")) == ids(search(book, "revoke"))


# ---------------------------------------------------------------- no query is an error
ODD = ['"', '""', "*", "revoke*", "NEAR(revoke exposed, 2)", "revoke -exposed", "heading:revoke",
       "{heading}: revoke", "(revoke", "revoke)", "revoke AND", "OR", "NOT revoke", "^revoke",
       "'", "revoke'", "+", ":", "-", "\x00", "\u200b", "🂡", "revoke\nexposed", "a" * 5000,
       " ".join(["revoke"] * 500), "AND OR NOT NEAR"]


@pytest.mark.parametrize("query", ODD, ids=range(len(ODD)))
def test_a_query_of_odd_characters_is_words_or_nothing_never_an_error(book, query):
    search(book, query, limit=None)


def test_the_engines_operators_are_read_as_words(book):
    assert ids(search(book, "NOT revoke", limit=5)) == ids(search(book, "revoke", limit=5))
    assert ids(search(book, '"revoke" AND "exposed"', limit=5)) == ids(search(book, "revoke and exposed", limit=5))


_PIECES = st.sampled_from(['"', "*", "NEAR", "AND", "OR", "NOT", "-", ":", "(", ")", "{", "}", "^", "+",
                           "revoke", "american", "english-1864", "exposed", "having none", " ", "'"])


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=80), st.lists(_PIECES, max_size=12).map("".join)),
       st.booleans())
def test_any_text_searches_without_error(book, query, all_printings):
    for hit in search(book, query, all_printings=all_printings):
        hit.snippet()


# ---------------------------------------------------------------- the law that answers
def test_who_cuts_finds_law_34_the_player_on_the_dealers_right_cuts(book):
    """Issue 25: "who cuts" did not find Law 34 in the first twelve."""
    assert "english-1864/34" in ids(search(book, "who cuts", limit=3))
    assert ids(search(book, "who cuts", code="english-1864", limit=1)) == ["english-1864/34"]


def test_who_deals_finds_the_law_that_says_each_player_deals_in_his_turn(book):
    assert ids(search(book, "who deals", code="english-1864", limit=1)) == ["english-1864/33"]


def test_without_its_question_word_the_answer_is_not_preferred(tmp_path, book):
    """The other side of the edge: "cuts" alone is about cutting, and the laws headed
    CUTTING come first; without ``questions`` in search.yaml, "who" brings no answer."""
    assert ids(search(book, "cuts", code="english-1864", limit=1)) != ["english-1864/34"]
    laws = edited_copy(tmp_path, "  who: [player,", "  whoever: [player,")
    assert "english-1864/34" not in ids(search(build_lawbook(laws), "who cuts", limit=3))


@pytest.mark.parametrize("code, defining", [(None, {"american-1893/17", "english-1864/44"}),
                                            ("english-1864", {"english-1864/44"}),
                                            ("american-1893", {"american-1893/17"})])
def test_misdeal_puts_the_law_that_says_what_a_misdeal_is_first_or_second(book, code, defining):
    """Issue 25: "misdeal" put English 44 ("It is a misdeal--") ninth."""
    assert defining <= set(ids(search(book, "misdeal", code=code, limit=2)))


def test_a_revoke_is_defined_by_american_28_first(book):
    assert ids(search(book, "revoke", limit=1)) == ["american-1893/28"]     # "A revoke is a renounce in error"


def test_a_ruling_in_a_case_or_a_condition_is_no_definition(book):
    """"_Decision_--It is a misdeal" (Case IV) and "If any player has more …, it is a
    misdeal" (American 19a) rule on facts; they do not say what a misdeal is."""
    first = ids(search(book, "misdeal", limit=4))
    assert "cavendish-principles/case/4" not in first and "american-1893/19a" not in first


def test_without_definitions_the_defining_law_is_not_preferred(tmp_path):
    laws = edited_copy(tmp_path, "definitions: [it is a, is a, is an, is called, are called, is said to, is termed, means]",
                       "definitions: []")
    assert "english-1864/44" not in ids(search(build_lawbook(laws), "misdeal", code="english-1864", limit=2))


# ---------------------------------------------------------------- search.yaml refused
BROKEN = [
    ("an unknown code", "american-1893: [American,", "amercan-1893: [American,",
     ["search.yaml:10:3", "no code 'amercan-1893'", "    amercan-1893: [American,", "    ^",
      "did you mean `american-1893`?"]),
    ("an unknown key", "synonyms:\n", "synonym:\n",
     ["search.yaml:", "unknown key 'synonym'", "did you mean `synonyms`?"]),
    ("a group of one", "  - [bet, wager]\n", "  - [bet]\n",
     ["search.yaml:", "a group needs two or more", "  - [bet]"]),
    ("a number where a name should be", '"1893"]', "1893]",
     ["search.yaml:", "must be text, not int", 'did you mean `"1893"`?']),
    ("a phrase in two groups", "  - [bet, wager]\n", "  - [bet, wager, deck]\n",
     ["search.yaml:", "'deck' is already in group", "merge the two groups"]),
    ("a code's name given as a synonym", "  - [bet, wager]\n", "  - [bet, wager, Foster]\n",
     ["search.yaml:", "'Foster' is a name of english-1864-foster"]),
    ("punctuation in a name", "AWL,", "A.W.L.,",
     ["search.yaml:", "must be words", "'A.W.L.'"]),
    ("a question word without its answers", "  whom: [player, players, dealer, eldest hand, partner, adversary, "
     "adversaries, claimant, candidate]", "  whom: player",
     ["search.yaml:", "must be a list of the words that answer it"]),
    ("definitions not a list", "definitions: [it is a, is a, is an, is called, are called, is said to, is termed, "
     "means]", "definitions: it is a",
     ["search.yaml:", "must be a list of the words that make a definition"]),
]


@pytest.mark.parametrize("what, old, new, words", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_malformed_search_yaml_is_refused_at_its_line_and_column(tmp_path, what, old, new, words):
    laws = edited_copy(tmp_path, old, new)
    with pytest.raises(LawBookError) as caught:
        build_lawbook(laws)
    for word in words:
        assert word in str(caught.value), (what, str(caught.value))


def test_the_caret_stands_under_the_mistake(tmp_path):
    laws = edited_copy(tmp_path, "  - [bet, wager]\n", "  - [bet, wager, deck]\n")
    with pytest.raises(LawBookError) as caught:
        build_lawbook(laws)
    quoted, caret = str(caught.value).splitlines()[1:3]
    assert quoted[caret.index("^"):].startswith("deck")


def test_the_command_reports_a_malformed_search_yaml_without_a_traceback(tmp_path, monkeypatch):
    laws = edited_copy(tmp_path, "  - [bet, wager]\n", "  - [bet]\n")
    monkeypatch.setenv("WHIST_ARBITER_DATA", str(laws.parent))
    result = CliRunner().invoke(app, ["laws", "search", "revoke"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "search.yaml:" in result.output and "a group needs two or more" in result.output


def test_without_a_search_yaml_the_words_are_searched_as_typed(tmp_path):
    laws = tmp_path / "laws"
    shutil.copytree(REPO / "laws", laws)
    (laws / "search.yaml").unlink()
    book = build_lawbook(laws)
    assert parse_query(book, "American revoke").codes == ()
    assert parse_query(book, "american-1893 revoke").codes == ("american-1893",)
    assert search(book, "revoke")
