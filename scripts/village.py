"""Play every Village preset many times and check that every building power shows up.

For each ``village-N`` preset, ``--games`` games (seeds 0..) with ``--bots`` (random by
default) at every seat; prints the win rates, mean days, errors and how many games
showed each building power (B1-B10), each house change and the arsonist's fire (R16),
read from the events exactly as the transcripts record them. Exits 1 when a game
raised or when some power never appeared in a preset's games. A script that prints
figures, not a test (tests/rules/test_village_games.py runs a small version).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from agents import make_agent
from arena.engine import run_game
from arena.presets import load_preset, preset_names

POWERS = ("confess", "pardon", "look", "immune", "lost", "bar", "move", "strike", "mend")
EXPECTED = (
    "farmer_sheriff",  # B1: a sheriff elected by and among farmers (C10)
    *(f"power:{p}" for p in POWERS),  # B2-B9
    "house:burnt", "house:moved_in", "house:refused",  # R16, B7
    "vagrant", "fire",  # B10: a player without a house; R16: the wolf who burns
)


def features(lines: Iterable[dict[str, Any]]) -> set[str]:
    """What one game's transcript lines show of the Village."""
    seen: set[str] = set()
    for line in lines:
        kind = line["type"]
        if kind == "building_power":
            seen.add(f"power:{line['power']}")
        elif kind == "house":
            seen.add(f"house:{line['how']}")
            if line["how"] == "burnt":
                seen.add("vagrant")
        elif kind == "setup":
            houses = [a for a in line["attributes"].values() if "building" in a]
            if len(houses) < line["players"]:
                seen.add("vagrant")
        elif kind == "sheriff" and line["how"] == "elected":
            seen.add("farmer_sheriff")
        elif kind == "death_cause" and line["cause"] == "fire":
            seen.add("fire")
    return seen


def play(preset: str, bots: str, games: int) -> tuple[str, Counter[str], float, float]:
    """(preset, counts of winners and features over the games, mean days, seconds)."""
    config = load_preset(preset)
    counts: Counter[str] = Counter()
    days = 0
    started = time.perf_counter()
    for seed in range(games):
        agents = {s: make_agent(bots, s, seed) for s in range(1, config.players + 1)}
        result = asyncio.run(run_game(config, agents, seed=seed))
        counts[f"winner:{result.winner}"] += 1
        counts.update(features(e.to_dict() for e in result.events))
        days += result.days
    return preset, counts, days / games, time.perf_counter() - started


def missing(counts: Counter[str]) -> list[str]:
    """The expected features no game showed (a vagrant needs 15+ seats or a fire)."""
    return [f for f in EXPECTED if not counts[f]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    presets = [p for p in preset_names() if p.startswith("village-")]
    failed = False
    print(f"| preset | games | village | wolves | other | mean days | "
          f"{' | '.join(f.split(':')[-1] for f in EXPECTED)} | s |")
    with ProcessPoolExecutor(args.workers) as pool:
        for preset, counts, days, seconds in pool.map(
                play, presets, [args.bots] * len(presets), [args.games] * len(presets)):
            games = args.games
            wins = {k[7:]: v for k, v in counts.items() if k.startswith("winner:")}
            other = games - wins.get("village", 0) - wins.get("wolves", 0)
            shown = " | ".join(str(counts[f]) for f in EXPECTED)
            print(f"| {preset} | {games} | {wins.get('village', 0) / games:.1%} | "
                  f"{wins.get('wolves', 0) / games:.1%} | {other / games:.1%} | {days:.1f} | "
                  f"{shown} | {seconds:.0f} |", flush=True)
            if missing(counts):
                failed = True
                print(f"  {preset}: never seen: {', '.join(missing(counts))}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
