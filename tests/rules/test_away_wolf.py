"""Issue 14: a wolf who gives no answer (an away person, a model that timed out) follows
the pack's choice instead of splitting it, and a pack with no answer at all still kills
(C14, C15: the pack settles one kill a night)."""

from __future__ import annotations

import asyncio

import pytest

from agents.passive import PassiveAgent
from arena.engine import Decision, GameConfig, Observation, Request, run_game
from arena.engine.events import Fallback, NightAction

DEAL = ["werewolf", "werewolf", "seer", "villager", "villager", "villager", "villager"]


class Absent:
    """A seat whose person is away: every kill request times out."""

    async def decide(self, observation: Observation, request: Request) -> Decision:
        if request.kind == "kill":
            raise TimeoutError
        return request.default()


class Hunts:
    """A wolf who always proposes seat ``target``."""

    def __init__(self, target: int) -> None:
        self.target = target

    async def decide(self, observation: Observation, request: Request) -> Decision:
        if request.kind == "kill":
            return Decision(kind="kill", target=self.target)
        return request.default()


def first_kill(agents: dict[int, object], consensus: str) -> NightAction:
    config = GameConfig(roles={"werewolf": 2, "seer": 1, "villager": 4},
                        rules={"wolves.consensus": consensus, "wolves.chat": False})
    seats = {s: agents.get(s, PassiveAgent(seed=s)) for s in range(1, 8)}
    result = asyncio.run(run_game(config, seats, seed=1, deal=DEAL))  # type: ignore[arg-type]
    assert any(isinstance(e, Fallback) and e.kind == "kill" for e in result.events)
    return next(e for e in result.events if isinstance(e, NightAction)
                and e.action == "kill" and e.final)


@pytest.mark.parametrize("consensus", ["majority_tie_nokill", "timeout_nokill"])
def test_an_away_wolf_follows_the_pack(consensus: str) -> None:
    kill = first_kill({1: Absent(), 2: Hunts(5)}, consensus)
    assert kill.day == 1 and kill.target == 5


@pytest.mark.parametrize("consensus", ["majority_tie_nokill", "leader"])
def test_a_pack_with_no_answer_still_kills_one_of_its_prey(consensus: str) -> None:
    kill = first_kill({1: Absent(), 2: Absent()}, consensus)
    assert kill.target in range(3, 8)
