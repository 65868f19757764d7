"""Death cascades in the order of catalog A4, then the win check (A14).

1. The initial deaths (a dawn's, or the day's exile); a role's stand-in may die
   instead (the infatuated, C34). 2. Lover partners, repeatedly. 3. The elder /
   chief penalty (elder.penalty_timing). 4. Announcements, reveals, last words.
5. The dead roles' last acts (the hunter's shot), clockwise from the reference seat;
   each victim re-enters step 2. 6. Sheriff succession, among the living. 7. The win
   check.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.events import CauseOfDeath, Death, Speech
from arena.engine.expansion import hooks
from arena.engine.roles import ROLES, cupid, sheriff, spare_lives
from arena.engine.roles.cupid import CupidRules
from arena.engine.roles.spare_lives import ElderRules
from arena.engine.rule_types import RuleGroup
from arena.engine.win import check_win

if TYPE_CHECKING:
    from arena.engine.judge import Judge

NIGHT_CAUSES = frozenset({"wolves", "poison", "hybrid", "fire"})
SILENT_CAUSES = frozenset({"lover", "explode", "elder_penalty"})
Dying = tuple[int, str, str]  # seat, cause, kind (night, vote, explode, day)
STAND_INS = tuple(s.stand_in for s in ROLES.values() if s.stand_in is not None)
EXILE_WORDS = {s.name: s.exile_words for s in ROLES.values() if s.exile_words is not None}
LAST_ACTS = {s.name: s.on_death for s in ROLES.values() if s.on_death is not None}


class RevealRules(RuleGroup):
    """Death reveals and last words (C4, C5)."""

    reveal__night_death: bool = Field(True, description="C4: roles of night deaths are revealed.")
    reveal__vote_death: bool = Field(True, description="C4: roles of exiled players are revealed.")
    reveal__day_death: bool = Field(
        True, description="C4: roles of other day deaths (shot, lover, explode) are revealed."
    )
    last_words__mode: Literal[
        "none", "voted_only", "first_night_and_voted", "all", "all_until_quota"
    ] = Field("none", description="C5: who gives last words before leaving.")
    last_words__quota: int = Field(
        0, ge=0, description="C5: total last words in all_until_quota mode (0 = number of wolves)."
    )


def _revealed(judge: Judge, seat: int, kind: str) -> str | None:
    rules = judge.rules[RevealRules]
    role = judge.state.seats[seat].role
    if kind == "explode":
        return role
    shown = (rules.reveal__night_death if kind == "night" else
             rules.reveal__vote_death if kind == "vote" else rules.reveal__day_death)
    return role if shown else None


def _gives_last_words(judge: Judge, seat: int, cause: str, night_one: bool) -> bool:
    mode = judge.rules[RevealRules].last_words__mode
    if cause == "vote" and (words := EXILE_WORDS.get(judge.state.role_of(seat))) and words(
            judge, seat):
        return True
    if cause in SILENT_CAUSES or mode == "none":
        return False
    if mode == "voted_only":
        return cause == "vote"
    if mode == "first_night_and_voted":
        return cause == "vote" or night_one
    if mode == "all_until_quota":
        quota = judge.rules[RevealRules].last_words__quota or judge.config.roles.get("werewolf", 0)
        return judge.state.last_words_given < quota
    return True


def ring_from(judge: Judge, reference: int | None) -> tuple[int, ...]:
    """All seats clockwise, starting left of ``reference`` (seat + 1)."""
    n = len(judge.state.seats)
    return _ring(n, 0 if reference is None else reference % n)


@cache
def _ring(n: int, start: int) -> tuple[int, ...]:
    return tuple((start + i) % n + 1 for i in range(n))


def _kind(cause: str) -> str:
    if cause in NIGHT_CAUSES:
        return "night"
    return cause if cause in ("vote", "explode") else "day"


async def resolve(judge: Judge, initial: list[tuple[int, str]], *,
                  reference: int | None = None) -> None:
    """Kill ``initial`` (seat, cause) and everything that follows, then check for a winner."""
    queue = [(*_stand_in(judge, seat, cause), _kind(cause)) for seat, cause in initial]
    sheriff_death: tuple[int, str] | None = None
    while queue:
        batch = _with_lovers(judge, queue)
        for seat, cause, kind in batch:
            sheriff_death = _announce(judge, seat, cause, kind) or sheriff_death
        await _last_words(judge, batch)
        penalized = [s for s, c, _ in batch if spare_lives.penalty_applies(judge, s, c)]
        early = judge.rules[ElderRules].elder__penalty_timing == "before_triggers"
        queue = _penalties(judge, penalized) if early else []
        queue += await _last_acts(judge, batch, reference)
        if not early:
            queue += _penalties(judge, penalized)
    if sheriff_death is not None:
        await sheriff.succession(judge, *sheriff_death)
    check_win(judge)


def _stand_in(judge: Judge, seat: int, cause: str) -> tuple[int, str]:
    for stand_in in STAND_INS:
        seat, cause = stand_in(judge, seat, cause)
    return seat, cause


def _announce(judge: Judge, seat: int, cause: str, kind: str) -> tuple[int, str] | None:
    """Mark one death and announce it; returns (seat, cause) when the sheriff died."""
    st = judge.state
    st.die(seat, cause)
    public_cause = cause
    if kind == "night" and cause != "hybrid":  # the table hears only who died
        judge.emit(CauseOfDeath, "god", seat=seat, cause=cause)
        public_cause = "night"
    hidden = any(hides(judge, cause) for hides in hooks(lambda x: x.hides_role))  # E28
    shown = None if hidden else _revealed(judge, seat, kind)
    judge.emit(Death, "public", seat=seat, cause=public_cause, revealed_role=shown)
    return (seat, cause) if seat == st.sheriff else None


async def _last_words(judge: Judge, batch: list[Dying]) -> None:
    st = judge.state
    for seat, cause, kind in batch:
        if _gives_last_words(judge, seat, cause, kind == "night" and st.day == 1):
            st.last_words_given += 1
            said = await judge.ask(judge.request(seat, "last_words", cause=cause))
            judge.emit(Speech, "public", seat=seat, text=said.text, claims=said.claims,
                       context="last_words")


async def _last_acts(judge: Judge, batch: list[Dying], reference: int | None) -> list[Dying]:
    """The dead holders' on_death hooks, clockwise; a seat one kills dies of its role."""
    st = judge.state
    acting = {seat: (cause, kind) for seat, cause, kind in batch
              if not LAST_ACTS.keys().isdisjoint(st.cards_of(seat))}
    victims: list[Dying] = []
    if not acting:
        return victims
    for seat in ring_from(judge, reference):
        if seat in acting:
            cause, kind = acting[seat]
            role = next(card for card in st.cards_of(seat) if card in LAST_ACTS)
            revealed = _revealed(judge, seat, kind) is not None
            target = await LAST_ACTS[role](judge, seat, cause, revealed)
            if target is not None and st.is_alive(target):
                victims.append((target, role, "day"))
    return victims


