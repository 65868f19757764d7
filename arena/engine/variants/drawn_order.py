"""The speaking order drawn by the judge each day (C30, ``speech.order = drawn``): the
online tables, where the system picks who speaks first and which way round. After a
night with deaths the first speaker sits next to one of the dead (drawn), speaking away
from him; after a peaceful night he is any living player. ``speech.order =
recorded:...`` replaces a day's draw by a recorded game's (the importers): its first
speaker (the next living one that way, if he is dead) and its direction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena.engine.chance import chance
from arena.engine.shared_rules import SpeechRules
from arena.engine.variants.base import VariantSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge

FIXED = ("left_of_victim", "seat_order")
"""The orders C30 fixes (not drawn)."""
WAYS = ("clockwise", "counterclockwise")  # up the seat numbers, or down
WAY = chance("speech_direction", "C30, `speech.order = drawn`: each day, which way round the "
             "speeches go (clockwise: up the seat numbers).", WAYS)
FIRST = chance("first_speaker", "C30, `speech.order = drawn`: a day after a night nobody died; "
               "the first speaker, among the living.")
BESIDE = chance("speech_beside", "C30, `speech.order = drawn`: a day after a night with deaths; "
                "the dead player the speeches start next to (the first living player from "
                "him the drawn way round speaks first), among the night's dead.")


@dataclass(slots=True)
class DrawState:
    day: int = 0
    ring: tuple[int, ...] = ()  # every seat, from the day's first speaker his way round


def recorded(order: str) -> dict[int, tuple[int, int]]:
    """Day -> (first speaker, +1 clockwise or -1) of ``recorded:9+,5-,*``; days given
    as ``*`` (and "drawn") are left to the draw."""
    entries = order.removeprefix("recorded:").split(",") if order.startswith("recorded:") else []
    return {day: (int(entry[:-1]), 1 if entry[-1] == "+" else -1)
            for day, entry in enumerate(entries, start=1) if entry != "*"}


def speakers(judge: Judge, reference: int | None) -> list[int]:
    """The living seats in today's order, drawn (or read) once a day."""
    st = judge.state
    mine: DrawState = st.role_state["drawn_order"]
    if mine.day != st.day:
        n = len(st.seats)
        start, way = recorded(judge.rules[SpeechRules].speech__order).get(st.day, (0, 1))
        if start not in st.seats:  # no record of the day (or not a seat of this table)
            start, way = _draw(judge)
        mine.day, mine.ring = st.day, tuple((start - 1 + way * i) % n + 1 for i in range(n))
    seats = st.seats
    return [s for s in mine.ring if seats[s].alive]


def _draw(judge: Judge) -> tuple[int, int]:
    """The judge's draw: the direction, then the first speaker."""
    st = judge.state
    way = 1 if judge.draw(WAY, WAYS) == WAYS[0] else -1
    if not st.night_deaths:
        return judge.draw(FIRST, st.alive()), way
    n, dead = len(st.seats), judge.draw(BESIDE, st.night_deaths)
    after = ((dead - 1 + way * i) % n + 1 for i in range(1, n))
    return next((s for s in after if st.seats[s].alive), dead), way


SPEC = VariantSpec(
    name="drawn_order", active=lambda rules: rules[SpeechRules].speech__order not in FIXED,
    state=DrawState, order=speakers,
)
