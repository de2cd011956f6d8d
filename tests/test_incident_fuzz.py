"""Whatever is written, the parser, the replay and the ruling give a result or a clean error,
and in bounded time.

Hypothesis mutates valid incidents (deleting, duplicating and swapping tokens and lines,
and inserting stray characters) and checks that nothing but a written decision or an
IncidentError ever comes out, and that an error always points inside the text. It also
writes incidents from every kind of statement, each made by a seat or by an actor who is
no seat (``someone``, ``bystander``, ``all``), in every place a statement may stand. The
bytes of a file, and the conditions of the rules in the law files, are fuzzed the same way.

Every example has a time bound that the fuzzer enforces: Hypothesis's ``deadline`` fails an
example that takes too long, and :func:`bounded` interrupts one that would never end (a
loop looking for a seat that is not there), so that a hang is a failure, not a stuck run.
"""

from __future__ import annotations

import functools
import os
import re
import signal
from datetime import timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.incident import IncidentError, format_incident, parse
from arbiter.incident.parser import decode
from arbiter.incident.printer import _VERBS
from arbiter.lawbook import load_lawbook
from arbiter.lawbook.conditions import parse_condition
from arbiter.render.decisions import render
from arbiter.ruling.decision import decide
from arbiter.table.replay import replay_all

BOOK = load_lawbook()

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.whist"))

BASES = [p.read_text(encoding="utf-8") for p in EXAMPLES] + [
    'code english-1864\ndealer Z\ntrump hearts\ntrick 1:\n  A leads S5\n  Y plays S8\n'
    '  B plays S3  # third hand\n  Z plays HA\n  Z quits trick\nfinding: B held S9\n'
    'question "Is it a revoke?"\n',
    'seats N E S W\ndealer W\ntrump clubs\ndeal N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876\n'
    'trick 1:\n  N leads SA\n  E plays SJ\n  S plays S8\n  W plays S5\n',
    'disputed "what B did":\n  - B plays HA\n  - B exposes HA; B throws down hand\nY says "x" (claims game, calls attention)\n',
    'code english-1864\ndealer Z\ntrump hearts\ntrick 1:\n  Y leads S5\n  A demands call suit spades from Z\n'
    'finding: Z held no spades\nfinding: Y held HA HK HQ\nfinding: A held no trumps\n',
]

PIECES = ["trick", "12", ":", "-", '"', "(", ")", ";", "#", "S5", "HA", "A", "Z", "plays", "leads",
          "disputed:", "finding:", "\n", " ", "deal", "N:", "..", "\t", "é", "♥A", "10", "\u00a0", "\ufeff",
          "\r", "S1", "y", "“"]


#: The time an example may take. One takes some milliseconds; the bound is far above that,
#: so that a loaded machine does not fail a sound example, and far below a hang.
DEADLINE = timedelta(seconds=5)


class Hang(Exception):
    """An example still running well past the deadline: it would not have ended."""


def bounded(test):
    """Run each example under an interval timer: an example still running at four times the
    deadline is interrupted with :class:`Hang` (a failure Hypothesis then shrinks), where the
    deadline alone would wait for it to end, and it never would."""
    limit = 4 * DEADLINE.total_seconds()

    @functools.wraps(test)
    def run(*args, **kwargs):
        def interrupt(signum, frame):
            raise Hang(f"an example ran for more than {limit:.0f} s")

        previous = signal.signal(signal.SIGALRM, interrupt)
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            return test(*args, **kwargs)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    return run


def lines_of(text: str) -> list[str]:
    return text.split("\n")


@st.composite
def mutated(draw):
    text = draw(st.sampled_from(BASES))
    lines = lines_of(text)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete-line", "duplicate-line", "swap-lines", "delete-token",
                                   "duplicate-token", "swap-tokens", "insert"]))
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        j = draw(st.integers(0, max(len(lines) - 1, 0)))
        if not lines:
            lines = [""]
        if op == "delete-line" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate-line":
            lines.insert(i, lines[i])
        elif op == "swap-lines":
            lines[i], lines[j] = lines[j], lines[i]
        else:
            tokens = lines[i].split(" ")
            k = draw(st.integers(0, max(len(tokens) - 1, 0)))
            m = draw(st.integers(0, max(len(tokens) - 1, 0)))
            if op == "delete-token" and tokens:
                del tokens[k]
            elif op == "duplicate-token" and tokens:
                tokens.insert(k, tokens[k])
            elif op == "swap-tokens" and tokens:
                tokens[k], tokens[m] = tokens[m], tokens[k]
            elif op == "insert":
                tokens.insert(k, draw(st.sampled_from(PIECES)))
            lines[i] = " ".join(tokens)
    return "\n".join(lines)


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 500)), deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
@bounded
def test_mutated_incidents_are_ruled_or_fail_cleanly(text):
    try:
        incident = parse(text, "fuzz.whist")
        written = render(decide(BOOK, incident), BOOK, "text")
        assert "Decision.--" in written or "If " in written
    except IncidentError as error:
        assert 1 <= error.line <= max(len(text.splitlines()), 1) + 1
        assert error.column >= 1
        assert str(error).startswith(f"fuzz.whist:{error.line}:{error.column}: ")
        return
    # a parsed incident prints to text that parses to the same printed form
    printed = format_incident(incident)
    assert format_incident(parse(printed)) == printed


