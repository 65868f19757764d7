"""High Monk 高僧: a tied vote kills the monk instead, and he appoints a sheriff
(R20, A28); in the 屠城 edition that is the only way to have a sheriff."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.roles.base import RoleSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


def monk(judge: Judge) -> int | None:
    """The living monk, if any (he takes the place of a tied vote)."""
    monks = judge.state.holders("high_monk")
    return monks[0] if monks else None


SPEC = RoleSpec(
    name="high_monk", zh="高僧", faction="village", special=True,
    summary="When a vote ties, the monk dies instead and appoints a sheriff.",
)
