"""Phases as data and the order they run in: setup, nights, dawns, days, votes."""

from __future__ import annotations

from arena.engine import deaths, exile
from arena.engine.config import RuleSet
from arena.engine.events import (
    Belief,
    Explode,
    PhaseStart,
    Reveal,
    RoleDealt,
    Setup,
    Speech,
    VoteProbe,
)
from arena.engine.expansion import hooks
from arena.engine.judge import ConfigView, GameOver, Judge
from arena.engine.roles import ROLES, sheriff, spare_lives
from arena.engine.roles.base import NightStep
from arena.engine.roles.factions import in_pack
from arena.engine.roles.guard import GuardRules
from arena.engine.roles.sheriff import SheriffRules
from arena.engine.roles.werewolf import WolfRules, pack
from arena.engine.rule_types import RuleGroup
from arena.engine.shared_rules import SpeechRules, VoteRules
from arena.engine.state import NightState

DAYBREAK = tuple(s.at_daybreak for s in ROLES.values() if s.at_daybreak is not None)
UNGUARDABLE = frozenset(name for name, s in ROLES.items() if not s.guardable)


def deal(judge: Judge) -> None:
    """Announce the table and tell each seat its card; wolves learn their pack."""
    st, config = judge.state, judge.config
    names = config.names or tuple(f"P{n}" for n in st.seats)
    judge.emit(Setup, "public", players=len(st.seats), names=names, roles=dict(config.roles),
               rules=config.rules.key_values(),
               attributes={str(s): a for s, a in st.attributes.items()})
    for seat, info in st.seats.items():
        judge.emit(RoleDealt, (seat,), seat=seat, role=info.role)
    wolves = tuple(s for s, info in st.seats.items() if in_pack(info.role))
    if len(wolves) > 1:
        for wolf in wolves:
            judge.emit(Reveal, wolves, seat=wolf, role=st.role_of(wolf), reason="wolf_team")
    for tell in hooks(lambda x: x.dealt):
        tell(judge)


NightSteps = tuple[tuple[str, "NightStep | None", "NightStep | None", bool], ...]


def night_plan(config: ConfigView, rules: RuleGroup) -> tuple[NightSteps, NightSteps]:
    """Each role of night.order with an expansion's step in its place (else None), its
    own step when it is dealt (else None) and whether it wakes on the first night only;
    then only those of them that may act."""
    instead = {name: step for steps_of in hooks(lambda x: x.night_steps)
               for name, step in steps_of(rules).items()}
    steps = tuple((name, instead.get(name),
                   ROLES[name].night if config.roles.get(name) else None,
                   ROLES[name].first_night_only) for name in rules[RuleSet].night__order)
    return steps, tuple(s for s in steps if s[1] is not None or s[2] is not None)


async def night(judge: Judge) -> None:
    judge.phase = "night"
    judge.emit(PhaseStart, "public", name="night")
    for nightfall in hooks(lambda x: x.at_nightfall):
        await nightfall(judge)
    every, acting = judge.fixed(night_plan)
    follow = any(every_step(judge) for every_step in hooks(lambda x: x.every_step))
    first = judge.state.day == 1
    for name, replacement, step, first_only in every if follow else acting:
        if replacement is not None:  # e.g. a variant's step in the role's place
            await replacement(judge)
        elif step is not None and (first or not first_only):
            for instead in hooks(lambda x: x.night_step):
                step = instead(judge, name, step)
            await step(judge)
        for after in hooks(lambda x: x.after_step) if follow else ():
            after(judge, name)


