"""``arbiter cases``: the published cases, the book's decision beside the arbiter's."""

from __future__ import annotations

from typing import Annotated

import typer

from . import completion, terminal
from .errors import fail, user_errors

cases_app = typer.Typer(help="The published Cases and Decisions, replayed and compared with the book.",
                        no_args_is_help=True)

Collection = Annotated[str, typer.Option("--collection", help="A folder of cases/.",
                                                  autocompletion=completion.collections)]


def _load(collection: str):
    from ..cases import load_cases
    from ..lawbook import load_lawbook

    book = load_lawbook()
    cases = load_cases(collection)
    if not cases:
        fail(f"no cases in cases/{collection}/")
    return book, cases


def _find(cases, name: str):
    """A case by its Roman number (VII) or an Arabic one (7, 07), or an error naming them."""
    from ..cases import case_named
    from ..support.names import quoted

    case = case_named(cases, name)
    if case is not None:
        return case
    fail(f"no case {quoted(name)}; cases are: {', '.join(c.name for c in cases)}")


@cases_app.command("list")
def list_(collection: Collection = "cavendish") -> None:
    """The cases, a line each, with the question each turns on."""
    with user_errors():
        book, cases = _load(collection)
        out = terminal.console()
        table = terminal.Table(box=None, header_style="bold", pad_edge=False)
        table.add_column("case")
        table.add_column("title")
        from ..incident import parse_file

        for case in cases:
            incident = parse_file(case.incident_path)
            table.add_row(case.name, incident.title or case.incident_path.name)
        out.print(table)


@cases_app.command()
def show(name: Annotated[str, typer.Argument(help="The case: VII or 7.",
                                                 autocompletion=completion.case_names("collection", "cavendish"))],
         collection: Collection = "cavendish") -> None:
    """The book's facts and decision, and the arbiter's decision, one after the other."""
    from ..cases import book_text, judge
    from ..render.decisions import render

    with user_errors():
        book, cases = _load(collection)
        case = _find(cases, name)
        verdict = judge(book, case)
        out = terminal.console()
        entry = book_text(book, case)
        out.print(terminal.heading(f"Case {case.name} — as the book has it"))
        for p in entry.paragraphs:
            out.print(terminal.law_text(p.text))
            out.print()
        out.print(terminal.heading(f"Case {case.name} — as the arbiter rules"))
        out.print(render(verdict.decision, book, "text"))
        out.print(terminal.Text("Agreement: " + ("yes" if verdict.agrees else "no"),
                       style="green" if verdict.agrees else "red"))
        for problem in verdict.problems:
            out.print(f"  {problem}")


@cases_app.command()
def test(collection: Collection = "cavendish") -> None:
    """Replay every case; print agreement case by case; exit 1 on any disagreement."""
    from ..cases import judge

    with user_errors():
        book, cases = _load(collection)
        out = terminal.console()
        agreed = 0
        for case in cases:
            verdict = judge(book, case)
            agreed += verdict.agrees
            mark = (terminal.Text("agrees   ", style="green") if verdict.agrees
                    else terminal.Text("DISAGREES", style="bold red"))
            out.print(terminal.Text(f"Case {case.name:<5} ").append_text(mark).append(
                f"  cites {', '.join(book.entries[c].label for c in verdict.decision.cited)}", style="dim"))
            for problem in verdict.problems:
                out.print(f"    {problem}")
        out.print(f"\n{agreed} of {len(cases)} in agreement on answer, holdings and cited laws.")
        if agreed != len(cases):
            raise typer.Exit(1)


@cases_app.command()
def report(fmt: Annotated[str, typer.Option("--format", "-f", help="md or html.",
                                                  autocompletion=completion.choices("md", "html"))] = "md",
           collection: Collection = "cavendish") -> None:
    """Book and arbiter side by side for every case, as Markdown or HTML."""
    from ..cases import book_text, judge
    from ..render.decisions import render_case_report

    if fmt not in ("md", "html"):
        fail("the report is written as md or html", code=2)
    with user_errors():
        book, cases = _load(collection)
        rows = [(case, book_text(book, case), judge(book, case)) for case in cases]
        typer.echo(render_case_report(rows, book, fmt), nl=False)
