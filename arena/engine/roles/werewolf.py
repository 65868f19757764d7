"""Werewolf 狼人: the pack talks in private and settles one kill a night (C14, C15)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.chance import chance
from arena.engine.events import NightAction, Speech
from arena.engine.expansion import hooks
from arena.engine.roles import little_girl
from arena.engine.roles.base import RoleSpec
from arena.engine.roles.factions import pack_roles
from arena.engine.roles.little_girl import LittleGirlRules
from arena.engine.rule_types import RuleGroup
from arena.engine.shared_rules import VariantRules

if TYPE_CHECKING:
    from arena.engine.judge import Judge
    from arena.engine.requests import Request

STRAY = chance("pack_stray", "C15: no wolf answered the night's kill request in time; the "
               "pack's victim, among its legal prey.")
PACK_LOT = chance("pack_tie", "C15, `wolves.consensus = plurality_lot` or `plurality_lot_any`: "
                  "the wolves' proposals are tied (or, with `plurality_lot_any`, nobody "
                  "proposed); the victim, among the tied targets (or all the pack's prey).")


class WolfRules(RuleGroup):
    """The pack's kill, win and self-destruct (C14, C15, C22)."""

    wolves__allow_no_kill: bool = Field(True, description="C14: the wolves may kill nobody.")
    wolves__first_night_kill: bool = Field(
        True, description="Whether the wolves kill on the first night (AIWolf: no, the pack "
        "only wakes and talks)."
    )
    wolves__allow_wolf_target: bool = Field(True, description="C14: the wolves may target a wolf.")
    wolves__lover_target_forbidden: bool = Field(
        True, description="C14: a wolf lover may not target his partner."
    )
    wolves__consensus: Literal[
        "majority_tie_nokill", "timeout_nokill", "leader", "plurality_lot", "plurality_lot_any"
    ] = Field(
        "majority_tie_nokill", description="C15: how the pack settles its kill (plurality_lot: "
        "the most proposed target, a tie drawn by lot, no proposal no kill; plurality_lot_any: "
        "no proposal draws any prey by lot, the AIWolf servers)."
    )
    wolves__chat: bool = Field(True, description="Wolves talk in a private channel each night.")
    wolves__win: Literal[
        "all_non_wolves", "all_ordinary_villagers", "all_villagers_or_all_specials", "parity"
    ] = Field("all_non_wolves", description="C22: whom the wolves must kill to win (parity: "
              "as many living wolves as other players, AIWolf).")
    wolves__self_destruct: bool = Field(
        False, description="A wolf may self-destruct (自爆) at his speech: day ends, no vote."
    )
    wolves__self_destruct_timing: Literal["own_speech", "any_time"] = Field(
        "own_speech", description="When a wolf may self-destruct: before his own speech, or "
        "(FanLang) also during anyone's, cutting it off; the speech it interrupts is recorded."
    )


def pack(judge: Judge) -> tuple[int, ...]:
    """Living pack members (wolves and those who wake with them) in seat order."""
    st, roles = judge.state, pack_roles()
    seats, blocked = st.seats, st.blocked
    return tuple([s for s in st.living if seats[s].role in roles and s not in blocked])


def prey(judge: Judge) -> list[int]:
    """The living seats the pack may attack (its own members only if the rules allow)."""
    st = judge.state
    seats = st.alive()
    if not judge.rules[WolfRules].wolves__allow_wolf_target:
        roles, cards = pack_roles(), st.seats
        seats = [s for s in seats if cards[s].role not in roles]
    if judge.rules[VariantRules].harvest__neighbours:  # V4: only a neighbour of a living wolf
        near = {n for wolf in pack(judge) for n in st.neighbours(wolf)}
        seats = [s for s in seats if s in near]
    for narrow in hooks(lambda x: x.prey):  # e.g. a variant's (lycanthropy)
        seats = narrow(judge, seats)
    sheltered = st.night.sheltered  # away or hidden tonight (New Moon E7, E18, E22)
    return [s for s in seats if s not in sheltered] if sheltered else seats


def kill_options(judge: Judge, wolf: int, targets: list[int]) -> list[int]:
    """One wolf's legal targets among the pack's prey (never his lover, if so ruled)."""
    lover = judge.state.seats[wolf].lover
    if judge.rules[WolfRules].wolves__lover_target_forbidden and lover is not None:
        return [s for s in targets if s != lover]
    return targets


