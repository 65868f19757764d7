"""Online Chief 网杀村长: two lives against the wolves; poisoned, exiled or shot, every
identity loses its skill (R23, C25). Not the sheriff office (naming trap 0.3)."""

from arena.engine.roles.base import RoleSpec
from arena.engine.roles.spare_lives import ChiefRules, LivesState, teller

SPEC = RoleSpec(
    name="chief", zh="村长", faction="village", special=True,
    summary="Two lives against the wolves. If poisoned, exiled or shot, every role loses "
    "its skill.",
    rules=ChiefRules, state=LivesState, at_daybreak=teller("chief"),
)
