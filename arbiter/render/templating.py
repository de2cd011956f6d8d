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

Compiled templates are not kept between processes: Jinja2 compiles a template to Python code,
and a kept compiled template would be code read back from the cache. Compiling the decision's
templates costs a new process a few hundredths of a second (14 ms for ``decision.text.j2``,
20 ms for ``decision.md.j2`` when the cache of them was given up); the cache keeps data only.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Template
from markupsafe import Markup

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