def _penalties(judge: Judge, penalized: list[int]) -> list[Dying]:
    """Apply each elder / chief penalty; the revealed idiots who leave with the elder."""
    leaving: list[Dying] = []
    for seat in penalized:
        leaving += [(s, "elder_penalty", "day") for s in spare_lives.apply_penalty(judge, seat)
                    if judge.state.is_alive(s)]
    return leaving


def _with_lovers(judge: Judge, queue: list[Dying]) -> list[Dying]:
    """The batch plus lover partners (repeatedly), each partner dying of ``lover``; a
    death of a breakup cause ends the pair instead (C36)."""
    st, rules = judge.state, judge.rules[CupidRules]
    seats, breakups, chains = st.seats, rules.lovers__breakup_causes, rules.lovers__chain_causes
    grieving = hooks(lambda x: x.grief)
    batch = list(queue)
    seen = {seat for seat, _, _ in batch}
    i = 0
    while i < len(batch):
        seat, cause, kind = batch[i]
        if cause in breakups:
            cupid.break_up(judge, seat)
        partners = [seats[seat].lover]
        for grief in grieving:
            partners += grief(judge, seat, cause)
        for partner in partners:
            if (partner is not None and partner not in seen and seats[partner].alive
                    and cause in chains):
                batch.append((partner, "lover", "night" if kind == "night" else "day"))
                seen.add(partner)
        i += 1
    return batch
