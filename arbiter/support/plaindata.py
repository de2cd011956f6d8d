"""What the cache keeps, written as JSON and read back as plain values, never as code.

A pickle names the functions and classes to call as it loads, and marshal builds code
objects; either lets whoever wrote a file choose what runs. A file of this module holds
JSON, which has only text, numbers, true/false/null, lists and mappings with text keys.
What Python's values need beyond that is a JSON object of one key, the *tag*:

- ``{"()": [...]}`` a tuple, ``{"set()": [...]}`` a set, ``{"frozenset()": [...]}`` a
  frozenset, ``{"{}": [[key, value], ...]}`` a mapping whose keys are not all text (or whose
  one key is itself a tag);
- a caller's records (the law book's dataclasses), each under a tag of its own, as the list
  of its parts: ``{"Law": ["english-1864/72", ...]}``.

A tag is looked up in a table the reader is given -- the containers above and the records
it lists -- and nothing in a file names a module, a class or a function to be found, so
the worst a file can do is not be read. A record is made again without its ``__init__``:
what it holds was checked when it was built, before it was written.

A file is one line saying what it holds (a kind, the format's version, a check of the rest),
then the JSON. A file cut short, changed by a byte, or written for another kind or version
is refused whole (:class:`NotOurs`), and the caller builds the thing afresh.
"""

from __future__ import annotations

import gc
import json
import zlib
from collections.abc import Callable, Iterable
from dataclasses import MISSING, dataclass, fields
from typing import Any

#: The version of the format; a file of another is not read.
VERSION = 1

TUPLE, SET, FROZENSET, PAIRS = "()", "set()", "frozenset()", "{}"
_CONTAINERS: dict[str, Callable[[Any], Any]] = {
    TUPLE: tuple, SET: set, FROZENSET: frozenset, PAIRS: dict,
}


class NotOurs(ValueError):
    """The bytes are not a file this module wrote for this kind: cut short, damaged, of
    another version, or not ours at all."""


@dataclass(frozen=True)
class Kind:
    """How one class is kept: under ``tag``, as the list of values ``parts`` gives, and made
    again by ``make`` from those values read back."""

    tag: str
    cls: type
    parts: Callable[[Any], list]
    make: Callable[[list], Any]


def record(cls: type, tag: str | None = None, *, skip: Iterable[str] = ()) -> Kind:
    """A dataclass kept as its fields, in order (``skip``: fields not kept, given their
    defaults when it is read back), and made again without running ``__init__``. A field
    declared a tuple is written as a plain list and made a tuple again, which spares the
    reader a tag for each (a list found in such a field is refused when written: it would
    not read back as itself)."""
    skipped = set(skip)
    kept = [f for f in fields(cls) if f.name not in skipped]
    names = tuple(f.name for f in kept)
    tuples = tuple(i for i, f in enumerate(kept) if _declared_tuple(f.type))
    defaults = tuple((f.name, f.default_factory) for f in fields(cls)
                     if f.name in skipped and f.default_factory is not MISSING)
    constants = {f.name: f.default for f in fields(cls) if f.name in skipped and f.default is not MISSING}
    if len(defaults) + len(constants) != len(skipped):
        raise TypeError(f"{cls.__name__}: a field left out must have a default")

    def parts(obj: Any) -> list:
        held = vars(obj)
        values = [held[name] for name in names]
        for i in tuples:
            if type(values[i]) is tuple:
                values[i] = list(values[i])
            elif type(values[i]) is list:
                raise TypeError(f"{cls.__name__}.{names[i]} holds a list where a tuple is declared")
        return values

    def make(values: list) -> Any:
        if type(values) is list and len(values) == len(names):
            for i in tuples:
                if type(values[i]) is list:
                    values[i] = tuple(values[i])
        return made(cls, names, values, defaults, constants)

    return Kind(tag or cls.__name__, cls, parts, make)


def _declared_tuple(declared: Any) -> bool:
    """Whether a field's declared type is a tuple (``tuple``, ``tuple[str, ...]``), as written
    under ``from __future__ import annotations`` or as a type."""
    if isinstance(declared, str):
        return declared == "tuple" or declared.startswith("tuple[")
    return declared is tuple or getattr(declared, "__origin__", None) is tuple


