"""Reading one YAML file, quickly and with errors that point at the line.

Two things beyond the YAML library's own safe loader:

- a key given twice in one mapping is refused, at the second one's line and column. YAML
  lets the last win, so a second ``rules:`` further down an entry would silently delete the
  first one's rules;
- what was read can be recorded (:func:`recording`): the law-book cache is keyed on the
  bytes the book was actually built from, not on the files as they were a moment before.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import LawBookError

#: While a law book is built: each file read, and the digest of the bytes read from it.
_RECORD: ContextVar[dict[Path, str] | None] = ContextVar("yaml_reads", default=None)


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


@contextlib.contextmanager
def recording() -> Iterator[dict[Path, str]]:
    """Within: every file :func:`read_yaml` reads is noted, with the digest of its bytes."""
    reads: dict[Path, str] = {}
    token = _RECORD.set(reads)
    try:
        yield reads
    finally:
        _RECORD.reset(token)


def read_yaml(path: Path) -> Any:
    # Imported here: a law book read from the cache needs no YAML at all.
    import yaml

    try:
        data = path.read_bytes()
    except OSError as exc:
        raise LawBookError(path, f"cannot be read ({exc.strerror or exc})") from None
    record = _RECORD.get()
    if record is not None:
        record[path] = digest(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LawBookError(path, f"is not UTF-8 text (byte {exc.start})") from None
    try:
        return yaml.load(text, Loader=_loader())
    except _DuplicateKey as exc:
        raise LawBookError(f"{path}:{exc.line}:{exc.column}",
                           f"duplicate key {exc.key!r} (first given on line {exc.first}): "
                           "a second one would replace the first") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise LawBookError(path, f"{where}not valid YAML ({getattr(exc, 'problem', exc)})") from None


def read_plain(path: Path) -> Any:
    """A small table a ruling reads (the phrases, the outcomes, the words of questions), as
    :func:`read_yaml` reads it: from the arbiter's cache, kept as plain data
    (:mod:`arbiter.support.plaindata`) under the digest of the file's bytes, where it was read
    before (YAML is slow to import and to read, and every ruling reads these); else from the
    file, then kept. What is read back is checked as the file's own text is."""
    from ..support import cachefiles, plaindata

    try:
        data = path.read_bytes()
    except OSError:
        return read_yaml(path)      # which says why it cannot be read
    record = _RECORD.get()
    if record is not None:
        record[path] = digest(data)
    name = f"table-{path.stem}-{digest(data)}.json"
    kept = cachefiles.read(name) if cachefiles.available() else None
    if kept is not None:
        try:
            return plaindata.loads(kept, _TABLE)
        except plaindata.NotOurs:
            pass
    raw = read_yaml(path)
    if cachefiles.available():
        try:
            blob = plaindata.dumps(raw, _TABLE)
        except (TypeError, ValueError):     # something YAML gave that plain data does not keep
            return raw
        cachefiles.write(name, blob, replaces=f"table-{path.stem}-")
    return raw


#: What a kept table is, in its file's first line.
_TABLE = "yaml-table"


class _DuplicateKey(Exception):
    def __init__(self, key: object, line: int, column: int, first: int) -> None:
        super().__init__(key)
        self.key, self.line, self.column, self.first = key, line, column, first


@lru_cache(maxsize=1)
def _loader() -> type:
    """The safe loader (libyaml's, several times faster than the pure-Python one, when it is
    there) that refuses a key given twice."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    merge = "tag:yaml.org,2002:merge"

    class Loader(base):  # type: ignore[misc, valid-type]
        def construct_mapping(self, node, deep=False):
            if isinstance(node, yaml.MappingNode):
                seen: dict[Any, int] = {}
                for key_node, _ in node.value:
                    if key_node.tag == merge:
                        continue
                    key = self.construct_object(key_node, deep=True)
                    mark = key_node.start_mark
                    try:
                        if key in seen:
                            raise _DuplicateKey(key, mark.line + 1, mark.column + 1, seen[key])
                        seen[key] = mark.line + 1
                    except TypeError:   # an unhashable key: the library says so
                        continue
            return super().construct_mapping(node, deep=deep)

    return Loader
