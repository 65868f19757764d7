"""The terminal human seat (``--seat 4=human``).

The person sees only what the Observation holds (drawn by ``agents.human_screen``)
and answers each request from its legal options; a bad line gets a one-line hint
and the question again. The agent is ``concurrent``, so the judge's time limit
applies: the prompt counts down, and when time runs out a note says which default
the judge applies. When input ends (Ctrl-D), every decision from then on falls back.
"""

from __future__ import annotations

import asyncio

from rich.console import Console

from agents.human_parse import Hint, parse_answer
from agents.human_screen import Screen
from agents.human_stdin import LineReader, StdinReader
from arena.engine import Decision, Observation, Request

TIME_UP_GRACE_S = 0.5
"""A cancellation this close to the deadline is the judge's time limit."""


class InputClosed(Exception):
    """No more input: the judge applies the default decision."""


class HumanAgent:
    """A person answering at a terminal, through an injectable line reader."""

    concurrent = True

    def __init__(self, console: Console | None = None, reader: LineReader | None = None, *,
                 show_events: bool = True) -> None:
        """``show_events=False`` when a live seat view already prints the seat's events."""
        self.screen = Screen(console or Console(), show_events=show_events)
        self.read = reader or StdinReader()
        self.closed = False

    async def decide(self, observation: Observation, request: Request) -> Decision:
        if self.closed:
            raise InputClosed("input has ended")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + request.timeout_s
        self.screen.show(observation, request)
        try:
            while True:
                self.screen.prompt(request, deadline - loop.time())
                line = await self.read()
                if line is None:
                    self.closed = True
                    self.screen.closed()
                    raise InputClosed("input has ended")
                if line.strip() == "?":
                    self.screen.show(observation, request, again=True)
                    continue
                try:
                    return parse_answer(line, request, observation.names, observation.seat)
                except Hint as hint:
                    self.screen.hint(str(hint))
        except asyncio.CancelledError:
            if loop.time() >= deadline - TIME_UP_GRACE_S:
                self.screen.time_up(request)
            raise
