"""Farmer 农夫 (B1): no power of his own, but only farmers run for sheriff, vote in the
election and receive the badge; with no farmer left there is no sheriff (C10, C12).
The sheriff office reads ``farmers`` when ``sheriff.candidates`` / ``sheriff.electorate``
say ``farmers``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.village.base import BuildingSpec
from arena.engine.village.houses import holders

if TYPE_CHECKING:
    from arena.engine.judge import Judge


def farmers(judge: Judge) -> list[int]:
    """The living farmers, in seat order."""
    return holders(judge.state, "farmer")


SPEC = BuildingSpec(
    name="farmer", zh="农夫",
    summary="Only farmers run for sheriff, vote in the election and receive the badge.",
)
