"""High Monk 高僧: a tied vote kills the monk instead, and he appoints a sheriff
(R20, A28); in the 屠城 edition that is the only way to have a sheriff. Silenced by
the chief / elder penalty, he does neither (R23, C25)."""

from arena.engine.roles.base import RoleSpec

SPEC = RoleSpec(
    name="high_monk", zh="高僧", faction="village", special=True,
    summary="When a vote ties, the monk dies instead and appoints a sheriff.",
)
