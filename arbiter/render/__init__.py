"""A decision written out: text, Markdown, HTML or JSON, through the Jinja2 templates.

Nothing here decides anything (:mod:`.decisions` arranges what a decision holds in the book's
manner; :mod:`.templating` keeps free text safe in every format).

Uses: ruling, engine, table, facts, scoring, lawbook, incident, cards, words, support.
"""
