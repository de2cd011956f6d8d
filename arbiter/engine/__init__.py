"""The inference engine: the condition language, rules, and forward chaining over facts.

It knows facts and the law book's rules, and nothing of any particular law. The names below
are imported when first used: reading the law book needs only the rules and conditions.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .infer import Conclusion, Inference, infer

__all__ = ["Conclusion", "Inference", "infer"]


def __getattr__(name: str):
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(".infer", __name__), name)
    globals()[name] = value
    return value
