"""Baker 面包师 (B4): opens his eyes when the wolves close theirs (A19: he sees whom the
wolves attacked, not the wolves; ``buildings.baker_sees`` = ``target_and_pack`` shows
the pack too)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.houses import use
from arena.engine.roles.werewolf import pack
from arena.engine.village.base import BuildingSpec
from arena.engine.village.rules import BuildingRules

if TYPE_CHECKING:
    from arena.engine.judge import Judge


def after_wolves(judge: Judge, seat: int) -> None:
    sees_pack = judge.rules[BuildingRules].buildings__baker_sees == "target_and_pack"
    wolves = pack(judge) if sees_pack else ()
    use(judge, seat, "look", (seat,), target=judge.state.night.wolf_target, targets=wolves,
        spend=False)


SPEC = BuildingSpec(
    name="baker", zh="面包师", after_wolves=after_wolves,
    summary="Looks at the table when the wolves close their eyes: sees whom they attacked.",
)
