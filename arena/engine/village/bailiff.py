"""Bailiff 法警 (B7): as the day starts, lodges homeless players in empty houses (A20: the
houses of dead owners); each may refuse, and one who accepts gains the house's power."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import House
from arena.engine.houses import move, use
from arena.engine.village.base import BuildingSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


async def daybreak(judge: Judge, seat: int) -> None:
    st = judge.state
    village = st.village
    assert village is not None
    asked: set[int] = set()
    while True:
        empty = sorted(o for o in village.houses if not st.is_alive(o))
        homeless = [s for s in st.alive() if s not in village.houses and s not in asked]
        if not empty or not homeless:
            return
        choice = await judge.ask(judge.request(seat, "move", homeless, allow_none=True,
                                               houses=tuple(empty)))
        if choice.target is None:
            return
        vagrant, owner = choice.target, empty[0]
        asked.add(vagrant)
        # asked even with one empty house: every choice is on record (replay reads it)
        owner = (await judge.ask(judge.request(seat, "house", empty, vagrant=vagrant))
                 ).target or owner
        use(judge, seat, "move", target=vagrant, targets=(owner,), spend=False)
        name = village.houses[owner]
        answer = await judge.ask(judge.request(vagrant, "move_in", house=owner, building=name))
        if answer.yes:
            move(judge, vagrant, owner)
        else:
            judge.emit(House, "public", seat=vagrant, building=name, how="refused", house=owner)


SPEC = BuildingSpec(
    name="bailiff", zh="法警", kinds={"move": "target", "house": "target", "move_in": "yes_no"},
    daybreak=daybreak,
    summary="At daybreak lodges homeless players in the empty houses of the dead; they may "
    "refuse, or take the house and its power.",
)
