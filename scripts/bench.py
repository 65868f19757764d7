"""Benchmark (a script that prints figures, not a test).

1. Games per second for classic-12 with random and with heuristic bots, one core:
   wall-clock, and per CPU-second (which other load on the machine barely moves).
2. Village win rates with Wilson 95% intervals for each pairing of village and
   wolf agents (heuristic / random), seats assigned by the dealt role.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import time

from agents import make_agent
from arena.engine import GameConfig, run_game
from arena.engine.roles.factions import is_wolf
from arena.presets import load_preset


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


async def _game(config: GameConfig, village: str, wolves: str, seed: int) -> str:
    deal = config.deck()
    random.Random(seed).shuffle(deal)
    agents = {
        seat: make_agent(wolves if is_wolf(role) else village, seat, seed)
        for seat, role in enumerate(deal, start=1)
    }
    result = await run_game(config, dict(agents), seed=seed, deal=deal)
    return result.winner


def speed(config: GameConfig, spec: str, games: int) -> tuple[float, float]:
    """Games per second of wall-clock time and per second of this process's CPU time."""
    async def run() -> None:
        for seed in range(games):
            await _game(config, spec, spec, seed)

    wall, cpu = time.perf_counter(), time.process_time()
    asyncio.run(run())
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def win_rate(config: GameConfig, village: str, wolves: str, games: int) -> tuple[int, int]:
    async def run() -> int:
        wins = 0
        for seed in range(games):
            wins += await _game(config, village, wolves, 10_000 + seed) == "village"
        return wins

    return asyncio.run(run()), games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="classic-12")
    parser.add_argument("--speed-games", type=int, default=2000)
    parser.add_argument("--games", type=int, default=1000, help="games per pairing")
    args = parser.parse_args()
    config = load_preset(args.preset)
    print(f"preset {args.preset}: {config.players} players")
    for spec, n in (("random", args.speed_games), ("heuristic", max(args.speed_games // 10, 50))):
        wall, cpu = speed(config, spec, n)
        print(f"  {spec:<10} {wall:8.1f} games/s  {cpu:8.1f} games/CPU-s  ({n} games, one core)")
    print("village win rate (95% Wilson interval):")
    for village, wolves in (("heuristic", "random"), ("random", "heuristic"),
                            ("heuristic", "heuristic"), ("random", "random")):
        wins, n = win_rate(config, village, wolves, args.games)
        low, high = wilson(wins, n)
        print(f"  village {village:<9} vs wolves {wolves:<9} {wins / n:6.1%}  "
              f"[{low:.1%}, {high:.1%}]  n={n}")


if __name__ == "__main__":
    main()
