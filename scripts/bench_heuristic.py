"""Games per second of all-heuristic tables (issue 19: ≥ 30 at classic-18).

A script that prints figures, not a test. Each round plays the same seeded games;
the figure is games per second of this process's CPU time and of wall-clock time,
min / median / max over the rounds (a shared machine's speed swings). ``--profile``
prints the heaviest functions of one round instead (cProfile, cumulative time).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from agents import make_agent
from arena.engine import GameConfig, run_game_in_line
from arena.presets import load_preset

PRESETS = ("classic-8", "classic-12", "classic-18", "online-standard-16", "online-standard-18",
           "online-thief-18", "online-piper-18", "online-tucheng-18")
TARGET = ("classic-18", 30.0)  # issue 19


def play(config: GameConfig, seeds: range) -> None:
    """All-heuristic games, every bot answering in line (the synchronous driver)."""
    for seed in seeds:
        agents = {s: make_agent("heuristic", s, seed) for s in range(1, config.players + 1)}
        run_game_in_line(config, agents, seed=seed)


def rates(config: GameConfig, games: int, rounds: int) -> tuple[list[float], list[float]]:
    """Games per CPU second and per wall second, one figure per round."""
    cpu_rates, wall_rates = [], []
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        play(config, range(games))
        cpu_rates.append(games / (time.process_time() - cpu))
        wall_rates.append(games / (time.perf_counter() - wall))
    return cpu_rates, wall_rates


def _spread(values: list[float]) -> str:
    return f"{min(values):6.1f} / {statistics.median(values):6.1f} / {max(values):6.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("presets", nargs="*", default=list(PRESETS))
    parser.add_argument("--games", type=int, default=40, help="games per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=30, help="functions the profile prints")
    args = parser.parse_args()
    if args.profile:
        for name in args.presets:
            profile = cProfile.Profile()
            profile.runcall(play, load_preset(name), range(args.games))
            print(f"== {name}, {args.games} games")
            pstats.Stats(profile).sort_stats("cumulative").print_stats(args.top)
        return
    print(f"all-heuristic games per second, {args.games} games a round, {args.rounds} rounds: "
          "min / median / max")
    for name in args.presets:
        config = load_preset(name)
        cpu, wall = rates(config, args.games, args.rounds)
        print(f"  {name:<20} {config.players:>2} seats   CPU {_spread(cpu)}   "
              f"wall {_spread(wall)}", flush=True)
        if name == TARGET[0]:
            got = statistics.median(cpu)
            print(f"target {name} >= {TARGET[1]} games/s (median, CPU): {got:.1f} "
                  f"{'met' if got >= TARGET[1] else 'NOT met'}")


if __name__ == "__main__":
    main()
