"""What the Jinja2 environment of :mod:`arbiter.render` needs to be safe with free text.

- :func:`finalize`: every value a template writes has its control, bidi and invisible
  characters shown (``\\x1b``, ``\\u202e``: :func:`arbiter.support.escapes.shown`), whatever the
  format, so no escape sequence reaches a terminal from the text, Markdown or HTML output
  and no remark turns a line around. Markup (a macro's output, HTML already escaped) stays
  Markup.
- :class:`EscapingTemplate`: a Markdown template (``*.md.j2``) is given its data with every
  string written for Markdown (:func:`arbiter.support.escapes.markdown`), as HTML templates are
  HTML-escaped. The data, not each written value, is escaped, so that what a template adds
  itself -- ``<br>`` between paragraphs, ``\\|`` in a table, a macro's ``**Remedy.**`` -- is
  left as the template meant it.
- :class:`PrivateBytecodeCache`: compiled templates are kept through :mod:`arbiter.support.cachefiles`
  (a directory of the user's own, files nobody else can write), in a format of our own with
  no pickle in it, and anything unreadable -- a file cut short, another Python's -- is
  compiled afresh instead of failing.
"""

from __future__ import annotations

import importlib.util
import marshal
from types import CodeType
from typing import Any

from jinja2 import Template
from jinja2.bccache import Bucket, BytecodeCache
from markupsafe import Markup

from ..support import cachefiles
from ..support.escapes import markdown_data, shown


def finalize(value: Any) -> Any:
    """A template's value as written: what is not seen as itself shown, Markup kept Markup."""
    if isinstance(value, Markup):
        return Markup(shown(str(value)))
    if isinstance(value, str):
        return shown(value)
    return value


class EscapingTemplate(Template):
    """A template that, in Markdown, is given its data written for Markdown. The law book
    (``book``), which filters look laws up in, is passed as it is."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        if (self.name or "").endswith(".md.j2"):
            args = tuple(markdown_data(a) for a in args)
            kwargs = {k: v if k == "book" else markdown_data(v) for k, v in kwargs.items()}
        return super().render(*args, **kwargs)


#: The first line of a kept template: whose file it is, for which Python (marshal's format
#: is Python's own) and which Jinja2 (the code it compiles to).
def _header(bucket: Bucket) -> bytes:
    import jinja2

    return (b"whist-arbiter template " + importlib.util.MAGIC_NUMBER.hex().encode() + b" "
            + jinja2.__version__.encode() + b" " + bucket.checksum.encode() + b"\n")


class PrivateBytecodeCache(BytecodeCache):
    """Jinja2's bytecode cache, kept in the arbiter's private cache directory."""

    @staticmethod
    def _name(bucket: Bucket) -> str:
        return f"template-{bucket.key}.bytecode"

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = cachefiles.read(self._name(bucket))
        header = _header(bucket)
        if kept is None or not kept.startswith(header):
            return      # absent, not ours, or for another source, Python or Jinja2
        try:
            code = marshal.loads(kept[len(header):])
        except Exception:   # cut short or damaged: compile the template again
            return
        if isinstance(code, CodeType):
            bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            cachefiles.write(self._name(bucket), _header(bucket) + marshal.dumps(bucket.code))


def bytecode_cache() -> PrivateBytecodeCache | None:
    return PrivateBytecodeCache() if cachefiles.available() else None
