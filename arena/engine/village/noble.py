"""Noble 贵族 (B3): once per game, after the vote, pardons the player voted out, himself
included; the pardoned player lives on with his vote."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.houses import ready, use
from arena.engine.village.base import BuildingSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


async def spares(judge: Judge, seat: int, exiled: int) -> bool:
    if seat not in ready(judge.state, "noble"):
        return False
    choice = await judge.ask(judge.request(seat, "pardon", exiled=exiled))
    if choice.yes:
        use(judge, seat, "pardon", target=exiled)
    return bool(choice.yes)


SPEC = BuildingSpec(
    name="noble", zh="贵族", once=True, kinds={"pardon": "yes_no"}, spares=spares,
    summary="Once per game, pardons the player just voted out (himself included).",
)
