"""Where the data that ships with whist-arbiter lives.

``laws/``, ``cases/`` and ``templates/`` sit at the top of the repository. A wheel carries
copies under ``arbiter/_data/``; a checkout (or an editable install) reads the originals.
``WHIST_ARBITER_DATA`` points at another tree, for tests and for people keeping their own
rulings.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent     # arbiter/, above support/


def data_root() -> Path:
    """The directory that holds ``laws/``, ``cases/`` and ``templates/``."""
    override = os.environ.get("WHIST_ARBITER_DATA")
    if override:
        return Path(override)
    return _installed_root()


@lru_cache(maxsize=1)
def _installed_root() -> Path:
    """A wheel's copies, or the checkout's originals: looked up once, not at every ruling."""
    shipped = _PACKAGE / "_data"
    if (shipped / "laws").is_dir():
        return shipped
    return _PACKAGE.parent


def laws_dir() -> Path:
    return data_root() / "laws"


def cases_dir() -> Path:
    return data_root() / "cases"


def templates_dir() -> Path:
    return data_root() / "templates"


def examples_dir() -> Path:
    """The example incidents the web page offers to start from."""
    return data_root() / "examples"


def cache_dir() -> Path | None:
    """Where whist-arbiter keeps what it can rebuild (the checked law book, the analysed
    grammars): ``$XDG_CACHE_HOME/whist-arbiter`` or
    ``~/.cache/whist-arbiter``. None when ``WHIST_ARBITER_NO_CACHE`` is set. Read and written
    only through :mod:`arbiter.support.cachefiles`, which uses it only if it is the user's alone."""
    if os.environ.get("WHIST_ARBITER_NO_CACHE"):
        return None
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "whist-arbiter"
