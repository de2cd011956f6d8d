r"""The error a bad incident file gets: where, the line, a caret, what was expected, a hint.

>>> e = IncidentError("case.whist", 3, 5, "  Y laeds S5", "a verb such as leads or plays", "leads")
>>> print(e)
case.whist:3:5: expected a verb such as leads or plays
      Y laeds S5
        ^
  did you mean `leads`?

A problem with the file as a whole has no line (``line`` 0), and is told in one line:

>>> print(IncidentError.about_file("case.whist", "no such file"))
case.whist: no such file

What the message quotes is the file's text, so its control characters are shown escaped
(an escape sequence in a speech never reaches the terminal), and of a very long line only
the part around the column is quoted:

>>> print(IncidentError("x.whist", 1, 4, 'A "\x1b[2J" says', "a verb"))
x.whist:1:4: expected a verb
    A "\x1b[2J" says
       ^
"""

from __future__ import annotations

from ..support.escapes import shown


class IncidentError(ValueError):
    def __init__(self, path: str, line: int, column: int, text: str, expected: str,
                 suggestion: str | None = None, problem: str | None = None, warning: bool = False) -> None:
        self.path, self.line, self.column = path, line, column
        self.text, self.expected, self.suggestion = text, expected, suggestion
        self.problem = problem
        self.warning = warning      # told, and the ruling goes on: what a real table could produce
        super().__init__(self.render())

    def as_data(self) -> dict:
        """For the JSON output: where, and what."""
        return {"file": self.path, "line": self.line, "column": self.column,
                "message": self.problem or f"expected {self.expected}", "suggestion": self.suggestion,
                "warning": self.warning}

    @classmethod
    def about_file(cls, path: str, problem: str) -> "IncidentError":
        return cls(path, 0, 0, "", "", problem=problem)

    def render(self) -> str:
        path = _clip(self.path)
        if self.line == 0:
            return f"{path}: {'warning: ' if self.warning else ''}{_clip(self.problem or '')}"
        head = f"{path}:{self.line}:{self.column}: " + ("warning: " if self.warning else "")
        head += _clip(self.problem if self.problem else f"expected {self.expected}")
        quoted, before = _quoted(self.text, self.column)
        # under a tab, a tab: the caret stays under its character however the tabs are set
        caret = "".join("\t" if ch == "\t" else " " for ch in before) + "^"
        lines = [head, f"    {quoted}", f"    {caret}"]
        if self.suggestion:
            lines.append(f"  did you mean `{_clip(self.suggestion)}`?")
        return "\n".join(lines)


#: The most characters of a line an error quotes, and of anything else it repeats.
QUOTED = 120
_LONGEST = 300


def _clip(text: str) -> str:
    return shown(text if len(text) <= _LONGEST else text[:_LONGEST - 1] + "…")


def _quoted(text: str, column: int) -> tuple[str, str]:
    """The part of the line that is quoted (all of it, or :data:`QUOTED` characters around
    the column, ``…`` marking what is left out), with its control characters shown; and
    what of that part comes before the caret."""
    start, end = 0, len(text)
    if len(text) > QUOTED:
        start = max(0, min(column - 1 - QUOTED // 2, len(text) - QUOTED))
        end = start + QUOTED
    cut = max(0, min(column - 1, end) - start)
    lead, tail = ("…" if start else ""), ("…" if end < len(text) else "")
    before = lead + shown(text[start:start + cut])
    return before + shown(text[start + cut:end]) + tail, before
