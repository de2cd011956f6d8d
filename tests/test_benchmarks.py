"""The benchmark stays runnable as the code grows. Its figures are reported, never asserted:
this checks only that it runs to the end and writes every figure it prints."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_benchmark_runs_and_writes_its_figures(tmp_path):
    out = tmp_path / "results.json"
    run = subprocess.run([sys.executable, str(REPO / "benchmarks" / "run.py"), "--quick", "--json", str(out)],
                         capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    figures = json.loads(out.read_text(encoding="utf-8"))
    cases = {name for name in figures["per_incident"] if name.startswith("case-")}
    assert len(cases) == 11
    assert all(set(stage) >= {"lark", "parse", "whole", "ratio_to_parse"} for stage in figures["per_incident"].values())
    assert list(figures["growth"]) == ["4 cards", "8 cards", "16 cards", "32 cards", "52 cards"]
    for key in ("throughput_per_second", "throughput_decided_only_per_second", "throughput_lark_parse_only_per_second"):
        assert figures[key] > 0
    assert list(figures["scaling"]) == ["10 lines", "100 lines", "1000 lines"]
    assert all(row["cpu_seconds"] > 0 and row["peak_bytes"] > 0 for row in figures["scaling"].values())
    assert figures["longest_line"]["acts"] > 100
    for line in ("The published cases:", "Throughput", "Growth", "Scaling", "The law book"):
        assert line in run.stdout
