"""Benchmark (a script that prints figures, not a test).

1. Games per second for classic-12 with random and with heuristic bots, one core:
   per second of CPU time and of wall-clock time, best and median of several rounds
   (a shared machine's speed can swing by a third from minute to minute).
2. Village win rates with Wilson 95% intervals for each pairing of village and
   wolf agents (heuristic / random), seats assigned by the dealt role.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

from agents import make_agent
from arena.engine import GameConfig, run_game
from arena.engine.roles.factions import is_wolf
from arena.presets import load_preset
from evals.stats import wilson


async def _game(config: GameConfig, village: str, wolves: str, seed: int) -> str:
    deal = config.deck()
    random.Random(seed).shuffle(deal)
    agents = {
        seat: make_agent(wolves if is_wolf(role) else village, seat, seed)
        for seat, role in enumerate(deal, start=1)
    }
    result = await run_game(config, dict(agents), seed=seed, deal=deal)
    return result.winner


def speed(config: GameConfig, spec: str, games: int, repeat: int) -> dict[str, float]:
    """Games per second of this process's CPU time and of wall-clock time, over ``repeat``
    rounds of ``games`` games: the best round (the least disturbed by other load, as
    timeit reports) and the median one."""
    async def run() -> None:
        for seed in range(games):
            await _game(config, spec, spec, seed)

    cpu_rates, wall_rates = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        asyncio.run(run())
        cpu_rates.append(games / (time.process_time() - cpu))
        wall_rates.append(games / (time.perf_counter() - wall))
    return {"best": max(cpu_rates), "median": statistics.median(cpu_rates),
            "wall best": max(wall_rates), "wall median": statistics.median(wall_rates)}


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
    parser.add_argument("--speed-games", type=int, default=400, help="random games per round")
    parser.add_argument("--repeat", type=int, default=5, help="timing rounds")
    parser.add_argument("--games", type=int, default=1000, help="games per pairing")
    args = parser.parse_args()
    config = load_preset(args.preset)
    print(f"preset {args.preset}: {config.players} players; games per second on one core "
          f"(best / median of {args.repeat} rounds)")
    for spec, n in (("random", args.speed_games), ("heuristic", max(args.speed_games // 10, 20))):
        rate = speed(config, spec, n, args.repeat)
        print(f"  {spec:<10} CPU time {rate['best']:7.1f} / {rate['median']:7.1f}   "
              f"wall clock {rate['wall best']:7.1f} / {rate['wall median']:7.1f}  "
              f"({n} games a round)")
    print("village win rate (95% Wilson interval):")
    for village, wolves in (("heuristic", "random"), ("random", "heuristic"),
                            ("heuristic", "heuristic"), ("random", "random")):
        wins, n = win_rate(config, village, wolves, args.games)
        rate = wilson(wins, n)
        print(f"  village {village:<9} vs wolves {wolves:<9} {rate.value:6.1%}  "
              f"[{rate.low:.1%}, {rate.high:.1%}]  n={n}")


if __name__ == "__main__":
    main()
