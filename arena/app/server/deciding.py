"""Who is deciding at a web table, and who may see it.

A seat's page glows for a person or a model whose decision is pending ("P3 is
thinking…"); bots answer at once. By day the glow shows only decisions everyone
knows are being asked (a speech, a ballot, the badge: their answers are public and
asked in a public order). A night's decision, or any other (a wolf asked whether to
self-destruct, a hunter asked whether to shoot), would tell the seat's role: only the
seat itself sees it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from agents import Agent
from arena.engine import Decision, Observation, Request
from arena.text import Viewer

PUBLIC_KINDS = frozenset({"speak", "last_words", "vote", "elect", "run", "badge"})


def public(request: Request, night: bool) -> bool:
    """Whether everyone at the table knows that ``request`` is being asked."""
    return (not night and request.kind in PUBLIC_KINDS
            and "channel" not in request.context)  # the wolves' own chat


@dataclass
class Deciding:
    """The seats deciding now: each with whether its request is public. ``ready`` is
    awaited before a decision starts (the night's pace), ``night`` tells the phase the
    engine is in, ``wake`` refreshes the pages."""

    ready: Callable[[], Awaitable[None]]
    night: Callable[[], bool]
    wake: Callable[[], None]
    seats: dict[int, bool] = field(default_factory=dict)

    def seen_by(self, viewer: Viewer) -> list[int]:
        """The deciding seats ``viewer`` may know of: the public ones and its own."""
        return sorted(s for s, shown in self.seats.items() if shown or s == viewer)

    def watch(self, seat: int, agent: Agent) -> Agent:
        """``agent`` (a person's or a model's, at ``seat``), its decisions marked while
        they are pending; the instance keeps its class, so the header describes it."""
        decide = agent.decide

        async def watched(observation: Observation, request: Request) -> Decision:
            await self.ready()
            self.seats[seat] = public(request, self.night())
            self.wake()
            try:
                return await decide(observation, request)
            finally:
                del self.seats[seat]
                self.wake()

        agent.decide = watched  # type: ignore[method-assign]
        return agent
