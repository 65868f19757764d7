"""Elder 长老: survives the first wolf attack; killed by the village, the village's
specials lose their powers and a revealed idiot leaves with him (R12, C25, A6-A8)."""

from typing import Literal

from pydantic import Field

from arena.engine.roles.base import RoleSpec
from arena.engine.roles.spare_lives import LivesState, teller
from arena.engine.rule_types import RuleGroup


class ElderRules(RuleGroup):
    """The elder's penalty (C25, A4)."""

    elder__penalty_scope: Literal["village_specials", "listed_roles", "all_roles"] = Field(
        "village_specials", description="C25: who loses powers when the village kills the elder."
    )
    elder__penalty_timing: Literal["after_triggers", "before_triggers"] = Field(
        "after_triggers",
        description="A4: powers are lost after the same cascade's triggers (a dying hunter "
        "still shoots) or before them.",
    )


SPEC = RoleSpec(
    name="elder", zh="长老", faction="village", special=True,
    summary="Survives the first wolf attack. If the village kills him (vote, hunter, poison), "
    "the village's special roles lose their powers.",
    rules=ElderRules, state=LivesState, at_daybreak=teller("elder"),
)
