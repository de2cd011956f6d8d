"""The most an incident may hold, so that no input can make the arbiter hang or run out of
memory: a file, a line, a number, the statements, and the branches that disputes make.

A real incident is a page: a few dozen lines, rarely a few hundred. The limits are far
above that, and far below what would take the machine's memory or minutes of its time
(``benchmarks/run.py`` measures the cost as incidents grow; ``docs/limits.md`` gives the
figures). Each is told, when passed, as an error at the line that passes it.

The parser enforces them on the text (:func:`check_text`, then statement by statement and
number by number); a reader of a file or of standard input reads through
:func:`read_capped`, so that a file without end (``/dev/zero``) is not read to its end.
"""

from __future__ import annotations

from typing import BinaryIO

from .errors import IncidentError

#: The most bytes an incident file may hold (4 MiB).
MAX_FILE_BYTES = 4 * 1024 * 1024
#: The most lines, blank lines and comments included.
MAX_LINES = 200_000
#: The most characters on one line.
MAX_LINE_CHARS = 4_000
#: The most statements (those of every alternative of a dispute included).
MAX_STATEMENTS = 100_000
#: The most digits in a number (``trick``, ``packs``, ``has``, ``marks``, ``score``, …).
MAX_DIGITS = 9
#: The most ways the disputes may give for the facts to have gone.
MAX_BRANCHES = 256
#: The most statements replayed over all the branches together: each branch is a replay
#: of the whole incident, so that disputes multiply the work and the memory.
MAX_REPLAYED = 400_000

def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB ({n:,} bytes)"


def read_capped(stream: BinaryIO, path: str) -> bytes:
    """The bytes of an incident from ``stream``, reading no more than one byte past the
    limit: a larger input (a device without end included) is an error at the line where
    it passes :data:`MAX_FILE_BYTES`, not a read until memory runs out."""
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(data, path)
    return data


def _too_large(data: bytes, path: str) -> IncidentError:
    start = data.rfind(b"\n", 0, MAX_FILE_BYTES) + 1
    number = data.count(b"\n", 0, MAX_FILE_BYTES) + 1
    end = data.find(b"\n", start)
    line = data[start:end if end >= 0 else len(data)].decode("utf-8", errors="replace")
    column = len(data[start:MAX_FILE_BYTES].decode("utf-8", errors="replace")) + 1
    return error(path, number, column, line,
                 f"the incident passes {_size(MAX_FILE_BYTES)} here, the most an incident file may hold: "
                 "leave out what the ruling does not need")


def check_text(text: str, lines: list[str], path: str) -> None:
    """The limits a text must keep before it is parsed at all: its size, its number of
    lines and the length of each line. Cheap: one pass over the lines, in C."""
    if len(text) > MAX_FILE_BYTES // 4 and len(text.encode("utf-8", errors="surrogatepass")) > MAX_FILE_BYTES:
        raise _too_large(text.encode("utf-8", errors="surrogatepass"), path)
    if len(lines) > MAX_LINES:
        raise error(path, MAX_LINES + 1, 1, lines[MAX_LINES],
                    f"the incident has more than {MAX_LINES:,} lines, the most it may hold")
    if lines and max(map(len, lines)) > MAX_LINE_CHARS:
        number = next(n for n, line in enumerate(lines, 1) if len(line) > MAX_LINE_CHARS)
        raise error(path, number, MAX_LINE_CHARS + 1, lines[number - 1],
                    f"the line is longer than {MAX_LINE_CHARS:,} characters, the most a line may hold: "
                    "put the words on several lines (`note \"…\"`, or several `says`)")


def too_many_statements(count: int) -> str | None:
    """The problem with the ``count``-th statement, if it passes the limit."""
    if count > MAX_STATEMENTS:
        return f"more than {MAX_STATEMENTS:,} statements, the most an incident may hold"
    return None


def number_problem(digits: str) -> str | None:
    """Why a number as written cannot be read, if it cannot: too many digits (Python
    itself refuses to read a number of more than a few thousand digits)."""
    written = digits.lstrip("-+")
    if len(written) > MAX_DIGITS:
        shown = written[:12] + ("…" if len(written) > 12 else "")
        return f"the number {shown} has {len(written):,} digits: a number here has at most {MAX_DIGITS}"
    return None


def branches_problem(branches: int, statements: int) -> str | None:
    """Why the disputes give too many branches to weigh, if they do: more than
    :data:`MAX_BRANCHES`, or more statements to replay over all of them than
    :data:`MAX_REPLAYED`."""
    if branches > MAX_BRANCHES:
        return (f"the disputes give more than {MAX_BRANCHES} ways for the facts to have gone; "
                "settle some of the facts before asking for a ruling")
    if branches * statements > MAX_REPLAYED:
        return (f"the disputes give {branches:,} ways for the facts to have gone, each a replay of "
                f"{statements:,} statements: more than the {MAX_REPLAYED:,} statements the arbiter replays "
                "for one incident; settle some of the facts, or leave out what the ruling does not need")
    return None


def error(path: str, line: int, column: int, text: str, problem: str) -> IncidentError:
    """The error at a place in the text (the error itself quotes a bounded part of a long line)."""
    return IncidentError(path, line, column, text, "", None, problem)
