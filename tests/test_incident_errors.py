"""Bad incident files: each gets file:line:column, the line, a caret, plain words, a hint.

One malformed input per row, with the line and column the error must point at and the
words its message must contain (a misspelt word's suggestion among them).
"""

from __future__ import annotations

import pytest

from arbiter.incident import IncidentError, parse
from arbiter.table.replay import replay_all

S = "seats N E S W\n"
DEAL = S + "deal N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\n"

CASES = [
    # (name, text, line, column, words the message must contain)
    ("misspelt verb", "code english-1864\ntrick 3:\n  Y laeds S5\n", 3, 5, ["unexpected 'laeds'", "did you mean `leads`"]),
    ("misspelt header", "cod english-1864\n", 1, 1, ["did you mean `code`", "a statement such as"]),
    ("misspelt moment", "after the hnad:\n  Y claims revoke\n", 1, 11, ["did you mean `hand`"]),
    ("not a card", "trick 3:\n  Y leads X5\n", 2, 11, ["expected a card"]),
    ("rank before suit", "trick 3:\n  Y leads AH\n", 2, 11, ["expected a card", "did you mean `HA`"]),
    ("ten before suit", "trick 3:\n  Y leads 10S\n", 2, 11, ["expected a card", "did you mean `S10`"]),
    ("unknown seat", "trick 3:\n  Q leads S5\n", 2, 3, ["'Q' is not a seat", "A Y B Z"]),
    ("seat close to another", "seats Ann Bob Cat Dan\ntrick 1:\n  Anne leads S5\n", 3, 3, ["not a seat", "did you mean `Ann`"]),
    ("no trick 14", "trick 14:\n  Y leads S5\n", 1, 7, ["there is no trick 14"]),
    ("moment without colon", "trick 3\n  Y leads S5\n", 1, 8, ["expected `:`"]),
    ("code not a name", "code English\n", 1, 6, ["expected a name"]),
    ("title not quoted", "title unquoted\n", 1, 7, ["words in double quotes"]),
    ("a card with no such rank", "trick 1:\n  Y leads S1\n", 2, 12, ["'S1' is not a card", "2 to 10"]),
    ("a seat in lower case", "trick 1:\n  y leads S5\n", 2, 3, ["capital letter", "did you mean `Y`"]),
    ("an unknown verb after a no-break space", "trick 1:\n  Y\u00a0laeds S5\n", 2, 5, ["did you mean `leads`"]),
    ("unterminated quote", 'title "unterminated\n', 1, 7, ["the quotation is not closed"]),
    ("seats twice", "seats A Y B\nseats A Y B Z\n", 2, 1, ["`seats` is given twice", "line 1"]),
    ("seat named twice", "seats A A B Z\n", 1, 1, ["a seat is named twice"]),
    ("dealer not a seat", "dealer Q\n", 1, 1, ["'Q' is not a seat"]),
    ("own partner", "partners A A\n", 1, 1, ["his own partner"]),
    ("trump twice", "trump hearts\ntrump spades\n", 2, 1, ["`trump` is given twice"]),
    ("suit misspelt", "trump heart\n", 1, 7, ["expected a suit", "did you mean `hearts`"]),
    ("words not quoted", "trick 1:\n  Y says hello\n", 2, 10, ["words in double quotes"]),
    ("unknown act", 'trick 1:\n  Y says "x" (claims gmae)\n', 2, 15, ["unknown act 'claims gmae'", "did you mean `claims game`"]),
    ("unknown claim", "trick 1:\n  Y claims gmae\n", 2, 12, ["unknown claim 'gmae'", "did you mean `game`"]),
    ("unknown penalty", "trick 1:\n  Y demands call sut from B\n", 2, 13, ["unknown penalty 'call sut'", "did you mean `call suit`"]),
    ("penalty from no seat", "trick 1:\n  Y demands call suit hearts from Q\n", 2, 3, ["'Q' is not a seat"]),
    ("alternative without dispute", "- Y leads S5\n", 1, 1, ["must follow a `disputed:` line"]),
    ("dispute with one alternative", "disputed:\n  - Y leads S5\n", 1, 1, ["at least two alternatives"]),
    ("card played twice", "trick 1:\n  Y leads S5\n  B plays S5\n", 3, 11, ["S5 has already been played", "by Y at trick 1"]),
    ("card led twice in one line", "trick 1:\n  Y leads S5 S5\n", 2, 11, ["S5 has already been played"]),
    ("deal from a seat not at table", "deal N:AKQ.JT9.876.5432 - - -\n", 1, 1, ["the deal starts with 'N'"]),
    ("card dealt twice", S + "deal N:AKQ.JT9.876.5432 AKQ... - -\n", 2, 1, ["dealt to both N and E"]),
    ("bad PBN", S + "deal N:AKQ.JT9.876.54X2 - - -\n", 2, 8, ["not a rank: 'X'", "spades.hearts.diamonds.clubs"]),
    ("bad PBN in a later hand", S + "deal N:AKQ.JT9.876.5432 - AKQ.JT9 -\n", 2, 27, ["four suits separated by dots"]),
    ("card the deal gives to another", DEAL + "trick 1:\n  N leads SA\n  E plays S2\n", 5, 11, ["E cannot play S2", "the deal gives it to N"]),
    ("line ends too soon", "trick 1:\n  Y leads\n", 2, 10, ["the line ends too soon", "expected a card"]),
    ("count in words", "trick 1:\n  Y has twelve cards\n", 2, 9, ["expected a number"]),
    ("packs in words", "packs two\n", 1, 7, ["expected a number"]),
    ("score in words", "score A-B three\n", 1, 11, ["expected a number"]),
    ("score of a side not at table", "score A-Q 3\n", 1, 1, ["'Q' is not a seat"]),
    ("finding without colon", "finding B held S9\n", 1, 9, ["expected `:`"]),
    ("question not quoted", "question Is it a revoke?\n", 1, 10, ["words in double quotes"]),
    ("throws down what", "trick 1:\n  Y throws down\n", 2, 16, ["the line ends too soon", "`hand`"]),
    ("finds where", "trick 1:\n  Y finds S5\n", 2, 13, ["the line ends too soon", "`on`"]),
    ("asks a seat not at table", 'trick 1:\n  Y asks Q "x"\n', 2, 3, ["'Q' is not a seat"]),
    ("held card the deal gives to another", DEAL + "finding: E held SA\n", 3, 17, ["cannot have held SA"]),
    ("five seats", "seats A B C D E\n", 1, 1, ["two, three or four seats"]),
]


