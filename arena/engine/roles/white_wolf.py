"""White Wolf 白狼: hunts with the pack, and every second night kills one more
player alone, a wolf if he likes; wins as the last one standing (R15, A16)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from arena.engine.events import NightAction
from arena.engine.roles.base import RoleSpec
from arena.engine.rule_types import RuleGroup

if TYPE_CHECKING:
    from arena.engine.judge import Judge


class WhiteWolfRules(RuleGroup):
    """The white wolf's rule key (A16)."""

    white_wolf__first_night: int = Field(
        2, ge=1, le=2, description="A16: the white wolf's solo kill on nights 2, 4... or 1, 3..."
    )


async def night(judge: Judge) -> None:
    st = judge.state
    if (st.day - judge.rules[WhiteWolfRules].white_wolf__first_night) % 2:
        return
    for wolf in st.actors("white_wolf"):
        options = [s for s in st.alive() if s != wolf]
        choice = await judge.ask(judge.request(wolf, "kill", options, allow_none=True,
                                               solo=True))
        judge.emit(NightAction, (wolf,), seat=wolf, action="kill", target=choice.target,
                   final=False)
        if choice.target is not None:
            st.night.extra_attacks.append((choice.target, "white_wolf"))


def won(judge: Judge, seat: int) -> bool:
    return judge.state.alive() == [seat]


SPEC = RoleSpec(
    kinds={"kill": "target"}, night_rank=90,
    name="white_wolf", zh="白狼", faction="solo", special=False, night=night, win=won,
    pack=True, wolf_card=True,
    summary="Kills with the wolves; every second night kills one more alone. Wins as the "
    "last player alive.",
    rules=WhiteWolfRules,
)
