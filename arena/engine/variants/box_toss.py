"""The Harvest witch (V4, 4.2.4, C33d): instead of her two potions she designates a
player once per game, at night, after being told the wolves' target; the judge tosses
the game box and its fall decides the potion: an antidote, an antidote that makes the
player a plain villager, one that makes him a werewolf, or poison (weights:
``witch.box_weights``). The result is announced aloud; the player's new card, if any,
is told to him (and a new werewolf meets the pack)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from arena.engine.chance import chance
from arena.engine.events import (
    BaseEvent,
    NightAction,
    VictimInfo,
    register_event,
)
from arena.engine.roles import little_girl
from arena.engine.roles.factions import in_pack
from arena.engine.roles.thief import become
from arena.engine.shared_rules import VariantRules
from arena.engine.variants.base import VariantSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge

OUTCOMES = ("antidote", "antidote_villager", "antidote_werewolf", "poison")
TOSS = chance("box_toss", "C33d, the Harvest witch (`witch.potion = box_toss`): when she "
              "designates a player, how the box falls: her antidote (and the card the "
              "saved player plays from then on) or her poison; an outcome of weight 0 "
              "cannot be drawn.", OUTCOMES)
NEW_CARD = {"antidote_villager": "villager", "antidote_werewolf": "werewolf"}


@register_event
@dataclass(slots=True, kw_only=True)
class BoxToss(BaseEvent):
    """How the witch's box fell, announced to all (not whom she designated)."""

    type: Literal["box_toss"] = "box_toss"
    outcome: str


@dataclass(slots=True)
class TossState:
    tossed: bool = False  # the one potion of the game is spent


async def night(judge: Judge) -> None:
    """The witch's step: told the target, she may designate a player for the toss."""
    st = judge.state
    mine: TossState = st.role_state["box_toss"]
    await little_girl.peek_at_witch(judge)  # C16, Harvest
    for witch in st.actors("witch"):
        victim = st.night.wolf_target
        judge.emit(VictimInfo, (witch,), seat=witch, victim=victim)
        if mine.tossed:
            continue
        choice = await judge.ask(judge.request(witch, "toss", st.alive(), allow_none=True,
                                               victim=victim))
        target = choice.target
        judge.emit(NightAction, (witch,), seat=witch, action="toss", target=target)
        if target is None:
            continue
        mine.tossed = True
        outcome = _fall(judge)
        judge.emit(BoxToss, "public", outcome=outcome)
        if outcome == "poison":
            st.night.poisoned = target
            continue
        st.night.saved = target
        card = NEW_CARD.get(outcome)
        if card is not None:
            become(judge, target, card)
            _lovers_anew(judge, target)


def _fall(judge: Judge) -> str:
    """How the box falls, by the weights (an outcome of weight 0 never falls)."""
    weights = judge.rules[VariantRules].witch__box_weights
    return judge.draw(TOSS, [o for o, w in zip(OUTCOMES, weights, strict=True) if w > 0],
                      lambda rng: rng.choices(OUTCOMES, weights=weights)[0])


def _lovers_anew(judge: Judge, seat: int) -> None:
    """A lover's new card may make his pair mixed (C21), or no longer mixed."""
    st = judge.state
    partner = st.seats[seat].lover
    if partner is None or st.hybrid_pair is not None:
        return
    mixed = in_pack(st.role_of(seat)) != in_pack(st.role_of(partner))
    st.mixed_lovers = (min(seat, partner), max(seat, partner)) if mixed else None


SPEC = VariantSpec(
    name="box_toss", active=lambda rules: rules[VariantRules].witch__potion == "box_toss",
    kinds={"toss": "target"}, state=TossState, night={"witch": night},
)
