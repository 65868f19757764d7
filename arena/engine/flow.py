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
)
from arena.engine.judge import GameOver, Judge
from arena.engine.roles import ROLES, cupid, lives, sheriff
from arena.engine.roles.factions import in_pack
from arena.engine.roles.werewolf import pack
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


async def night(judge: Judge) -> None:
    judge.phase = "night"
    judge.emit(PhaseStart, "public", name="night")
    dealt = judge.config.roles
    for name in judge.rules.night__order:
        spec = ROLES[name]
        if (spec.night is not None and dealt.get(name)
                and (judge.state.day == 1 or not spec.first_night_only)):
            await spec.night(judge)


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
    st.night_deaths = sorted(dying)
    await deaths.resolve(judge, sorted(dying.items()), reference=None)
    if tonight.wolf_target in dying:
        return tonight.wolf_target
    return st.night_deaths[0] if st.night_deaths else None


def _survives(judge: Judge, tonight: NightState, target: int, source: str) -> bool:
    """A2, A3, A6: the guard blocks wolf-team attacks (not on an unguardable card: the
    little girl), the antidote saves the pack's victim, a spare life absorbs an
    unguarded attack."""
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
    for round_no in range(1, rounds + 1):
        for seat in speaking_order(judge, reference):
            if not st.seats[seat].alive:
                continue
            if rules.wolves__self_destruct and in_pack(st.role_of(seat)):
                choice = await judge.ask(judge.request(seat, "explode"))
                if choice.yes:
                    judge.emit(Explode, "public", seat=seat)
                    await deaths.resolve(judge, [(seat, "explode")], reference=seat)
                    return False
            said = await judge.ask(judge.request(seat, "speak", purpose="discussion",
                                                 round=round_no))
            judge.emit(Speech, "public", seat=seat, text=said.text, claims=said.claims)
    return True


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
    if not await discussion(judge, reference):
        return
    if rules.sheriff__election == "day1_after_speeches" and not st.election_held:
        await sheriff.election(judge, campaign=False)
    if rules.eval__beliefs:
        await beliefs(judge)
    await exile.exile_vote(judge, speaking_order(judge, reference))


async def play(judge: Judge) -> GameOver:
    """Run a whole game; returns how it ended."""
    deal(judge)
    try:
        if judge.rules.cupid__phase == "before_game" and judge.config.roles.get("cupid"):
            await cupid.link(judge)  # C17: before the game (and any election)
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
