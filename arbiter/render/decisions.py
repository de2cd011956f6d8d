"""A Decision as text, Markdown, HTML or JSON, through the Jinja2 templates in templates/.

Nothing here decides anything; it arranges what the decision holds in the book's manner:
the facts, the question, "Decision.--" with the holdings and the laws relied on
("(vide Law 73)"), the remedies open to each side, the limits, and notes.
"""

from __future__ import annotations

import re
from dataclasses import fields
from functools import lru_cache

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from ..lawbook import LawBook
from ..ruling.decision import Decision, Finding
from ..support.escapes import json_text
from ..support.resources import templates_dir
from .templating import EscapingTemplate, finalize

FORMATS = ("text", "md", "html", "json")


@lru_cache(maxsize=4)
def _environment_for(directory: str) -> Environment:
    env = Environment(
        loader=FileSystemLoader(directory),
        autoescape=select_autoescape(["html.j2"]),
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        undefined=StrictUndefined,
        finalize=finalize,   # control characters shown, in every format (arbiter/templating.py)
    )
    env.template_class = EscapingTemplate   # Markdown templates get their data escaped for Markdown
    env.filters["vide"] = _vide
    env.filters["laws"] = _laws
    env.filters["cite"] = _cite
    env.filters["ruling"] = _ruling
    env.filters["turns_on"] = _turns_on
    env.filters["italics"] = italics          # HTML: the book's _vide_ as <em>vide</em>
    env.filters["md_italics"] = md_italics    # Markdown: the same, as *vide*
    env.filters["sentence"] = lambda s: (s[:1].upper() + s[1:]) if s else s
    return env


#: The book's italics as the law files and cases write them: ``_vide_``, ``_Decision_``,
#: ``_bonâ fide_``. An underscore opens at the start of a word and closes at the end of one,
#: with no space just inside and no underscore or line break between; an underscore within
#: a word (``revoke_made_good``) marks nothing.
ITALICS = re.compile(r"(?<!\w)_([^\s_](?:[^_\n]*[^\s_])?)_(?!\w)")
#: The same marks in text already written for Markdown (arbiter/escapes.py), where each
#: such underscore is ``\_`` and a character in between may be escaped (``\*``, ``&amp;``).
_MD_CHAR = r"(?:\\[^_\s]|[^\\_\s])"
_MD_ITALICS = re.compile(rf"(?<!\w)\\_({_MD_CHAR}(?:(?:{_MD_CHAR}|[^\S\n])*{_MD_CHAR})?)\\_(?!\w)")


def italics(text: str) -> Markup:
    """Free text for HTML, escaped, with the book's ``_italics_`` as ``<em>``. Escaping comes
    first, so nothing in the text can make markup; only the ``<em>`` tags added here are."""
    return Markup(ITALICS.sub(r"<em>\1</em>", str(escape(text))))


def md_italics(text: str) -> str:
    r"""Text a Markdown template was given (already escaped for Markdown, where the book's
    ``_vide_`` reads ``\_vide\_``) with those italics made Markdown's ``*vide*``."""
    return _MD_ITALICS.sub(r"*\1*", text)


def environment() -> Environment:
    """The one Jinja2 environment of the templates: the command line's outputs and the web
    pages render through it."""
    return _environment()


def _environment() -> Environment:
    """One Jinja2 environment per templates directory: templates compile once."""
    return _environment_for(str(templates_dir()))


def _cite(f: dict) -> str:
    """A finding's sentence with its law before the full stop: "… established (vide Law 73)."."""
    text = f["says"].rstrip()
    extra = ""
    if f["kind"] == "may" and f.get("consult") is True:
        extra = " The partners may consult."
    elif f["kind"] == "may" and f.get("consult") is False:
        extra = " The partners must not consult which penalty to exact."
    # a decided case is compared ("cf."), a law is seen ("vide")
    word = "cf." if f.get("authority") == "gloss" else "vide"
    if text.endswith('."'):       # the sentence ends in a quotation: cite after the quote
        text = text[:-2] + '".'
    if text.endswith("."):
        return f"{text[:-1]} ({word} {f['label']}).{extra}"
    return f"{text} ({word} {f['label']}).{extra}"