#: One statement of every kind the notation has, the actor left to be drawn.
STATEMENT_FORMS = [
    "leads S2", "plays S3", "plays HA S4", "drops S4 face up", "drops S9 on the floor", "names S5",
    "withdraws S5", "detaches S6", "shows S7 to partner", "exposes S8 S9", "throws down hand",
    "throws down hands", "throw down hands", "retains hand", "takes up trump card",
    "leaves trump card on table", "shuffles", "presents pack", "cuts", "cuts without presentation",
    "deals", "deals two cards at once", "deals with the wrong pack", "rectifies deal", "stops dealing",
    "turns up H7", "places trump card face down", "looks at trump card", "looks at trick 1",
    "looks at hand", "counts cards", "touches cards", "takes card S3 from other pack", 'says "x"',
    'says "mine" (claims game, calls attention)', 'asks B "Having none?" (asks partner none)',
    'asks "Who dealt?"', 'answers "No" (answers no)', "interrupts", 'interrupts "Not your deal"',
    "claims game", "claims new deal", "withdraws claim", "demands call suit hearts from B",
    "demands highest from Y", "demands call SK", "demands new deal", "demands deduct points 3",
    "consults B", 'consults Y "Shall we?"', "marks 4", "marks 2 honours", "objects", 'objects "No"',
    "quits trick", "quits trick 1", "gathers trick", "gathers trick 2", "leaves trick 1 on table",
    "leaves trick on table", "mixes cards",
    "searches tricks", "has 12 cards", "has 1 card", "was dealt 14 cards", "held S9 HA", "held no spades", "held no trumps",
    "finds SK on the floor",
    "finds D2 among the tricks", "calls for new cards", 'bids "seven hearts"', 'bids "² grand"',
    "passes", "accepts Y",
]

#: Seats, and the actors that are no seat.
ACTORS = ["A", "Y", "B", "Z", "someone", "bystander", "all"]

#: A hand begun (a full first trick, a second begun), into which statements are put.
PLAYED = ["code english-1864", "dealer Z", "trump hearts", "trick 1:", "  A leads S10", "  Y plays SJ",
          "  B plays SQ", "  Z plays SK", "trick 2:", "  Z leads D3", "  A plays D4"]


def test_the_statement_forms_cover_every_verb():
    verbs = {parse(f"A {form}\n").events[0].verb for form in STATEMENT_FORMS}
    assert verbs == set(_VERBS)


@st.composite
def with_any_actor(draw):
    """An incident with statements of any kind by any actor, each put in a place a statement
    may stand: among the plays, under a moment, as a finding, in a dispute's alternative."""
    lines = list(draw(st.sampled_from([PLAYED, PLAYED[:3], []])))
    for _ in range(draw(st.integers(1, 6))):
        statement = f"{draw(st.sampled_from(ACTORS))} {draw(st.sampled_from(STATEMENT_FORMS))}"
        place = draw(st.sampled_from(["among", "end", "moment", "finding", "dispute"]))
        if place == "among":
            lines.insert(draw(st.integers(0, len(lines))), "  " + statement)
        elif place == "end":
            lines.append("  " + statement)
        elif place == "moment":
            lines += [draw(st.sampled_from(["deal:", "trick 13:", "after the hand:", "before the deal:"])),
                      "  " + statement]
        elif place == "finding":
            lines.append("finding: " + statement)
        else:
            lines += ["disputed:", "  - " + statement, f"  - {draw(st.sampled_from(ACTORS))} passes"]
    return "\n".join(lines) + "\n"


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 300)), deadline=DEADLINE,
          suppress_health_check=[HealthCheck.too_slow])
