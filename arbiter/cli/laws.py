"""``arbiter laws``: list, show, search and compare the law codes."""

from __future__ import annotations

import re
from enum import Enum
from typing import Annotated, Optional

import typer

from ..lawbook import Law, LawBook, load_lawbook
from ..lawbook.export import code_to_dict, comparison_to_dict, hit_to_dict, law_to_dict
from ..support.escapes import json_text, shown
from ..support.names import name_key
from . import completion, terminal
from .errors import fail, user_errors
from .games import game_command, game_data

laws_app = typer.Typer(help="Browse, search and compare the law codes.", no_args_is_help=True)


class Format(str, Enum):
    text = "text"
    json = "json"


FormatOption = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]


def _book() -> LawBook:
    return load_lawbook()


def _json(data) -> None:
    typer.echo(json_text(data, indent=2))


#: The code a law is looked up in when none is named (``arbiter laws show 72``): the code an
#: incident that names none is ruled under.
DEFAULT_CODE = "english-1864"


def _refs(book: LawBook, parts: list[str]) -> list[str]:
    """``english-1864 72 73`` is two laws; ``english-1864 dummy II`` is one; ``72`` (no
    code named) is Law 72 of :data:`DEFAULT_CODE`, or, where it has none, an error naming
    the codes that have one."""
    parts = _in_default_code(book, parts)
    if len(parts) > 2 and name_key(parts[0]) in book.codes and all(p.strip("/").isdigit() for p in parts[1:]):
        return [f"{parts[0]}/{p}" for p in parts[1:]]
    return [_ref(parts)]


def _in_default_code(book: LawBook, parts: list[str]) -> list[str]:
    """The reference with :data:`DEFAULT_CODE` put first where it names no code and the
    default code has the law; unchanged where it names a code (or a code misspelt)."""
    if not parts or "/" in parts[0] or name_key(parts[0]) in book.codes:
        return parts
    if not re.fullmatch(r"0*\d+[a-z]?", parts[0].strip(), re.IGNORECASE) and name_key(parts[0]) != "dummy":
        return parts        # not a law's number: a code misspelt, reported as such
    numbers = parts if all(re.fullmatch(r"0*\d+[a-z]?", p.strip(), re.IGNORECASE) for p in parts) else [" ".join(parts)]
    missing = [n for n in numbers if book.normalise_ref(f"{DEFAULT_CODE} {n}") not in book.entries]
    if not missing:
        return [DEFAULT_CODE, *parts]
    having = [code for code in book.codes if book.normalise_ref(f"{code} {missing[0]}") in book.entries]
    if having:
        shown = ", ".join(having)
        fail(f"{DEFAULT_CODE}, the default code, has no law {missing[0]}; it is in {shown} "
             f"(e.g. `arbiter laws show {having[0]} {missing[0]}`)")
    fail(f"no code has a law {missing[0]}; codes are: {', '.join(book.codes)}")
    return parts


def _ref(parts: list[str]) -> str:
    """``english-1864 72`` or ``english-1864/72`` (or ``english-1864 dummy II``) as one id."""
    if not parts:
        fail("name a law, e.g. `arbiter laws show english-1864 72`", code=2)
    return "/".join(p.strip("/") for p in parts) if len(parts) > 1 else parts[0]


@laws_app.command("list")
def list_(
    code: Annotated[Optional[str], typer.Argument(help="A code id; omit to list the codes.",
                                                   autocompletion=completion.codes)] = None,
    topic: Annotated[Optional[str], typer.Option(help="Only entries on this topic.",
                                                  autocompletion=completion.topics)] = None,
    fmt: FormatOption = Format.text,
) -> None:
    """The codes, or one code's laws by section, one line each."""
    with user_errors():
        book = _book()
        if code is None:
            if topic is not None:
                fail("--topic needs a code: `arbiter laws list CODE --topic TOPIC`", code=2)
            _list_codes(book, fmt)
            return
        code = book.code_id(code)
        entries = book.entries_of(code)
        if topic is not None:
            key = topic.strip().lower()
            if key not in book.topics:
                import difflib

                close = difflib.get_close_matches(key, list(book.topics), n=1)
                hint = f"did you mean {close[0]!r}?" if close else f"topics are: {', '.join(book.topics)}"
                fail(f"unknown topic {topic!r}; {hint}")
            entries = [e for e in entries if key in e.topics]
        if fmt is Format.json:
            data = code_to_dict(book, book.codes[code], with_entries=False)
            data["entries"] = [law_to_dict(book, e) for e in entries]
            _json(data)
            return
        _print_code(book, code, entries)


