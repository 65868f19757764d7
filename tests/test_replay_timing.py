"""Replay is exact whatever the timing: seats that answer after a random delay, under a
time limit some answers miss, on fanlang-9 (wolves may self-destruct during anyone's
speech), and every game's transcript replays line for line."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from agents.random import RandomAgent
from agents.replay import ReplayAgent, Step, decisions_by_seat
from arena.app import reproduce
from arena.app.session import Session
from arena.engine import Decision, Observation, Request, observe
from arena.engine.requests import SHAPES, UnusableAnswer, Usage
from arena.presets import load_preset

LIMIT_S = 0.004  # the judge's time limit; delays run to 1.5 times it, so some miss it


class Dawdler:
    """A seat that answers after a seeded random delay: a random legal answer (a
    self-destruct now and then), sometimes billed like a model's, sometimes unusable."""

    concurrent = True

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"dawdler:{seed}")
        self.bot = RandomAgent(seed)

    async def decide(self, observation: Observation, request: Request) -> Decision:
        rng = self.rng
        delay, billed, unusable = rng.uniform(0, 1.5 * LIMIT_S), rng.random(), rng.random()
        await asyncio.sleep(delay)
        calls = (Usage(model="m", input_tokens=1 + int(delay * 1e6)),) if billed < 0.5 else ()
        if unusable < 0.1:
            raise UnusableAnswer("?", "no JSON object", calls)
        decision = (Decision(request.kind, yes=rng.random() < 0.1)
                    if SHAPES[request.kind] == "yes_no" else self.bot.pick(request))
        decision.usage = calls
        return decision


def play_and_verify(seed: int, out: Path) -> tuple[bool, str]:
    config = load_preset("fanlang-9")
    seats = range(1, config.players + 1)
    agents = {seat: Dawdler(seed * 100 + seat) for seat in seats}
    session = Session(config, dict(agents), seed=seed, specs=dict.fromkeys(seats, "dawdler"),
                      out=out, timeout_s=LIMIT_S)
    asyncio.run(session.run())
    return reproduce.verify(out)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_games_with_late_answers_replay_exactly(tmp_path: Path, seed: int) -> None:
    ok, message = play_and_verify(seed, tmp_path / "game.jsonl")
    assert ok, message


@pytest.mark.slow
def test_many_games_with_late_answers_replay_exactly(tmp_path: Path) -> None:
    failed = [(seed, message) for seed in range(40)
              for ok, message in [play_and_verify(seed, tmp_path / f"{seed}.jsonl")] if not ok]
    assert not failed, failed[:2]


def test_a_self_destruct_after_a_timed_out_question_is_kept() -> None:
    """Issue 28.5's game: wolf 7's self-destruct question once ran out of time (a fallback
    whose default "no" leaves no event); his later self-destruct during seat 5's speech
    is his answer, not that default."""
    events: list[dict[str, Any]] = [
        {"seq": 10, "day": 1, "type": "fallback", "seat": 7, "kind": "explode",
         "reason": "timeout"},
        {"seq": 11, "day": 1, "type": "speech", "seat": 6, "text": "hi"},
        {"seq": 30, "day": 2, "type": "explode", "seat": 7, "during": 5},
    ]
    steps = decisions_by_seat(events)[7]
    assert [(s.kind, type(s.answer), s.at) for s in steps] == [
        ("explode", TimeoutError, 10), ("explode", Decision, 30)]
    assert isinstance(steps[1].answer, Decision)
    assert (steps[1].answer.yes, steps[1].answer.target) == (True, 5)


def test_a_recorded_answer_to_a_self_destruct_question_waits_for_its_place() -> None:
    """A silent "no" leaves nothing: the timed-out question recorded at seq 12 is not the
    one asked at seq 10, but the one asked at seq 12."""
    now = [10]
    agent = ReplayAgent([Step("explode", TimeoutError(), None, 12)], lambda: now[0])
    request = Request(seat=7, kind="explode", day=1, context={"during": 3})
    assert asyncio.run(agent.decide(observe([], 7), request)).yes is False
    now[0] = 12
    with pytest.raises(TimeoutError):
        asyncio.run(agent.decide(observe([], 7), request))