async def dawn(judge: Judge) -> int | None:
    """Resolve the night's attacks and poison into deaths; returns the reference seat
    for the day's speaking order (the pack's victim, else the first to die)."""
    st = judge.state
    judge.phase = "day"
    judge.emit(PhaseStart, "public", name="day")
    tonight, st.night = st.night, NightState()
    st.blocked = frozenset()
    attacks = [(tonight.wolf_target, "wolves")] if tonight.wolf_target is not None else []
    dying: dict[int, str] = {}
    for target, source in attacks + tonight.extra_attacks:
        if target not in dying and st.is_alive(target) and not _survives(
                judge, tonight, target, source):
            dying[target] = "hybrid" if source == "hybrid" else "wolves"
    if tonight.poisoned is not None:
        dying[tonight.poisoned] = "poison"
    for seat, cause in tonight.fated:  # the arsonist's fire (R16)
        if st.is_alive(seat):
            dying.setdefault(seat, cause)
    for change in hooks(lambda x: x.dawn):
        change(judge, tonight, dying)
    st.night_deaths = sorted(dying)
    await deaths.resolve(judge, sorted(dying.items()), reference=None)
    reference = tonight.wolf_target if tonight.wolf_target in dying else (
        st.night_deaths[0] if st.night_deaths else None)
    for after_deaths in hooks(lambda x: x.at_dawn):
        await after_deaths(judge, reference)
    return reference


def _survives(judge: Judge, tonight: NightState, target: int, source: str) -> bool:
    """A2, A3, A6: the guard blocks wolf-team attacks (not on an unguardable card: the
    little girl), the antidote saves the pack's victim, a spare life absorbs an
    unguarded attack; an expansion's shield (the tavern keeper's house, B5)."""
    if any(shields(judge, target, source) for shields in hooks(lambda x: x.shields)):
        return True
    guarded = (source != "hybrid" and tonight.protected == target
               and judge.state.role_of(target) not in UNGUARDABLE)
    saved = source == "wolves" and tonight.saved == target
    if guarded and saved:
        return judge.rules[GuardRules].save__double_save == "survives"
    return guarded or spare_lives.absorbs(judge, target) or saved


def speaking_order(judge: Judge, reference: int | None) -> list[int]:
    """Clockwise from the left of the reference seat (C30), living seats only; an
    expansion may set it instead (a variant's speech.order = drawn)."""
    for order_of in hooks(lambda x: x.speaking_order):
        order = order_of(judge, reference)
        if order is not None:
            return order
    st = judge.state
    if judge.rules[SpeechRules].speech__order == "seat_order":
        reference = 0
    elif reference is None:  # nobody died: start left of the sheriff, else at seat 1
        reference = st.sheriff if st.sheriff is not None else 0
    seats = st.seats
    return [s for s in deaths.ring_from(judge, reference) if seats[s].alive]


async def discussion(judge: Judge, reference: int | None) -> bool:
    """Speech rounds; returns False when a wolf self-destructed and the day ends."""
    st, rules = judge.state, judge.rules
    speaking = rules[SpeechRules]
    rounds = speaking.speech__rounds_day1 if st.day == 1 else speaking.speech__rounds_later
    probing = rules[RuleSet].eval__vote_probes
    if probing:
        await probes(judge, None, None)
    explode = rules[WolfRules].wolves__self_destruct
    any_time = explode and rules[WolfRules].wolves__self_destruct_timing == "any_time"
    seats = st.seats
    reorder, may_speak = hooks(lambda x: x.discussion_order), hooks(lambda x: x.may_speak)
    for round_no in range(1, rounds + 1):
        order = speaking_order(judge, reference)
        for turn in reorder:
            order = turn(judge, order, reference)
        for seat in order:
            if not seats[seat].alive or not all(may(judge, seat) for may in may_speak):
                continue
            if explode and in_pack(seats[seat].role):
                choice = await judge.ask(judge.request(seat, "explode"))
                if choice.yes:
                    judge.emit(Explode, "public", seat=seat)
                    await deaths.resolve(judge, [(seat, "explode")], reference=seat)
                    return False
            said = await judge.ask(judge.request(seat, "speak", purpose="discussion",
                                                 round=round_no))
            speech = judge.emit(Speech, "public", seat=seat, text=said.text, claims=said.claims)
            if any_time and await interrupted(judge, seat):
                return False
            if probing:
                await probes(judge, seat, speech.seq)
    return True