def _said(j: dict) -> str:
    """A demand judged, in words, with the law it was judged by."""
    return _cite({"says": j["says"], "kind": "demand", "label": j["label"]}) if j["label"] else j["says"]


def _ruling(b: dict) -> str:
    """One branch's findings as the paragraph of a decision."""
    remedies = [f for f in b["remedies"] if not f.get("elected")]
    found = b["holdings"] + remedies + b["duties"] + b["limits"] + b["forfeits"] + b["scores"]
    demands = [_said(j) for j in b.get("demands", ())]
    if not found and not demands:
        return "No law of this code finds an irregularity in these facts."
    return " ".join([_cite(f) for f in found] + demands)


def _turns_on(t: dict) -> str:
    """An open question the ruling turns on, in words: what each answer would hold."""
    where = f" (line {t['line']})" if t["line"] else ""
    out = [f"It is not known {t['question']}{where}: the incident does not say, and the ruling turns on it."]
    for cond, gained, judged in ((t["so"], t["if_so"], t.get("demands_so", [])),
                                 (t["not_so"], t["if_not"], t.get("demands_not", []))):
        if gained or judged:
            said = [_cite(f) for f in gained] + [_said(j) for j in judged]
            out.append(f"{cond[:1].upper()}{cond[1:]}: " + " ".join(said))
        else:
            out.append(f"{cond[:1].upper()}{cond[1:]}, nothing more follows.")
    return " ".join(out)


def _laws(laws: list[str], book: LawBook) -> str:
    """``Laws 73 and 72``, or the labels listed (``Law 30, interlined paragraph (b), Case VII``)."""
    labels = [book.entries[law].label for law in laws]
    numbered = [label[4:] for label in labels if label.startswith("Law ") and "," not in label]
    if len(numbered) == len(labels) and len(labels) > 1:
        return f"Laws {', '.join(numbered[:-1])} and {numbered[-1]}"
    return "; ".join(labels) if any("," in label for label in labels) else ", ".join(labels)


def _vide(laws: list[str], book: LawBook) -> str:
    """``(vide Laws 73 and 72)`` from law ids."""
    return f"(vide {_laws(laws, book)})" if laws else ""


_FINDING_FIELDS = tuple(f.name for f in fields(Finding))


def _plain(findings) -> list[dict]:
    """Findings as dicts: what ``dataclasses.asdict`` gives for these flat records, without
    its deep copy (a finding holds only strings, numbers and tuples of them)."""
    return [{name: getattr(f, name) for name in _FINDING_FIELDS} for f in findings]


def _demand(j, book: LawBook) -> dict:
    """A demand judged, as plain data; ``turns_on``, the open questions that would judge it
    otherwise."""
    return {"demander": j.demander, "penalty": j.penalty, "from": j.of, "named": j.arg,
            "line": j.line, "stands": j.stands, "reason": j.reason, "law": j.law,
            "label": book.entries[j.law].label if j.law else None, "says": j.says,
            "turns_on": list(j.turns_on)}


def decision_data(decision: Decision, book: LawBook, explain: bool = False) -> dict:
    """The decision as plain data: what the templates and the JSON output are made from."""
    branches = []
    for b in decision.branches:
        data = {
            "alternatives": list(b.alternatives), "described": list(b.described),
            "holdings": _plain(b.holdings), "remedies": _plain(b.remedies),
            "duties": _plain(b.duties), "limits": _plain(b.limits),
            "forfeits": _plain(b.forfeits), "scores": _plain(b.scores),
            "cited": b.cited,
            "turns_on": [{"question": t.question, "line": t.line, "so": t.so, "not_so": t.not_so,
                          "if_so": _plain(t.if_so), "if_not": _plain(t.if_not),
                          "demands_so": [_demand(j, book) for j in t.demands_so],
                          "demands_not": [_demand(j, book) for j in t.demands_not]}
                         for t in b.turns_on],
            "demands": [_demand(j, book) for j in b.demands],
        }
        if explain:
            from ..ruling.explain import explain_branch

            # the incident's own topics: those of the laws of its holdings (or of any law
            # relied on, where nothing is held)
            held = [f.law for f in b.holdings] or b.cited
            topics = {t for law in held for t in book.entries[law].topics}
            data["defeated"] = [{"rule": r, "by": by} for r, by in b.defeated]
            data["why_not"] = [{"rule": r, "law": r.split("#")[0], "failed": why} for r, why in b.why_not]
            data["why"] = [{"law": w.law, "label": w.label, "held": w.held, "gave_way": w.gave_way,
                            "missing": w.missing} for w in explain_branch(book, b, topics)]
        branches.append(data)
    return {
        "title": decision.title, "source": decision.source, "file": decision.path,
        "code": decision.code, "code_title": decision.code_title, "game": decision.game,
        "facts": decision.facts, "question": decision.question, "about": decision.about,
        "answer": decision.answer, "yes_or_no": decision.asks_yes_or_no, "disputed": decision.disputed,
        "branches": branches,
        "cited": decision.cited,
        "laws": {law: {"label": book.entries[law].label, "text": book.entries[law].text}
                 for law in decision.cited},
        "notes": decision.notes,
        "warnings": [w.as_data() for w in decision.warnings],
    }