async def _proposals(judge: Judge, wolves: tuple[int, ...], round_no: int) -> list[int | None]:
    targets, pass_ok = prey(judge), judge.rules[WolfRules].wolves__allow_no_kill
    requests = [
        judge.request(w, "kill", kill_options(judge, w, targets),
                      allow_none=pass_ok, round=round_no, pack=wolves)
        for w in wolves
    ]
    decisions = await judge.ask_all(requests)
    for wolf, decision in zip(wolves, decisions, strict=True):
        judge.emit(NightAction, wolves, seat=wolf, action="kill", target=decision.target,
                   final=False)
    answered = [d.target for d in decisions if not d.fallback]
    return answered or [_stray(judge, requests[0])]


def _stray(judge: Judge, request: Request) -> int | None:
    """The pack's pick when no wolf answered in time: a wolf that gave no answer follows
    the pack, and a pack with no answer at all still hunts one of its legal prey."""
    return judge.draw(STRAY, request.options) if request.options else None


def _majority(picks: list[int | None]) -> int | None:
    """The most proposed target; None (no kill) when the top is shared."""
    counts: dict[int | None, int] = {}
    for pick in picks:
        counts[pick] = counts.get(pick, 0) + 1
    best = max(counts.values())
    leaders = [pick for pick, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


def _plurality(judge: Judge, picks: list[int | None], any_prey: bool) -> int | None:
    """The most proposed target; a tie is drawn by lot; with no proposal at all, no kill
    or (``any_prey``) a lot among all the pack's prey (the AIWolf servers)."""
    counts: dict[int, int] = {}
    for pick in picks:
        if pick is not None:
            counts[pick] = counts.get(pick, 0) + 1
    best = max(counts.values(), default=0)
    tied = sorted(pick for pick, n in counts.items() if n == best) if best else (
        prey(judge) if any_prey else [])
    return judge.draw(PACK_LOT, tied) if len(tied) > 1 else (tied[0] if tied else None)


async def night(judge: Judge) -> None:
    wolves = pack(judge)
    if not wolves:
        return
    rules = judge.rules
    # C16 (witch_step: she peeks in the witch's step)
    window = rules[LittleGirlRules].little_girl__window
    readers, captured = await little_girl.peek(judge, wolves) if window == "whole_step" else (
        (), None)
    if rules[WolfRules].wolves__chat and len(wolves) > 1:
        for wolf in wolves:
            said = await judge.ask(judge.request(wolf, "speak", channel="wolves", pack=wolves))
            judge.emit(Speech, wolves + readers, seat=wolf, text=said.text, claims=said.claims,
                       context="wolf_chat")
    if window == "after_kill_call":
        _, captured = await little_girl.peek(judge, wolves)
    if judge.state.day == 1 and not rules[WolfRules].wolves__first_night_kill:
        return
    consensus = rules[WolfRules].wolves__consensus
    target: int | None
    if captured is not None:  # C16: the caught girl is the night's kill, no one else
        target, actor = captured, wolves[0]
    elif consensus == "leader":
        leader = wolves[(judge.state.day - 1) % len(wolves)]
        request = judge.request(leader, "kill", kill_options(judge, leader, prey(judge)),
                                allow_none=rules[WolfRules].wolves__allow_no_kill, leader=leader,
                                pack=wolves)
        decision = await judge.ask(request)
        judge.emit(NightAction, wolves, seat=leader, action="kill", target=decision.target,
                   final=False)
        target, actor = decision.target, leader
        if decision.fallback:
            target = _stray(judge, request)
    else:
        picks = await _proposals(judge, wolves, 1)
        if consensus == "majority_tie_nokill":
            target = _majority(picks)
        elif consensus in ("plurality_lot", "plurality_lot_any"):
            target = _plurality(judge, picks, consensus == "plurality_lot_any")
        else:  # timeout_nokill: two rounds to agree, else no kill
            if len(set(picks)) > 1:
                picks = await _proposals(judge, wolves, 2)
            target = picks[0] if len(set(picks)) == 1 else None
        actor = wolves[0]
    judge.emit(NightAction, wolves, seat=actor, action="kill", target=target)
    judge.state.night.wolf_target = target
    for hunted in hooks(lambda x: x.hunted):  # a conversion takes effect at once (V6, 4.2.6)
        hunted(judge)


SPEC = RoleSpec(
    kinds={"kill": "target"}, night_rank=80,
    name="werewolf", zh="狼人", faction="wolves", special=False, unique=False, night=night,
    pack=True, wolf_card=True,
    summary="Wakes with the pack each night; together they kill one player.",
    rules=WolfRules,
)