def _list_codes(book: LawBook, fmt: Format) -> None:
    if fmt is Format.json:
        _json([code_to_dict(book, c, with_entries=False) for c in book.codes.values()])
        return
    table = terminal.Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("code")
    table.add_column("laws", justify="right")
    table.add_column("title")
    for c in book.codes.values():
        numbers = [law.number for law in book.numbered_laws(c.id)]
        span = f"{numbers[0]}–{numbers[-1]}" if numbers else "—"
        title = c.title + (f" (a printing of {c.edition_of})" if c.edition_of else "")
        table.add_row(c.id, span, title)
    out = terminal.console()
    out.print(table)
    out.print(terminal.dim("\n`arbiter laws list CODE` lists a code's laws; "
                           "`arbiter laws show CODE NUMBER` shows one."))


def _print_code(book: LawBook, code: str, entries: list[Law]) -> None:
    out = terminal.console()
    meta = book.codes[code]
    out.print(terminal.heading(f"{meta.id}: {meta.title}"))
    out.print(terminal.dim(meta.description))
    for note in meta.notes:
        out.print(terminal.dim(f"Note: {note}"))
    width = max(min(out.width, 100) - 12, 30)
    last_heading = object()
    for law in entries:
        if law.heading != last_heading:
            out.print()
            out.print(terminal.heading(law.heading or "(heading not in the source)"))
            last_heading = law.heading
        tag = law.local_id if law.kind != "law" or not isinstance(law.number, int) else str(law.number)
        line = terminal.Text(f"  {tag:>8}  ")
        if law.games:
            line.append(f"[{', '.join(law.games)}] ", style="magenta")
        line.append_text(terminal.law_text(terminal.one_line(law.paragraphs[0].text, width - len(line))))
        out.print(line, overflow="ellipsis", no_wrap=True)
    out.print()
    counted = len(book.numbered_laws(code))
    out.print(terminal.dim(f"{counted} numbered laws; {len(entries)} entries shown."))


@laws_app.command()
def show(
    ref: Annotated[list[str], typer.Argument(help="CODE NUMBER, or CODE/NUMBER (e.g. english-1864 72); "
                                                   "a NUMBER alone is looked up in english-1864.",
                                              autocompletion=completion.law_parts("ref"))],
    fmt: FormatOption = Format.text,
) -> None:
    """One law with its footnotes, references, variant exceptions and counterparts."""
    with user_errors():
        book = _book()
        laws = [book.law(r) for r in _refs(book, ref)]
        if fmt is Format.json:
            data = [law_to_dict(book, law) for law in laws]
            _json(data[0] if len(data) == 1 else data)
            return
        for i, law in enumerate(laws):
            if i:
                terminal.console().print(terminal.dim("─" * 40))
            _print_law(book, law)


def _print_law(book: LawBook, law: Law) -> None:
    out = terminal.console()
    code = book.codes[law.code]
    title = terminal.Text(f"{law.id}", style="bold")
    title.append(f"  {law.label}", style="bold")
    if law.heading:
        title.append(f" · {law.heading}")
    out.print(title)
    out.print(terminal.dim(f"{code.title} — {code.source.work}"))
    if law.games:
        out.print(terminal.Text(f"Applies in: {', '.join(law.games)}", style="magenta"))
    out.print()
    for i, p in enumerate(law.paragraphs):
        prefix = code.number_style.format(number=law.number) if i == 0 and isinstance(law.number, int) else ""
        if p.label:
            out.print(terminal.indented(terminal.Text(f"{p.label}. ").append_text(terminal.law_text(p.text))))
        else:
            out.print(terminal.Text(prefix).append_text(terminal.law_text(p.text)))
        out.print()
    if law.footnotes:
        out.print(terminal.heading("Footnotes"))
        for n, note in law.footnotes.items():
            body = note if note is not None else "(the note itself is not in the source)"
            out.print(terminal.Text(f"  [{n}] ", style="cyan").append_text(terminal.law_text(body)))
        out.print()
    _related(out, book, "Refers to", law.see)
    _related(out, book, "Referred to by", law.referenced_by)
    _related(out, book, "Modifies", law.modifies)
    if law.exceptions:
        out.print(terminal.heading("Variant exceptions"))
        for eid in law.exceptions:
            exc = book.entries[eid]
            line = terminal.Text(f"  {exc.id} ", style="bold")
            line.append(f"[{', '.join(exc.games)}]", style="magenta")
            out.print(line)
            for p in exc.paragraphs:
                out.print(terminal.indented(terminal.law_text(p.text)))
        out.print()
    _concordance(out, book, law)
    printings = [f"{c}/{law.local_id}" for c in book.editions(law.code)
                 if f"{c}/{law.local_id}" in book.entries]
    _related(out, book, "Other printings", printings)
    if law.topics:
        out.print(terminal.dim(f"Topics: {', '.join(law.topics)}"))
    if law.note:
        out.print(terminal.dim(f"Note: {law.note}"))


