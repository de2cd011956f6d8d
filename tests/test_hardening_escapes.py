"""One escaping policy for every text that reaches a person (issue 21).

The attack: ``arbiter fmt`` printed control sequences raw (an incident someone sends you
could set the terminal's title or write its clipboard), and piped it dropped CSI sequences,
so ``fmt F > G`` differed from ``fmt --write``; bidi overrides and invisible characters
passed raw to the terminal and to Markdown in every output and in the quoted lines of
errors and warnings (a remark could reverse how the arbiter's own line displays); JSON kept
DEL and U+009B raw.

Now: control characters, bidi controls and invisible characters are shown escaped
(``\\x1b``, ``\\u202e``, ``\\U000e0041``) in text, Markdown and HTML and in errors and
warnings; the canonical form keeps them as escapes the notation reads back as the same
characters; JSON writes them as ``\\u`` escapes (the data is the same).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.incident import IncidentError, format_incident, parse
from arbiter.incident.model import Statement
from arbiter.support.escapes import shown

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from arbiter.web import create_app
from arbiter.web.links import pack

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()

#: One of each kind: bidi embeddings, overrides and isolates, marks, the Arabic letter
#: mark; zero-width space, word joiner, soft hyphen, byte-order mark, a tag character; the
#: controls: C0 (ESC, BEL, backspace), DEL, C1 (the one-character CSI).
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
INVISIBLE = "\u200b\u2060\u00ad\ufeff\U000e0041\U000e007f"
CONTROLS = "\x1b\x07\x08\x7f\x9b"
HIDDEN = BIDI + INVISIBLE + CONTROLS

#: The three kinds in every place free text stands: title, a player's name, speech, a
#: disputed alternative in words, a finding in words, the question, a note, a comment.
HOSTILE = (
    'code english-1864\n'
    'title "Title \u202eeltit\u202c \x1b]0;owned\x07 zero\u200bwidth\U000e0041"\n'
    'player A "Mr\u00ad \x9b31mRed\U000e0041"\n'
    'trick 1:\n'
    '  A leads S2  # a comment \x1b[2J \u2066hidden\u2069\n'
    '  Y says "B revoked\u202e.dekover ton si B \x1b[8m\u2060\x9b\U000e0041"\n'
    '  disputed "what Z \u200fsaid":\n'
    '    - "the \u202dtrick\u202c"\n'
    '    - "nothing\x7f"\n'
    'finding: "\u2067found\u2069"\n'
    'note "a \ufeffnote"\n'
    'question "Is it \x1b[5mblinking\x1b[0m\u200e?"\n'
)


SPEECH = "B revoked\u202e.dekover ton si B \x1b[8m\u2060\x9b\U000e0041"


def texts(data) -> list[str]:
    """Every string in JSON data."""
    if isinstance(data, str):
        return [data]
    values = data.values() if isinstance(data, dict) else data if isinstance(data, list) else []
    return [text for value in values for text in texts(value)]


def raw_hidden(text: str) -> list[str]:
    """The characters of :data:`HIDDEN` that stand raw in ``text``."""
    return sorted({f"U+{ord(c):04X}" for c in text if c in HIDDEN})


# ------------------------------------------------------------------ the policy itself

def test_every_control_format_and_separator_character_is_shown_escaped():
    """Every character Unicode calls a control (but tab and newline), a format character
    (bidi controls, zero-width characters, the soft hyphen, tags) or a line or paragraph
    separator, as this Python's Unicode database has them: none passes :func:`shown` raw."""
    missed = [f"U+{c:04X}" for c in range(0x110000)
              if chr(c) not in "\t\n" and unicodedata.category(chr(c)) in ("Cc", "Cf", "Zl", "Zp")
              and shown(chr(c)) == chr(c)]
    assert missed == []


@pytest.mark.parametrize("char, escape", [("\x1b", "\\x1b"), ("\x9b", "\\x9b"), ("\x7f", "\\x7f"),
                                          ("\u202e", "\\u202e"), ("\u00ad", "\\xad"), ("\u2060", "\\u2060"),
                                          ("\U000e0041", "\\U000e0041"), ("\u3164", "\\u3164")])
