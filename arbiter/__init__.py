"""whist-arbiter: a rulings assistant for Whist and its family.

The law codes are data (``laws/*.yaml``); this package loads, checks and browses them.
Everything the ``arbiter`` command does can be done from Python:

>>> from arbiter.lawbook import load_lawbook
>>> book = load_lawbook()
>>> book.law("english-1864 72").footnotes[32]
'And add them to their own.'
"""

__version__ = "0.1.0"