def _concordance(out, book: LawBook, law: Law) -> None:
    """Laws on the same subject, under the subject's name: other codes, then this one."""
    groups = [g for g in book.concordance_groups if law.id in g.laws]
    if not groups:
        return
    out.print(terminal.heading("On the same subject"))
    for group in groups:
        out.print(terminal.Text(f"  {group.subject}", style="italic"))
        others = [i for i in group.laws if i != law.id]
        for rid in sorted(others, key=lambda i: (book.entries[i].code == law.code, i)):
            other = book.entries[rid]
            where = "this code" if other.code == law.code else other.code
            line = terminal.Text(f"    {rid:<28} ")
            line.append(f"({where}) ", style="magenta" if other.code != law.code else "dim")
            line.append(terminal.one_line(other.text, max(min(out.width, 120) - 50, 30)), style="dim")
            out.print(line, no_wrap=True, overflow="ellipsis")
    out.print()


def _related(out, book: LawBook, title: str, ids) -> None:
    if not ids:
        return
    out.print(terminal.heading(title))
    for rid in ids:
        other = book.entries[rid]
        line = terminal.Text(f"  {rid:<28} ")
        line.append(terminal.one_line(other.text, max(min(out.width, 120) - 34, 30)), style="dim")
        out.print(line, no_wrap=True, overflow="ellipsis")
    out.print()


@laws_app.command("search")
def search_(
    words: Annotated[list[str], typer.Argument(help="Words to find, e.g. turned and quitted.")],
    code: Annotated[Optional[str], typer.Option("--code", "-c", help="Search only this code.",
                                                      autocompletion=completion.codes)] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", help="How many results.")] = 20,
    all_printings: Annotated[bool, typer.Option(help="Also search other printings of a code.")] = False,
    fmt: FormatOption = Format.text,
) -> None:
    """Ranked results across all codes, the matching words highlighted."""
    query = " ".join(words).strip()
    if not query:
        fail("give some words to search for, e.g. `arbiter laws search turned and quitted`", code=2)
    if limit < 1:
        fail("--limit must be at least 1", code=2)
    with user_errors():
        book = _book()
        from ..lawbook.search import search

        hits = search(book, query, code=code, limit=limit, all_printings=all_printings)
        if fmt is Format.json:
            _json({"query": query, "results": [hit_to_dict(h) for h in hits]})
            return
        out = terminal.console()
        if not hits:
            shown = query if len(query) <= 60 else query[:57] + "…"
            hint = ("" if all_printings or code
                    else " (--all-printings also searches Foster's printing of the English laws)")
            out.print(f"Nothing found for {shown!r}{hint}.")
            raise typer.Exit(0)
        for hit in hits:
            head = terminal.Text(f"{hit.law.id}", style="bold")
            head.append(f"  {hit.law.label}")
            if hit.law.heading:
                head.append(f" · {hit.law.heading}", style="dim")
            if hit.law.games:
                head.append(f" [{', '.join(hit.law.games)}]", style="magenta")
            out.print(head)
            out.print(terminal.indented(terminal.law_text(hit.snippet(), hit.terms)))
        out.print(terminal.dim(f"\n{len(hits)} result(s) for {query!r}"
                               + ("" if code else "; --code to narrow")))


@laws_app.command()
def game(
    name: Annotated[Optional[str], typer.Argument(help="A game (boston, french-boston, …); omit to list them.",
                                                  autocompletion=completion.games)] = None,
    tables: Annotated[bool, typer.Option("--tables", help="Only the tables and bids.")] = False,
    fmt: FormatOption = Format.text,
) -> None:
    """The games of the Whist family: a game's description, its tables and bids."""
    with user_errors():
        book = _book()
        if fmt is Format.json:
            _json(game_data(book, name))
            return
        game_command(book, name, tables)


