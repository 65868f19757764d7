"""Games per second of all-heuristic tables (issue 19: ≥ 30 at classic-18).

A script that prints figures, not a test. Each round plays the same seeded games;
the figure is games per second of this process's CPU time and of wall-clock time,
min / median / max over the rounds (a shared machine's speed swings). ``--profile``
prints the heaviest functions of one round instead (cProfile, cumulative time).

``--ceiling`` also times each table with the sums over wolf sets left out: every
belief is the prior spread (what ``agents.belief`` falls back to), so the bots play
worse games, but what is left (the tactics, the evidence, the engine and the views)
is what any faster or approximate weighing would leave. Its games last longer (the
bots find the wolves later), so its median is also scaled to the exact games' mean
length in days; late days have fewer seats and cost less, so the scaled figure
overstates the bound: no approximation of the weighing alone gets past it.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

import agents.belief.exact
from agents import make_agent
from arena.engine import GameConfig, run_game_in_line
from arena.presets import load_preset

PRESETS = ("classic-8", "classic-12", "classic-18", "online-standard-16", "online-standard-18",
           "online-thief-18", "online-piper-18", "online-tucheng-18")
TARGET = ("classic-18", 30.0)  # issue 19


def play(config: GameConfig, seeds: range) -> int:
    """All-heuristic games, every bot answering in line (the synchronous driver); the
    days they lasted."""
    days = 0
    for seed in seeds:
        agents = {s: make_agent("heuristic", s, seed) for s in range(1, config.players + 1)}
        days += run_game_in_line(config, agents, seed=seed).days
    return days


@contextmanager
def unweighed() -> Iterator[None]:
    """No sums over wolf sets while inside: every belief is the prior spread."""
    weigh = agents.belief.exact.weigh
    agents.belief.exact.weigh = lambda ev, *, pairs: None
    try:
        yield
    finally:
        agents.belief.exact.weigh = weigh


Timing = tuple[list[float], list[float], float]
"""Games per CPU second and per wall second, one figure per round; mean days a game."""


def rates(config: GameConfig, games: int, rounds: int, *, ceiling: bool = False
          ) -> tuple[Timing, Timing | None]:
    """The table's timing, and with ``ceiling`` its timing with the weighing left out,
    the two interleaved round by round (the machine's speed swings)."""
    runs: list[tuple[list[float], list[float], list[int]]] = [([], [], []) for _ in range(2)]
    for _ in range(rounds):
        for bare in (False, True) if ceiling else (False,):
            cpu_rates, wall_rates, days = runs[bare]
            wall, cpu = time.perf_counter(), time.process_time()
            with unweighed() if bare else nullcontext():
                days.append(play(config, range(games)))
            cpu_rates.append(games / (time.process_time() - cpu))
            wall_rates.append(games / (time.perf_counter() - wall))
    exact, bare_run = ((cpu, wall, sum(days) / games / rounds) for cpu, wall, days in runs)
    return exact, bare_run if ceiling else None


def _spread(values: list[float]) -> str:
    return f"{min(values):6.1f} / {statistics.median(values):6.1f} / {max(values):6.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("presets", nargs="*", default=list(PRESETS))
    parser.add_argument("--games", type=int, default=40, help="games per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--ceiling", action="store_true",
                        help="also time each table with the wolf-set weighing left out")
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
        (cpu, wall, days), bare = rates(config, args.games, args.rounds,
                                        ceiling=args.ceiling)
        print(f"  {name:<20} {config.players:>2} seats   CPU {_spread(cpu)}   "
              f"wall {_spread(wall)}   {days:.1f} days", flush=True)
        if bare is not None:
            cpu_bare, wall_bare, bare_days = bare
            print(f"  {'  no weighing':<20} {'':>8}   CPU {_spread(cpu_bare)}   "
                  f"wall {_spread(wall_bare)}   {bare_days:.1f} days; at {days:.1f} days: "
                  f"{statistics.median(cpu_bare) * bare_days / days:.1f}", flush=True)
        if name == TARGET[0]:
            got = statistics.median(cpu)
            print(f"target {name} >= {TARGET[1]} games/s (median, CPU): {got:.1f} "
                  f"{'met' if got >= TARGET[1] else 'NOT met'}")


if __name__ == "__main__":
    main()
