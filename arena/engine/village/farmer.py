"""Farmer 农夫 (B1): no power of his own, but only farmers run for sheriff, vote in the
election and receive the badge; with no farmer left there is no sheriff (C10, C12).
The sheriff office reads the living farmers (``houses.holders``) when
``sheriff.candidates`` / ``sheriff.electorate`` say ``farmers``."""

from __future__ import annotations

from arena.engine.village.base import BuildingSpec

SPEC = BuildingSpec(
    name="farmer", zh="农夫",
    summary="Only farmers run for sheriff, vote in the election and receive the badge.",
)
