"""A command starts like an empty one (issue 23): what a command does not need is not
imported, and what every ruling reads is read from the cache, not parsed again. Measured in
benchmarks/run.py; here, what is imported, which could fail."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "examples" / "revoke-found-at-end-of-hand.whist"

WATCH = """
import sys
sys.argv = ["arbiter", *sys.argv[1:]]
from arbiter.cli import main
try:
    main()
except SystemExit as exc:
    if exc.code:
        raise
print("IMPORTED", sorted(m for m in ("yaml", "pydantic_core", "lark", "jinja2", "fastapi", "uvicorn") if m in sys.modules))
"""


def imported(tmp_path: Path, *args: str) -> list[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    env.pop("WHIST_ARBITER_NO_CACHE", None)
    for _ in range(2):      # the first run fills the cache, the second reads it
        out = subprocess.run([sys.executable, "-c", WATCH, *args], capture_output=True, text=True, env=env,
                             cwd=tmp_path)
        assert out.returncode == 0, out.stderr
    return eval(out.stdout.splitlines()[-1].removeprefix("IMPORTED "))


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_ruling_from_a_filled_cache_reads_no_yaml(tmp_path, fmt):
    modules = imported(tmp_path, "rule", str(EXAMPLE), "--format", fmt)
    assert "yaml" not in modules and "fastapi" not in modules and "uvicorn" not in modules, modules
    # a command's parameters are read without pydantic (Typer 0.29 would import it and build an
    # adapter for each: some 200 ms at every start); only the page's answers are its models
    assert "pydantic_core" not in modules, modules


def test_showing_a_law_from_a_filled_cache_reads_no_yaml_and_parses_nothing(tmp_path):
    modules = imported(tmp_path, "laws", "show", "english-1864", "72")
    assert not {"yaml", "lark", "fastapi", "uvicorn"} & set(modules), modules
