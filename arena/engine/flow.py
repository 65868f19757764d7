"""Phases as data and the order they run in: setup, nights, dawns, days, votes."""

from __future__ import annotations

from arena.engine import deaths, exile
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
from arena.engine.judge import GameOver, Judge
from arena.engine.newmoon import hooks as newmoon
from arena.engine.roles import ROLES, lives, sheriff
from arena.engine.roles.factions import in_pack
from arena.engine.roles.werewolf import pack
from arena.engine.state import NightState
from arena.engine.village import hooks as village

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
    for variant in judge.variants:
        if variant.dealt is not None:
            variant.dealt(judge)


async def night(judge: Judge) -> None:
    judge.phase = "night"
    judge.emit(PhaseStart, "public", name="night")
    await newmoon.at_nightfall(judge)
    dealt = judge.config.roles
    steps = {name: step for v in judge.variants for name, step in v.night.items()}
    for name in judge.rules.night__order:
        spec = ROLES[name]
        if name in steps:  # a variant's step in the role's place
            await steps[name](judge)
        elif (spec.night is not None and dealt.get(name)
                and (judge.state.day == 1 or not spec.first_night_only)):
            await newmoon.night_step(judge, name, spec.night)(judge)
        village.after_step(judge, name)


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
    for variant in judge.variants:
        if variant.dawn is not None:
            variant.dawn(judge, tonight, dying)
    newmoon.dawn(judge, tonight, dying)
    st.night_deaths = sorted(dying)
    await deaths.resolve(judge, sorted(dying.items()), reference=None)
    reference = tonight.wolf_target if tonight.wolf_target in dying else (
        st.night_deaths[0] if st.night_deaths else None)
    await newmoon.at_dawn(judge, reference)
    return reference


def _survives(judge: Judge, tonight: NightState, target: int, source: str) -> bool:
    """A2, A3, A6: the guard blocks wolf-team attacks (not on an unguardable card: the
    little girl), the antidote saves the pack's victim, a spare life absorbs an
    unguarded attack; the tavern keeper's house stops the wolves (B5)."""
    if village.shielded(judge, target, source):
        return True
    guarded = (source != "hybrid" and tonight.protected == target
               and judge.state.role_of(target) not in UNGUARDABLE)
    saved = source == "wolves" and tonight.saved == target
    if guarded and saved:
        return judge.rules.save__double_save == "survives"
    return guarded or lives.absorbs(judge, target) or saved


def speaking_order(judge: Judge, reference: int | None) -> list[int]:
    """Clockwise from the left of the reference seat (C30), living seats only."""
    st = judge.state
    if judge.rules.speech__order == "seat_order":
        reference = 0
    elif reference is None:  # nobody died: start left of the sheriff, else at seat 1
        reference = st.sheriff if st.sheriff is not None else 0
    seats = st.seats
    return [s for s in deaths.ring_from(judge, reference) if seats[s].alive]


async def discussion(judge: Judge, reference: int | None) -> bool:
    """Speech rounds; returns False when a wolf self-destructed and the day ends."""
    st, rules = judge.state, judge.rules
    rounds = rules.speech__rounds_day1 if st.day == 1 else rules.speech__rounds_later
    if rules.eval__vote_probes:
        await probes(judge, None, None)
    for round_no in range(1, rounds + 1):
        for seat in speaking_order(judge, reference):
            if not st.seats[seat].alive or not newmoon.may_speak(judge, seat):
                continue
            if rules.wolves__self_destruct and in_pack(st.role_of(seat)):
                choice = await judge.ask(judge.request(seat, "explode"))
                if choice.yes:
                    judge.emit(Explode, "public", seat=seat)
                    await deaths.resolve(judge, [(seat, "explode")], reference=seat)
                    return False
            said = await judge.ask(judge.request(seat, "speak", purpose="discussion",
                                                 round=round_no))
            speech = judge.emit(Speech, "public", seat=seat, text=said.text, claims=said.claims)
            if await interrupted(judge, seat):
                return False
            if rules.eval__vote_probes:
                await probes(judge, seat, speech.seq)
    return True


async def interrupted(judge: Judge, speaker: int) -> bool:
    """wolves.self_destruct_timing = any_time: during each speech any living wolf may
    self-destruct, cutting it off (the speech is kept as said so far); the day ends."""
    rules, st = judge.rules, judge.state
    if not rules.wolves__self_destruct or rules.wolves__self_destruct_timing != "any_time":
        return False
    for wolf in st.alive():
        if in_pack(st.role_of(wolf)) and (
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
                      allow_none=judge.rules.vote__allow_abstain) for s in voters])
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
    await village.daybreak(judge)
    if newmoon.discussion_held(judge) and not await discussion(judge, reference):
        return
    if rules.sheriff__election == "day1_after_speeches" and not st.election_held:
        await sheriff.election(judge, campaign=False)
    if rules.eval__beliefs:
        await beliefs(judge)
    await village.before_vote(judge)
    order = speaking_order(judge, reference)
    if not await newmoon.replace_vote(judge, order):
        await exile.exile_vote(judge, order)
    await newmoon.after_vote(judge, order)


async def play(judge: Judge) -> GameOver:
    """Run a whole game; returns how it ended."""
    deal(judge)
    try:
        await newmoon.at_start(judge)
        for name, spec in ROLES.items():
            if spec.before_game is not None and judge.config.roles.get(name):
                await spec.before_game(judge)
        if judge.rules.sheriff__election == "before_night1":
            judge.phase = "day"
            await sheriff.election(judge, campaign=True)
        while True:
            if judge.state.day >= judge.rules.game__max_days:
                raise GameOver("draw", (), "day limit")
            judge.state.day += 1
            await night(judge)
            reference = await dawn(judge)
            await day(judge, reference)
    except GameOver as over:
        return over


__all__ = ["pack", "play"]
