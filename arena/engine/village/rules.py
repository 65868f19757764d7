"""The Village's rule keys: the copies of each building type dealt, 0 or 14 in all
(1.4, A19, A23)."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import Field, model_validator

from arena.engine.rule_types import RuleGroup

BUILDINGS = 14  # catalog 1.4: the Village deals 14 buildings of 9 types


def _houses(entry: str, power: str) -> Any:
    """A ``buildings.<type>`` field: how many houses of one type the Village deals (A23)."""
    return Field(0, ge=0, le=BUILDINGS, description=f"A23/{entry}: houses dealt ({power}).")


class BuildingRules(RuleGroup):
    """The Village's buildings: copies of each type, 0 or 14 in all (1.4, A19, A23)."""

    buildings__farmer: int = _houses("B1", "only farmers stand for, elect and inherit the "
                                     "sheriff")
    buildings__confessor: int = _houses("B2", "once, by day, secretly sees a card")
    buildings__noble: int = _houses("B3", "once, pardons the player voted out")
    buildings__baker: int = _houses("B4", "looks when the wolves close their eyes")
    buildings__tavern_keeper: int = _houses("B5", "safe from the wolves and the vote")
    buildings__schoolmistress: int = _houses("B6", "bars two players from a vote")
    buildings__bailiff: int = _houses("B7", "lodges vagrants in empty houses")
    buildings__barber: int = _houses("B8", "once, eliminates a player; dies too unless a wolf")
    buildings__bone_setter: int = _houses("B9", "once, renews a spent power")
    buildings__baker_sees: Literal["target", "target_and_pack"] = Field(
        "target", description="A19: what the baker sees: the wolves' target, or also the pack."
    )

    @model_validator(mode="after")
    def _fourteen_buildings(self) -> BuildingRules:
        dealt = sum(self.buildings().values())
        if dealt not in (0, BUILDINGS):
            raise ValueError(f"the Village deals {BUILDINGS} buildings (1.4), the buildings.* "
                             f"counts add up to {dealt}")
        return self

    def buildings(self) -> dict[str, int]:
        """The copies of each building type dealt (the ``buildings.<type>`` counts)."""
        return dict(self._buildings)

    @cached_property
    def _buildings(self) -> dict[str, int]:
        # read as every game is dealt: gathered once per rule set (rules are frozen)
        return {name[len("buildings__"):]: value for name, value in self
                if name.startswith("buildings__") and isinstance(value, int)}
