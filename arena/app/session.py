"""One game built, run and recorded: the same path for play, simulate, serve, import,
replay --verify and tournaments.

A ``Session`` builds the engine's game from a config and the agent at each seat,
fans its events out to the sinks and, given a transcript path, records them
(``TranscriptWriter``) under the header ``seat_entries`` describes. A ``Setup`` is
what the command line and tournaments start games from: config, agent specs, seed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from agents import Agent, SeatOptions, describe_agent, kind_of, make_agent
from agents.prompts import hashes as prompt_hashes
from agents.providers.describe import safe_spec
from arena.app.scenario import Scenario
from arena.engine import BaseEvent, Game, GameConfig, GameResult
from arena.header import ForkOrigin, SeatEntry, TranscriptHeader, make_header
from arena.transcript_writer import TranscriptWriter

if TYPE_CHECKING:
    from agents.breaker import Limits

Sink = Callable[[BaseEvent], None]


def seat_names(config: GameConfig) -> tuple[str, ...]:
    """The config's seat names, P1, P2, ... where it names none."""
    return config.names or tuple(f"P{n}" for n in range(1, config.players + 1))


def seat_entries(config: GameConfig, specs: Mapping[int, str], agents: Mapping[int, Agent],
                 players: Mapping[int, str]) -> list[SeatEntry]:
    """Each seat's header entry: name, agent spec (scrubbed), a model seat's settings
    (describe_agent; of a fork's seat, those of the ``live`` agent that plays on) and a
    tournament seat's pool name."""
    names = seat_names(config)
    entries = []
    for seat in range(1, config.players + 1):
        playing = getattr(agents[seat], "live", agents[seat])
        entry = {"seat": seat, "name": names[seat - 1], "agent": safe_spec(specs[seat]),
                 "model": None, **describe_agent(playing)}
        if seat in players:
            entry["player"] = players[seat]
        entries.append(SeatEntry.model_validate(entry))
    return entries


class Session:
    """One game: its engine, its sinks and, with ``out``, its transcript.

    ``specs`` (seat -> agent spec) names the seats in the header; without it the game
    has no header (a replay). The header is made when the transcript opens, else on
    first use. ``game_id`` defaults to the transcript's file name.
    """

    def __init__(self, config: GameConfig, agents: dict[int, Agent], *, seed: int,
                 deal: Sequence[str] | None = None, specs: Mapping[int, str] | None = None,
                 players: Mapping[int, str] | None = None, out: Path | None = None,
                 game_id: str | None = None, sinks: Sequence[Sink] = (),
                 timeout_s: float = 60.0, record_reasoning: bool = False,
                 fork: ForkOrigin | None = None,
                 draws: Mapping[str, object] | None = None) -> None:
        self.config, self.agents, self.seed = config, agents, seed
        self._fork = fork
        self._specs, self._players = specs, players or {}
        self._game_id = game_id if game_id is not None else out.stem if out else ""
        self._sinks = list(sinks)
        self.game = Game(config, agents, seed=seed, deal=deal,
                         sink=self._fan_out if self._sinks or out is not None else None,
                         timeout_s=timeout_s, record_reasoning=record_reasoning, draws=draws)
        self.writer = TranscriptWriter(out, self.header) if out is not None else None
        if self.writer is not None:
            self._sinks.insert(0, self.writer)

    @cached_property
    def header(self) -> TranscriptHeader:
        if self._specs is None:
            raise ValueError("a session without seat specs has no header")
        seats = seat_entries(self.config, self._specs, self.agents, self._players)
        return make_header(self.game, game_id=self._game_id, seed=self.seed, seats=seats,
                           prompts=prompt_hashes(), fork=self._fork)

    def _fan_out(self, event: BaseEvent) -> None:
        for sink in self._sinks:
            sink(event)

    async def run(self) -> GameResult:
        """Play the game to its end; the transcript is closed however it ends."""
        try:
            return await self.game.run()
        finally:
            if self.writer is not None:
                self.writer.close()


@dataclass
class Setup:
    """Everything needed to start games: the config, agents per seat, seeds."""

    config: GameConfig
    specs: dict[int, str]
    seed: int
    deal: list[str] | None
    scenario: Scenario | None
    timeout_s: float = 60.0
    record_reasoning: bool = False
    options: dict[int, SeatOptions] = field(default_factory=dict)
    lang: str = "en"
    players: dict[int, str] = field(default_factory=dict)  # seat -> tournament pool name
    abort_after: Limits | None = None  # a model endpoint's breaker (None: its defaults)
    budget_usd: float | None = None  # each game's cap on its model calls (arena/app/game_budget.py)

    def agent(self, spec: str, seat: int, seed: int) -> Agent:
        agent = make_agent(spec, seat, seed, self.options.get(seat), self.lang)
        if self.abort_after is not None:
            from agents.llm import LLMAgent  # only model seats have a breaker

            if isinstance(agent, LLMAgent):
                agent.limits = self.abort_after
        return agent

    def agents(self, seed: int) -> dict[int, Agent]:
        if self.scenario is not None:
            return dict(self.scenario.agents(lambda spec, seat: self.agent(spec, seat, seed)))
        return {seat: self.agent(spec, seat, seed) for seat, spec in self.specs.items()}

    def seat_specs(self) -> dict[int, str]:
        """Each seat's spec; a scenario's unnamed seats play its fallback."""
        fallback = f"scripted+{self.scenario.fallback}" if self.scenario else "?"
        return {seat: self.specs.get(seat, fallback)
                for seat in range(1, self.config.players + 1)}

    def human_seats(self) -> list[int]:
        """The seats a person plays at the terminal, in seat order."""
        return sorted(seat for seat, spec in self.specs.items() if kind_of(spec) == "human")

    def session(self, seed: int, out: Path | None, sinks: Sequence[Sink] = ()) -> Session:
        """One game; its model seats under one ``budget_usd`` when set."""
        agents = self.agents(seed)
        if self.budget_usd is not None:
            from arena.app.game_budget import cap_seats

            cap_seats(agents, self.budget_usd)
        return Session(self.config, agents, seed=seed, deal=self.deal,
                       specs=self.seat_specs(), players=self.players, out=out, sinks=sinks,
                       timeout_s=self.timeout_s, record_reasoning=self.record_reasoning,
                       draws=self.scenario.draws if self.scenario is not None else None)


async def play_game(setup: Setup, seed: int, out: Path | None,
                    sink: Sink | None = None) -> GameResult:
    """One game of ``setup`` inside a running event loop (many games share one loop),
    its transcript written to ``out`` when given."""
    return await setup.session(seed, out, [sink] if sink is not None else []).run()


def play_one(setup: Setup, seed: int, out: Path | None, sink: Sink | None = None) -> GameResult:
    """``play_game`` in an event loop of its own."""
    return asyncio.run(play_game(setup, seed, out, sink))
