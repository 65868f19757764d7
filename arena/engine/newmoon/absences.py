"""Events that send players away or take their voice or vote, by seat attributes
(4.5; A36, A37): E3, E5, E7, E17, E18, E22, O1, O2. Away players neither speak
nor vote; where the card says so nobody may vote for them, and during the night the
wolves among them do not eat and the others cannot be eaten. O1 and O2 bar their
players from every power until the next dawn (they stay in the village)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from arena.engine.events import Speech
from arena.engine.newmoon.deck import Active, announce, moon
from arena.engine.roles.factions import in_pack

if TYPE_CHECKING:
    from arena.engine.judge import Judge

# E3: the words nobody may say (狼 / 我, and in English "wolf" and "I" / "me")
BANNED = re.compile(r"狼|我|\b(?:i|me|my|mine|wolf|wolves|werewolf|werewolves)\b", re.IGNORECASE)


def _attribute(judge: Judge, seat: int, name: str) -> object:
    return judge.state.attributes.get(seat, {}).get(name)


def of_gender(gender: str) -> Callable[[Judge], tuple[int, ...]]:
    def seats(judge: Judge) -> tuple[int, ...]:
        return tuple(s for s in judge.state.living if _attribute(judge, s, "gender") == gender)
    return seats


def _by_age(judge: Judge, oldest_first: bool) -> list[int]:
    """A37: the living by age, ties broken by seat order."""
    def age(seat: int) -> int:
        value = _attribute(judge, seat, "age")
        return value if isinstance(value, int) else 0
    sign = -1 if oldest_first else 1
    return sorted(judge.state.living, key=lambda s: (sign * age(s), s))


def older_half(judge: Judge) -> tuple[int, ...]:
    seats = _by_age(judge, True)
    return tuple(sorted(seats[:len(seats) // 2]))


def younger_half(judge: Judge) -> tuple[int, ...]:
    seats = _by_age(judge, False)
    return tuple(sorted(seats[:len(seats) // 2]))


def youngest(judge: Judge) -> tuple[int, ...]:
    return tuple(_by_age(judge, False)[:1])


# whom each card sends away (or silences) when it is drawn
SINGLED_OUT: dict[str, Callable[[Judge], tuple[int, ...]]] = {
    "E5": older_half, "E7": of_gender("male"), "E17": of_gender("female"),
    "E18": younger_half, "E22": youngest, "O1": of_gender("female"), "O2": of_gender("male"),
}
UNVOTABLE = frozenset({"E5", "E7", "E17", "E18", "E22"})  # others may not vote for them
AWAY_AT_NIGHT = frozenset({"E7", "E18"})  # until dawn: they neither eat nor are eaten
POWERLESS = ("O1", "O2")  # no power of any kind until the next dawn


def single_out(judge: Judge, active: Active) -> None:
    active.seats = SINGLED_OUT[active.card.id](judge)
    announce(judge, active.card.id, "applied", seats=active.seats)
    bar(judge)


def barred(judge: Judge) -> set[int]:
    """O1, O2: the seats that may use no power now (a hunter's shot, a night step, the
    pack's kill)."""
    state = moon(judge)
    if state is None:
        return set()
    return {s for card in POWERLESS if card in state.active for s in state.active[card].seats}


def bar(judge: Judge) -> None:
    """The barred seats cannot act (by day, tonight, and in the dawn's deaths)."""
    seats = barred(judge)
    if seats:
        judge.state.blocked = judge.state.blocked | seats


def release(judge: Judge) -> None:
    """O1, O2 end at dawn: their seats may act again."""
    seats = barred(judge)
    if seats:
        judge.state.blocked = judge.state.blocked - seats


def _today(judge: Judge, active: Active) -> bool:
    # the rascal (E22) is away on the day he was drawn and back the next day
    return active.card.id != "E22" or active.day == judge.state.day


def away(judge: Judge, *, unvotable: bool = False) -> set[int]:
    """Seats singled out today (those nobody may vote for, with ``unvotable``)."""
    state = moon(judge)
    out: set[int] = set()
    if state is None:
        return out
    for card, active in state.active.items():
        if card in SINGLED_OUT and (card in UNVOTABLE or not unvotable) and _today(
                judge, active):
            out.update(active.seats)
    return out


def violators(judge: Judge, active: Active) -> tuple[int, ...]:
    """E3: who said a forbidden word today; announced once, they lose today's vote."""
    found: tuple[int, ...] | None = active.data.get("violators")
    if found is None:
        said = {e.seat for e in judge.log[active.mark:]
                if isinstance(e, Speech) and e.audience == "public" and BANNED.search(e.text)}
        found = active.data["violators"] = tuple(sorted(said))
        if found:
            announce(judge, "E3", "applied", seats=found)
    return found


def at_nightfall(judge: Judge) -> None:
    """Away wolves do not eat and away players are not eaten tonight (E7, E18); the
    rascal cannot be killed the night after he left (E22)."""
    state = moon(judge)
    if state is None:
        return
    st = judge.state
    hidden: set[int] = set()
    for card, active in state.active.items():
        if card in AWAY_AT_NIGHT:
            st.blocked = st.blocked | {s for s in active.seats if in_pack(st.role_of(s))}
            hidden.update(active.seats)  # an away wolf is no prey either (A36)
        elif card == "E22" and st.day == active.day + 1:
            hidden.update(active.seats)
    if hidden:
        st.night.sheltered = st.night.sheltered | hidden
    bar(judge)
