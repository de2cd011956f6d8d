"""The house keeps its plan: packages follow the pipeline, no import reaches up or round in a
circle, and no Python outside the CLI names a law number or a published case.

Each package (and each module at the top of ``arbiter/``) says in its docstring which parts
it may use (``Uses: …``); the test holds every import to that line -- an import inside a
function or under ``TYPE_CHECKING`` counts, for it is knowledge all the same -- and holds the
lines themselves to the pipeline's order, so that no part may use one above it.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "arbiter"

#: The pipeline, from the ground floor up: a part may use only parts before it.
ORDER = ("arbiter", "cards", "words", "support", "incident", "lawbook", "facts", "table", "engine", "scoring",
         "ruling", "render", "interview", "cases", "guide", "api", "cli", "web", "__main__")

#: What the design says outright, beside the order (a ``Uses`` line may not loosen these).
NEVER = {
    "cards": set(ORDER) - {"cards"},
    "incident": set(ORDER) - {"incident", "cards", "words", "support"},
    "lawbook": {"incident", "facts", "table", "engine", "ruling", "render"},
    "table": {"lawbook", "engine", "scoring", "ruling", "render"},
    "engine": {"table", "ruling", "render"},
    "ruling": {"render", "cases", "guide", "api", "cli", "web"},
    "render": {"cases", "guide", "api", "cli", "web"},
    "cli": {"web"},
    "web": {"cli"},
}


# ------------------------------------------------------------------ reading the house

def sources(root: Path = PACKAGE) -> dict[str, tuple[Path, str]]:
    """Every module of the package by its dotted name, with its path and text."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        if "_data" in path.parts:
            continue
        parts = ["arbiter", *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = (path, path.read_text(encoding="utf-8"))
    return out


def imports(name: str, path: Path, text: str, modules: set[str]) -> set[str]:
    """The modules of ours that ``name`` imports, anywhere in it."""
    out = set()
    package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.split(".")[0] == "arbiter"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")[: None if package else -1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "arbiter":
                continue
            named = {f"{target}.{a.name}" for a in node.names} & modules
            out |= named or {target}
            if len(named) < len(node.names):
                out.add(target)
    return out - {name}


def part_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "arbiter"


def declared(modules: dict[str, tuple[Path, str]]) -> dict[str, set[str]]:
    """Each part's ``Uses:`` line, read from its package's (or module's) docstring."""
    out = {}
    for part in ORDER:
        name = "arbiter" if part == "arbiter" else f"arbiter.{part}"
        doc = ast.get_docstring(ast.parse(modules[name][1])) or ""
        found = re.search(r"^Uses: (.*?)(?:\n\n|\Z)", doc, re.M | re.S)
        assert found, f"{name} does not say which parts it uses (a 'Uses: …' line in its docstring)"
        words = re.sub(r"\s+", " ", found.group(1)).strip().rstrip(".")
        out[part] = set() if words.startswith("nothing") else {w.strip().split(" ")[0] for w in words.split(",")}
    return out


def offences(modules: dict[str, tuple[Path, str]]) -> list[str]:
    """Every import a part makes of a part its ``Uses`` line does not name, every ``Uses``
    line that names a part above it or one the design forbids, and every circle of imports."""
    uses = declared(modules)
    out = []
    for part, used in uses.items():
        for other in sorted(used):
            if other not in ORDER or ORDER.index(other) >= ORDER.index(part):
                out.append(f"{part} says it uses {other}, which is not below it")
            if other in NEVER.get(part, ()):
                out.append(f"{part} may never use {other}")
    graph = {}
    names = set(modules)
    for name, (path, text) in modules.items():
        graph[name] = imports(name, path, text, names)
        part = part_of(name)
        if part not in uses:
            out.append(f"{name} belongs to no part of the pipeline ({', '.join(ORDER)})")
            continue
        for target in sorted(graph[name]):
            other = part_of(target)
            if other != part and other not in uses[part]:
                out.append(f"{name} imports {target}, but {part} does not use {other}")
    out += [" -> ".join(cycle) for cycle in circles(graph)]
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of imports among modules (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


# ------------------------------------------------------------------ the house as it stands

def test_every_part_uses_only_the_parts_below_it_and_no_import_goes_round():
    assert offences(sources()) == []


def test_the_parts_are_the_pipeline_and_nothing_else():
    tops = {part_of(name) for name in sources()}
    assert tops == set(ORDER)


def test_the_replay_is_given_the_game_and_never_reads_the_law_book():
    modules = sources()
    replay = {n: v for n, v in modules.items() if part_of(n) == "table"}
    reached = {t for n, (p, text) in replay.items() for t in imports(n, p, text, set(modules))}
    assert not {t for t in reached if part_of(t) in ("lawbook", "engine", "ruling")}


def test_an_upward_import_inside_a_function_is_caught():
    modules = sources()
    path, text = modules["arbiter.table.replay"]
    planted = dict(modules)
    planted["arbiter.table.replay"] = (path, text + "\n\ndef _peek():\n    from ..lawbook import load_lawbook\n")
    assert "arbiter.table.replay imports arbiter.lawbook, but table does not use lawbook" in offences(planted)


def test_an_import_under_type_checking_is_caught():
    modules = sources()
    path, text = modules["arbiter.engine.solve"]
    planted = dict(modules)
    planted["arbiter.engine.solve"] = (path, text + "\nif TYPE_CHECKING:\n    from ..ruling.decision import Decision\n")
    assert any(o.startswith("arbiter.engine.solve imports arbiter.ruling.decision") for o in offences(planted))


def test_a_circle_of_imports_is_caught():
    modules = sources()
    path, text = modules["arbiter.incident.printer"]
    model_path, model = modules["arbiter.incident.model"]
    planted = dict(modules)
    planted["arbiter.incident.model"] = (model_path, model + "\n\ndef _text():\n    from .printer import statement_text\n")
    assert ["arbiter.incident.model", "arbiter.incident.printer"] in circles(
        {n: imports(n, p, t, set(planted)) for n, (p, t) in planted.items()})
    assert any("arbiter.incident.model" in o and "->" in o for o in offences(planted))


def test_a_uses_line_that_reaches_up_is_caught():
    modules = sources()
    path, text = modules["arbiter.table"]
    planted = dict(modules)
    planted["arbiter.table"] = (path, text.replace("Uses: facts,", "Uses: ruling, lawbook, facts,"))
    found = offences(planted)
    assert "table says it uses ruling, which is not below it" in found
    assert "table may never use lawbook" in found


# ------------------------------------------------------------------ laws are data

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


@pytest.mark.parametrize("module", sorted(sources()))
def test_no_module_is_a_shim(module):
    """A module left behind by a move, only re-exporting another's names, is a second door to
    the same room: every module has work of its own (a package's ``__init__`` may only say
    what the package is)."""
    path, text = sources()[module]
    body = [n for n in ast.parse(text).body if not isinstance(n, (ast.Import, ast.ImportFrom, ast.Expr))]
    assert body or path.name == "__init__.py" or module == "arbiter.__main__", f"{module} only re-exports"
