"""Bone-setter 接骨师 (B9): once per game, by day, lets a living player use a spent power
once more (A22: a role's spent power first, e.g. a potion or the arsonist's fire, else
his building's once-per-game power); the player uses it at its normal time."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from arena.engine.houses import ready, use
from arena.engine.roles import ROLES
from arena.engine.village.base import BuildingSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


def renewal(judge: Judge, seat: int) -> Callable[[], None] | None:
    """What renews a spent power of ``seat`` (None: nothing of his is spent)."""
    st = judge.state
    spec = ROLES[st.role_of(seat)]
    renew = spec.renewal(judge, seat) if spec.renewal is not None else None
    village = st.village
    if renew is None and village is not None and seat in village.spent and (
            village.houses.get(seat) in village.once):
        return lambda: village.spent.discard(seat)
    return renew


async def daybreak(judge: Judge, seat: int) -> None:
    st = judge.state
    if seat not in ready(st, "bone_setter"):
        return
    renewals = {s: r for s in st.alive() if (r := renewal(judge, s)) is not None}
    if not renewals:
        return
    choice = await judge.ask(judge.request(seat, "mend", sorted(renewals), allow_none=True))
    if choice.target is None:
        return
    use(judge, seat, "mend", target=choice.target)
    renewals[choice.target]()


SPEC = BuildingSpec(
    name="bone_setter", zh="接骨师", once=True, kinds={"mend": "target"}, daybreak=daybreak,
    summary="Once per game, by day, lets a player use a spent power once more.",
)
