"""Death cascades in the order of catalog A4, then the win check (A14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import CauseOfDeath, Death, Speech
from arena.engine.roles import hunter, idiot, sheriff
from arena.engine.win import check_win

if TYPE_CHECKING:
    from arena.engine.judge import Judge

NIGHT_CAUSES = frozenset({"wolves", "poison"})


def _revealed(judge: Judge, seat: int, kind: str) -> str | None:
    rules = judge.rules
    role = judge.state.role_of(seat)
    if kind == "explode":
        return role
    shown = {"night": rules.reveal__night_death, "vote": rules.reveal__vote_death}.get(
        kind, rules.reveal__day_death)
    return role if shown else None


def _gives_last_words(judge: Judge, seat: int, cause: str, night_one: bool) -> bool:
    mode = judge.rules.last_words__mode
    if cause == "vote" and idiot.speaks_after_exile(judge, seat):
        return True
    if cause in ("lover", "explode") or mode == "none":
        return False
    if mode == "voted_only":
        return cause == "vote"
    if mode == "first_night_and_voted":
        return cause == "vote" or night_one
    if mode == "all_until_quota":
        quota = judge.rules.last_words__quota or judge.config.roles.get("werewolf", 0)
        return judge.state.last_words_given < quota
    return True


def ring_from(judge: Judge, reference: int | None) -> list[int]:
    """All seats clockwise, starting left of ``reference`` (seat + 1)."""
    n = len(judge.state.seats)
    start = 0 if reference is None else reference % n
    return [(start + i) % n + 1 for i in range(n)]


async def resolve(judge: Judge, initial: list[tuple[int, str]], *,
                  reference: int | None = None) -> None:
    """Kill ``initial`` (seat, cause) and everything that follows, then check for a winner."""
    st = judge.state
    queue = [(seat, cause, _kind(cause)) for seat, cause in initial]
    sheriff_death: tuple[int, str] | None = None
    while queue:
        batch = _with_lovers(judge, queue)
        for seat, cause, kind in batch:
            st.seats[seat].alive, st.seats[seat].cause = False, cause
            if kind == "night":
                judge.emit(CauseOfDeath, "god", seat=seat, cause=cause)
            judge.emit(Death, "public", seat=seat, cause="night" if kind == "night" else cause,
                       revealed_role=_revealed(judge, seat, kind))
            if seat == st.sheriff:
                sheriff_death = (seat, cause)
        for seat, cause, kind in batch:
            if _gives_last_words(judge, seat, cause, kind == "night" and st.day == 1):
                st.last_words_given += 1
                said = await judge.ask(judge.request(seat, "last_words", cause=cause))
                judge.emit(Speech, "public", seat=seat, text=said.text, claims=said.claims,
                           context="last_words")
        queue = []
        dead = {seat: (cause, kind) for seat, cause, kind in batch}
        for seat in ring_from(judge, reference):
            if seat in dead and st.role_of(seat) == "hunter":
                cause, kind = dead[seat]
                revealed = _revealed(judge, seat, kind) is not None
                target = await hunter.on_death(judge, seat, cause, revealed)
                if target is not None and st.is_alive(target):
                    queue.append((target, "hunter", "day"))
    if sheriff_death is not None:
        await sheriff.succession(judge, *sheriff_death)
    check_win(judge)


def _kind(cause: str) -> str:
    if cause in NIGHT_CAUSES:
        return "night"
    return "vote" if cause == "vote" else ("explode" if cause == "explode" else "day")


def _with_lovers(judge: Judge, queue: list[tuple[int, str, str]]) -> list[tuple[int, str, str]]:
    """The batch plus lover partners (repeatedly), each partner dying of ``lover``."""
    st = judge.state
    batch = list(queue)
    seen = {seat for seat, _, _ in batch}
    i = 0
    while i < len(batch):
        seat, cause, kind = batch[i]
        partner = st.seats[seat].lover
        if (partner is not None and partner not in seen and st.is_alive(partner)
                and cause in judge.rules.lovers__chain_causes):
            batch.append((partner, "lover", "night" if kind == "night" else "day"))
            seen.add(partner)
        i += 1
    return batch
