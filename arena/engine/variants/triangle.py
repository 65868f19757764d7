"""The Harvest Festival's love triangle (V4, 4.2.4, C33b): after linking lovers A and B
on the first night, Cupid wakes again, picks one of them (B, the unfaithful) and a new
player (C, the secret lover); B and C learn each other. A's death takes no one; B's
takes A and C; C's takes only B. B and C may not vote for each other; A votes freely
(001's reading of C33b), or with lovers.vote_restriction = forbid_abandoned may not vote
for B (000's). B and C are the couple a mixed pair's win counts; A plays for his own
side."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena.engine.events import NightAction
from arena.engine.roles import cupid
from arena.engine.roles.cupid import CupidRules
from arena.engine.shared_rules import VariantRules
from arena.engine.variants.base import VariantSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


@dataclass(slots=True)
class TriangleState:
    abandoned: int | None = None
    unfaithful: int | None = None


async def night(judge: Judge) -> None:
    """Cupid's first-night step, then his second link."""
    st = judge.state
    if st.day != 1 or not judge.config.roles.get("cupid"):
        return
    await cupid.night(judge)
    pair = [s for s, info in st.seats.items() if info.lover is not None]
    cupids = st.actors("cupid")
    if len(pair) != 2 or not cupids:
        return
    seat = cupids[0]
    unfaithful = (await judge.ask(judge.request(seat, "unfaithful", pair))).target or pair[0]
    judge.emit(NightAction, (seat,), seat=seat, action="unfaithful", target=unfaithful)
    others = [s for s in st.alive() if s not in pair
              and (judge.rules[CupidRules].cupid__allow_self or s != seat)]
    secret = (await judge.ask(judge.request(seat, "secret_lover", others))).target
    judge.emit(NightAction, (seat,), seat=seat, action="secret_lover", target=secret)
    if secret is None:  # nobody left to link
        return
    abandoned = pair[0] if unfaithful == pair[1] else pair[1]
    st.seats[abandoned].lover = None
    st.mixed_lovers = st.hybrid_pair = None
    cupid.pair_up(judge, unfaithful, secret)
    mine: TriangleState = st.role_state["triangle"]
    mine.abandoned, mine.unfaithful = abandoned, unfaithful


def grief(judge: Judge, seat: int, cause: str) -> tuple[int, ...]:
    """The unfaithful's death also takes the abandoned lover, unless he dies of grief
    for the secret lover (then only he follows her)."""
    mine: TriangleState = judge.state.role_state["triangle"]
    if seat != mine.unfaithful or cause == "lover" or mine.abandoned is None:
        return ()
    return (mine.abandoned,)


def abandoned_ballot(judge: Judge, voter: int, options: list[int]) -> list[int]:
    """C33b, 000: the abandoned lover may not vote for the unfaithful one."""
    mine: TriangleState = judge.state.role_state["triangle"]
    restriction = judge.rules[CupidRules].lovers__vote_restriction
    if voter != mine.abandoned or restriction != "forbid_abandoned":
        return options
    return [s for s in options if s != mine.unfaithful]


SPEC = VariantSpec(
    name="triangle", active=lambda rules: rules[VariantRules].harvest__triangle,
    kinds={"unfaithful": "target", "secret_lover": "target"}, state=TriangleState,
    night={"cupid": night}, partners=grief, vote_options=abandoned_ballot,
)
