"""Whist's words, shared by the notation and the laws: the penalties, claims, acts, marks and
places an incident may name (:mod:`.vocabulary`), and the reading of speech and bids against
a phrase table (:mod:`.phrases`); and the words a player writes that the notation does not
take, with what it writes instead (:mod:`.near_words`, a table of data beside it).

Uses: nothing of ours.
"""