@pytest.mark.parametrize("name, text, line, column, words", CASES, ids=[c[0] for c in CASES])
def test_malformed_incident_is_located_and_explained(name, text, line, column, words):
    with pytest.raises(IncidentError) as caught:
        replay_all(parse(text, "bad.whist"))
    error = caught.value
    assert (error.line, error.column) == (line, column), str(error)
    message = str(error)
    assert message.startswith(f"bad.whist:{line}:{column}: ")
    for word in words:
        assert word in message, message
    # the offending line is quoted and the caret stands under the column
    shown, caret = message.splitlines()[1:3]
    assert shown.strip() == text.splitlines()[line - 1].strip()
    assert caret.index("^") - 4 == column - 1


def test_whole_file_problems_are_told_in_one_line(tmp_path):
    from arbiter.incident import parse_file

    cases = {
        "missing.whist": (None, "no such file"),
        "a-directory": ("dir", "is a directory"),
        "binary.whist": (b"\x7fELF\x00\x01", "not a text file"),
    }
    for name, (content, words) in cases.items():
        path = tmp_path / name
        if content == "dir":
            path.mkdir()
        elif content is not None:
            path.write_bytes(content)
        with pytest.raises(IncidentError) as caught:
            parse_file(path)
        assert str(caught.value) == f"{path}: {caught.value.problem}" and words in str(caught.value)


def test_a_byte_that_is_not_utf8_is_located(tmp_path):
    from arbiter.incident import parse_file

    path = tmp_path / "latin1.whist"
    path.write_bytes('code english-1864\ntitle "café"\n'.encode("latin-1"))
    with pytest.raises(IncidentError) as caught:
        parse_file(path)
    assert (caught.value.line, caught.value.column) == (2, 11)
    assert "0xe9 is not UTF-8" in str(caught.value)


def test_a_byte_order_mark_and_no_break_spaces_are_read_as_nothing(tmp_path):
    from arbiter.incident import parse_file

    plain = "code english-1864\ntrick 1:\n  Y leads S5\n"
    path = tmp_path / "bom.whist"
    path.write_bytes(b"\xef\xbb\xbf" + plain.replace("S5", "S5\u00a0").encode("utf-8"))
    read = parse_file(path)
    assert read.events == parse(plain).events
    assert parse("\ufeff" + plain).events == parse(plain).events


def test_there_are_at_least_thirty_cases():
    assert len(CASES) >= 30


