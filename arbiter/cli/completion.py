"""What the shell offers on TAB: the codes, laws, games, topics, cases and formats.

Every list is read from the data -- the law book (from its cache on disk, so no YAML
validator and no Lark is loaded) and the folders of cases/ -- never written out here, so a
new code or case is offered as soon as it is in the files. A completer runs in the
shell's own TAB key: it must be quick, and it must never print a traceback into the
command line, so anything that goes wrong offers nothing (:func:`_offers`).

Each completer takes what Typer gives (the click context, the word begun) and returns
``(value, help)`` pairs; Typer keeps those that start with the word begun, and zsh and fish
show the help beside each.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import typer  # the CLI has it loaded already; Typer reads the completers' signatures

if TYPE_CHECKING:
    from ..lawbook import LawBook

Offer = tuple[str, str]
Completer = Callable[..., list[Offer]]

#: How much of a law's text or a case's facts is shown beside it.
_HELP_WIDTH = 60
#: The book's italics marks (``_vide_``): an underscore at the edge of a word, not within one.
_ITALICS_MARK = re.compile(r"(?<!\w)_|_(?!\w)")


def _offers(completer: Callable[..., Iterable[Offer]]) -> Completer:
    """The completer, made safe for a shell: any failure offers nothing."""
    @functools.wraps(completer)
    def safe(*args, **kwargs) -> list[Offer]:
        try:
            return list(completer(*args, **kwargs))
        except Exception:   # a broken law file is reported when a command runs, not on TAB
            return []
    return safe


def _book() -> LawBook:
    from ..lawbook import load_lawbook

    return load_lawbook()


def _brief(text: str | None) -> str:
    """One line of ``text``, cut at a word near the width, without the italics marks."""
    line = " ".join(_ITALICS_MARK.sub("", text or "").split())
    if len(line) <= _HELP_WIDTH:
        return line
    return line[:_HELP_WIDTH].rsplit(" ", 1)[0] + "…"


def _law_help(law) -> str:
    return _brief(f"{law.heading}: {law.text}" if law.heading else law.text)


@_offers
def codes(incomplete: str) -> Iterable[Offer]:
    """The codes of the law book: english-1864, american-1893, …"""
    return ((c.id, c.title) for c in _book().codes.values())


@_offers
def scoring_codes(incomplete: str) -> Iterable[Offer]:
    """The codes (and games) that have scoring numbers: what ``arbiter score --code`` takes."""
    book = _book()
    return ((code, book.codes[code].title if code in book.codes else book.game(code).name)
            for code in book.scoring)


@_offers
def games(incomplete: str) -> Iterable[Offer]:
    """The games of the family: whist, dummy, boston, …"""
    return ((g.id, g.name) for g in _book().games.values())


@_offers
def topics(incomplete: str) -> Iterable[Offer]:
    """The topics the laws are indexed under: revoke, exposed-cards, …"""
    return _book().topics.items()


def _code_of(book: LawBook, word: str) -> str | None:
    key = word.strip("/").lower()
    return key if key in book.codes else None


def _full_ids(book: LawBook, incomplete: str) -> Iterable[Offer]:
    """``english-1864/7…`` → the code's entries as full ids, when a code and a slash are typed."""
    code = _code_of(book, incomplete.split("/", 1)[0])
    if code is None or "/" not in incomplete:
        return ()
    return ((law.id, _law_help(law)) for law in book.entries_of(code))


def _codes_or_ids(book: LawBook, incomplete: str) -> Iterable[Offer]:
    if "/" in incomplete:
        return _full_ids(book, incomplete)
    return ((c.id, c.title) for c in book.codes.values())


@_offers
def laws_or_codes(incomplete: str) -> Iterable[Offer]:
    """A code, or one law of it as ``CODE/NUMBER``: what ``laws compare`` takes."""
    return _codes_or_ids(_book(), incomplete)