def test_a_hidden_character_is_shown_as_its_escape(char, escape):
    assert shown(f"a{char}b") == f"a{escape}b"


def test_what_is_seen_is_left_as_it_is():
    text = "Tab\tand newline\n, é, ♠, “quotes”, 中文, emoji 🃏, a backslash \\x1b written out"
    assert shown(text) == text


# ------------------------------------------------------------------ every written format

@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_no_hidden_character_reaches_a_written_decision(fmt):
    result = runner.invoke(app, ["rule", "-", "--format", fmt], input=HOSTILE)
    assert result.exit_code == 0, result.output
    assert raw_hidden(result.stdout) == []
    assert "Title \\u202eeltit\\u202c" in result.stdout and "zero\\u200bwidth" in result.stdout
    assert "blinking\\x1b" in result.stdout and "B revoked\\u202e.dekover" in result.stdout


def test_no_hidden_character_reaches_the_comparison():
    result = runner.invoke(app, ["rule", "-", "--compare"], input=HOSTILE)
    assert result.exit_code == 0, result.output
    assert raw_hidden(result.stdout) == []


def test_check_shows_every_hidden_character_escaped_the_bell_and_backspace_included():
    """rich drops BEL and backspace from a text without a word: shown first, they are seen."""
    result = runner.invoke(app, ["check", "-"], input=HOSTILE.replace("Title ", "Title \x08"))
    assert result.exit_code == 0, result.output
    assert raw_hidden(result.stdout) == []
    assert "\\x1b]0;owned\\x07" in result.stdout and "Title \\x08" in result.stdout


def test_the_pages_show_no_hidden_character(tmp_path):
    client = TestClient(create_app())
    page = client.get("/rule", params={"i": pack(HOSTILE)})
    assert page.status_code == 200
    assert raw_hidden(page.text) == [] and "\\u202e" in page.text


# ------------------------------------------------------------------ JSON

@pytest.mark.parametrize("args", [["rule", "-", "--format", "json"], ["rule", "-", "--compare", "--format", "json"],
                                  ["check", "-", "--format", "json"]])
def test_json_on_the_command_line_escapes_what_is_hidden_and_keeps_the_data(args):
    result = runner.invoke(app, args, input=HOSTILE)
    assert result.exit_code == 0, result.output
    assert raw_hidden(result.stdout) == []
    assert "\\u009b" in result.stdout and "\\u007f" in result.stdout and "\\u202e" in result.stdout
    assert "\\udb40\\udc41" in result.stdout          # a tag character, as JSON writes one past U+FFFF
    assert any(SPEECH in text for text in texts(json.loads(result.stdout)))


@pytest.mark.parametrize("path", ["/api/rule", "/api/check"])
def test_json_from_the_api_escapes_what_is_hidden_and_keeps_the_data(path):
    response = TestClient(create_app()).post(path, json={"text": HOSTILE})
    assert response.status_code == 200, response.text[:300]
    assert raw_hidden(response.text) == [] and "\\u009b" in response.text
    assert any(SPEECH in text for text in texts(response.json()))


def test_the_canonical_form_from_the_api_holds_no_hidden_character():
    response = TestClient(create_app()).post("/api/format", json={"text": HOSTILE})
    assert response.status_code == 200 and raw_hidden(response.text) == []
    assert strings(parse(response.json()["text"])) == strings(parse(HOSTILE))


def test_an_api_error_quoting_a_hidden_character_escapes_it():
    response = TestClient(create_app()).post("/api/rule", json={"text": "trick 1:\n  A laeds \u202eS2\x9b\n"})
    assert response.status_code == 422
    assert raw_hidden(response.text) == []
    assert "\\\\u202e" in response.text                  # the rendered message shows the escape


# ------------------------------------------------------------------ errors and warnings

def test_the_line_an_error_quotes_shows_bidi_and_invisible_characters_escaped_with_the_caret_in_place():
    with pytest.raises(IncidentError) as caught:
        parse('trick 1:\n  A says "\u202e\u200b\U000e0041" laeds S2\n')
    message = str(caught.value)
    assert raw_hidden(message) == []
    head, quoted, caret = message.splitlines()[:3]
    assert '"\\u202e\\u200b\\U000e0041"' in quoted
    assert quoted[caret.index("^"):].startswith("laeds")