def test_a_warning_is_told_at_its_line_once_and_the_ruling_goes_on():
    from arbiter.incident import parse

    incident = parse("code english-1864\ntrick 1:\n  A leads S5\n", "t.whist")
    pos = incident.items[1].pos
    incident.warn(pos, "a count that cannot be", "has 12 cards")
    incident.warn(pos, "a count that cannot be", "has 12 cards")     # met again in another branch
    assert len(incident.warnings) == 1
    told = str(incident.warnings[0])
    assert told.startswith("t.whist:2:1: warning: a count that cannot be")
    assert "did you mean `has 12 cards`?" in told
    data = incident.warnings[0].as_data()
    assert data["warning"] is True and data["line"] == 2 and data["message"] == "a count that cannot be"


# ------------------------------------------------------------------ suggestions by place

def error_of(text: str) -> IncidentError:
    with pytest.raises(IncidentError) as caught:
        replay_all(parse(text, "bad.whist"))
    return caught.value


@pytest.mark.parametrize("text, suggestion", [
    # a verb that fits what follows it: `plays H3`, not `places` (which wants `trump card`)
    ("trick 1:\n  A plaies H3\n", "plays"),
    ("trick 1:\n  A plaies trump card face down\n", "places"),
    # the line ends after the verb: the closest verb, as before
    ("trick 1:\n  Y laeds\n", "leads"),
    # a header word that fits: `partners A B`, not `player` (which wants words in quotes)
    ("partner A B\n", "partners"),
    ('playr A "Mr. Clay"\n', "player"),
])
def test_a_misspelt_word_is_offered_the_word_that_fits_what_follows_it(text, suggestion):
    error = error_of(text)
    assert error.suggestion == suggestion, str(error)


def test_the_closest_word_is_not_offered_where_what_follows_does_not_fit_it():
    # `leaves` is closer to `revoes` than `exposes`, but `Y leaves S5` stops at the card
    error = error_of("trick 1:\n  Y revoes S5 S6 S7\n")
    assert error.suggestion == "exposes", str(error)


@pytest.mark.parametrize("name, text, column, words, suggestion", [
    ("a revoke stated", "trick 1:\n  Y revokes\n", 5, ["`revokes`", "found from the play", "claims revoke"], None),
    ("a revoke stated in an alternative", 'disputed:\n  - B revokes\n  - "no"\n', 7, ["found from the play"], None),
    ("the trump suit in the plural", "trumps hearts\n", 1, ["`trumps`"], "trump hearts"),
    ("a trump played, said in words", "trick 1:\n  Y trumps with H3\n", 5, ["`trumps with`"], "Y plays H3"),
    ("a hand thrown down, in words", "trick 1:\n  A throws his cards down\n", 5, ["`throws his cards down`"],
     "A throws down hand"),
    ("a game in two words", "game solo whist\n", 1, ["`game solo whist`"], "game solo"),
    ("a game in words with an accent", "game misère partout\n", 1, ["`game misère partout`"], "game misere-partout"),
    ("a lead out of turn, said", "trick 1:\n  A leads out of turn S5\n", 5, ["for the replay to find"], "A leads S5"),
    ("a proposal at Solo, in words", "bidding:\n  Y props\n", 5, ["`props`"], 'Y bids "prop"'),
])
def test_words_a_player_writes_that_the_notation_does_not_take_say_what_to_write(name, text, column, words,
                                                                                 suggestion):
    error = error_of(text)
    assert error.column == column, str(error)
    for word in words:
        assert word in str(error), str(error)
    assert error.suggestion == suggestion, str(error)
    assert "leaves" not in str(error)


@pytest.mark.parametrize("text", [
    "revokes Y\n",                             # at the start of a line, not after an actor
    'trick 1:\n  Y says "he revokes" (claims revoke) extra\n',   # in quotes, and the error elsewhere
    "trick 1:\n  Y plays S5 trumps\n",         # after the verb, not in its place
    "game solo whist-ish\n",                   # another word than the phrase
])
def test_a_near_word_is_answered_only_at_its_place(text):
    error = error_of(text)
    assert "is not a word" not in str(error) and "the notation does not write" not in str(error), str(error)


def test_the_near_word_names_its_words_whatever_their_case():
    error = error_of("Trumps hearts\n")
    assert error.suggestion == "trump hearts" and "the notation does not write `Trumps`" in str(error)


@pytest.mark.parametrize("text, suggestion", [
    ("trick 1:\n  Y has twelve cards\n", "12"),
    ("trick three:\n", "3"),
    ("packs two\n", "2"),
    ("trick 1:\n  Y plays the ten of hearts\n", "H10"),
    ("trick 1:\n  Y plays Jack of Spades\n", "SJ"),
    ("trick 1:\n  Y plays ace of trumps\n", None),    # what is trumps is not the notation's to guess
])
def test_a_number_or_a_card_in_words_is_offered_as_the_notation_writes_it(text, suggestion):
    assert error_of(text).suggestion == suggestion
