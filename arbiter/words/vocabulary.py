"""The words the notation understands after ``claims``, ``demands``, ``marks`` and inside
``( … )``. They name what happened at the table; what a law makes of them is in ``laws/``.

A word outside these lists is an error with a suggestion, so that a misspelt claim
("claims gmae") is caught where it is written rather than silently meaning nothing.
"""

CLAIMS = frozenset({
    "game", "rest", "trick", "tricks", "honours", "revoke", "new deal", "misdeal", "odd trick",
})

PENALTIES = frozenset({
    "call card", "call suit", "call highest", "call lowest", "highest", "lowest",
    "win trick", "not win trick", "trump", "not trump", "new deal", "deal stands",
    "three tricks", "two tricks", "take tricks", "deduct points", "add points",
    "deduct three", "add three", "play out", "cards placed", "last trick",
    "hand laid down", "stakes", "penalty", "revoke penalty",
    # an exposed card: claimed as exposed (a card played in error), or that it be not played
    "exposed card", "not play card",
})

#: What a player may demand that is no penalty of an irregularity: a right the laws give
#: any player (the cards placed, a sight of the last trick) or the offending side itself
#: (the hand played out). A right to these is a right, not a remedy.
NOT_REMEDIES = frozenset({"play out", "cards placed", "last trick"})


def is_remedy(exacts) -> bool:
    """Whether a right to demand ``exacts`` is a remedy: a penalty of an irregularity.

    >>> is_remedy(["call card"]), is_remedy(["play out"]), is_remedy([])
    (True, False, False)
    """
    return any(key not in NOT_REMEDIES for key in exacts or ())


#: Two words for one penalty: the demand ``highest`` is the call of the highest.
PENALTY_SAME = {"highest": "call highest", "lowest": "call lowest"}

#: A demand in general words that any of these penalties answers: ``take tricks`` is met
#: by a right to three tricks (or two, in Boston), ``penalty`` by any penalty at all.
PENALTY_COVERS = {
    "take tricks": frozenset({"three tricks", "two tricks"}),
    "deduct points": frozenset({"deduct three"}),
    "add points": frozenset({"add three"}),
    # a card claimed (treated) as exposed is a card liable to be called
    "exposed card": frozenset({"call card"}),
    # the revoke's penalty, in whichever form a code gives it
    "revoke penalty": frozenset({"three tricks", "two tricks", "take tricks", "deduct points", "add points",
                                 "deduct three", "add three"}),
}


def penalty_key(word: str) -> str:
    """The one name of a penalty (``highest`` is ``call highest``)."""
    return PENALTY_SAME.get(word, word)


def penalty_answers(demanded: str, granted: str) -> bool:
    """Whether a right to ``granted`` answers a demand of ``demanded``.

    >>> penalty_answers("highest", "call highest"), penalty_answers("take tricks", "three tricks")
    (True, True)
    >>> penalty_answers("call suit", "call card")
    False
    """
    demanded, granted = penalty_key(demanded), penalty_key(granted)
    if demanded == granted or demanded == "penalty":
        return True
    return granted in PENALTY_COVERS.get(demanded, ()) or demanded in PENALTY_COVERS.get(granted, ())

MARKS = frozenset({"", "points", "point", "honours", "game", "treble", "double", "single", "rubber"})

ACTS = frozenset({
    # claims and concessions
    "claims game", "claims rest", "claims trick", "claims honours", "claims revoke",
    "claims new deal", "can win rest", "withdraws claim", "concedes",
    # questions and answers
    "asks partner none", "asks trump suit", "asks who elects", "asks who dealt",
    "answers yes", "answers no", "consults", "consults about penalty",
    # information given at the table
    # "calls attention" is to the trick (or the score), as Law 86 and American 35 speak of it;
    # "points out irregularity" is the neutral act of drawing notice to an error;
    # "draws trick" is drawing the trick towards oneself; "asks cards drawn" is the
    # lawful "Draw your cards" (that the players draw their cards, or place them before them)
    "names trump card", "cannot recollect trump card", "calls attention", "draws trick",
    "points out irregularity", "asks cards drawn",
    "names card", "remark on score",
    "questions score", "disputes deal", "disputes claim", "agrees",
})

#: The kinds of place a card may be found or dropped, as the grammar writes them.
PLACES = frozenset({"face-up", "face-down", "on-floor", "in-other-pack", "faced-in-pack", "among-tricks"})



def penalty_words(key: str) -> tuple[str, ...]:
    """Every word a demand may use that a right to ``key`` answers: the key, its other name,
    and the general words that cover it (``three tricks`` answers ``take tricks``).

    >>> penalty_words("call highest")
    ('call highest', 'highest', 'penalty')
    """
    key = penalty_key(key)
    words = [key] + [w for w, same in PENALTY_SAME.items() if same == key]
    words += [general for general, covered in PENALTY_COVERS.items() if key in covered]
    return tuple(dict.fromkeys(words + ["penalty"]))


#: Each penalty in words, after "demanded": a thing ("the call of a suit") or a clause ("that …").
PENALTY_WORDS = {
    "call card": "the call of {arg|the card}", "call suit": "the call of {arg|a suit}",
    "call highest": "the highest card of {arg|the suit}", "call lowest": "the lowest card of {arg|the suit}",
    "win trick": "that the trick be won", "not win trick": "that the trick be not won",
    "trump": "that the trick be trumped", "not trump": "that the trick be not trumped",
    "new deal": "a new deal", "deal stands": "that the deal stand", "three tricks": "three tricks",
    "two tricks": "two tricks", "take tricks": "tricks", "deduct points": "points deducted",
    "add points": "points added", "deduct three": "three points deducted",
    "add three": "three points added", "play out": "that the hand be played out",
    "cards placed": "that the cards be placed before their players",
    "last trick": "a sight of the last trick", "hand laid down": "that the hand be laid on the table",
    "stakes": "the stakes", "penalty": "a penalty", "revoke penalty": "the penalty of the revoke",
    "exposed card": "the card as an exposed card",
    "not play card": "that the card be not played",
}


def penalty_phrase(key: str, named: str = "") -> str:
    """A penalty in words, after "demanded": ``the call of hearts``, ``that the trick be won``.

    >>> penalty_phrase("call suit", "hearts"), penalty_phrase("call suit"), penalty_phrase("not trump")
    ('the call of hearts', 'the call of a suit', 'that the trick be not trumped')
    """
    phrase = PENALTY_WORDS.get(penalty_key(key), key)
    while "{arg|" in phrase:
        start = phrase.index("{arg|")
        end = phrase.index("}", start)
        phrase = phrase[:start] + (named or phrase[start + 5:end]) + phrase[end + 1:]
    return phrase
