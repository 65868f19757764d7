"""Scapegoat 替罪羊: a tied vote exiles him instead; dying, he names who may vote
the next day (R13, A9). Silenced by the elder / chief penalty, he does neither (C25)."""

from arena.engine.roles.base import RoleSpec

SPEC = RoleSpec(
    name="scapegoat", zh="替罪羊", faction="village", special=True,
    summary="A tied vote exiles him instead; he then chooses who may vote the next day.",
)
