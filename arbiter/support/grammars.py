"""Lark's LALR parsers, with the analysed grammar kept as plain data in the arbiter's own cache.

Analysing the incident grammar takes Lark about a tenth of a second, more than the rest of
a ruling. Lark's own ``cache=True`` would keep the analysis as a pickle at a predictable
name in the shared temporary directory and load it before checking anything, so a file
another account put there would run its code in ours. Lark is therefore never given
``cache=``. What it would have pickled -- its tables, which are dicts, lists, strings and
numbers -- is kept instead with :mod:`marshal` (data only, no classes to call) in the cache
directory that :mod:`.cachefiles` verifies is this user's alone, under a name that hashes
the grammar, Lark's version and Python's. Anything wrong with that file -- stale, cut
short, of another shape -- and the grammar is analysed afresh.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from typing import TYPE_CHECKING, Any

from . import cachefiles

if TYPE_CHECKING:
    from lark import Lark

#: Options that are objects of the caller's (the transformer, callbacks): given again when
#: the tables are loaded, never kept. Lark's own list, where it has one.
_GIVEN_AT_LOAD = {"transformer", "postlex", "lexer_callbacks", "tree_class", "_plugins", "edit_terminals",
                  "regex", "propagate_positions", "debug", "use_bytes", "g_regex_flags"}


def lalr_parser(name: str, grammar: str, transformer: Any) -> Lark:
    """The LALR parser of ``grammar`` with its inline ``transformer``; ``name`` tells apart
    the grammars' files in the cache."""
    import lark
    from lark import Lark

    digest = hashlib.blake2b(digest_size=16)
    for part in (grammar, lark.__version__, sys.version, "lalr"):
        digest.update(part.encode("utf-8") + b"\0")
    file = f"lark-{name}-{digest.hexdigest()}.marshal"
    kept = cachefiles.read(file)
    if kept is not None:
        try:
            tables = marshal.loads(kept)
            return Lark._load_from_dict(tables["data"], tables["memo"], transformer=transformer)
        except Exception:   # cut short, another Lark's, another shape: analyse it again
            pass
    parser = Lark(grammar, parser="lalr", transformer=transformer)
    if cachefiles.available():
        _keep(parser, file, f"lark-{name}-")
    return parser


def _keep(parser: Lark, file: str, prefix: str) -> None:
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    given = getattr(sys.modules["lark.lark"], "_LOAD_ALLOWED_OPTIONS", _GIVEN_AT_LOAD) | _GIVEN_AT_LOAD
    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        data["options"] = {k: v for k, v in data["options"].items() if k not in given}
        blob = marshal.dumps({"data": data, "memo": memo})
    except (ValueError, TypeError):   # something in the tables that is not plain data: keep nothing
        return
    cachefiles.write(file, blob, replaces=prefix)
