"""Villager 村民: no power; wins with the village."""

from arena.engine.roles.base import RoleSpec

SPEC = RoleSpec(
    name="villager", zh="村民", faction="village", special=False, unique=False,
    summary="No power. Find the wolves by talk and vote.",
)
