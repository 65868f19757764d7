"""Play every New Moon preset many times; check every event id shows up (a script that
prints figures, not a test).

For each ``newmoon-*`` (tabletop deck, catalog 4.3) and ``online-newmoon-*`` (online
events, 4.4) preset, ``--games`` games are played with seeds 0.., every seat the same
agent (default random). Every game must end without an error. Printed per preset: the
winners' shares, the mean number of days and how many events were drawn per game; then,
per family, how many games drew each event. The script fails when an event of the
family (E1-E31, or O1-O12) was drawn in none of its games.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from agents import make_agent
from arena.engine import run_game
from arena.engine.events import NewMoon
from arena.engine.newmoon.cards import ONLINE, TABLETOP
from arena.presets import load_preset, preset_names

FAMILIES = {"newmoon": TABLETOP, "online-newmoon": ONLINE}


def presets() -> list[str]:
    return [p for p in preset_names() if p.rpartition("-")[0] in FAMILIES]


def play(preset: str, spec: str, games: int) -> tuple[str, Counter[str], Counter[str], float,
                                                       float]:
    """(preset, winners, games drawing each event, mean days, mean events per game)."""
    config = load_preset(preset)

    async def run() -> tuple[Counter[str], Counter[str], int, int]:
        wins: Counter[str] = Counter()
        seen: Counter[str] = Counter()
        days = events = 0
        for seed in range(games):
            agents = {s: make_agent(spec, s, seed) for s in range(1, config.players + 1)}
            result = await run_game(config, agents, seed=seed)
            wins[result.winner] += 1
            days += result.days
            drawn = [e.card for e in result.events
                     if isinstance(e, NewMoon) and e.step in ("drawn", "in_play")]
            events += len(drawn)
            seen.update(set(drawn))
        return wins, seen, days, events

    wins, seen, days, events = asyncio.run(run())
    return preset, wins, seen, days / games, events / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--agent", default="random")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    names = presets()
    started = time.perf_counter()
    totals = {family: Counter[str]() for family in FAMILIES}
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = pool.map(play, names, [args.agent] * len(names), [args.games] * len(names))
        for preset, wins, seen, days, events in jobs:
            totals[preset.rpartition("-")[0]].update(seen)
            shares = ", ".join(f"{w} {n / args.games:.1%}" for w, n in wins.most_common())
            print(f"{preset}: {args.games} games, {shares}; {days:.1f} days, "
                  f"{events:.1f} events a game", flush=True)
    missing = []
    for family, ids in FAMILIES.items():
        counts = totals[family]
        print(f"{family}: " + " ".join(f"{i} {counts[i]}" for i in ids))
        missing += [i for i in ids if not counts[i]]
    print(f"{len(names)} presets, {len(names) * args.games} games, no error, "
          f"{time.perf_counter() - started:.0f} s")
    if missing:
        print(f"never drawn: {', '.join(missing)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
