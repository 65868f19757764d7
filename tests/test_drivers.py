"""The flow is a state machine two drivers step: the synchronous one (agents answer in
line) and the async one (``Game.run``) play the same seeded game to the same log,
refusals, re-asks and fallbacks included."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from agents import make_agent
from agents.random import RandomAgent
from arena.engine import Decision, Game, GameResult, Observation, Request
from arena.engine.drive import AwaitsInLine, start
from arena.engine.events import Fallback, GameEnd, Refused
from arena.engine.judge import Asking, SeatAgent
from arena.engine.requests import UnusableAnswer
from arena.presets import load_preset

PRESETS = ("classic-12", "tv-10", "newmoon-12", "online-piper-12", "online-thief-12",
           "village-12", "variant-vouching-10", "aiwolf-15")


def both(preset: str, table: Callable[[int], dict[int, SeatAgent]],
         seed: int) -> tuple[GameResult, GameResult]:
    """The game played by each driver, each with fresh agents."""
    config = load_preset(preset)
    in_line = Game(config, table(config.players), seed=seed).play()
    awaited = asyncio.run(Game(config, table(config.players), seed=seed).run())
    return in_line, awaited


def bots(spec: str, seed: int) -> Callable[[int], dict[int, SeatAgent]]:
    return lambda players: {s: make_agent(spec, s, seed) for s in range(1, players + 1)}


@pytest.mark.parametrize("preset", PRESETS)
def test_random_tables_give_the_same_log_under_both_drivers(preset: str) -> None:
    for seed in range(3):
        in_line, awaited = both(preset, bots("random", seed), seed)
        assert in_line.events == awaited.events


@pytest.mark.parametrize("preset", ["classic-12", "newmoon-12"])
def test_looking_bots_give_the_same_log_under_both_drivers(preset: str) -> None:
    in_line, awaited = both(preset, bots("heuristic", 1), 1)
    assert in_line.events == awaited.events


class Unruly(RandomAgent):
    """Looks at its view; answers illegally, holds no decision or fails now and then."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.turn = 0

    async def decide(self, observation: Observation, request: Request) -> Decision:
        self.turn += 1
        if self.turn % 7 == 0:
            return Decision("vote" if request.kind != "vote" else "kill")
        if self.turn % 11 == 0:
            raise UnusableAnswer("no JSON here", "no JSON object")
        if self.turn % 29 == 0:
            raise ValueError("broken")
        return await super().decide(observation, request)


def test_refusals_and_fallbacks_are_the_same_under_both_drivers() -> None:
    def table(players: int) -> dict[int, SeatAgent]:
        return {s: (Unruly(s) if s % 2 else RandomAgent(s)) for s in range(1, players + 1)}

    in_line, awaited = both("classic-12", table, 4)
    assert in_line.events == awaited.events
    kinds = {type(e) for e in in_line.events}
    assert {Refused, Fallback} <= kinds


class Waiting(RandomAgent):
    async def decide(self, observation: Observation, request: Request) -> Decision:
        await asyncio.sleep(0)
        return await super().decide(observation, request)


def test_an_agent_that_awaits_needs_the_async_driver() -> None:
    config = load_preset("classic-8")
    agents: dict[int, SeatAgent] = {s: Waiting(s) for s in range(1, 9)}
    with pytest.raises(AwaitsInLine):
        Game(config, agents, seed=1).play()
    assert asyncio.run(Game(config, agents, seed=1).run()).winner


def test_the_flow_hands_out_questions_and_takes_decisions() -> None:
    """Stepped by hand: each yield is a pending Asking; the defaults answer them."""
    config = load_preset("classic-8")
    game = Game(config, {s: RandomAgent(s) for s in range(1, 9)}, seed=2)
    flow, value, asked = start(game.judge), None, 0
    with pytest.raises(StopIteration) as done:
        while True:
            asking = flow.send(value)
            assert isinstance(asking, Asking) and asking.requests
            asked += len(asking.requests)
            answers = [r.default() for r in asking.requests]
            value = answers if asking.batch else answers[0]
    result = game.finish(done.value.value)
    assert asked > 8 and isinstance(result.events[-1], GameEnd)


def test_only_the_async_driver_imports_asyncio() -> None:
    """The flow, the judge and the in-line driver run with no event loop."""
    engine = Path(__file__).resolve().parent.parent / "arena" / "engine"
    users = {str(p.relative_to(engine)) for p in engine.rglob("*.py")
             if re.search(r"^\s*(import asyncio|from asyncio)", p.read_text("utf-8"), re.M)}
    assert users == {"game.py"}
