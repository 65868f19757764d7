"""E4 Spiritualism (A38): the medium, left of the one who just died, asks the ghost one
of the four questions of his card; the judge answers truly from the game and the seat
attributes. Questions about an attribute no seat has are not offered."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena.engine import deaths
from arena.engine.events import CheckResult, NightAction
from arena.engine.newmoon.deck import announce, last_death, moon
from arena.engine.roles.factions import is_wolf

if TYPE_CHECKING:
    from arena.engine.judge import Judge

Answer = Callable[["Judge", int, tuple[int, ...]], bool]


def _wolves(judge: Judge) -> list[int]:
    st = judge.state
    return [s for s in st.living if is_wolf(st.role_of(s))]


def _attr(judge: Judge, seat: int, name: str) -> object:
    return judge.state.attributes.get(seat, {}).get(name)


def _any_wolf(name: str, value: object = True) -> Answer:
    return lambda j, _m, _p: any(_attr(j, w, name) == value for w in _wolves(j))


def _all_wolves(gender: str) -> Answer:
    return lambda j, _m, _p: all(_attr(j, w, "gender") == gender for w in _wolves(j))


def _ring_neighbours(judge: Judge, seat: int) -> set[int]:
    """A24: the nearest living seats either side."""
    ring = sorted({*judge.state.living, seat})
    at = ring.index(seat)
    return {ring[at - 1], ring[(at + 1) % len(ring)]} - {seat}


def _seer_found_wolf(judge: Judge, _m: int, _p: tuple[int, ...]) -> bool:
    seers = set(judge.state.holders("seer", alive=False))
    return any(isinstance(e, CheckResult) and e.seat in seers
               and (e.result == "werewolf" or (e.result != "good" and is_wolf(e.result)))
               for e in judge.log)


def _wolves_adjacent(judge: Judge, _m: int, _p: tuple[int, ...]) -> bool:
    wolves = set(_wolves(judge))
    return any(_ring_neighbours(judge, w) & (wolves - {w}) for w in wolves)


def _role_is(judge: Judge, seat: int | None, check: Callable[[str], bool]) -> bool:
    return seat is not None and check(judge.state.role_of(seat))


def _witch_is_man(judge: Judge, _m: int, _p: tuple[int, ...]) -> bool:
    return any(_attr(judge, s, "gender") == "male" for s in judge.state.holders("witch"))


@dataclass(frozen=True, slots=True)
class Question:
    number: int  # 1-20, in the catalog's order
    group: int  # which of the five cards (1-5)
    key: str
    answer: Answer
    points: int = 0  # players the medium points at
    needs: str | None = None  # a seat attribute the question reads


QUESTIONS: dict[int, Question] = {q.number: q for q in (
    Question(1, 1, "seer_found_wolf", _seer_found_wolf),
    Question(2, 1, "wolves_adjacent", _wolves_adjacent),
    Question(3, 1, "wolf_jewellery", _any_wolf("jewellery"), needs="jewellery"),
    Question(4, 1, "medium_is_wolf", lambda j, m, _p: _role_is(j, m, is_wolf)),
    Question(5, 2, "same_camp", lambda j, _m, p: is_wolf(j.state.role_of(p[0])) == is_wolf(
        j.state.role_of(p[1])), points=2),
    Question(6, 2, "wolf_glasses", _any_wolf("glasses"), needs="glasses"),
    Question(7, 2, "witch_is_man", _witch_is_man),
    Question(8, 2, "sheriff_ordinary", lambda j, _m, _p: _role_is(
        j, j.state.sheriff, lambda r: r == "villager")),
    Question(9, 3, "wolf_jeans", _any_wolf("jeans"), needs="jeans"),
    Question(10, 3, "wolf_black_top", _any_wolf("black_top"), needs="black_top"),
    Question(11, 3, "all_wolves_male", _all_wolves("male")),
    Question(12, 3, "all_wolves_female", _all_wolves("female")),
    Question(13, 4, "medium_ordinary", lambda j, m, _p: _role_is(j, m, lambda r: r == "villager")),
    Question(14, 4, "sheriff_wolf", lambda j, _m, _p: _role_is(j, j.state.sheriff, is_wolf)),
    Question(15, 4, "wolf_lives_here", _any_wolf("lives_here"), needs="lives_here"),
    Question(16, 4, "wolf_smoker", _any_wolf("smoker"), needs="smoker"),
    Question(17, 5, "wolf_man", _any_wolf("gender", "male")),
    Question(18, 5, "wolf_woman", _any_wolf("gender", "female")),
    Question(19, 5, "wolf_beside", lambda j, _m, p: any(
        is_wolf(j.state.role_of(s)) for s in _ring_neighbours(j, p[0])), points=1),
    Question(20, 5, "ordinary", lambda j, _m, p: j.state.role_of(p[0]) == "villager", points=1),
)}


def offered(judge: Judge, group: int) -> list[int]:
    """The group's questions the table can answer (attributes some seat has)."""
    known = {name for attrs in judge.state.attributes.values() for name in attrs}
    others = len(judge.state.living) - 1
    return [q.number for q in QUESTIONS.values() if q.group == group
            and (q.needs is None or q.needs in known) and q.points <= others]


async def spiritualism(judge: Judge, drawer: int | None) -> None:
    state, st = moon(judge), judge.state
    reference = drawer if drawer is not None else last_death(judge)
    if state is None or reference is None:
        return
    medium = next((s for s in deaths.ring_from(judge, reference) if st.is_alive(s)), None)
    if medium is None:
        return
    group = state.groups.pop(0) if state.groups else 1
    state.groups.append(group)
    decision = await judge.ask(judge.request(medium, "question", offered(judge, group),
                                             group=group))
    question = QUESTIONS[decision.target or offered(judge, group)[0]]
    judge.emit(NightAction, (medium,), seat=medium, action="question", target=question.number)
    pointed: tuple[int, ...] = ()
    if question.points:
        others = [s for s in st.alive() if s != medium]
        chosen = await judge.ask(judge.request(medium, "point", others, count=question.points,
                                               question=question.key))
        pointed = tuple(chosen.targets)
        judge.emit(NightAction, (medium,), seat=medium, action="point", target=None,
                   targets=pointed)
    yes = question.answer(judge, medium, pointed)
    announce(judge, "E4", "answer", seats=(medium, *pointed), question=question.key,
             answer="yes" if yes else "no")
