"""The error a bad incident file gets: where, the line, a caret, what was expected, a hint.

>>> e = IncidentError("case.whist", 3, 5, "  Y laeds S5", "a verb such as leads or plays", "leads")
>>> print(e)
case.whist:3:5: expected a verb such as leads or plays
      Y laeds S5
        ^
  did you mean `leads`?

A problem with the file as a whole has no line (``line`` 0), and is told in one line:

>>> print(IncidentError.about_file("case.whist", "no such file"))
case.whist: no such file
"""

from __future__ import annotations


class IncidentError(ValueError):
    def __init__(self, path: str, line: int, column: int, text: str, expected: str,
                 suggestion: str | None = None, problem: str | None = None) -> None:
        self.path, self.line, self.column = path, line, column
        self.text, self.expected, self.suggestion = text, expected, suggestion
        self.problem = problem
        super().__init__(self.render())

    @classmethod
    def about_file(cls, path: str, problem: str) -> "IncidentError":
        return cls(path, 0, 0, "", "", problem=problem)

    def render(self) -> str:
        if self.line == 0:
            return f"{self.path}: {self.problem}"
        head = f"{self.path}:{self.line}:{self.column}: "
        head += self.problem if self.problem else f"expected {self.expected}"
        caret = " " * (self.column - 1) + "^"
        lines = [head, f"    {self.text}", f"    {caret}"]
        if self.suggestion:
            lines.append(f"  did you mean `{self.suggestion}`?")
        return "\n".join(lines)
