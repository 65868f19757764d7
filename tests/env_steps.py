"""The AEC loop of the environment tests: the live steps, the end's steps taken."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arena.envs.werewolf_v0 import WerewolfEnv


def live_steps(env: WerewolfEnv) -> Iterator[tuple[str, dict[str, Any], float, dict[str, Any]]]:
    """Each step an agent must act: agent, observation, reward, info (the caller steps);
    the steps of the game's end (terminated agents) are taken here."""
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        yield agent, observation, reward, info
