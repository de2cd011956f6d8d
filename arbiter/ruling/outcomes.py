"""What a holding comes to at the table, whatever a code calls it (laws/outcomes.yaml).

The comparison of codes compares outcomes, not the names of rulings; and a demand of what a
holding already orders (a new deal, where it is a misdeal) is met by the holding itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path


@dataclass(frozen=True)
class Outcome:
    id: str
    says: str                       # completes "… hold(s) that"
    holdings: tuple[str, ...]       # the ruling predicates that come to it
    grants: tuple[str, ...] = ()    # the penalties it gives of itself (a misdeal: a new deal)


@lru_cache(maxsize=4)
def outcomes(directory: str | None = None) -> dict[str, Outcome]:
    """Holding predicate -> the outcome it comes to."""
    from ..lawbook.yamlio import read_plain
    from ..support.resources import laws_dir
    from ..words.vocabulary import PENALTIES

    path = Path(directory) / "outcomes.yaml" if directory else laws_dir() / "outcomes.yaml"
    out: dict[str, Outcome] = {}
    for raw in read_plain(path) or []:
        unknown = set(raw) - {"id", "says", "holdings", "grants"}
        if unknown or not raw.get("holdings") or not raw.get("says"):
            raise ValueError(f"{path}: outcome {raw.get('id')!r}: needs id, says and holdings (and grants) only")
        outcome = Outcome(raw["id"], raw["says"], tuple(raw["holdings"]), tuple(raw.get("grants") or ()))
        wrong = [g for g in outcome.grants if g not in PENALTIES]
        if wrong:
            raise ValueError(f"{path}: outcome {outcome.id}: {wrong} are not penalties")
        for name in outcome.holdings:
            if name in out:
                raise ValueError(f"{path}: {name} is in two outcomes, {out[name].id} and {outcome.id}")
            out[name] = outcome
    return out