def decision_json(decision: Decision, book: LawBook, explain: bool = False) -> dict:
    """What ``--format json`` prints: the decision as plain data, and the decision written
    out, ``text`` as ``--format text`` renders it and ``html`` as the web page shows it (the
    fragment, without the page around it), so that a program need not rebuild the prose."""
    data = decision_data(decision, book, explain)
    return written(data, book, explain)


def written(data: dict, book: LawBook, explain: bool = False) -> dict:
    """``data`` (a decision's :func:`decision_data`) with its ``text`` and ``html`` added."""
    env = _environment()
    text = env.get_template("decision.text.j2").render(d=data, book=book, explain=explain)
    html = env.get_template("_decision.html.j2").render(d=data, book=book, explain=explain)
    return {**data, "text": text, "html": html}


def render(decision: Decision, book: LawBook, fmt: str = "text", explain: bool = False) -> str:
    if fmt == "json":
        return json_text(decision_json(decision, book, explain), indent=2) + "\n"
    data = decision_data(decision, book, explain)
    template = _environment().get_template(f"decision.{fmt}.j2")
    return template.render(d=data, book=book, explain=explain)


def render_comparison(decisions: list[Decision], book: LawBook, fmt: str = "text") -> str:
    """The same incident ruled under several codes: each code's decision, then how they
    compare in substance (arbiter/comparison.py)."""
    data = [decision_data(d, book) for d in decisions]
    comparison = comparison_data(decisions)
    if fmt == "json":
        env = _environment()
        return json_text({"decisions": [written(d, book) for d in data], "comparison": comparison,
                          "differences": [line for b in comparison["branches"] for line in b["differing"]],
                          "text": env.get_template("comparison.text.j2").render(ds=data, c=comparison, book=book),
                          "html": env.get_template("_comparison.html.j2").render(ds=data, c=comparison, book=book)},
                         indent=2) + "\n"
    template = _environment().get_template(f"comparison.{fmt}.j2")
    return template.render(ds=data, c=comparison, book=book)


def comparison_data(decisions: list[Decision]) -> dict:
    from ..ruling.comparison import compare

    c = compare(decisions)
    return {
        "codes": c.codes, "answers": c.answers, "answer": c.answer, "agree": c.agree,
        "branches": [{"described": b.described,
                      "agreed": [x.sentence for x in b.agreed], "differing": [x.sentence for x in b.differing],
                      "points": [{"topic": x.topic, "says": x.says, "codes": x.codes} for x in b.lines]}
                     for b in c.branches],
    }


def render_case_report(rows, book: LawBook, fmt: str = "md") -> str:
    """Every case: the book's text beside the arbiter's decision, and whether they agree."""
    data = [{"name": case.name, "book": [p.text for p in entry.paragraphs],
             "decision": decision_data(verdict.decision, book), "agrees": verdict.agrees,
             "problems": verdict.problems} for case, entry, verdict in rows]
    template = _environment().get_template(f"cases.{fmt}.j2")
    return template.render(cases=data, book=book, agreed=sum(c["agrees"] for c in data))