@given(with_any_actor())
@bounded
def test_every_statement_by_any_actor_is_ruled_or_fails_cleanly(text):
    """``bystander plays S3`` once spun for ever, walking the seats for one who is no seat:
    any statement, by a seat or not, gives a decision or an error at its own line."""
    try:
        incident = parse(text, "fuzz.whist")
        render(decide(BOOK, incident), BOOK, "text")
    except IncidentError as error:
        assert 1 <= error.line <= len(text.splitlines())
        assert re.match(r"fuzz\.whist:\d+:\d+: ", str(error))
        return
    printed = format_incident(incident)
    assert format_incident(parse(printed)) == printed


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)), deadline=DEADLINE)
@given(st.lists(st.sampled_from(PIECES + list("abcxyzABCQ0123456789")), max_size=40).map("".join))
@bounded
def test_arbitrary_text_parses_or_fails_cleanly(text):
    try:
        replay_all(parse(text, "fuzz.whist"))
    except IncidentError:
        pass


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)), deadline=DEADLINE)
@given(st.binary(max_size=200))
@bounded
def test_any_bytes_are_text_or_a_clean_error(data):
    try:
        text = decode(data, "fuzz.whist")
    except IncidentError as error:
        assert error.line == 0 or 1 <= error.line <= data.count(b"\n") + 1
        return
    assert isinstance(text, str) and not text.startswith("\ufeff")


CONDITION_PIECES = ["renounced(P, N)", "held_suit_led(P, N)", "and", "or", "not", "(", ")", ",", "@",
                    "after-next-cut", "N", ">", "13", '"x"', "_", "p(", "Q", "=", "!=", " ", "trick"]


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 300)), deadline=DEADLINE)
@given(st.lists(st.sampled_from(CONDITION_PIECES), max_size=12).map(" ".join))
@bounded
def test_any_condition_is_a_tree_or_a_clean_error(text):
    """A rule's ``when`` in a law file is read by a parser too: anything gives a tree or a
    ValueError saying where (which the loader reports with the file and the rule)."""
    try:
        parse_condition(text)
    except ValueError as error:
        assert "column" in str(error)


#: Findings of what a hand held or had none of, and the plays they may contradict.
FINDING_FORMS = ["held HA", "held HK HQ", "held HJ", "held S2", "held S10 SJ", "held D4", "held no spades",
                 "held no hearts", "held no trumps", "held no clubs", "held HA HK HQ HJ"]
PLAY_FORMS = ["leads S2", "plays S10", "plays HA", "plays D4", "leads HK", "plays C3", "plays SJ"]


@st.composite
def findings_and_voids(draw):
    """A play of a few cards, and findings of cards held and suits not held, by any seats: a
    card found with two players, a void and then a card of it played, and the like."""
    lines = ["code english-1864", "dealer Z", draw(st.sampled_from(["trump hearts", "trump spades", ""]))]
    lines.append("trick 1:")
    for _ in range(draw(st.integers(0, 5))):
        lines.append(f"  {draw(st.sampled_from(ACTORS[:4]))} {draw(st.sampled_from(PLAY_FORMS))}")
    if draw(st.booleans()):
        lines.append(f"  A demands call suit {draw(st.sampled_from(['spades', 'hearts']))} from "
                     f"{draw(st.sampled_from(ACTORS[:4]))}")
    for _ in range(draw(st.integers(1, 5))):
        lines.append(f"finding: {draw(st.sampled_from(ACTORS[:4]))} {draw(st.sampled_from(FINDING_FORMS))}")
    return "\n".join(lines) + "\n"


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 300)), deadline=DEADLINE,
          suppress_health_check=[HealthCheck.too_slow])
@given(findings_and_voids())
@bounded
def test_findings_and_voids_are_ruled_or_fail_cleanly_at_their_line(text):
    """Findings that contradict each other or the play are an error at a line of the file,
    never a traceback; where they stand together, the honours are counted only when all four
    are placed, and a stated void is a fact."""
    try:
        incident = parse(text, "fuzz.whist")
        replays = replay_all(incident)
        render(decide(BOOK, incident), BOOK, "text")
    except IncidentError as error:
        assert 1 <= error.line <= len(text.splitlines())
        assert re.match(r"fuzz\.whist:\d+:\d+: ", str(error))
        return
    for _, r in replays:
        honours = [f.args[1] for f in r.facts.by_name("honours_held")]
        assert not honours or sum(int(h) for h in honours) == 4
        for finding in incident.findings:
            s = finding.statement
            if s is not None and s.verb == "held-none" and (s.suit or incident.trump):
                assert r.facts.has("void_in_suit", s.actor, (s.suit or incident.trump).word)

