"""Thief 盗贼: on the first night takes another card (R9, C26, A47).

``spare_cards``: sees the two undealt cards and may take one (must, if both are
wolves). ``swap_player``: swaps cards with a player. ``online_blind3``: picks blind
from the leftover card, a villager and a wolf; a leftover wolf makes him a wolf.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.chance import chance, orders, shuffled
from arena.engine.events import Cards, NightAction, Reveal, RoleDealt
from arena.engine.roles.base import RoleSpec
from arena.engine.roles.factions import in_pack, is_wolf
from arena.engine.rule_types import RuleGroup

if TYPE_CHECKING:
    from arena.engine.judge import Judge

BLIND = ("centre", "villager", "werewolf")  # C26 online: the left-over card and two more
ORDERS = orders(BLIND)
BLIND_ORDER = chance("thief_shuffle", "C26, `thief.mode = online_blind3`: night 1, the three "
                     "cards the thief picks from blind, the left-over card (`centre`), a "
                     "villager and a werewolf; the order they lie in, choices 1, 2 and 3.",
                     ORDERS)


class ThiefRules(RuleGroup):
    """The thief's rule keys (C26, C33c)."""

    thief__mode: Literal["spare_cards", "swap_player", "online_blind3"] = Field(
        "spare_cards",
        description="C26: take one of two spare cards (deal 2 extra), swap with a player, or "
        "pick blind from the leftover card + a villager + a wolf (deal 1 extra).",
    )
    thief__swap_mandatory: bool = Field(
        False, description="C33c: in swap_player mode the thief must swap."
    )


def become(judge: Judge, seat: int, role: str) -> None:
    """The seat now holds ``role``; it learns the card, and a new wolf meets the pack."""
    st = judge.state
    st.set_role(seat, role)
    judge.emit(RoleDealt, (seat,), seat=seat, role=role)
    if in_pack(role):
        pack = tuple(s for s in st.alive() if in_pack(st.role_of(s)))
        for wolf in pack:
            judge.emit(Reveal, pack, seat=wolf, role=st.role_of(wolf), reason="wolf_team")


async def night(judge: Judge) -> None:
    st, mode = judge.state, judge.rules[ThiefRules].thief__mode
    for thief in st.actors("thief"):
        if mode == "spare_cards":
            cards = tuple(st.centre)
            judge.emit(Cards, (thief,), seat=thief, cards=cards)
            must = all(is_wolf(c) for c in cards)
            choice = await judge.ask(judge.request(thief, "swap", (1, 2), allow_none=not must,
                                                   cards=cards))
            judge.emit(NightAction, (thief,), seat=thief, action="swap", target=choice.target)
            if choice.target is not None:
                st.centre[choice.target - 1] = "thief"
                become(judge, thief, cards[choice.target - 1])
        elif mode == "swap_player":
            options = [s for s in st.alive() if s != thief]
            must = judge.rules[ThiefRules].thief__swap_mandatory
            choice = await judge.ask(judge.request(thief, "swap", options, allow_none=not must))
            judge.emit(NightAction, (thief,), seat=thief, action="swap", target=choice.target)
            if choice.target is not None:
                taken = st.role_of(choice.target)
                become(judge, choice.target, "thief")
                become(judge, thief, taken)
        else:
            blind = dict(zip(BLIND, (st.centre[0], "villager", "werewolf"), strict=True))
            pool = [blind[c] for c in judge.draw(BLIND_ORDER, ORDERS, shuffled(BLIND)).split(",")]
            choice = await judge.ask(judge.request(thief, "swap", (1, 2, 3)))
            judge.emit(NightAction, (thief,), seat=thief, action="swap", target=choice.target)
            picked = pool[(choice.target or 1) - 1]
            become(judge, thief, "werewolf" if is_wolf(st.centre[0]) else picked)


SPEC = RoleSpec(
    kinds={"swap": "target"}, night_rank=10,
    name="thief", zh="盗贼", faction="village", special=False, first_night_only=True,
    night=night,
    summary="On the first night takes another card (spare cards, a player's card, or a blind "
    "pick, per thief.mode) and plays it to the end.",
    rules=ThiefRules,
)
