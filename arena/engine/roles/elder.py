"""Elder 长老: survives the first wolf attack; killed by the village, the village's
specials lose their powers and a revealed idiot leaves with him (R12, C25, A6-A8)."""

from arena.engine.roles.base import RoleSpec
from arena.engine.roles.spare_lives import ElderRules, LivesState, teller

SPEC = RoleSpec(
    name="elder", zh="长老", faction="village", special=True,
    summary="Survives the first wolf attack. If the village kills him (vote, hunter, poison), "
    "the village's special roles lose their powers.",
    rules=ElderRules, state=LivesState, at_daybreak=teller("elder"),
)
