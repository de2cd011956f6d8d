"""The inference engine: conditions solved over facts, and forward chaining of the rules.

It knows the facts and the law book's rules, and nothing of any particular law:
:mod:`.solve` finds every way a condition holds, :mod:`.infer` draws the conclusions of a
code's rules, :mod:`.audit` is the static check of the rule base.

Uses: facts, lawbook, incident, cards, words, support.
"""