def test_a_warning_quotes_its_line_with_what_is_hidden_escaped():
    """A disputed way the rest rules out is warned of, quoting its line."""
    text = ('code english-1864\ntrick 1:\n  A leads S2\n  disputed:\n    - Y plays S2; Y says "mine\u202e\u200b"\n'
            '    - Y plays S3\n')
    result = runner.invoke(app, ["rule", "-"], input=text)
    assert result.exit_code == 0, result.output
    assert "warning:" in result.stderr and raw_hidden(result.stderr) == []
    assert '"mine\\u202e\\u200b"' in result.stderr


def test_a_command_error_quoting_a_hidden_character_escapes_it():
    result = runner.invoke(app, ["rule", "-", "--game", "whist\u202e\u200b"], input=HOSTILE)
    assert result.exit_code == 1 and raw_hidden(result.output) == []


# ------------------------------------------------------------------ the canonical form

def strings(incident) -> list:
    """Every text of the incident that came from between quotes."""
    out = [incident.title, incident.question, *incident.notes, *incident.players.values()]
    for item in incident.items:
        if isinstance(item, Statement):
            out.append(item.words)
    out += [a.text for d in incident.disputes for a in d.alternatives]
    out += [f.text for f in incident.findings]
    return out


def test_the_canonical_form_writes_hidden_characters_as_escapes_that_read_back_the_same():
    incident = parse(HOSTILE)
    text = format_incident(incident)
    assert raw_hidden(text) == [] and "\x1b" not in text
    again = parse(text)
    assert strings(again) == strings(incident)
    assert format_incident(again) == text                          # and it is canonical


def test_a_comment_keeps_its_hidden_characters_as_escapes():
    text = format_incident(parse(HOSTILE))
    assert "# a comment \\x1b[2J \\u2066hidden\\u2069" in text


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a pipe and a terminal, as on a POSIX system")
def test_fmt_piped_is_the_same_as_fmt_write(tmp_path):
    """``fmt F > G`` equals ``fmt --write F``: click drops CSI sequences from what it writes to
    a pipe, so the canonical form must hold none."""
    source = tmp_path / "hostile.whist"
    source.write_text(HOSTILE, encoding="utf-8")
    piped = subprocess.run([sys.executable, "-m", "arbiter", "fmt", str(source)], capture_output=True,
                           cwd=REPO, env=os.environ)
    assert piped.returncode == 0, piped.stderr
    written = subprocess.run([sys.executable, "-m", "arbiter", "fmt", "--write", str(source)],
                             capture_output=True, cwd=REPO, env=os.environ)
    assert written.returncode == 0, written.stderr
    assert piped.stdout == source.read_bytes()
    check = subprocess.run([sys.executable, "-m", "arbiter", "fmt", "--check", str(source)], cwd=REPO)
    assert check.returncode == 0


# ------------------------------------------------------------------ escapes in the notation

@pytest.mark.parametrize("written, words", [
    (r'"\x1b[2J"', "\x1b[2J"), (r'"\u202e"', "\u202e"), (r'"\U000e0041"', "\U000e0041"),
    (r'"\x41\u00e9"', "Aé"), (r'"a \"quote\" and a \\ backslash"', 'a "quote" and a \\ backslash'),
    (r'"\q"', "q"),
])
def test_the_notation_reads_an_escape_as_the_character_it_names(written, words):
    [statement] = [i for i in parse(f"trick 1:\n  A says {written}\n").items if isinstance(i, Statement)]
    assert statement.words == words


@pytest.mark.parametrize("written, problem", [
    (r'"\x4g"', "\\x"), (r'"\u202"', "\\u"), (r'"\U0011ffff"', "no character"),
    (r'"\ud800"', "no character"), (r'"\x0a"', "line break"),
])
def test_an_escape_that_names_no_character_is_an_error_at_the_escape(written, problem):
    with pytest.raises(IncidentError) as caught:
        parse(f"trick 1:\n  A says {written}\n")
    error = caught.value
    assert error.line == 2 and error.column == len("  A says \"") + 1
    assert problem in error.problem
