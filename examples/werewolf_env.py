"""Evaluate a policy in the PettingZoo environment against the built-in bots.

The policy plays seat 1 of a table (classic-8 unless told) (whatever card it is dealt); the
other seats are the heuristic bot. It picks uniformly among the legal actions (the
action mask): replace ``policy`` with your own. Run:

    .venv/bin/python examples/werewolf_env.py --games 20
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

import numpy as np

from arena.engine.roles.factions import is_wolf
from arena.envs import werewolf_v0
from arena.presets import load_preset


def policy(observation: dict[str, Any], rng: np.random.Generator) -> int:
    """A random legal action."""
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--preset", default="classic-8")
    parser.add_argument("--bots", default="heuristic", help="agent spec of the other seats")
    args = parser.parse_args()
    players = load_preset(args.preset).players
    env = werewolf_v0.env(args.preset, seed=0, text=False,
                          bots={seat: args.bots for seat in range(2, players + 1)})
    rng = np.random.default_rng(0)
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for game in range(args.games):
        env.reset(seed=game)
        for _ in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                assert env.result is not None
                team = "wolves" if is_wolf(env.result.roles[1]) else "village"
                played[team] += 1
                won[team] += reward > 0
                env.step(None)
            else:
                env.step(policy(observation, rng))
    for team in sorted(played):
        print(f"seat 1 as {team}: won {won[team]} of {played[team]}")


if __name__ == "__main__":
    main()
