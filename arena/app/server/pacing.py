"""The judge's pace: at night what reaches the pages, and when, tells no hidden role; by
day each speech and each vote's result stays the newest thing on screen long enough to
be read.

A tabletop judge calls every role of the night in turn and waits as long for a dead
seer as for a living one. ``NightPacer`` does the same for a web table: each night
step the flow takes (``flow.night_plan``: the dealt roles in ``night.order``, public
by the rules) lasts at least ``step_s`` seconds, whether its role is alive or dead, on
a seat or in the centre, played by a bot, a model or a person; a step a person or a
model takes longer lasts as long as they take. The engine runs as fast as its agents
answer (the transcript is the same at any pace); the pacer holds each event back until
its step's time has come, and a person's or a model's decision waits for ``ready()``
so that it appears after what came before.

By day the same clock holds the next event back after a speech (its reading time: a
table's ``speech_s``, else from the text's length), and after daybreak, a death or a
vote's result (the arrows stay up): speeches appear one at a time, and a person's next
decision waits for them. The holds depend on public events only.

Public notices raised at night (a model seat handed over or fell back) would tell that
the seat acted at night: they wait for the day.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Any

from arena.engine import BaseEvent
from arena.engine.events import Death, GameEnd, PhaseStart, Speech, VoteResult
from arena.engine.flow import NightSteps, night_plan
from arena.engine.judge import Judge, Plan
from arena.engine.roles.base import NightStep

Publish = Callable[[BaseEvent], None]
READ_BASE_S = 1.5  # a speech's least reading time
READ_CHARS_PER_S = 15.0  # reading pace beyond that
READ_MAX_S = 10.0  # the longest a speech holds the table
RESULT_S = 3.0  # daybreak, a death, a vote's result (its arrows) stay this long at least


def reading_s(text: str) -> float:
    """How long a speech of ``text`` takes to read."""
    return min(READ_MAX_S, READ_BASE_S + len(text) / READ_CHARS_PER_S)


class NightPacer:
    """An event sink that publishes each event at its time: at night, at the start of the
    step during which the engine emitted it; the steps start ``step_s`` apart at least. By
    day a speech or a vote's result holds what follows for ``speech_s`` (None: a speech's
    reading time, ``RESULT_S`` for a result)."""

    def __init__(self, step_s: float, publish: Publish, speech_s: float | None = None) -> None:
        self.step_s = step_s
        self.speech_s = speech_s
        self.publish = publish
        self.night = False  # whether the engine is between nightfall and daybreak
        self.at = 0.0  # loop time from which the next event may be shown
        self.stepping = False  # whether tonight's first step has begun
        self._queue: deque[tuple[float, BaseEvent]] = deque()
        self._held: list[BaseEvent] = []  # public notices raised tonight
        self._waiters: deque[tuple[float, asyncio.Future[None]]] = deque()  # in ready()
        self._timer: asyncio.TimerHandle | None = None

    # --- the engine's side
    def attach(self, judge: Judge) -> None:
        """Have ``judge``'s night steps report to this pacer as they start: the flow takes
        the night's plan from ``judge.fixed(night_plan)``, and this judge's plan wraps each
        step (same steps, same order: the engine and its transcript do not change)."""
        fixed = judge.fixed

        def paced(plan: Plan[Any]) -> Any:
            found = fixed(plan)
            return self._steps(found) if plan is night_plan else found

        judge.fixed = paced  # type: ignore[method-assign]  # this judge only

    def _steps(self, plan: tuple[NightSteps, NightSteps]) -> tuple[NightSteps, NightSteps]:
        every, acting = plan
        return self._timed(every), self._timed(acting)

    def _timed(self, steps: NightSteps) -> NightSteps:
        return tuple((name, self._step(variant), self._step(own), first)
                     for name, variant, own, first in steps)

    def _step(self, step: NightStep | None) -> NightStep | None:
        if step is None:
            return None

        async def timed(judge: Judge) -> None:
            self._next_step()
            await step(judge)

        return timed

    def _next_step(self) -> None:
        """A step begins: ``step_s`` after the last one began, or now if that ran longer."""
        now = self._now()
        self.at = max(self.at + self.step_s, now) if self.stepping else max(self.at, now)
        self.stepping = True

    def __call__(self, event: BaseEvent) -> None:
        """The session's sink: schedule ``event`` (a phase change moves the clock)."""
        if isinstance(event, PhaseStart) and event.name == "night":
            self.night, self.stepping = True, False
            self.at = max(self.at, self._now())
        elif self.night and isinstance(event, (PhaseStart, GameEnd)):  # daybreak, or the end
            if self.stepping:  # the last step takes its time too
                self._next_step()
            self.night = False
            self._show(event)
            held, self._held = self._held, []
            for notice in held:
                self._show(notice)
            self._hold(event)
            return
        self._show(event)
        if not self.night:
            self._hold(event)

    def _hold(self, event: BaseEvent) -> None:
        self.at = max(self.at, self._now()) + self.hold_s(event)

    def hold_s(self, event: BaseEvent) -> float:
        """How long ``event``, by day, stays the newest thing the pages show: a speech its
        reading time, daybreak, a death or a vote's result ``RESULT_S``."""
        if not isinstance(event, (Speech, VoteResult, Death, PhaseStart)):
            return 0.0
        if self.speech_s is not None:
            return self.speech_s
        return reading_s(event.text) if isinstance(event, Speech) else RESULT_S

    def most_behind_s(self, players: int, night_steps: int) -> float:
        """The longest the pages may lag the engine: a night's steps and a day's speeches,
        deaths and results (a decision waits that long before its own time starts)."""
        longest = max(READ_MAX_S, RESULT_S) if self.speech_s is None else self.speech_s
        return self.step_s * (night_steps + 1) + longest * (2 * players + 2)

    def notice(self, event: BaseEvent) -> None:
        """A public notice of the server's own: shown now by day, at daybreak by night."""
        if self.night:
            self._held.append(event)
        else:
            self._show(event)

    # --- the pages' side
    async def ready(self) -> None:
        """Return once everything emitted so far has been shown and the current step's
        time has come (before a person's or a model's decision). Decisions go on in the
        order they came (as unpaced), even when the clock has passed the time of those
        still waiting but their timer has not yet run (a busy loop)."""
        if self.at > self._now() or self._waiters:
            waiter = asyncio.get_running_loop().create_future()
            self._waiters.append((self.at, waiter))
            self._schedule()
            await waiter
        self._release()

    def _show(self, event: BaseEvent) -> None:
        if not self._queue and self.at <= self._now():
            self.publish(event)
            return
        self._queue.append((self.at, event))
        self._schedule()

    def _release(self) -> None:
        """Publish the events whose time has come, then let the decisions waiting for it
        go on; wake again for the next."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        now = self._now()
        while self._queue and self._queue[0][0] <= now:
            self.publish(self._queue.popleft()[1])
        while self._waiters and self._waiters[0][0] <= now:
            waiter = self._waiters.popleft()[1]
            if not waiter.done():  # its decision may have been cancelled meanwhile
                waiter.set_result(None)
        self._schedule()

    def _schedule(self) -> None:
        """Wake at the next event's or waiting decision's time (both come in time order)."""
        due = [waiting[0][0] for waiting in (self._queue, self._waiters) if waiting]
        if due and self._timer is None:
            self._timer = asyncio.get_running_loop().call_at(min(due), self._release)

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()
