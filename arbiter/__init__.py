"""whist-arbiter: a rulings assistant for Whist and its family.

The package follows the pipeline, each part using only those below it
(``tests/test_architecture.py`` holds it so):

- :mod:`arbiter.cards`, :mod:`arbiter.words` (whist's words shared by the notation and the
  laws) and :mod:`arbiter.support` (files, the cache, Lark, safe text): the ground floor;
- :mod:`arbiter.incident`: the notation, read and printed;
- :mod:`arbiter.lawbook`: the codes as data, their rules in the condition language;
- :mod:`arbiter.facts` and :mod:`arbiter.table`: the replay, from an incident to facts;
- :mod:`arbiter.engine`: the rules solved over the facts; :mod:`arbiter.scoring`: settlements;
- :mod:`arbiter.ruling`: the judgment, one decision;
- :mod:`arbiter.render`: the decision written out;
- :mod:`arbiter.cases` (the published cases), :mod:`arbiter.guide` (the notation listed);
- the faces: :mod:`arbiter.api` (Python), :mod:`arbiter.cli` (the terminal), :mod:`arbiter.web`.

Everything the ``arbiter`` command does can be done from Python:

>>> from arbiter.lawbook import load_lawbook
>>> book = load_lawbook()
>>> book.law("english-1864 72").footnotes[32]
'And add them to their own.'

Uses: nothing of ours.
"""

__version__ = "0.1.0"
