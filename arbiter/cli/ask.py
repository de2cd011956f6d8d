"""``arbiter ask``: tell the arbiter what happened by answering its questions, in the
terminal, with menus (questionary); then the decision, and the incident written to a file.

The interview itself is the library's (:mod:`arbiter.interview`); this only puts its
questions as menus, offers "Not known" and a way back to change an earlier answer, and
writes the file at the end without ever leaving it half-written.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Annotated, Optional

import typer

BACK = "__back__"
NOT_KNOWN = "__not_known__"
DONE = "__done__"
TRICK = "__trick__"
DISPUTE = "__dispute__"
STORY = "__story__"


def ask(
    output: Annotated[Optional[Path], typer.Argument(help="Where to write the incident (.whist) at the end.")] = None,
    script: Annotated[Optional[Path], typer.Option(
        "--script", help="Answer from a script (YAML: the answers in order) instead of asking.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite OUTPUT if it exists.")] = False,
) -> None:
    """Tell the arbiter what happened: a guided interview that asks only what the ruling
    turns on, then gives the decision and writes the incident in the notation."""
    from ..interview import Done, Interview, InterviewError
    from ..render.decisions import render

    if output is not None and output.exists() and not force:
        _fail(f"{output} exists: give another name, or --force to overwrite it")
    interview = Interview.begin()
    if script is not None:
        import yaml

        from ..interview.script import run

        try:
            entries = yaml.safe_load(script.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            _fail(f"{script}: cannot be read ({exc})")
        if not isinstance(entries, dict) or not isinstance(entries.get("answers"), list):
            _fail(f"{script}: a script is a mapping with `answers:`, a list of answers in order")
        try:
            interview, asked = run(interview, entries["answers"])
        except InterviewError as exc:
            _fail(f"{script}: {exc}")
        step = interview.next()
        typer.echo(f"{asked} questions asked.", err=True)
    else:
        step = _converse(interview)
    if not isinstance(step, Done):
        typer.echo(f"Not finished: the next question is {step.question.asks!r}.", err=True)
        typer.echo(step.interview.text)
        raise typer.Exit(1)
    typer.echo(render(step.decision, step.interview.book, "text"))
    if output is not None:
        try:
            write_new(str(output), step.interview.text, force)
        except OSError as exc:
            _fail(f"{output}: cannot be written ({exc.strerror or exc})")
        typer.echo(f"The incident is written to {output}.", err=True)
    else:
        typer.echo("\n" + step.interview.text)


def _fail(message: str) -> None:
    from ..support.escapes import shown

    typer.echo(f"Error: {shown(message)}", err=True)
    raise typer.Exit(1)


def _converse(interview):
    """Put each question as menus until the interview is done."""
    import questionary

    from ..interview import Answer, Done, InterviewError

    while True:
        step = interview.next()
        if isinstance(step, Done):
            return step
        question = step.question
        typer.echo("")
        if question.law:
            typer.echo(f"({question.law['label']}, {question.law['id'].split('/')[0]})")
        try:
            answer = _ask(questionary, step)
        except KeyboardInterrupt:
            raise typer.Exit(130) from None
        if answer is None:
            raise typer.Exit(130)       # the menu was left (Ctrl-C or Ctrl-D)
        if answer == BACK:
            interview = _back(questionary, interview)
            continue
        if not isinstance(answer, Answer):
            continue
        try:
            interview = interview.answer(answer)
        except InterviewError as exc:
            typer.echo(f"That cannot be taken: {exc}")


def _ask(questionary, step):
    from ..interview import Answer

    question = step.question
    extra = [questionary.Choice("Not known", NOT_KNOWN)]
    if step.interview.asked:
        extra.append(questionary.Choice("<- Change an earlier answer", BACK))
    form = question.id
    if form == "story":
        first = questionary.select(question.asks, choices=[
            questionary.Choice("Tell one act (who did what)", STORY),
            questionary.Choice("Tell a whole trick's cards", TRICK),
            questionary.Choice("The players disagree: tell the two versions", DISPUTE),
            questionary.Choice("Nothing more happened: rule now", DONE), *extra]).ask()
        if first in (None, BACK):
            return first
        if first in (DONE, NOT_KNOWN):
            return Answer("story", {"done": "yes"})
        if first in (TRICK, DISPUTE):
            from ..interview.questions import form_question

            told = step.interview.told
            form = "trick" if first == TRICK else "dispute"
            question = form_question(form, told.seats, step.interview.book, told.code, told.topic)
        extra = []
    elif question.help:
        typer.echo(question.help)
    fields: dict = {}
    used = _used(question)
    for f in question.fields:
        if used is not None and f.name not in used(fields):
            continue
        value = _field(questionary, question, f, extra if f is question.fields[0] else [])
        if value is None or value == BACK:
            return value
        if value == NOT_KNOWN:
            return Answer(form, {}, question.key, True)
        if value != "":
            fields[f.name] = value
        if form == "trick" and f.name.startswith("card") and not value:
            break       # the rest had not played
    return Answer(form, fields, question.key)


def _used(question):
    """For the story: the fields the chosen act's statement uses (and when it was)."""
    if question.id != "story":
        return None
    from ..interview.questions import interview_book

    acts = interview_book().acts

    def used(fields: dict) -> set[str]:
        base = {"when", "who", "act"} | ({"trick"} if fields.get("when") == "trick" else set())
        act = acts.get(fields.get("act", ""))
        if act is None:
            return base | {"act"}
        return base | set(re.findall(r"\{(\w+)\}", act.writes))
    return used


