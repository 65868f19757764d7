"""The agent behind a human's web seat: it waits for the browser's answer.

The seat holds the pending request with its deadline until the browser answers
through the table's API. When the turn runs out the configured fallback decides
that one decision (or, with no fallback agent, the judge applies its default and
records a ``fallback`` event); the seat is marked away only after ``AWAY_AFTER``
misses in a row, and the page says so after the first. While away, each later
request still waits a short grace (``AWAY_GRACE_S``, or the turn if shorter) for
the player before the fallback decides, so a person who looks back in time is not
played past; an answer in that time, like "I'm back", ends the away state.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from agents import Agent
from arena.engine import Decision, Observation, Request

AWAY_GRACE_S = 10.0  # seconds an away seat's request waits for the player
AWAY_AFTER = 2  # missed decisions in a row that mark a seat away


@dataclass
class Pending:
    """A request waiting for the browser, and the future its answer resolves."""

    request: Request
    deadline: float
    answer: asyncio.Future[Decision] = field(repr=False)
    number: int = 0

    def remaining(self) -> float:
        return max(0.0, self.deadline - time.monotonic())


class WebSeat:
    """A concurrent agent answered by a person in a browser."""

    concurrent = True

    def __init__(self, turn_s: float, fallback: Agent | None,
                 on_change: Callable[[], None]) -> None:
        self.turn_s = turn_s
        self.grace_s = min(turn_s, AWAY_GRACE_S)
        self.fallback = fallback
        self.on_change = on_change
        self.pending: Pending | None = None
        self.missed = 0  # decisions missed in a row
        self.stand_in: Agent | None = None  # plays the seat when nobody came (the lobby)
        self._asked = 0

    @property
    def away(self) -> bool:
        """Whether the seat has missed enough decisions in a row to be played for."""
        return self.missed >= AWAY_AFTER

    async def decide(self, observation: Observation, request: Request) -> Decision:
        if self.stand_in is not None:
            return await self.stand_in.decide(observation, request)
        self._asked += 1
        loop = asyncio.get_running_loop()
        wait = self.grace_s if self.away else self.turn_s
        self.pending = Pending(request, time.monotonic() + wait, loop.create_future(),
                               self._asked)
        self.on_change()
        try:
            return await asyncio.wait_for(self.pending.answer, wait)
        except TimeoutError:
            self.missed += 1
            if self.fallback is None:
                raise  # the judge records the fallback and applies its default
            return await self.fallback.decide(observation, request)
        finally:
            self.pending = None
            self.on_change()

    def answer(self, decision: Decision) -> str | None:
        """Hand the browser's decision to the waiting game; None, or why it is refused."""
        pending = self.pending
        if pending is None or pending.answer.done():
            return "no decision is pending for this seat"
        problem = pending.request.validate(decision)
        if problem is None:
            self.missed = 0  # answering is coming back
            pending.answer.set_result(decision)
        return problem

    def back(self) -> None:
        """The player is here again: wait for them on the next request."""
        self.missed = 0
