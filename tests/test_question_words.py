"""The question read in whist's words: each way a referee is asked, read to what it asks --
the kind of question, the penalty, who asks it, of whom, which card and which trick. Each
form here is one a club member wrote; each would otherwise be unread (no first word) or
misread (a first word against the holdings)."""

import pytest

from arbiter.incident.question import read_question
from arbiter.lawbook.questions import question_words

SEATS = ("A", "Y", "B", "Z")

FORMS = [
    # "Has X the right to…": a right, as "May X…"
    ("Has Y the right to call a suit from B?", "right", "call suit", ("Y",), ("B",), None, None),
    ("Have A and B a right to call a suit from Y?", "right", "call suit", ("A", "B"), ("Y",), None, None),
    ("Has A the right to call a suit from Y at the fourth trick?", "right", "call suit", ("A",), ("Y",), None, 4),
    ("Has Y the right to stop B playing the king of spades?", "right", "not play card", ("Y",), ("B",), "SK", None),
    ("Has Y the right to have the hand played out?", "right", "play out", ("Y",), (), None, None),
    # a call on a player to win or take the trick
    ("Is Z entitled to require B to take the trick?", "right", "win trick", ("Z",), ("B",), None, None),
    ("May Y and Z call on B to win the second trick?", "right", "win trick", ("Y", "Z"), ("B",), None, 2),
    ("Can Y and Z require B to win the second trick?", "right", "win trick", ("Y", "Z"), ("B",), None, 2),
    ("Can A and B compel Z to lay his hand on the table?", "right", "hand laid down", ("A", "B"), ("Z",), None, None),
    # the stakes won; the revoke claimed
    ("Has Y won the stakes?", "right", "stakes", ("Y",), (), None, None),
    ("Can Y and Z claim a revoke?", "right", "revoke penalty", ("Y", "Z"), (), None, None),
    # an aside between commas that asks nothing
    ("Is the seven of hearts, still on the table at the fourth trick, liable to be called?",
     "holding", None, (), (), "H7", 4),
]


@pytest.mark.parametrize("text, kind, penalty, party, against, card, trick", FORMS, ids=[f[0] for f in FORMS])
def test_a_question_is_read_to_what_it_asks(book, text, kind, penalty, party, against, card, trick):
    q = read_question(text, SEATS, question_words(book), "hearts")
    assert q is not None, text
    assert (q.kind, q.penalty, q.party, q.against, q.card, q.trick) == (kind, penalty, party, against, card, trick)


def test_the_claimant_asked_about_is_not_the_player_the_holding_names(book):
    """"Is Y in time to claim the revoke?": Y claims; the revoke held is B's."""
    q = read_question("Is Y in time to claim the revoke?", SEATS, question_words(book))
    assert q.kind == "holding" and q.party == () and "revoke" in q.yes and q.no_first
    q = read_question("Does Z lose the deal?", SEATS, question_words(book))
    assert q.party == ("Z",) and "deals_again" in q.no and q.no_first    # a misdeal that does not lose the deal


def test_honours_taken_off_the_score_asks_whether_they_are_not_counted(book):
    q = read_question("Must the two points for honours be taken off?", SEATS, question_words(book))
    assert q is not None and q.kind == "holding" and "honours_claimed_too_late" in q.yes
