"""The Black Death (V5): there are no wolves, and only the judge knows. The wolf cards
are dealt as villagers; each night, in the wolves' turn, the plague takes a victim: on
the first night (or while no one has died of it) the judge draws one, afterwards the
plague's last victim chooses the next. Days run as usual; the game goes on until at
most one player is alive, who wins (catalog: "until everyone is dead")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from arena.engine.chance import chance
from arena.engine.events import BaseEvent, register_event
from arena.engine.expansion import Outcome
from arena.engine.roles.factions import faction
from arena.engine.shared_rules import VariantRules
from arena.engine.variants.base import VariantSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge
    from arena.engine.state import NightState

FIRST_VICTIM = chance("V5", "V5, the Black Death (`variant.black_death`): at night, while the "
                      "plague has no victim (night 1, or after a night nobody died of it), "
                      "the player it strikes, among the living.")


@register_event
@dataclass(slots=True, kw_only=True)
class Plague(BaseEvent):
    """The plague's victim for the night: drawn by the judge (``by`` null) or chosen by
    the plague's last victim."""

    type: Literal["plague"] = "plague"
    target: int | None
    by: int | None


@dataclass(slots=True)
class PlagueState:
    last_victim: int | None = None  # the plague's last victim, who picks the next


def disguise(judge: Judge) -> None:
    """Every wolf-side card, dealt or not, is a villager's."""
    st = judge.state
    for seat, info in st.seats.items():
        if faction(info.role) == "wolves":
            st.set_role(seat, "villager")
    st.centre = ["villager" if faction(card) == "wolves" else card for card in st.centre]


async def night(judge: Judge) -> None:
    """The plague's victim, in the wolves' place in the night (guard and witch apply)."""
    st = judge.state
    mine: PlagueState = st.role_state["black_death"]
    picker = mine.last_victim
    if picker is None:
        target: int | None = judge.draw(FIRST_VICTIM, st.alive())
        judge.emit(Plague, "god", target=target, by=None)
    else:
        choice = await judge.ask(judge.request(picker, "plague", st.alive()))
        target = choice.target
        judge.emit(Plague, (picker,), target=target, by=picker)
    st.night.wolf_target = target


def remember(judge: Judge, tonight: NightState, dying: dict[int, str]) -> None:
    """The plague's victim of the night picks the next one."""
    mine: PlagueState = judge.state.role_state["black_death"]
    victim = tonight.wolf_target
    if victim is not None and dying.get(victim) == "wolves":
        mine.last_victim = victim


def survivor(judge: Judge, alive: list[int]) -> Outcome | None:
    if len(alive) > 1:
        return None
    return ("survivor", tuple(alive)) if alive else ("draw", ())


SPEC = VariantSpec(
    name="black_death", active=lambda rules: rules[VariantRules].variant__black_death,
    kinds={"plague": "target"}, state=PlagueState, setup=disguise, night={"werewolf": night},
    dawn=remember, win=survivor, own_win=True, victories=("survivor",),
)
