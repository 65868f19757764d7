"""The night's pace: how long a night lasts on the pages, and when a person's night
request appears, tell nothing of who holds which card (arena/app/server/pacing.py).

The pair of tests/server/test_viewer_streams.py with the seer on a person's seat in
one table and a villager's card there in the other: the person takes a little under a
step's time to answer each request (the witch, a person too, takes two), the bots
answer at once. Unpaced, the night of the table where
the person is the seer was longer by the person's time, and the seer's request came as
soon as the cupid's bot had linked.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from arena.app.server.seat import Pending
from arena.app.server.table import Table
from arena.engine.events import PhaseStart
from arena.engine.flow import night_plan
from arena.presets import load_preset
from tests.llm.stub_server import StubServer
from tests.server.test_viewer_streams import answer_seat, make_pair, play, stub  # noqa: F401

PACE = 0.2  # seconds per night step
THINK = 0.14  # a person's time to answer, under a step's
SLACK = 0.08


def first_night(seer: bool, stub: StubServer, tmp_path: Path,  # noqa: F811
                monkeypatch: pytest.MonkeyPatch) -> tuple[float, float | None]:
    """The first night's length on the pages and when, after nightfall, the person on
    seat 5 was first asked at night (None: never)."""
    pair = make_pair("classic-12", 0)
    assert pair.swap[0] == 5  # the seer's card is on the person's seat 5 in ``pair.deal``
    shown: list[tuple[float, str]] = []  # (loop time, what reached the pages)
    thinking: set[tuple[int, int]] = set()  # (seat, request number) being answered

    def answer(table: Table) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        seen = {what for _, what in shown}
        for event in table.log:
            if isinstance(event, PhaseStart) and f"{event.name} {event.day}" not in seen:
                shown.append((now, f"{event.name} {event.day}"))
        if table.seats[5].pending is not None and "asked" not in seen and table.pacer.night:
            shown.append((now, "asked"))
        for seat, web in table.seats.items():
            if web.pending is not None and (seat, web.pending.number) not in thinking:
                thinking.add((seat, web.pending.number))
                loop.call_later(THINK, answer_if_pending, table, seat, web.pending)

    play(pair, pair.deal if seer else pair.swapped(), stub, tmp_path, monkeypatch,
         night_step_s=PACE, answer=answer)
    at = dict((what, time) for time, what in reversed(shown))
    asked = at["asked"] - at["night 1"] if "asked" in at else None
    return at["day 1"] - at["night 1"], asked


def answer_if_pending(table: Table, seat: int, pending: Pending) -> None:
    if table.seats[seat].pending is pending and not pending.answer.done():
        answer_seat(table, seat)


def test_a_night_lasts_as_long_whoever_holds_the_cards(stub: StubServer,  # noqa: F811
                                                       tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    config = load_preset("classic-12")
    steps = [name for name, *_ in night_plan(config, config.rules)[1]]
    assert steps == ["cupid", "seer", "werewolf", "witch"]
    as_seer, asked = first_night(True, stub, tmp_path, monkeypatch)
    as_villager, never = first_night(False, stub, tmp_path, monkeypatch)
    assert abs(as_seer - as_villager) < SLACK, (as_seer, as_villager)
    assert as_seer > len(steps) * PACE - SLACK, as_seer  # every step took its time at least
    assert never is None
    # the cupid's bot links at once, but the seer is called a step's time after nightfall
    assert asked is not None and abs(asked - PACE) < SLACK, asked
