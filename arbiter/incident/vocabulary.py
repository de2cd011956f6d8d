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
    "hand laid down", "stakes", "penalty",
})

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
