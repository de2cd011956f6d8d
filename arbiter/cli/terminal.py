"""Law text for a terminal: italics from ``_word_``, footnote markers set off, matches lit.

Everything here builds rich ``Text`` objects rather than markup strings, because law text
is full of square brackets (``player[32]``) that rich markup would read as tags.

rich is imported when something is first printed through it: ``terminal.Text``,
``terminal.Table`` and ``terminal.box`` are rich's own, looked up on demand, so that a
command that prints plain text (``arbiter rule``) starts without loading it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.padding import Padding
    from rich.text import Text

_ITALIC = re.compile(r"_([^_]+)_")
_MARK = re.compile(r"\[(\d+)\]")

#: rich's names the commands use, and the modules they come from.
_RICH = {"Text": "rich.text", "Table": "rich.table", "Padding": "rich.padding", "box": "rich.box"}


def __getattr__(name: str) -> Any:
    if name not in _RICH:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = import_module(_RICH[name])
    value = _text_class() if name == "Text" else module if name == "box" else getattr(module, name)
    globals()[name] = value
    return value


@lru_cache(maxsize=1)
def _text_class() -> type:
    """rich's ``Text``, its words shown (:func:`~arbiter.support.escapes.shown`) as they are
    given: rich itself drops a bell, a backspace or a carriage return without a word, and
    would lay out a zero-width character as taking no room, where it is shown as ``\u200b``."""
    from rich.text import Text

    from ..support.escapes import shown

    class ShownText(Text):
        def __init__(self, text: str = "", *args: Any, **kwargs: Any) -> None:
            super().__init__(shown(text), *args, **kwargs)

        def append(self, text: Any, style: Any = None) -> ShownText:
            super().append(shown(text) if isinstance(text, str) else text, style)
            return self

    return ShownText


@lru_cache(maxsize=1)
def _console_class() -> type:
    from rich.console import Console
    from rich.segment import Segment

    from ..support.escapes import shown

    class QuietConsole(Console):
        def on_broken_pipe(self) -> None:
            """``arbiter … | head``: the reader has what it wanted; stop quietly, exit 0."""
            raise BrokenPipeError

        def render_str(self, text: str, **options: Any) -> Text:
            """A string printed: shown first (see :func:`_text_class`)."""
            return super().render_str(shown(text), **options)

        def _render_buffer(self, buffer) -> str:
            """Text as it is written out, with its control characters shown (``\\x1b``):
            speech, titles and law text reach the terminal as words, never as escape
            sequences. rich's own styling is added after this, and its control segments
            (which it makes itself) pass untouched. (rich has no public hook for this.)"""
            return super()._render_buffer(
                segment if segment.control else Segment(shown(segment.text), segment.style, segment.control)
                for segment in buffer)

    return QuietConsole


def console() -> Console:
    """A console for our output. Piped into another program, a paragraph stays on one line,
    so that ``grep`` finds a phrase the terminal would have wrapped. A string printed is
    never read as rich's markup: ``[link=…]`` in a speech is words, not a hyperlink."""
    out = _console_class()(highlight=False, emoji=False, markup=False)
    if not out.is_terminal:
        out = _console_class()(highlight=False, emoji=False, markup=False, width=10_000)
    return out


def law_text(text: str, terms: tuple[str, ...] = ()) -> Text:
    """Style one paragraph: ``_italics_`` set in italics, ``[32]`` markers set off, and the
    words whose stems are in ``terms`` (a search's) highlighted."""
    out = _text_class()()
    pos = 0
    for m in _ITALIC.finditer(text):
        out.append(text[pos:m.start()])
        out.append(m.group(1), style="italic")
        pos = m.end()
    out.append(text[pos:])
    shown = out.plain
    for m in _MARK.finditer(shown):
        out.stylize("cyan", m.start(), m.end())
    if terms:
        from ..lawbook.search import highlight_spans

        for start, end in highlight_spans(shown, terms):
            out.stylize("bold yellow", start, end)
    return out


def indented(renderable, left: int = 4) -> Padding:
    from rich.padding import Padding

    return Padding(renderable, (0, 0, 0, left), expand=False)


def heading(text: str) -> Text:
    return _text_class()(text, style="bold")


def dim(text: str) -> Text:
    return _text_class()(text, style="dim")


def one_line(text: str, width: int) -> str:
    text = re.sub(r"\s+", " ", text)
    return text if len(text) <= width else text[: max(width - 1, 1)] + "…"


def word_diff(changes, color: bool) -> Text:
    """A running text with deletions and insertions marked; wdiff-style marks without color."""
    out = _text_class()()
    for i, change in enumerate(changes):
        if i:
            out.append(" ")
        if change.op == "equal":
            out.append(change.left)
            continue
        if change.left:
            out.append(f"[-{change.left}-]" if not color else change.left, style="red strike" if color else None)
        if change.left and change.right:
            out.append(" ")
        if change.right:
            out.append(f"{{+{change.right}+}}" if not color else change.right, style="green" if color else None)
    return out