def _field(questionary, question, f, extra):
    label = f.label + ("" if not f.optional else " (optional)")
    if f.kind == "card":
        suits = [questionary.Choice(s, s) for s in ("spades", "hearts", "diamonds", "clubs")]
        blank = [questionary.Choice("(none)", "")] if f.optional else []
        suit = questionary.select(label + ": the suit", choices=blank + suits + extra).ask()
        if suit in (None, "", BACK, NOT_KNOWN):
            return suit
        ranks = [c for c in f.choices if c.group == suit]
        return questionary.select(label + ": the rank", choices=[questionary.Choice(c.says, c.value)
                                                                   for c in ranks]).ask()
    if f.choices:
        blank = [questionary.Choice("(none)", "")] if f.optional else []
        return questionary.select(label, choices=blank + [questionary.Choice(c.says, c.value) for c in f.choices]
                                  + extra).ask()
    if extra:
        choice = questionary.select(label, choices=[questionary.Choice("Answer", "answer"), *extra]).ask()
        if choice != "answer":
            return choice
    if f.kind == "number":
        return questionary.text(label, validate=lambda t: t == "" and f.optional or t.isdigit() and int(t) < 100
                                or "a number from 0 to 99").ask()
    return questionary.text(label, validate=lambda t: bool(t.strip()) or f.optional or "say it in words").ask()


def _back(questionary, interview):
    recap = interview.recap()
    chosen = questionary.select("Which answer do you want to change? (it and all after it are asked again)",
                                choices=[questionary.Choice(f"{r['index'] + 1}. {r['says']}", r["index"])
                                         for r in recap] + [questionary.Choice("(keep them all)", -1)]).ask()
    if chosen is None or chosen < 0:
        return interview
    return interview.back_to(chosen)


def write_new(path: str, text: str, force: bool = False) -> None:
    """Write ``text`` to ``path`` whole or not at all: a new file is written under a hidden
    name beside it, flushed, and linked to its name only when complete (a link never
    replaces a file another wrote meanwhile); an existing one (with ``force``) is replaced
    as ``arbiter fmt --write`` replaces it."""
    from .files import replace_text, temporary_name

    if force and os.path.exists(path):
        replace_text(path, text)
        return
    directory, name = os.path.split(os.path.abspath(path))
    tmp = os.path.join(directory, temporary_name(name, os.getpid()))
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(fd, "wb") as stream:
            stream.write(text.encode("utf-8"))
            stream.flush()
            os.fsync(stream.fileno())
        os.link(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
