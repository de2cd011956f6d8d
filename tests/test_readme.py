"""The README's Python examples run as written: the API they show is the API there is."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readmes_python_examples_run_as_written():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10, "the README shows the Python API"
    assert result.failed == 0
