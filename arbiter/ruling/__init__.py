"""The judgment: from the facts and the law book's conclusions, one decision.

:mod:`.decision` replays each branch and infers; :mod:`.demands` judges every penalty
demanded; :mod:`.open_questions` weighs what the ruling turns on; :mod:`.outcomes` says what a
holding comes to at the table; :mod:`.narrative` tells the facts; :mod:`.explain` says why
each holding follows; :mod:`.comparison` sets the codes side by side; :mod:`.customs` reads
the game's customs for the replay.

Uses: engine, table, facts, scoring, lawbook, incident, cards, words, support.
"""
