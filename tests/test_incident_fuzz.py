"""Whatever is written, the parser, the replay and the ruling give a result or a clean error.

Hypothesis mutates valid incidents (deleting, duplicating and swapping tokens and lines,
and inserting stray characters) and checks that nothing but a written decision or an
IncidentError ever comes out, and that an error always points inside the text. The bytes
of a file, and the conditions of the rules in the law files, are fuzzed the same way.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.decision import decide
from arbiter.engine.conditions import parse_condition
from arbiter.incident import IncidentError, format_incident, parse
from arbiter.incident.parser import decode
from arbiter.lawbook import load_lawbook
from arbiter.render import render
from arbiter.table import replay_all

BOOK = load_lawbook()

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.whist"))

BASES = [p.read_text(encoding="utf-8") for p in EXAMPLES] + [
    'code english-1864\ndealer Z\ntrump hearts\ntrick 1:\n  A leads S5\n  Y plays S8\n'
    '  B plays S3  # third hand\n  Z plays HA\n  Z quits trick\nfinding: B held S9\n'
    'question "Is it a revoke?"\n',
    'seats N E S W\ndealer W\ntrump clubs\ndeal N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876\n'
    'trick 1:\n  N leads SA\n  E plays SJ\n  S plays S8\n  W plays S5\n',
    'disputed "what B did":\n  - B plays HA\n  - B exposes HA; B throws down hand\nY says "x" (claims game, calls attention)\n',
]

PIECES = ["trick", "12", ":", "-", '"', "(", ")", ";", "#", "S5", "HA", "A", "Z", "plays", "leads",
          "disputed:", "finding:", "\n", " ", "deal", "N:", "..", "\t", "é", "♥A", "10", "\u00a0", "\ufeff",
          "\r", "S1", "y", "“"]


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


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 500)), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
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


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)), deadline=None)
@given(st.lists(st.sampled_from(PIECES + list("abcxyzABCQ0123456789")), max_size=40).map("".join))
def test_arbitrary_text_parses_or_fails_cleanly(text):
    try:
        replay_all(parse(text, "fuzz.whist"))
    except IncidentError:
        pass


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)), deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_are_text_or_a_clean_error(data):
    try:
        text = decode(data, "fuzz.whist")
    except IncidentError as error:
        assert error.line == 0 or 1 <= error.line <= data.count(b"\n") + 1
        return
    assert isinstance(text, str) and not text.startswith("\ufeff")


CONDITION_PIECES = ["renounced(P, N)", "held_suit_led(P, N)", "and", "or", "not", "(", ")", ",", "@",
                    "after-next-cut", "N", ">", "13", '"x"', "_", "p(", "Q", "=", "!=", " ", "trick"]


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 300)), deadline=None)
@given(st.lists(st.sampled_from(CONDITION_PIECES), max_size=12).map(" ".join))
def test_any_condition_is_a_tree_or_a_clean_error(text):
    """A rule's ``when`` in a law file is read by a parser too: anything gives a tree or a
    ValueError saying where (which the loader reports with the file and the rule)."""
    try:
        parse_condition(text)
    except ValueError as error:
        assert "column" in str(error)
