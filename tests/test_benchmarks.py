"""The benchmark stays runnable as the code grows. Its figures are reported, never asserted:
this checks only that it runs to the end and writes every figure it prints, and that the
load test answers every request and leaves no server behind."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def test_the_benchmark_runs_and_writes_its_figures(tmp_path):
    out = tmp_path / "results.json"
    run = subprocess.run([sys.executable, str(REPO / "benchmarks" / "run.py"), "--quick", "--no-load", "--json", str(out)],
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
    assert "load" not in figures and "Load:" not in run.stdout      # --no-load skips it
    # every target of issue 23 this run measures, in one table, each met or missed (never asserted)
    measured = [row["measure"] for row in figures["targets"]]
    assert any("Lark's parse" in m for m in measured) and any(m.startswith("decided") for m in measured)
    assert any(m.startswith("ruled and written") for m in measured)
    assert all(row["met"] in (True, False) for row in figures["targets"])
    assert "The targets of issue 23" in run.stdout


def load_module(name: str = "load"):
    """A script of benchmarks/ (``load``, ``run``), imported as a module."""
    spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_load_test_answers_every_request_of_each_level_and_adds_its_figures(tmp_path):
    out = tmp_path / "results.json"
    out.write_text(json.dumps({"throughput_per_second": 1.0}), encoding="utf-8")
    run = subprocess.run([sys.executable, str(REPO / "benchmarks" / "load.py"), "--requests", "5", "--one-worker",
                          "--json", str(out)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert figures["throughput_per_second"] == 1.0          # the other figures are kept
    load = figures["load"]
    assert list(load["levels"]) == ["1 worker, 1 client", "1 worker, 8 clients", "1 worker, 32 clients"]
    for row in load["levels"].values():
        assert (row["requests"], row["ok"], row["errors"]) == (5, 5, 0), row["error_kinds"]
        assert row["rulings_per_second"] > 0 and 0 < row["median_ms"] <= row["p99_ms"]
    assert set(load["servers"]["1 worker"]) == {"start_seconds", "first_ruling_seconds"}
    assert "Load:" in run.stdout and "rulings/s" in run.stdout


def test_the_load_test_stops_the_server_and_its_workers_when_interrupted():
    load = load_module()
    with pytest.raises(KeyboardInterrupt):
        with load.server(workers=2) as (url, pgid, _):
            assert len(load.group_members(pgid)) >= 2        # the supervisor and its workers
            raise KeyboardInterrupt                          # as Ctrl-C in the middle of a level
    assert load.group_members(pgid) == []


def test_each_floor_of_the_cold_start_is_an_app_that_runs_with_its_libraries_imported(tmp_path):
    # a floor that failed to import would exit at once, and be timed as a floor far too low
    run = load_module("run")
    for name, modules in run.FLOORS.items():
        app = run._empty_app(tmp_path, modules)
        probe = app.read_text(encoding="utf-8").replace("app()\n", "import sys\nprint(sorted(sys.modules))\n")
        (tmp_path / "probe.py").write_text(probe, encoding="utf-8")
        assert subprocess.run([sys.executable, str(app)], capture_output=True).returncode == 0, name
        loaded = subprocess.run([sys.executable, str(tmp_path / "probe.py")], capture_output=True, text=True).stdout
        for module in modules.split(", "):
            assert f"'{module}'" in loaded, (name, module)
    plain = run._empty_app(tmp_path, "")
    assert "import typer\napp" in plain.read_text(encoding="utf-8")      # the empty app imports Typer alone
