"""A ``decide`` made by ``blind`` is called in line with the request alone, and no view
is kept for its seat; an unmarked override of it (a subclass that does look) is shown
its seat's full view."""

from __future__ import annotations

import asyncio

from agents.base import blind, derive_seed
from agents.random import RandomAgent
from arena.engine import Decision, Observation, Request, run_game
from arena.engine.dealing import deal_game
from arena.engine.judge import SeatAgent
from arena.engine.view import Fold
from arena.presets import load_preset

CONFIG = load_preset("classic-8")


class Looker(RandomAgent):
    """Overrides the blind random decide and reads its observation."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.shown: list[Observation] = []
        self.asked: list[Request] = []

    async def decide(self, observation: Observation, request: Request) -> Decision:
        self.shown.append(observation)
        self.asked.append(request)
        return await super().decide(observation, request)


class BlindLooker(Looker):
    """Declares that it does not look: it answers from the request alone."""

    @blind
    def decide(self, request: Request) -> Decision:
        self.asked.append(request)
        return RandomAgent.decide.choose(self, request)  # type: ignore[attr-defined]


def seats(seed: int) -> dict[int, Looker]:
    return {s: (Looker if s % 2 else BlindLooker)(derive_seed(seed, s)) for s in range(1, 9)}


def test_blind_decides_are_called_in_line_and_overrides_see_their_seat() -> None:
    agents = seats(5)
    table: dict[int, SeatAgent] = dict(agents)
    result = asyncio.run(run_game(CONFIG, table, seed=5))
    for seat, agent in agents.items():
        assert agent.asked, f"seat {seat} was never asked"
        if isinstance(agent, BlindLooker):
            assert agent.shown == []  # the async decide never ran
        else:
            assert len(agent.shown) == len(agent.asked)
            assert all(o.seat == seat and o.role == result.roles[seat] for o in agent.shown)
            assert all(o.events for o in agent.shown)


def test_views_are_kept_only_for_seats_that_look() -> None:
    judge = deal_game(CONFIG, dict(seats(5)), seed=5)
    assert set(judge.private) == {1, 3, 5, 7}
    blind_table = deal_game(CONFIG, {s: RandomAgent(s) for s in range(1, 9)}, seed=5)
    assert blind_table.private == {} and not blind_table.folding


def test_a_blind_decide_still_answers_as_an_async_agent() -> None:
    request = Request(seat=2, kind="vote", day=1, options=(1, 3, 4))
    first, second = RandomAgent(7), RandomAgent(7)
    by_protocol = asyncio.run(first.decide(Observation(2, Fold(), Fold(2)), request))
    assert by_protocol == RandomAgent.decide.choose(second, request)  # type: ignore[attr-defined]
    assert by_protocol.target in (1, 3, 4)


def test_blind_and_looking_tables_play_the_same_game() -> None:
    blind_table = asyncio.run(run_game(CONFIG, dict(seats(9)), seed=9))
    looking = {s: Looker(derive_seed(9, s)) for s in range(1, 9)}
    seen = asyncio.run(run_game(CONFIG, dict(looking), seed=9))
    assert blind_table.events == seen.events
