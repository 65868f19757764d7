"""Events that change a night: who wakes, whom the pack may take, what its attack
does, and the harvest witch (E6, E20, E21, E23, E26, E29, E30, E31, O3, O4, O5, O8,
O12; A3, A43-A46)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from arena.engine import deaths
from arena.engine.chance import chance
from arena.engine.events import CheckResult, NightAction, Reveal
from arena.engine.newmoon.days import harvest
from arena.engine.newmoon.deck import (
    Active,
    announce,
    convert,
    end,
    first_death,
    in_force,
    moon,
)
from arena.engine.roles import seer
from arena.engine.roles.factions import in_pack, is_special, is_wolf
from arena.engine.roles.werewolf import WolfRules, kill_options, pack, prey
from arena.engine.roles.witch import WitchRules, WitchState
from arena.engine.variants import box_toss

if TYPE_CHECKING:
    from arena.engine.judge import Judge
    from arena.engine.roles.base import NightStep
    from arena.engine.state import NightState

THUNDER = chance("O5", "O5, the Thunderbolt: the wolves attacked a special player or a wolf; "
                 "the living wolf the bolt strikes.")
RISEN = ("hunter", "witch", "seer")  # E26 / O12: they are the wolves tonight


def _lead(judge: Judge) -> int | None:
    """The wolf whose kill was final tonight (主刀, the lead knife)."""
    day = judge.state.day
    for event in reversed(judge.log):
        if event.day < day:
            return None
        if isinstance(event, NightAction) and event.action == "kill" and event.final:
            return event.seat
    return None


async def full_moon(judge: Judge, card: str) -> None:
    """E26 / O12: the wolves check like seers (O12: only the first check counts); the
    hunter, witch and seer wake together as wolves and kill one player (A46)."""
    st, rules = judge.state, judge.rules[WolfRules]
    wolves = pack(judge)
    for wolf in wolves if card == "E26" else wolves[:1]:
        options = [s for s in st.alive() if s not in wolves]
        decision = await judge.ask(judge.request(wolf, "check", options, moon=card))
        judge.emit(NightAction, (wolf,), seat=wolf, action="check", target=decision.target)
        if decision.target is not None:
            judge.emit(CheckResult, (wolf,), seat=wolf, target=decision.target,
                       result=seer.check_result(judge, decision.target))
    risen = tuple(sorted(s for role in RISEN for s in st.powered(role)))
    if not risen:
        return
    for seat in risen:
        judge.emit(Reveal, risen, seat=seat, role=st.role_of(seat), reason="full_moon")
    targets = [s for s in st.alive() if s not in risen]
    decisions = await judge.ask_all([
        judge.request(s, "kill", targets, allow_none=rules.wolves__allow_no_kill, pack=risen,
                      moon=card) for s in risen])
    for seat, decision in zip(risen, decisions, strict=True):
        judge.emit(NightAction, risen, seat=seat, action="kill", target=decision.target,
                   final=False)
    counts = Counter(d.target for d in decisions).most_common()
    target = counts[0][0] if len(counts) == 1 or counts[0][1] > counts[1][1] else None
    judge.emit(NightAction, risen, seat=risen[0], action="kill", target=target)
    st.night.wolf_target = target


def _gender(judge: Judge, seat: int) -> object:
    return judge.state.attributes.get(seat, {}).get("gender")


async def split_kill(judge: Judge, card: str) -> None:
    """E20 / O3: men and women apart; the wolves of each gender (each place) take a
    victim of their own gender, led by one of them, so two may die."""
    st, rules = judge.state, judge.rules[WolfRules]
    wolves, targets = pack(judge), prey(judge)
    victims: list[int] = []
    for gender in ("male", "female"):
        group = [w for w in wolves if _gender(judge, w) == gender]
        if not group:
            continue
        leader = group[(st.day - 1) % len(group)]
        options = [s for s in targets if _gender(judge, s) == gender and s not in wolves]
        decision = await judge.ask(judge.request(
            leader, "kill", kill_options(judge, leader, options),
            allow_none=rules.wolves__allow_no_kill, leader=leader, pack=wolves, moon=card))
        for final in (False, True):  # the leader's proposal, which is the attack
            judge.emit(NightAction, wolves, seat=leader, action="kill", target=decision.target,
                       final=final)
        if decision.target is not None:
            victims.append(decision.target)
    if victims:
        st.night.wolf_target = victims[0]
        st.night.extra_attacks += [(v, "wolves") for v in victims[1:]]


async def _touch(judge: Judge) -> None:
    """E29: the lead wolf must touch the victim, or there is none."""
    lead, st = _lead(judge), judge.state
    if lead is None:
        return
    wolves = pack(judge)
    decision = await judge.ask(judge.request(lead, "touch", victim=st.night.wolf_target))
    judge.emit(NightAction, wolves, seat=lead, action="touch",
               target=st.night.wolf_target if decision.yes else None)
    if not decision.yes:
        st.night.wolf_target = None


def _doom(judge: Judge, seat: int, cause: str) -> None:
    state = moon(judge)
    assert state is not None
    state.doomed.append((seat, cause))


async def _specter(judge: Judge, target: int, specter: Active) -> None:
    """E21: the pack's victim becomes a wolf and at once kills an old wolf of his
    choice, who dies at dawn (A44)."""
    st = judge.state
    old = [s for s in pack(judge) if s != target]
    convert(judge, target, "werewolf")
    st.night.wolf_target = None
    specter.data["fired"] = True  # it ends at dawn: the table learns nothing by night
    if old:
        decision = await judge.ask(judge.request(target, "replace", old))
        judge.emit(NightAction, (target,), seat=target, action="replace", target=decision.target)
        if decision.target is not None:
            _doom(judge, decision.target, "specter")


def _backfire(judge: Judge, target: int) -> None:
    """E23 (A43): an ordinary villager attacked tonight becomes a wolf; the first
    living wolf to his left dies."""
    st = judge.state
    if st.role_of(target) != "villager":
        return
    convert(judge, target, "werewolf")
    st.night.wolf_target = None
    left = next((s for s in deaths.ring_from(judge, target)
                 if s != target and st.is_alive(s) and in_pack(st.role_of(s))), None)
    if left is not None:
        _doom(judge, left, "backfire")


def _venom(judge: Judge, target: int) -> None:
    """O4: the lead wolf's victim becomes a wolf, and the lead wolf dies."""
    lead = _lead(judge)
    if not in_pack(judge.state.role_of(target)):
        convert(judge, target, "werewolf")
    judge.state.night.wolf_target = None
    if lead is not None:
        _doom(judge, lead, "venom")