async def interrupted(judge: Judge, speaker: int) -> bool:
    """wolves.self_destruct_timing = any_time: during each speech any living wolf may
    self-destruct, cutting it off (the speech is kept as said so far); the day ends."""
    st = judge.state
    for wolf in st.alive():
        if in_pack(st.role_of(wolf)) and all(
                may(judge, wolf) for may in hooks(lambda x: x.may_interrupt)) and (
                await judge.ask(judge.request(wolf, "explode", during=speaker))).yes:
            judge.emit(Explode, "public", seat=wolf, during=speaker)
            await deaths.resolve(judge, [(wolf, "explode")], reference=wolf)
            return True
    return False


async def probes(judge: Judge, speaker: int | None, after: int | None) -> None:
    """Ask each living voter but the speaker whom it would vote to exile now, after the
    speech at seq ``after`` (None: before the day's first); the answers are god-only and
    change nothing (eval.vote_probes)."""
    st = judge.state
    alive = st.alive()
    voters = [s for s in alive if s != speaker and st.seats[s].can_vote]
    answers = await judge.ask_all([
        judge.request(s, "probe", exile.vote_options(judge, s, alive),
                      allow_none=judge.rules[VoteRules].vote__allow_abstain) for s in voters])
    for seat, answer in zip(voters, answers, strict=True):
        judge.emit(VoteProbe, "god", seat=seat, target=answer.target, after=after)


async def beliefs(judge: Judge) -> None:
    alive = judge.state.alive()
    answers = await judge.ask_all([judge.request(s, "belief") for s in alive])
    for seat, answer in zip(alive, answers, strict=True):
        if answer.beliefs:
            judge.emit(Belief, "god", seat=seat, probabilities=answer.beliefs)


async def day(judge: Judge, reference: int | None) -> None:
    st, rules = judge.state, judge.rules
    for hook in DAYBREAK:
        hook(judge)
    for at_daybreak in hooks(lambda x: x.daybreak):
        await at_daybreak(judge)
    if all(held(judge) for held in hooks(lambda x: x.discussion_held)) and not await discussion(
            judge, reference):
        return
    if rules[SheriffRules].sheriff__election == "day1_after_speeches" and not st.election_held:
        await sheriff.election(judge, campaign=False)
    if rules[RuleSet].eval__beliefs:
        await beliefs(judge)
    for at_vote in hooks(lambda x: x.before_vote):
        await at_vote(judge)
    order = speaking_order(judge, reference)
    if not await replaced(judge, order):
        await exile.exile_vote(judge, order)
    for after in hooks(lambda x: x.after_vote):
        await after(judge, order)


async def replaced(judge: Judge, order: list[int]) -> bool:
    """Whether an expansion took the exile vote's place today (the first that does)."""
    for instead in hooks(lambda x: x.replace_vote):
        if await instead(judge, order):
            return True
    return False


async def play(judge: Judge) -> GameOver:
    """Run a whole game; returns how it ended."""
    deal(judge)
    try:
        for start in hooks(lambda x: x.at_start):
            await start(judge)
        for name, spec in ROLES.items():
            if spec.before_game is not None and judge.config.roles.get(name):
                await spec.before_game(judge)
        if judge.rules[SheriffRules].sheriff__election == "before_night1":
            judge.phase = "day"
            await sheriff.election(judge, campaign=True)
        while True:
            if judge.state.day >= judge.rules[RuleSet].game__max_days:
                raise GameOver("draw", (), "day limit")
            judge.state.day += 1
            await night(judge)
            reference = await dawn(judge)
            await day(judge, reference)
    except GameOver as over:
        for end in hooks(lambda x: x.at_end):
            end(judge, over)
        return over


__all__ = ["pack", "play"]
