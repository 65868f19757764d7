"""The parallel environment: PettingZoo's parallel API test, simultaneous decisions in
one step, seeds through reset(seed=...)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

from arena.envs import werewolf_v0
from arena.envs.werewolf_v0 import ParallelWerewolfEnv


@pytest.mark.parametrize(("preset", "bots"), [("classic-8", {}),
                                              ("newmoon-12", {2: "heuristic", 5: "random"})])
def test_the_pettingzoo_parallel_api_test_passes(preset: str, bots: dict[int, str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # its complaints (a dead agent given a reward, ...)
        parallel_api_test(werewolf_v0.parallel_env(preset, seed=3, bots=bots), num_cycles=400)


def play(env: ParallelWerewolfEnv, seed: int | None) -> tuple[list[int], list[Any]]:
    """A game of random legal actions: how many seats acted at each step, and the log."""
    rng = np.random.default_rng(0)
    observations, _ = env.reset(seed=seed)
    acting = []
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"])))
                   for a, o in observations.items() if o["action_mask"].any()}
        acting.append(len(actions))
        observations, rewards, terminated, _, _ = env.step(actions)
    assert all(terminated.values()) and set(rewards.values()) <= {-1.0, 0.0, 1.0}
    assert env.result is not None
    return acting, [e.to_dict() for e in env.result.events]


def test_simultaneous_requests_are_answered_in_one_step() -> None:
    env = werewolf_v0.parallel_env("classic-8", text=False)
    acting, events = play(env, 5)
    assert max(acting) >= 5 and min(acting) == 1  # votes and candidacies; a lone speech
    kills = [e for e in events if e["type"] == "night_action" and e["action"] == "kill"
             and not e["final"]]
    assert kills and len(acting) < sum(1 for e in events if e["type"] in ("vote", "speech"))


def test_reset_with_a_seed_replays_and_without_one_plays_the_next_seed() -> None:
    env = werewolf_v0.parallel_env("classic-8", seed=10, text=False)
    _, first = play(env, None)  # the constructor's seed
    _, second = play(env, None)  # the next one
    _, again = play(env, 10)
    assert first == again != second
    _, eleven = play(env, 11)
    assert eleven == second
