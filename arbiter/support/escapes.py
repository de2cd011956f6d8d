r"""Free text made safe to show: on a terminal, and in Markdown.

Speech, titles, names, comments and the lines quoted in errors are whatever the incident
file holds. Written raw to a terminal, an escape sequence in them clears the screen, sets
the window's title, writes to the clipboard (OSC 52) or hides a link; so every control
character but tab and newline is shown as ``\x1b`` and the like (:func:`shown`). JSON keeps
the text as it is: it is data for programs, and JSON escapes control characters itself.

Markdown reads punctuation as markup: a question that begins ``<!--`` hides the rest of the
document, three backquotes turn the decision into code, ``<script>`` passes to the HTML a
Markdown viewer makes. :func:`markdown` writes free text so that it reads as the words it
is, as HTML-escaping does for the HTML output.

>>> shown("clear\x1b[2Jscreen")
'clear\\x1b[2Jscreen'
>>> markdown("<!-- *all* of `this` -->")
'&lt;!-- \\*all\\* of &#96;this&#96; --&gt;'
"""

from __future__ import annotations

import re

#: C0 controls but tab and newline, DEL, and the C1 controls (U+0080 to U+009F, among them
#: the one-character CSI, U+009B).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def shown(text: str) -> str:
    r"""``text`` with each control character but tab and newline written as ``\xNN``."""
    if _CONTROL.search(text) is None:
        return text
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


#: What Markdown may read as markup anywhere in a line: entities for HTML's characters, the
#: backquote (a backslash does not escape inside a code span, an entity shows as itself
#: there) and the table's bar (which the templates' own ``replace("|", "\|")`` must not
#: double); a backslash before the rest. An underscore between two letters or digits is
#: never emphasis, so ``revoke_made_good`` is left as it is.
_INLINE = re.compile(r"[&<>`|\\*\[\]~]|(?<![^\W_])_|_(?![^\W_])")
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "`": "&#96;", "|": "&#124;"}
#: What makes markup at the start of a line: a heading, a list item, a setext underline,
#: an ordered list's number; spaces that would make a code block.
_LINE_START = re.compile(r"^([ \t]*)(#|[-+=]|\d+(?=[.)]))", re.M)
_INDENT = re.compile(r"^[ \t]+", re.M)


def markdown(text: str) -> str:
    """``text`` as Markdown that shows exactly these words."""
    text = _INLINE.sub(lambda m: _ENTITIES.get(m.group(), "\\" + m.group()), text)
    text = _LINE_START.sub(lambda m: m.group(1) + (m.group(2) + "\\" if m.group(2)[0].isdigit()
                                                   else "\\" + m.group(2)), text)
    return _INDENT.sub(lambda m: "&#32;" * len(m.group().expandtabs(4)), text)


def markdown_data(value: object) -> object:
    """Every string in ``value`` (strings, lists, tuples and dicts of them, as a decision's
    data is) written for Markdown; the dicts' keys, and whatever is not text, unchanged."""
    if isinstance(value, str):
        return markdown(value)
    if isinstance(value, dict):
        return {k: markdown_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(markdown_data(v) for v in value) if type(value) in (list, tuple) else value
    return value
