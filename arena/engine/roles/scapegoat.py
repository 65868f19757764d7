"""Scapegoat 替罪羊: a tied vote exiles him instead; dying, he names who may vote
the next day (R13, A9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.roles.base import RoleSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


def scapegoat(judge: Judge) -> int | None:
    goats = judge.state.holders("scapegoat")
    return goats[0] if goats else None


SPEC = RoleSpec(
    name="scapegoat", zh="替罪羊", faction="village", special=True,
    summary="A tied vote exiles him instead; he then chooses who may vote the next day.",
)
