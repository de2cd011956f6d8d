"""Reading one YAML file, quickly and with errors that point at the line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import LawBookError


def read_yaml(path: Path) -> Any:
    # Imported here: a law book read from the cache needs no YAML at all.
    import yaml

    # libyaml's loader is several times faster than the pure-Python one; both are safe loaders.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.load(fh, Loader=loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise LawBookError(path, f"{where}not valid YAML ({getattr(exc, 'problem', exc)})") from None
    except OSError as exc:
        raise LawBookError(path, f"cannot be read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise LawBookError(path, f"is not UTF-8 text (byte {exc.start})") from None
