"""Law text as HTML: escaped, the book's italics (``_vide_``) set in italics, footnote
markers (``[32]``) linked to their notes, and "Law 16" / "Laws 72 and 73" linked to the
law they name where the code has it ("vide" references become links)."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from ..lawbook import Law, LawBook
from ..render.decisions import ITALICS, italics

_MARKER = re.compile(r"\[(\d+)\]")
#: "Law 16", "Laws 72 and 73", "Laws 24, 25 and 26", "Rule 32", "Law 30 (c)"
_REFERENCE = re.compile(r"\b(Laws?|Rules?)((?:\s*(?:,|and|or|to)?\s*\d+)+)")
_NUMBER = re.compile(r"\d+")


def law_href(law_id: str) -> str:
    return "/laws/" + law_id


def law_html(book: LawBook, law: Law, text: str, footnotes_here: bool = True) -> Markup:
    """One paragraph (or footnote) of ``law`` as safe HTML; a footnote marker links to its
    note where the notes are on the same page (``footnotes_here``)."""
    html = str(escape(text))
    html = ITALICS.sub(r"<em>\1</em>", html)
    marker = r'<sup class="marker"><a href="#fn\1">\1</a></sup>' if footnotes_here else r'<sup class="marker">\1</sup>'
    html = _MARKER.sub(marker, html)
    html = _REFERENCE.sub(lambda m: _linked(book, law, m), html)
    return Markup(html)


def _linked(book: LawBook, law: Law, m: re.Match) -> str:
    word, numbers = m.group(1), m.group(2)

    # a number the entry's own references name (a gloss or a case citing another code's
    # law) is that law; else the law of that number in the entry's own code
    named = {book.entries[i].local_id: i for i in law.see if i in book.entries}

    def link(n: re.Match) -> str:
        target = named.get(n.group(), f"{law.code}/{n.group()}")
        if target in book.entries and target != law.id:
            return f'<a class="vide" href="{law_href(target)}">{n.group()}</a>'
        return n.group()

    return word + _NUMBER.sub(link, numbers)


def preview(text: str, width: int = 120) -> Markup:
    """The first words of a law for a list: footnote markers dropped, cut at a word."""
    text = re.sub(r"\s+", " ", _MARKER.sub("", text)).strip()
    if len(text) > width:
        text = text[:width].rsplit(" ", 1)[0] + " …"
    return italics(text)