def _thunder(judge: Judge, target: int) -> None:
    """O5: an ordinary villager becomes a wolf (the lead wolf lives); a special or a
    wolf attacked brings a bolt on one living wolf drawn by lot."""
    st = judge.state
    role = st.role_of(target)
    if role == "villager":
        convert(judge, target, "werewolf")
        st.night.wolf_target = None
    elif is_special(role) or is_wolf(role):
        wolves = [s for s in st.living if in_pack(st.role_of(s))]
        if wolves:
            _doom(judge, judge.draw(THUNDER, wolves), "thunder")


async def wolves(judge: Judge, step: NightStep) -> None:
    """The pack's step under the events in force."""
    for card in ("E26", "O12"):
        if in_force(judge, card):
            await full_moon(judge, card)
            return
    for card in ("O3", "E20"):
        if in_force(judge, card):
            await split_kill(judge, card)
            return
    await step(judge)
    st = judge.state
    if st.night.wolf_target is not None and in_force(judge, "E29"):
        await _touch(judge)
    target = st.night.wolf_target
    if target is None:
        return
    specter = in_force(judge, "E21")
    if specter is not None and "fired" not in specter.data:
        await _specter(judge, target, specter)
    elif in_force(judge, "E23"):
        _backfire(judge, target)
    elif in_force(judge, "O4"):
        _venom(judge, target)
    elif in_force(judge, "O5"):
        _thunder(judge, target)


async def sleepwalking_seer(judge: Judge, step: NightStep) -> None:
    """E30: every role the seer sees is read aloud, but not whose it is."""
    mark = len(judge.log)
    await step(judge)
    for event in judge.log[mark:]:
        if isinstance(event, CheckResult):
            announce(judge, "E30", "answer", answer=event.result)


