"""Lark's LALR parsers, with the analysed grammar kept as plain data in the arbiter's own cache.

Analysing the incident grammar takes Lark about a tenth of a second, more than the rest of
a ruling. Lark's own ``cache=True`` would keep the analysis as a pickle at a predictable
name in the shared temporary directory and load it before checking anything, so a file
another account put there would run its code in ours. Lark is therefore never given
``cache=``. What it would have pickled -- its tables: mappings, lists, tuples, text, numbers
-- is kept instead as plain data (:mod:`.plaindata`: JSON, checked whole before it is read)
in the directory that :mod:`.cachefiles` verifies is this user's alone, under a name that
hashes the grammar, Lark's version and Python's. Anything wrong with that file -- stale,
cut short, changed, of another shape -- and the grammar is analysed afresh.

Why a kept grammar cannot run code, even one written to do harm: JSON reads back as text,
numbers, lists, mappings and the tuples and sets of :mod:`.plaindata`, none of which can be
called; Lark makes from them only objects of the classes it names itself (its rules,
terminals, patterns and parse tables: a fixed table per class, never a name from the file);
and everything the parser calls -- the transformer, lexer callbacks, a post-lexer, plugins --
is given here when the tables are loaded, never read from the file (the file's own values
for those are overridden). Such a file could name, as the action of a grammar rule, a method
of the arbiter's own transformer, or give a terminal a slow regular expression: a wrong or
slow parse, in a directory only this user can write, but nothing run that the file brought.
(marshal, which this used before, also builds code objects, and is documented as not safe
against data crafted to do harm.)
"""

from __future__ import annotations

import hashlib
import sys
from typing import TYPE_CHECKING, Any

from . import cachefiles, plaindata
from .lasting import made_to_last

if TYPE_CHECKING:
    from lark import Lark

#: What the first line of a kept grammar says it holds.
KIND = "lark-tables"

#: What the parser is made with that is not the grammar: given when the tables are loaded,
#: each as a parser made from the grammar has it (Lark's defaults), whatever the file says.
_GIVEN_AT_LOAD: dict[str, Any] = {
    "postlex": None, "lexer_callbacks": {}, "tree_class": None, "_plugins": {}, "regex": False,
    "use_bytes": False, "debug": False, "g_regex_flags": 0, "propagate_positions": False,
}


def lalr_parser(name: str, grammar: str, transformer: Any) -> Lark:
    """The LALR parser of ``grammar`` with its inline ``transformer``; ``name`` tells apart
    the grammars' files in the cache."""
    import lark
    from lark import Lark

    digest = hashlib.blake2b(digest_size=16)
    for part in (grammar, lark.__version__, sys.version, "lalr"):
        digest.update(part.encode("utf-8") + b"\0")
    file = f"lark-{name}-{digest.hexdigest()}.json"
    kept = cachefiles.read(file)
    if kept is not None:
        try:
            with made_to_last():        # a parser is kept as long as the process
                tables = plaindata.loads(kept, KIND)
                return Lark._load_from_dict(tables["data"], tables["memo"], transformer=transformer, **_given())
        except Exception:   # cut short, another Lark's, another shape: analyse it again
            pass
    parser = Lark(grammar, parser="lalr", transformer=transformer)
    if cachefiles.available():
        _keep(parser, file, f"lark-{name}-")
    return parser


def _given() -> dict[str, Any]:
    """The options of :data:`_GIVEN_AT_LOAD` this Lark lets a loaded parser be given (all,
    in the Lark versions we know)."""
    allowed = getattr(sys.modules["lark.lark"], "_LOAD_ALLOWED_OPTIONS", set(_GIVEN_AT_LOAD))
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in _GIVEN_AT_LOAD.items() if k in allowed}


def _keep(parser: Lark, file: str, prefix: str) -> None:
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    given = getattr(sys.modules["lark.lark"], "_LOAD_ALLOWED_OPTIONS", set()) | set(_GIVEN_AT_LOAD) | {"transformer"}
    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        data["options"] = {k: v for k, v in data["options"].items() if k not in given}
        blob = plaindata.dumps({"data": data, "memo": memo}, KIND)
    except (ValueError, TypeError):   # something in the tables that is not plain data: keep nothing
        return
    cachefiles.write(file, blob, replaces=prefix)