def made(cls: type, names: tuple[str, ...], values: Any, defaults: tuple = (), constants: dict | None = None) -> Any:
    """An instance of ``cls`` holding ``values`` under ``names``, its ``__init__`` not run.
    A NotOurs if the values are not a list of as many."""
    if type(values) is not list or len(values) != len(names):
        raise NotOurs(f"{cls.__name__}: expected {len(names)} values")
    obj: Any = object.__new__(cls)
    held = obj.__dict__
    held.update(zip(names, values))
    if constants:
        held.update(constants)
    for name, factory in defaults:
        held[name] = factory()
    return obj


class Kinds:
    """The records a file may hold: the only classes a reader makes."""

    def __init__(self, *kinds: Kind) -> None:
        self.by_class = {k.cls: k for k in kinds}
        self.by_tag: dict[str, Callable[[Any], Any]] = dict(_CONTAINERS)
        for k in kinds:
            if k.tag in self.by_tag:
                raise ValueError(f"the tag {k.tag!r} is taken")
            self.by_tag[k.tag] = k.make
        if len(self.by_class) != len(kinds):
            raise ValueError("a class is given twice")


NO_KINDS = Kinds()


def dumps(value: Any, kind: str, kinds: Kinds = NO_KINDS) -> bytes:
    """``value`` as a file of ``kind``. A TypeError if it holds anything but plain values and
    the records of ``kinds``."""
    body = json.dumps(_plain(value, kinds), ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")
    return _head(kind, body) + body


def loads(data: bytes, kind: str, kinds: Kinds = NO_KINDS) -> Any:
    """What :func:`dumps` kept in ``data``; a NotOurs if that is not a whole file of ``kind``."""
    end = data.find(b"\n")
    body = data[end + 1:]
    if end < 0 or data[: end + 1] != _head(kind, body):
        raise NotOurs(f"not a whole file of {kind}")
    hook = _reader(kinds)
    collecting = gc.isenabled()
    gc.disable()        # many small objects, no cycles: the collector would only walk them again and again
    try:
        return json.loads(body, object_hook=hook)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        raise NotOurs(f"not a file of {kind}: {exc}") from None
    finally:
        if collecting:
            gc.enable()


def _head(kind: str, body: bytes) -> bytes:
    """The first line: what the file holds, and a check of the bytes after it (a check against
    damage, not a signature: whoever may write the file may write the line too)."""
    return f"whist-arbiter {kind} {VERSION} {zlib.crc32(body):08x}\n".encode("ascii")


def _reader(kinds: Kinds) -> Callable[[dict], Any]:
    tags = kinds.by_tag

    def hook(obj: dict) -> Any:
        if len(obj) == 1:
            for tag, value in obj.items():
                make = tags.get(tag)
                if make is not None:
                    if type(value) is not list:
                        raise NotOurs(f"{tag} holds no list")
                    return make(value)
        return obj
    return hook


def _plain(value: Any, kinds: Kinds) -> Any:
    t = type(value)
    if value is None or t is str or t is int or t is bool or t is float:
        return value
    if t is list:
        return [_plain(v, kinds) for v in value]
    if t is tuple:
        return {TUPLE: [_plain(v, kinds) for v in value]}
    if t is dict:
        if all(type(k) is str for k in value) and not (len(value) == 1 and next(iter(value)) in kinds.by_tag):
            return {k: _plain(v, kinds) for k, v in value.items()}
        return {PAIRS: [[_plain(k, kinds), _plain(v, kinds)] for k, v in value.items()]}
    if t is set or t is frozenset:
        return {SET if t is set else FROZENSET: [_plain(v, kinds) for v in sorted(value, key=_order)]}
    kind = kinds.by_class.get(t)
    if kind is None:
        raise TypeError(f"{t.__name__} is not kept in the cache")
    return {kind.tag: [_plain(v, kinds) for v in kind.parts(value)]}


def _order(value: Any) -> tuple[str, str]:
    """Members of a set in a fixed order, so that the same set is always the same bytes."""
    return type(value).__name__, repr(value)
