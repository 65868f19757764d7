"""The day's pace: each speech stays the newest event for its reading time (a table's
``speech_s``, else by its length), a vote's result holds the night back, and a person's
next decision waits until what came before has been shown."""

from __future__ import annotations

import asyncio
from pathlib import Path

from arena.app.server.pacing import READ_MAX_S, NightPacer, reading_s
from arena.engine import BaseEvent
from arena.engine.events import PhaseStart, Speech, VoteResult
from tests.server.helpers import create, host_client, table_of

HOLD_S = 0.06


def speech(seq: int, seat: int, text: str = "I suspect seat 3.") -> Speech:
    return Speech(seq=seq, day=1, phase="day", audience="public", seat=seat, text=text)


def timed_day(speech_s: float | None) -> tuple[list[tuple[float, str]], float]:
    """Three speeches, an exile result and nightfall, emitted at once: when each is shown,
    and when a decision asked right after them may start (seconds from the first)."""
    shown: list[tuple[float, str]] = []

    async def day() -> float:
        loop = asyncio.get_running_loop()
        start = loop.time()

        def publish(event: BaseEvent) -> None:
            shown.append((loop.time() - start, getattr(event, "type", "")))

        pacer = NightPacer(0.0, publish, speech_s)
        for n in range(3):
            pacer(speech(n, n + 1))
        pacer(VoteResult(seq=3, day=1, phase="day", audience="public", counts={"2": 3.0},
                         eliminated=2, tie=(), round=1))
        pacer(PhaseStart(seq=4, day=2, phase="night", audience="public", name="night"))
        await pacer.ready()
        return loop.time() - start

    ready = asyncio.run(day())
    return shown, ready


def test_speeches_appear_one_at_a_time_and_the_result_holds_the_night() -> None:
    shown, ready = timed_day(HOLD_S)
    assert [kind for _, kind in shown] == ["speech", "speech", "speech", "vote_result", "phase"]
    times = [t for t, _ in shown]
    assert all(t >= n * HOLD_S * 0.95 for n, t in enumerate(times)), times  # none early
    assert ready >= times[-1] - 0.01  # the next decision comes after nightfall is shown


def test_a_speech_reads_longer_the_longer_it_is() -> None:
    assert reading_s("") < reading_s("x" * 60) < reading_s("x" * 600) == READ_MAX_S


def test_a_table_sets_its_speech_pace(tmp_path: Path) -> None:
    with host_client(tmp_path, speech_s=None) as client:
        assert table_of(client, create(client)).pacer.speech_s is None  # by length
        assert table_of(client, create(client, speech_s=0.2)).pacer.speech_s == 0.2
