"""Plain data (dicts and lists) for the law book, for ``--format json`` and for scripts."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

from .model import Code, Law, LawBook

if TYPE_CHECKING:
    from .compare import Comparison
    from .search import Hit


def law_summary(law: Law) -> dict:
    return {"id": law.id, "label": law.label, "kind": law.kind, "heading": law.heading,
            "first_words": law.paragraphs[0].text[:80]}


def law_to_dict(book: LawBook, law: Law) -> dict:
    return {
        "id": law.id,
        "code": law.code,
        "kind": law.kind,
        "number": law.number,
        "label": law.label,
        "heading": law.heading,
        "paragraphs": [{"label": p.label, "text": p.text} for p in law.paragraphs],
        "text": law.text,
        "footnotes": {str(n): t for n, t in law.footnotes.items()},
        "topics": list(law.topics),
        "games": list(law.games),
        "modifies": list(law.modifies),
        "see": list(law.see),
        "referenced_by": list(law.referenced_by),
        "exceptions": [
            {"id": e.id, "label": e.label, "games": list(e.games), "text": e.text}
            for e in (book.entries[i] for i in law.exceptions)
        ],
        "concordance": list(law.concordance),
        "other_printings": [f"{c}/{law.local_id}" for c in book.editions(law.code)
                            if f"{c}/{law.local_id}" in book.entries],
        "note": law.note,
    }


def code_to_dict(book: LawBook, code: Code, with_entries: bool = True) -> dict:
    data: dict[str, object] = {
        "id": code.id,
        "title": code.title,
        "description": code.description,
        "source": asdict(code.source),
        "games": list(code.games),
        "edition_of": code.edition_of,
        "notes": list(code.notes),
        "numbered_laws": len(book.numbered_laws(code.id)),
    }
    if with_entries:
        data["entries"] = [law_summary(book.entries[i]) for i in code.entry_ids]
    return data


def hit_to_dict(hit: Hit) -> dict:
    return {"id": hit.law.id, "label": hit.law.label, "score": hit.score,
            "phrase": hit.phrase, "snippet": hit.snippet()}


def comparison_to_dict(c: Comparison) -> dict:
    return {
        "left": c.left.id, "right": c.right.id, "same_law": c.same_law,
        "similarity": c.similarity(), "identical": c.identical,
        "shared_topics": list(c.shared_topics),
        "changes": [{"op": w.op, "left": w.left, "right": w.right} for w in c.changes],
    }
