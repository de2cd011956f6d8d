"""Settlements: scoring a hand, a game and a rubber of whist, and paying a Boston-family hand.

One calculator for each kind of settlement; every number comes from ``laws/scoring.yaml``
or ``laws/games/*.yaml``, with the law or table that gives it.

Uses: lawbook, words, support.
"""

from .boston import boston_payment, fontainebleau_payment, french_boston_payment, misere_partout
from .whist import HandScore, score_hand, score_rubber, scoring_system

__all__ = ["HandScore", "boston_payment", "fontainebleau_payment", "french_boston_payment", "misere_partout",
           "score_hand", "score_rubber", "scoring_system"]