@laws_app.command("compare")
def compare_(
    left: Annotated[str, typer.Argument(help="A law (english-1864/72) or a code (english-1864).",
                                         autocompletion=completion.laws_or_codes)],
    right: Annotated[str, typer.Argument(help="A law (american-1893/30) or a code (english-1864-foster).",
                                          autocompletion=completion.laws_or_codes)],
    exact: Annotated[bool, typer.Option(help="Count footnote markers, italics and dash forms as differences.")] = False,
    fmt: FormatOption = Format.text,
) -> None:
    """Two laws side by side; for two printings of one law, the words that differ.

    Given two codes that are printings of one another, list every law whose words differ.
    """
    from ..lawbook.compare import compare, compare_codes

    with user_errors():
        book = _book()
        out = terminal.console()
        color = out.is_terminal and not out.no_color
        if name_key(left) in book.codes and name_key(right) in book.codes:
            left, right = book.code_id(left), book.code_id(right)
            if right not in book.editions(left):
                fail(f"{left} and {right} are different codes, numbered differently; compare their "
                     f"laws one by one (e.g. `arbiter laws compare english-1864/72 american-1893/30`), "
                     f"or see a law's counterparts with `arbiter laws show`", code=2)
            comparisons = compare_codes(book, left, right, exact=exact)
            differing = [c for c in comparisons if not c.identical]
            if fmt is Format.json:
                _json({"left": left, "right": right, "compared": len(comparisons),
                       "differing": [comparison_to_dict(c) for c in differing]})
                return
            for c in differing:
                out.print(terminal.Text(f"{c.left.local_id}", style="bold").append(f"  {c.left.label}", style="dim"))
                out.print(terminal.indented(terminal.word_diff(c.differences, color)))
            out.print(terminal.dim(f"\n{len(differing)} of {len(comparisons)} shared entries differ"
                                   f" between {left} and {right}."))
            return
        c = compare(book, _ref([left]), _ref([right]), exact=exact)
        if fmt is Format.json:
            _json(comparison_to_dict(c))
            return
        if c.same_law:
            out.print(terminal.Text(f"{c.left.id} and {c.right.id}: two printings of {c.left.label}", style="bold"))
            if c.identical:
                out.print("The words are the same" + ("" if exact else " (typography aside)") + ".")
            else:
                out.print(terminal.word_diff(c.changes, color))
                out.print(terminal.dim(f"\n{len(c.differences)} difference(s); "
                                       f"{c.similarity():.0%} of the words in common."))
            return
        table = terminal.Table(show_lines=False, expand=out.is_terminal, header_style="bold",
                      width=None if out.is_terminal else 160)
        table.add_column(f"{c.left.id} ({c.left.heading or ''})", ratio=1)
        table.add_column(f"{c.right.id} ({c.right.heading or ''})", ratio=1)
        table.add_row(terminal.law_text(c.left.text), terminal.law_text(c.right.text))
        out.print(table)
        shared = ", ".join(c.shared_topics) or "none"
        linked = "yes" if c.right.id in c.left.concordance else "no"
        out.print(terminal.dim(f"Shared topics: {shared}. Listed as counterparts: {linked}. "
                               f"Words in common: {c.similarity():.0%}."))


@laws_app.command("check")
def check_(
    code: Annotated[Optional[str], typer.Argument(help="One code (with its supplements); omit for all.",
                                                         autocompletion=completion.codes)] = None,
    fmt: FormatOption = Format.text,
) -> None:
    """The static check of the rules: predicates nothing produces, overrides that defeat
    nothing, contradictory rulings with no precedence. Exits 1 when it finds any."""
    from ..engine.audit import audit

    with user_errors():
        book = _book()
        if code is not None:
            book.entries_of(code)   # an unknown code is an error with a suggestion
        problems = audit(book, [code] if code else None)
        if fmt is Format.json:
            _json([{"rule": p.rule, "kind": p.kind, "detail": p.detail} for p in problems])
        else:
            for p in problems:
                typer.echo(shown(str(p)))
            typer.echo(f"{len(problems)} problem(s) in the rules" if problems else "the rules are sound")
        if problems:
            raise typer.Exit(1)
