"""Shared helpers for the night-role scenario tests (no tests of its own).

``play`` runs a scenario like ``tests.helpers.play_scenario`` but also records
every request the engine sent to any seat, so a test can check which
decisions were asked for and which options were legal.
"""

from __future__ import annotations

import asyncio
import tomllib
from dataclasses import dataclass, field
from typing import Any

from agents import make_agent
from arena.app import scenario
from arena.engine import BaseEvent, Decision, GameResult, Observation, Request, run_game
from tests.helpers import events_of

HEADER = """
[fallback]
agent = "passive"
"""


class _Recorder:
    """Wraps a seat's agent and keeps every request it is sent."""

    concurrent = False

    def __init__(self, inner: Any, log: list[Request]) -> None:
        self.inner = inner
        self.log = log

    async def decide(self, observation: Observation, request: Request) -> Decision:
        self.log.append(request)
        decision: Decision = await self.inner.decide(observation, request)
        return decision


@dataclass
class Played:
    """A finished game and the requests made during it."""

    result: GameResult
    requests: list[Request] = field(default_factory=list)

    def asked(self, kind: str, seat: int | None = None, day: int | None = None) -> list[Request]:
        """Requests of one kind, optionally for one seat and/or one day (night N = day N)."""
        return [
            r for r in self.requests
            if r.kind == kind and (seat is None or r.seat == seat)
            and (day is None or r.day == day)
        ]

    def events(self, type_: str, **fields: Any) -> list[BaseEvent]:
        return events_of(self.result, type_, **fields)

    @property
    def winner(self) -> str:
        return self.result.winner

    @property
    def winners(self) -> tuple[int, ...]:
        return self.result.winners


def sheriffless(deal: str, seed: int, rules: str, seats: str, days: int) -> str:
    """A scenario's text: ``deal`` (a ``roles = [...]`` line) at ``seed``, no sheriff,
    ``days`` days at most, the extra ``rules`` lines and the ``seats`` tables."""
    return f"""
seed = {seed}
{deal}
[rules]
"sheriff.election" = "none"
"game.max_days" = {days}
{rules}
{seats}
"""


def play(text: str) -> Played:
    """Play a scenario (TOML text) with a passive fallback; record every request."""
    scen = scenario.parse(tomllib.loads(text + HEADER))
    log: list[Request] = []
    agents = {
        seat: _Recorder(agent, log)
        for seat, agent in scen.agents(
            lambda spec, seat: make_agent(spec, seat, scen.seed)).items()
    }
    result = asyncio.run(
        run_game(scen.config, dict(agents), seed=scen.seed, deal=scen.deal, draws=scen.draws))
    return Played(result, log)


def alive_at_end(played: Played) -> set[int]:
    """Seats with no death event."""
    dead = {e.seat for e in played.events("death")}  # type: ignore[attr-defined]
    return set(played.result.roles) - dead


def before_end(played: Played) -> list[BaseEvent]:
    """The events before game_end (which shows every card to everyone)."""
    return [e for e in played.result.events if getattr(e, "type", "") != "game_end"]


def audience(event: BaseEvent) -> Any:
    """An event's audience, with seat tuples normalised to sorted tuples."""
    aud = event.audience
    return tuple(sorted(aud)) if isinstance(aud, tuple) else aud