def law_parts(typed_name: str) -> Completer:
    """The words of a law reference given as several arguments (``laws show english-1864 72``):
    first a code (or ``CODE/…`` as one id), then the code's laws; after a number, more
    numbers (``english-1864 72 73`` shows both); after a section (``english-1864 dummy``),
    the entries in it. ``typed_name`` is the argument's name, where click keeps what has
    been typed of it already."""
    @_offers
    def complete(ctx: typer.Context, incomplete: str) -> Iterable[Offer]:
        book = _book()
        typed = [str(word) for word in (ctx.params.get(typed_name) or ())]
        if not typed:
            return _codes_or_ids(book, incomplete)
        code = _code_of(book, typed[0])
        if code is None:
            return ()
        entries = book.entries_of(code)
        after = [word.strip("/") for word in typed[1:]]
        if not after or all(word.isdigit() for word in after):
            numbered = [law for law in entries if law.kind == "law" and isinstance(law.number, int)
                        and law.local_id not in after]
            others = [law for law in entries if law.kind != "law" or not isinstance(law.number, int)]
            return ((law.local_id, _law_help(law)) for law in numbered + (others if not after else []))
        section = "/".join(after) + "/"
        return ((law.local_id[len(section):], _law_help(law))
                for law in entries if law.local_id.startswith(section))
    return complete


def _cases_dir():
    from ..support.resources import cases_dir

    return cases_dir()


@_offers
def collections(incomplete: str) -> Iterable[Offer]:
    """The folders of cases/: cavendish, …"""
    return ((path.name, "") for path in sorted(_cases_dir().iterdir())
            if path.is_dir() and any(path.glob("*.yaml")))


def case_names(collection_name: str, default: str) -> Completer:
    """The cases of the collection named by the option ``collection_name`` (``default`` if it
    is not given), as ``arbiter cases show`` takes them, each with the first words of the
    book's text."""
    @_offers
    def complete(ctx: typer.Context, incomplete: str) -> Iterable[Offer]:
        from ..cases import load_cases

        book = _book()
        collection = ctx.params.get(collection_name) or default
        for case in load_cases(collection, _cases_dir()):
            entry = book.entries.get(case.book_entry)
            yield case.name, _brief(entry.text) if entry else ""
    return complete


def choices(*values: str) -> Completer:
    """A fixed set of words, e.g. the formats a command writes."""
    @_offers
    def complete(incomplete: str) -> Iterable[Offer]:
        return ((value, "") for value in values)
    return complete


@_offers
def decision_formats(incomplete: str) -> Iterable[Offer]:
    """The formats a decision is written in (:data:`arbiter.render.decisions.FORMATS`)."""
    from ..render.decisions import FORMATS

    return ((fmt, "") for fmt in FORMATS)


# ---------------------------------------------------------------------------- the options
#
# ``--install-completion SHELL`` and ``--show-completion SHELL`` are the arbiter's own, not
# Typer's: Typer's take no shell and guess it from the processes above this one, so
# ``arbiter --show-completion bash`` run from ``sh``, a script or an editor printed "Shell sh
# not supported." Here the shell is named, and the shell named is the shell meant.

SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def register_shells() -> None:
    """Typer's completion classes, which answer the shell's requests, made known to click."""
    from typer.completion import completion_init

    completion_init()


def _known(shell: str, shells: tuple[str, ...]) -> None:
    if shell not in shells:
        raise typer.BadParameter(f"{shell!r} is not a shell the arbiter completes for: {', '.join(shells)}")


def _complete_var(prog_name: str) -> str:
    return "_{}_COMPLETE".format(prog_name.replace("-", "_").upper())


def show_completion(ctx: typer.Context, param: object, shell: str | None) -> None:
    """Print the completion script for ``shell`` and stop."""
    if not shell or ctx.resilient_parsing:
        return
    _known(shell, SHELLS)
    from typer.completion import get_completion_script

    prog_name = ctx.find_root().info_name or "arbiter"
    typer.echo(get_completion_script(prog_name=prog_name, complete_var=_complete_var(prog_name), shell=shell))
    raise typer.Exit()


def install_completion(ctx: typer.Context, param: object, shell: str | None) -> None:
    """Install the completion script for ``shell`` and stop."""
    if not shell or ctx.resilient_parsing:
        return
    _known(shell, SHELLS)
    from typer.completion import install

    prog_name = ctx.find_root().info_name or "arbiter"
    done, path = install(shell=shell, prog_name=prog_name, complete_var=_complete_var(prog_name))
    typer.secho(f"{done} completion installed in {path}", fg="green")
    typer.echo("Completion will take effect once you restart the terminal.")
    raise typer.Exit()
