"""The night pacer: each table sets its pace (else the server's), and a public notice of
the server's own raised at night (a model seat handed over to a bot, or fell back),
which would tell that the seat acted at night, is shown at daybreak after the night's
events (or at the game's end), and at once by day."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from arena.app.server.pacing import NightPacer
from arena.app.server.seating import Handover
from arena.engine import BaseEvent
from arena.engine.events import GameEnd, NightAction, PhaseStart
from tests.server.helpers import create, host_client, table_of


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
