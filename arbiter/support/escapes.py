r"""Free text made safe to show: on a terminal, in Markdown, in JSON.

Speech, titles, names, comments and the lines quoted in errors are whatever the incident
file holds. Written raw to a terminal, an escape sequence in them clears the screen, sets
the window's title, writes to the clipboard (OSC 52) or hides a link; a bidi control
(U+202E) reverses how the rest of the line displays, so that a remark can turn the
arbiter's own words around; an invisible character (a zero-width space, a soft hyphen, a
tag character) makes two different texts look the same. So there is one policy for every
text that reaches a person, whatever the output: every character that is not seen as
itself -- a control but tab and newline, a format character (bidi controls, zero-width
characters, tags: Unicode's Cf), a line or paragraph separator, and the fillers that print
as nothing -- is shown as its escape, ``\x1b``, ``\u202e`` or ``\U000e0041``
(:func:`shown`). The notation reads the same escapes between its quotes, so the canonical
form ``arbiter fmt`` writes keeps them as escapes that read back as the same text
(arbiter/incident/printer.py). JSON is data for programs and keeps the text, but writes
these characters as JSON's own ``\u`` escapes (:func:`json_text`), so that JSON shown on a
terminal is safe too.

Markdown reads punctuation as markup: a question that begins ``<!--`` hides the rest of the
document, three backquotes turn the decision into code, ``<script>`` passes to the HTML a
Markdown viewer makes. :func:`markdown` writes free text so that it reads as the words it
is, as HTML-escaping does for the HTML output.

>>> shown("clear\x1b[2Jscreen")
'clear\\x1b[2Jscreen'
>>> shown("B revoked\u202e.dekover ton")
'B revoked\\u202e.dekover ton'
>>> markdown("<!-- *all* of `this` -->")
'&lt;!-- \\*all\\* of &#96;this&#96; --&gt;'
>>> json_text({"said": "\x9b2J\u200b"})
'{"said": "\\u009b2J\\u200b"}'
"""

from __future__ import annotations

import json
import re

#: The characters not seen as themselves: C0 controls but tab and newline, DEL, the C1
#: controls (among them the one-character CSI, U+009B); every format character (Cf: the
#: soft hyphen, the Arabic letter mark, zero-width space, joiners and marks, the bidi
#: embeddings, overrides and isolates U+202A-202E and U+2066-2069, the word joiner and
#: invisible operators, the byte-order mark, interlinear annotation, the tag characters
#: U+E0000-E007F, and the rest of Cf in any Unicode so far); the line and paragraph
#: separators; and the characters that print as nothing although Unicode calls them
#: letters or marks (the combining grapheme joiner, the Hangul fillers, the Khmer inherent
#: vowels, the Mongolian variation selectors, the variation selectors supplement).
#: tests/test_hardening_escapes.py checks it against Python's Unicode database.
HIDDEN = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2"
    "\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff"
    "\uffa0\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]")


def escape(char: str) -> str:
    r"""The escape one character is shown as: ``\x1b``, ``\u202e``, ``\U000e0041`` (as
    Python and the notation write them)."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shown(text: str) -> str:
    r"""``text`` with each character not seen as itself (:data:`HIDDEN`) written as its
    :func:`escape`; tab and newline stay."""
    if HIDDEN.search(text) is None:
        return text
    return HIDDEN.sub(lambda m: escape(m.group()), text)


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000     # past the first plane, JSON writes the two halves of a surrogate pair
    return f"\\u{0xd800 + (code >> 10):04x}\\u{0xdc00 + (code & 0x3ff):04x}"


def json_text(data: object, indent: int | None = None) -> str:
    r"""``data`` as JSON, its text kept as it is but each character not seen as itself
    written as a ``\u`` escape (DEL and the C1 controls among them, which JSON would
    otherwise write raw). Outside its strings JSON is ASCII, so only the strings change."""
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    return HIDDEN.sub(lambda m: _json_escape(m.group()), text) if HIDDEN.search(text) else text


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
