"""The near-words table (arbiter/words/near_words.yaml): words a player writes that the
notation does not take, each answered at its place with what to write instead.

Every entry is held to what it claims: the words as written are an error at that place, the
error says why, and the line the suggestion gives is one the notation reads.
"""

from __future__ import annotations

import pytest

from arbiter.incident import IncidentError, parse
from arbiter.words.near_words import NearWordsError, near_words, read

TABLE = near_words()

#: What may follow the near-word on its line, so that the line it suggests is whole.
TAILS = ["", " H3", " hearts", " Z", ' "x"', " 2"]


def _line(place: str, phrase: str, tail: str) -> str:
    return f"{phrase}{tail}\n" if place == "line" else f"trick 1:\n  Y {phrase}{tail}\n"


def _error(text: str) -> IncidentError:
    with pytest.raises(IncidentError) as caught:
        parse(text, "near.whist")
    return caught.value


def _parses(text: str) -> bool:
    try:
        parse(text)
    except IncidentError:
        return False
    return True


@pytest.mark.parametrize("entry", TABLE.entries, ids=[f"{e.place}:{' '.join(e.written)}" for e in TABLE.entries])
def test_each_near_word_is_an_error_at_its_place_that_says_what_to_write(entry):
    phrase = " ".join(entry.written)
    written = [_line(entry.place, phrase, tail) for tail in TAILS]
    assert not any(_parses(text) for text in written), "a near-word must not be notation at its place"
    for text in written:
        error = _error(text)
        assert f"the notation does not write `{phrase}`" in str(error), str(error)
        assert entry.because in str(error)
    if entry.write is None:
        assert all(_error(text).suggestion is None for text in written)
        return
    # the line suggested is read by the notation, with one of the tails at least
    suggested = [_error(text).suggestion for text in written]
    assert any(s is not None and _parses(("trick 1:\n" if entry.place == "verb" else "") + s + "\n")
               for s in suggested), suggested


def test_the_table_holds_the_words_of_the_issue():
    assert TABLE.match("verb", ["revokes"]) is not None
    assert TABLE.match("line", ["trumps", "hearts"]).write == "trump"
    assert TABLE.match("verb", ["throws", "his", "cards", "down"]).write == "throws down hand"
    assert TABLE.match("line", ["game", "solo", "whist"]).write == "game solo"


@pytest.mark.parametrize("raw, words", [
    ([], "must map"),
    ({"near_words": [{"place": "verb"}], "numbers": {}, "ranks": {}, "suits": {}}, "has place, written"),
    ({"near_words": [{"place": "card", "written": ["x"], "write": None, "because": "y"}],
      "numbers": {}, "ranks": {}, "suits": {}}, "place is one of line, verb"),
    ({"near_words": [{"place": "verb", "written": "x", "write": None, "because": "y"}],
      "numbers": {}, "ranks": {}, "suits": {}}, "written is a list"),
    ({"near_words": [], "numbers": {"ten": "10"}, "ranks": {}, "suits": {}}, "`numbers` maps words to numbers"),
])
def test_a_malformed_table_is_an_error_naming_the_file_and_the_fault(raw, words):
    with pytest.raises(NearWordsError) as caught:
        read(raw, "near_words.yaml")
    assert str(caught.value).startswith("near_words.yaml: ") and words in str(caught.value)
