"""Coverage of `arena eval`'s 95% intervals (a script that prints figures, not a test).

For each preset, ``--replicates`` replicates of ``--games`` games of one agent (default
random) are played in-process, each game with its own seed (a game stopped by the day
limit, which `arena eval` leaves out of every metric, is played over with the next
seed, and the number of them is printed). Every metric is estimated on
each replicate, ungrouped and by team; a replicate covers a metric when the metric's
interval holds the reference value: its value over all the replicates' games pooled. The
pooled value has 1/sqrt(replicates) of one replicate's standard error (3% at 1,000), too
little to move coverage by more than a few tenths of a point, and needs no extra games.
A metric without an interval in a replicate (no samples, or one game) is skipped there;
the number of replicates with each is printed, and how the misses split between a
reference below the interval and above it. A side that won no game of a replicate has
no ``team_win_rate`` there, but its interval would be that of 0 wins in all the
replicate's games, and counts as such: scoring only the replicates where a rare side
won would measure coverage given that the estimate is above 0. A preset passes when
every metric covers in at least 93% of its replicates (a true 95% interval measured on
1,000 replicates falls below that about 0.2% of the time).

Few replicates cannot tell a good interval from a poor one (at 40, a true 95% interval
shows 37 of 40 or fewer one time in three). ``--resample N`` adds N replicates of
``--games`` games drawn at random, with replacement, from all the games played: the
games are independent (each its own seed), so these estimate each interval's coverage
when games come from the distribution of those played, whose value is exactly the
pooled one, to ±1.4 points at N = 1,000, for the cost of the games played. With
``--resample`` the drawn replicates decide the exit code.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import sys
import time
from pathlib import Path

from agents import make_agent
from arena.engine import GameConfig, run_game
from arena.engine.game import GameResult
from arena.presets import load_preset
from evals.metrics import Group, summarise, sums
from evals.records import GameRecord, team_of
from evals.stats import Estimate, proportion

PRESETS = ("fanlang-9", "classic-12")
Key = tuple[str, str, str]  # (grouping, group, metric)
Replicates = list[dict[Key, Estimate]]
TOLERANCE = 1e-12  # rounding at an interval's end (a rate of exactly 0 with interval [0, 0])


def record(result: GameResult, preset: str, seed: int, spec: str) -> GameRecord:
    """The finished game as `arena eval` reads it from a transcript."""
    agents = dict.fromkeys(result.roles, spec)
    return GameRecord(
        path=Path(f"game-{seed}.jsonl"), game_id=f"game-{seed}", preset=preset,
        roles=result.roles, agents=agents, models=agents,
        teams={seat: team_of(role) for seat, role in result.roles.items()},
        winner=result.winner, winners=frozenset(result.winners), days=result.days,
        events=result.events)


async def play(config: GameConfig, spec: str, first: int, needed: int
               ) -> tuple[list[GameRecord], int]:
    """``needed`` games ended by the rules, seeds ``first``, ``first + 1``, ... one after
    the other in this event loop; and how many games the day limit stopped (``arena
    eval`` leaves those out of every metric, so they are played over)."""
    records: list[GameRecord] = []
    capped = 0
    seed = first
    while len(records) < needed:
        agents = {seat: make_agent(spec, seat, seed) for seat in range(1, config.players + 1)}
        result = await run_game(config, agents, seed=seed)
        game = record(result, config.preset or "custom", seed, spec)
        if game.capped:
            capped += 1
        else:
            records.append(game)
        seed += 1
    return records, capped


def split(group: Group, size: int, count: int) -> list[Group]:
    """The group's sums cut into ``count`` replicates of ``size`` consecutive games."""
    parts: list[Group] = [{} for _ in range(count)]
    for name, clusters in group.items():
        for game, cell in clusters.items():
            parts[game // size].setdefault(name, {})[game] = cell
    return parts


def drawn(group: Group, picks: list[list[int]]) -> list[Group]:
    """The group's sums for replicates of the games ``picks`` names (a game drawn twice
    is two clusters)."""
    parts: list[Group] = []
    for pick in picks:
        part: Group = {}
        for name, clusters in group.items():
            cells = {slot: list(clusters[game]) for slot, game in enumerate(pick)
                     if game in clusters}
            if cells:
                part[name] = cells
        parts.append(part)
    return parts


def estimates(records: list[GameRecord], groupings: tuple[str | None, ...], size: int,
              picks: list[list[int]]) -> tuple[dict[Key, Estimate], list[Replicates]]:
    """Every metric over all games; and per replicate, of ``size`` consecutive games and
    of the games each of ``picks`` names."""
    count = len(records) // size
    pooled: dict[Key, Estimate] = {}
    both: list[Replicates] = [[{} for _ in range(count)], [{} for _ in picks]]
    for by, (groups, overall) in zip(groupings, sums(records, *groupings), strict=True):
        label = by or "all"
        for key, group in groups.items():
            pooled.update(((label, key, name), e) for name, e in summarise(group, overall).items())
            for parts, bases, replicates in (
                    (split(group, size, count), split(overall, size, count), both[0]),
                    (drawn(group, picks), drawn(overall, picks), both[1])):
                for part, base, out in zip(parts, bases, replicates, strict=True):
                    out.update(((label, key, name), e)
                               for name, e in summarise(part, base).items())
    return pooled, both


Tally = tuple[int, int, int]  # replicates: reference below the interval, held, above


def coverage(pooled: dict[Key, Estimate], replicates: list[dict[Key, Estimate]], size: int
             ) -> dict[Key, Tally]:
    """Per metric, how many replicates' intervals lie above the pooled value, hold it,
    and lie below it; a side without wins in a replicate has 0 of ``size`` games there."""
    none = proportion({game: [0.0, 1.0, 1] for game in range(size)})
    out = {}
    for key, reference in pooled.items():
        value = reference.value
        if value is None:
            continue
        fill = none if key[2].startswith("team_win_rate[") else None
        bounds = [(e.low, e.high) for r in replicates
                  if (e := r.get(key, fill)) and e.low is not None and e.high is not None]
        below = sum(value < low - TOLERANCE for low, _ in bounds)
        above = sum(value > high + TOLERANCE for _, high in bounds)
        out[key] = below, len(bounds) - below - above, above
    return out


def report(preset: str, cover: dict[Key, Tally], threshold: float) -> bool:
    """Print coverage per metric and the preset's PASS / FAIL line; True when it passes."""
    print(f"  {'grouping':<8} {'group':<8} {'metric':<26} {'replicates':>10} {'coverage':>9}"
          "  misses below / above")
    worst: tuple[float, str] = (math.inf, "")
    for (by, group, name), (below, held, above) in sorted(cover.items()):
        shown = below + held + above
        if not shown:
            continue
        share = held / shown
        worst = min(worst, (share, f"{name} ({by} {group})"))
        mark = "" if share >= threshold else "  < threshold"
        print(f"  {by:<8} {group:<8} {name:<26} {shown:>10} {share:>9.1%}  {below:>5} / "
              f"{above:<5}{mark}")
    passed = worst[0] >= threshold
    print(f"{preset}: {'PASS' if passed else 'FAIL'} (lowest coverage {worst[0]:.1%}, "
          f"{worst[1]}; threshold {threshold:.0%})")
    return passed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--replicates", type=int, default=1000)
    parser.add_argument("--games", type=int, default=50, help="games per replicate")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--agents", default="random", help="the agent at every seat")
    parser.add_argument("--by", default="team", help="a grouping besides the ungrouped one")
    parser.add_argument("--beliefs", action="store_true", help="set eval.beliefs = true")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--threshold", type=float, default=0.93)
    parser.add_argument("--resample", type=int, default=0, metavar="N",
                        help="also N replicates of --games games drawn at random, with "
                             "replacement, from all the games played; they decide the exit "
                             "code")
    args = parser.parse_args()
    overrides = {"eval.beliefs": True} if args.beliefs else None
    groupings = (None, args.by)
    for count in filter(None, (args.replicates, args.resample)):
        print(f"a true 95% interval covers in 95% ± {2 * math.sqrt(0.95 * 0.05 / count):.1%} "
              f"of {count} replicates (two standard errors)")
    passed = True
    for preset in args.presets:
        started, cpu = time.perf_counter(), time.process_time()
        config = load_preset(preset, overrides=overrides)
        records, capped = asyncio.run(play(config, args.agents, args.seed,
                                           args.replicates * args.games))
        rng = random.Random(args.seed)
        picks = [[rng.randrange(len(records)) for _ in range(args.games)]
                 for _ in range(args.resample)]
        pooled, (consecutive, resampled) = estimates(records, groupings, args.games, picks)
        print(f"{preset}: {args.replicates} replicates of {args.games} {args.agents} games, "
              f"share of 95% intervals holding the pooled value; {capped} games stopped by "
              f"the day limit played over "
              f"({time.perf_counter() - started:.0f} s, {time.process_time() - cpu:.0f} s CPU)")
        passed_here = report(preset, coverage(pooled, consecutive, args.games), args.threshold)
        if picks:
            print(f"{preset}: {args.resample} replicates of {args.games} games drawn from the "
                  f"{len(records)} played")
            passed_here = report(preset, coverage(pooled, resampled, args.games),
                                 args.threshold)
        passed = passed_here and passed
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
