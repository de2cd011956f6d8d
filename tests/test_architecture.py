"""Laws are data: no Python outside the CLI names a law number or a published case.

Comments and docstrings may give examples ("Law 73"); code may not: the scan reads the
code with its comments and docstrings taken out.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "arbiter"
GENERIC = [p for p in PACKAGE.rglob("*.py") if "cli" not in p.parts]

FORBIDDEN = [
    re.compile(r"\bCase [IVX]+\b"),
    re.compile(r"\bcase[_-]?(0?[1-9]|1[01])\b", re.I),
    re.compile(r"\blaw[_ ]?(number)? ?==? ?[0-9]+", re.I),
    re.compile(r"['\"](english|american)[-a-z0-9]*/[0-9]+"),
    re.compile(r"\bLaw \d+\b"),
]


def code_lines(source: str) -> dict[int, str]:
    """The lines of ``source`` with comments and docstrings blanked."""
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
                    and isinstance(body[0].value.value, str):
                docstrings.update(range(body[0].lineno, body[0].end_lineno + 1))
    lines = source.splitlines()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            lines[row - 1] = lines[row - 1][:col]
    return {n: line for n, line in enumerate(lines, 1) if n not in docstrings}


def test_the_generic_modules_name_no_law_or_case():
    offences = []
    for path in GENERIC:
        for number, line in code_lines(path.read_text(encoding="utf-8")).items():
            for pattern in FORBIDDEN:
                if pattern.search(line):
                    offences.append(f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}")
    assert not offences, "\n".join(offences)


def test_the_scan_would_catch_an_offence():
    source = 'def f(law):\n    """Law 73 in a docstring is fine."""\n    return law == "english-1864/72"  # Case VII\n'
    lines = code_lines(source)
    assert 2 not in lines and "Case VII" not in lines[3]
    assert any(p.search(lines[3]) for p in FORBIDDEN)
