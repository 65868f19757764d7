"""The night pacer: each table sets its pace (else the server's), and a public notice of
the server's own raised at night (a model seat handed over to a bot, or fell back),
which would tell that the seat acted at night, is shown at daybreak after the night's
events (or at the game's end), and at once by day. Decisions go on in the order they
came however busy the machine, and a table's game is done once its pages have been
shown its end."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from arena.app.server.pacing import NightPacer
from arena.app.server.seating import Handover
from arena.app.server.table import Table, TableSpec
from arena.app.server.table_manager import TableManager
from arena.engine import BaseEvent
from arena.engine.events import GameEnd, NightAction, PhaseStart, Speech
from arena.transcript import read
from tests.server.helpers import create, host_client, table_of

HOLD_S = 0.02  # a speech's time on screen


def phase(seq: int, name: Any) -> PhaseStart:
    return PhaseStart(seq=seq, day=1, phase=name, audience="public", name=name)


def name(event: BaseEvent) -> str:
    """An event's type, and its seat when it has one."""
    return f"{getattr(event, 'type', '')} {getattr(event, 'seat', '')}".strip()


def shown_in_order(ending: BaseEvent) -> list[str]:
    shown: list[BaseEvent] = []

    async def night() -> None:
        pacer = NightPacer(0.0, shown.append, speech_s=0.0)  # the day unpaced too
        pacer(phase(0, "night"))
        pacer.notice(Handover(seq=0, day=1, phase="night", audience="public", seat=3))
        pacer(NightAction(seq=1, day=1, phase="night", audience=(2,), seat=2, action="check",
                          target=3))
        assert [name(e) for e in shown] == ["phase", "night_action 2"]
        pacer(ending)
        pacer.notice(Handover(seq=2, day=1, phase="day", audience="public", seat=4))

    asyncio.run(night())
    return [name(e) for e in shown]


def test_a_notice_raised_at_night_waits_for_daybreak() -> None:
    assert shown_in_order(phase(2, "day")) == ["phase", "night_action 2", "phase",
                                                "handover 3", "handover 4"]


def test_a_game_ending_at_night_still_shows_its_notices() -> None:
    end = GameEnd(seq=2, day=1, phase="night", audience="public", winner="village",
                  winners=(1,), roles={}, reason="")
    assert shown_in_order(end) == ["phase", "night_action 2", "game_end", "handover 3",
                                   "handover 4"]


def test_each_table_may_set_its_night_pace(tmp_path: Path) -> None:
    with host_client(tmp_path, night_step_s=3.0) as client:
        assert table_of(client, create(client)).pacer.step_s == 3.0  # the server's
        assert table_of(client, create(client, night_step_s=0.5)).pacer.step_s == 0.5
        refused = client.post("/api/tables", json={"humans": [1], "night_step_s": -1})
        assert refused.status_code == 422
        assert refused.json()["detail"] == "Least seconds per night step: must be at least 0"


def test_a_table_is_done_once_its_pages_have_shown_the_end(tmp_path: Path) -> None:
    """The engine runs ahead of the pages; the table's game is done only once the pacer
    has shown them every event, the game's end included (it used to be done with the last
    ones still held: an event loop stopping then never showed the end)."""

    async def game() -> tuple[Table, list[BaseEvent], bool]:
        manager = TableManager(tmp_path, night_step_s=0.01, speech_s=0.01)
        table = manager.create(TableSpec(preset="aiwolf-5", humans=[1], bots="random", seed=3))
        table.start()  # the table's bot plays the person's seat
        assert table.task is not None
        await table.task
        return table, list(table.log), table.over

    table, shown, over = asyncio.run(game())
    assert table.transcript is not None
    assert over and isinstance(shown[-1], GameEnd)
    assert shown == read(table.transcript).events


def test_decisions_go_on_in_the_order_they_came_however_late_the_clock_wakes() -> None:
    """A decision asked once its step's time has passed, while an earlier one still waits
    for the pacer's timer (late under load), goes on after that one, not before: the
    order of what pages show does not depend on the machine's load."""
    order: list[str] = []

    async def day() -> None:
        pacer = NightPacer(0.0, lambda event: None, speech_s=HOLD_S)

        async def decide(name: str) -> None:
            await pacer.ready()
            order.append(name)

        pacer(Speech(seq=0, day=1, phase="day", audience="public", seat=1, text="Hi."))
        first = asyncio.create_task(decide("first"))
        await asyncio.sleep(0)  # it waits for the speech's reading time
        time.sleep(HOLD_S * 1.5)  # the loop is busy past that time, its timer not yet run
        await asyncio.gather(first, decide("second"))

    asyncio.run(day())
    assert order == ["first", "second"]
