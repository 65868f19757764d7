"""Barber 剃头匠 (B8): once per game, by day, eliminates a player (not a vagrant, B10);
if that player is not a wolf, the barber is eliminated too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine import deaths
from arena.engine.houses import housed, ready, use
from arena.engine.roles.factions import is_wolf
from arena.engine.village.base import BuildingSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


async def before_vote(judge: Judge, seat: int) -> None:
    st = judge.state
    if seat not in ready(st, "barber"):
        return
    options = [s for s in housed(st, st.alive()) if s != seat]
    choice = await judge.ask(judge.request(seat, "strike", options, allow_none=True))
    target = choice.target
    if target is None:
        return
    use(judge, seat, "strike", target=target)
    dying = [(target, "barber")]
    if not is_wolf(st.role_of(target)):
        dying.append((seat, "barber"))
    await deaths.resolve(judge, dying, reference=seat)


SPEC = BuildingSpec(
    name="barber", zh="剃头匠", once=True, kinds={"strike": "target"}, before_vote=before_vote,
    summary="Once per game, by day, eliminates a player (not a vagrant); dies too if that "
    "player is not a wolf.",
)
