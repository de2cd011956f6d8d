"""Reading one YAML file, quickly and with errors that point at the line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import LawBookError

# libyaml's loader is several times faster than the pure-Python one; both are safe loaders.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path) -> Any:
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.load(fh, Loader=_Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise LawBookError(path, f"{where}not valid YAML ({getattr(exc, 'problem', exc)})") from None
    except OSError as exc:
        raise LawBookError(path, f"cannot be read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise LawBookError(path, f"is not UTF-8 text (byte {exc.start})") from None