async def witch_without_antidote(judge: Judge, step: NightStep) -> None:
    """O3: the witch cannot save tonight (she may still poison)."""
    mine: WitchState = judge.state.role_state["witch"]
    kept, mine.antidote = mine.antidote, False
    await step(judge)
    mine.antidote = kept


async def harvest_witch(judge: Judge, step: NightStep) -> None:
    """E6 with the Harvest Festival (4.2.4): the witch uses one potion at most tonight,
    and a toss of the box decides what it does. The potion comes out of her stock: the
    one the box named if she still has it, else the other. Without a potion her night
    is as usual."""
    st = judge.state
    mine: WitchState = st.role_state["witch"]
    if not (mine.antidote or mine.poison) or mine.used >= judge.rules[WitchRules].witch__total_uses:
        await step(judge)
        return
    toss = st.role_state["box_toss"] = box_toss.TossState()
    mark = len(judge.log)
    await box_toss.night(judge)
    outcome = next((e.outcome for e in judge.log[mark:] if isinstance(e, box_toss.BoxToss)),
                   None)
    if not toss.tossed or outcome is None:
        return
    poison = outcome == "poison"
    if (poison and mine.poison) or not (poison or mine.antidote):
        mine.poison = False
    else:
        mine.spend_antidote()
    mine.used += 1


async def skip(_judge: Judge) -> None:
    """A step that does not happen tonight (E26 / O12: the seer and witch are wolves;
    O3: the guard cannot guard)."""


def night_step(judge: Judge, name: str, step: NightStep) -> NightStep:
    """The step a role takes tonight under the events in force."""
    risen = in_force(judge, "E26") or in_force(judge, "O12")
    if name == "werewolf":
        return lambda j: wolves(j, step)
    if name in ("seer", "witch") and risen:
        return skip
    if name == "guard" and in_force(judge, "O3"):
        return skip
    if name == "witch" and in_force(judge, "O3"):
        return lambda j: witch_without_antidote(j, step)
    if name == "witch" and harvest(judge):
        return lambda j: harvest_witch(j, step)
    if name == "seer" and in_force(judge, "E30"):
        return lambda j: sleepwalking_seer(j, step)
    return step


async def double_agent(judge: Judge) -> None:
    """E31 (A45): at nightfall the first dead names a non-wolf, who is shown the wolves
    and wins with them; a wolf named is refused and he names again (three tries)."""
    active = in_force(judge, "E31")
    st = judge.state
    chooser = first_death(judge)
    if active is None or "ally" in active.data or chooser is None:
        return
    refused: list[int] = []
    for _ in range(3):
        options = [s for s in st.alive() if s not in refused]
        decision = await judge.ask(judge.request(chooser, "ally", options, allow_none=True))
        target = decision.target
        judge.emit(NightAction, (chooser,), seat=chooser, action="ally", target=target)
        if target is None:
            break
        if not (is_wolf(st.role_of(target)) or in_pack(st.role_of(target))):
            active.data["ally"] = target
            wolves = [s for s in st.seats if in_pack(st.role_of(s))]
            for wolf in wolves:
                judge.emit(Reveal, (target,), seat=wolf, role=st.role_of(wolf),
                           reason="double_agent")
            announce(judge, "E31", "applied", (chooser, target), seats=(target,))
            if wolves:
                st.supported[target] = wolves[0]  # he wins when the wolves win
            return
        refused.append(target)
        announce(judge, "E31", "answer", (chooser,), seats=(target,), answer="refused")
    active.data["ally"] = None


def at_dawn(judge: Judge, tonight: NightState, dying: dict[int, str]) -> None:
    """The night's deaths under the events: a Specter that struck tonight ends (E21);
    O8 turns the pack's victim into an ordinary villager instead; the deaths the events
    decided at night are added."""
    state = moon(judge)
    if state is None:
        return
    specter = in_force(judge, "E21")
    if specter is not None and "fired" in specter.data:
        end(judge, "E21")
    target = tonight.wolf_target
    if in_force(judge, "O8") and target is not None and dying.get(target) == "wolves":
        del dying[target]
        if judge.state.role_of(target) != "villager":
            convert(judge, target, "villager")
        announce(judge, "O8", "applied", (target,), seats=(target,))
    for seat, cause in state.doomed:
        if judge.state.is_alive(seat):
            dying.setdefault(seat, cause)
    state.doomed.clear()
