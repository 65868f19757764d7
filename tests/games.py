"""Bot games for the tests, each played once per worker and shared.

The preset sweeps (plays to the end, replays, same bytes, properties, views) ask for the
same (preset, agents, seed) games; ``bot_run`` plays each one once, recording every
seat's observations and requests beside the log, and caches it. A game is immutable
once played: tests read it and never change it.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agents import make_agent
from agents.base import derive_seed
from agents.random import RandomAgent
from arena.engine import BaseEvent, GameConfig, GameResult, run_game
from arena.engine.judge import SeatAgent
from arena.engine.requests import Decision, Request
from arena.engine.view import Observation
from arena.presets import load_preset, preset_names

BOT_KINDS: tuple[str, ...] = ("random", "passive", "heuristic")
# the heuristic bot is slow on big tables; keep its games to these
HEURISTIC_PRESETS = tuple(n for n in preset_names() if load_preset(n).players <= 12)


@dataclass(frozen=True)
class Seen:
    """One request as its agent received it, with a snapshot of the observation."""

    log_len: int
    observation: Observation
    events: tuple[BaseEvent, ...]
    known_roles: dict[int, str]
    alive: tuple[int, ...]
    role: str | None
    sheriff: int | None
    lovers: tuple[int, ...]
    no_vote: tuple[int, ...]
    request: Request


class Recorder:
    """Wraps an agent and records every (observation, request) it is handed."""

    concurrent = False

    def __init__(self, inner: SeatAgent, log: list[BaseEvent], seen: list[Seen]) -> None:
        self.inner, self.log, self.seen = inner, log, seen

    async def decide(self, observation: Observation, request: Request) -> Decision:
        self.seen.append(Seen(
            log_len=len(self.log), observation=observation, events=observation.events,
            known_roles=dict(observation.known_roles), alive=observation.alive,
            role=observation.role, sheriff=observation.sheriff, lovers=observation.lovers,
            no_vote=observation.no_vote, request=request))
        return await self.inner.decide(observation, request)


@dataclass
class Run:
    config: GameConfig
    deal: list[str]
    log: list[BaseEvent]
    seen: dict[int, list[Seen]]
    result: GameResult
    seed: int

    @property
    def truth(self) -> dict[int, str]:
        return {seat: role for seat, role in enumerate(self.deal, start=1)}


def shuffled_deal(config: GameConfig, seed: int) -> list[str]:
    cards = config.deck()
    random.Random(seed).shuffle(cards)
    return cards


def play(config: GameConfig, agents: dict[int, SeatAgent], seed: int,
         deal: Sequence[str] | None = None) -> Run:
    """Play one game, recording every seat's (observation, request) and the log."""
    log: list[BaseEvent] = []
    seen: dict[int, list[Seen]] = {seat: [] for seat in agents}
    wrapped: dict[int, SeatAgent] = {s: Recorder(a, log, seen[s]) for s, a in agents.items()}
    result = asyncio.run(run_game(config, wrapped, seed=seed, deal=deal, sink=log.append))
    assert list(result.events) == log
    return Run(config, [result.roles[s] for s in sorted(result.roles)], log, seen, result,
               seed)


def random_bots(config: GameConfig, seed: int) -> dict[int, SeatAgent]:
    return {s: RandomAgent(derive_seed(seed, s, "random")) for s in range(1, config.players + 1)}


def bots(config: GameConfig, kind: str, seed: int) -> dict[int, SeatAgent]:
    """Bots of one kind, or ``mixed``: each seat draws a built-in kind."""
    rng = random.Random(seed)
    out: dict[int, SeatAgent] = {}
    for seat in range(1, config.players + 1):
        name = rng.choice(BOT_KINDS) if kind == "mixed" else kind
        out[seat] = make_agent(name, seat, seed)
    return out


@cache
def bot_run(preset: str, kind: str, seed: int, max_days: int | None = None) -> Run:
    """The game of ``preset`` with every seat a ``kind`` bot, played once and shared."""
    config = load_preset(preset, overrides=None if max_days is None else
                         {"game.max_days": max_days})
    return play(config, bots(config, kind, seed), seed)


def bot_game(preset: str, kind: str, seed: int, max_days: int | None = None) -> GameResult:
    """The result of ``bot_run``'s game."""
    return bot_run(preset, kind, seed, max_days).result


def drawn_bot_games(examples: int, passive_days: int,
                    check: Callable[[GameConfig, str, int], None]) -> None:
    """``check(config, kind, seed)`` on ``examples`` games Hypothesis draws: any preset,
    seed and bot kind (or ``mixed``); heuristic seats only at tables of at most 12, and
    all-passive tables (which never kill) stopped after ``passive_days`` days."""

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(preset=st.sampled_from(preset_names()), seed=st.integers(0, 2**32 - 1),
           kind=st.sampled_from((*BOT_KINDS, "mixed")))
    def case(preset: str, seed: int, kind: str) -> None:
        if kind in ("heuristic", "mixed") and preset not in HEURISTIC_PRESETS:
            preset = HEURISTIC_PRESETS[seed % len(HEURISTIC_PRESETS)]
        check(load_preset(preset, overrides={"game.max_days": passive_days}
                          if kind == "passive" else None), kind, seed)

    case()
