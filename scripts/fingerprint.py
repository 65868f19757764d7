"""The event lines of every preset's games, hashed: run it before and after a change that
must not alter any game (a refactor), and compare the two outputs.

Each preset plays three games: random seats with seeds 0 and 1, heuristic seats with seed
0. One line per game (``preset agent seed sha256``), then the digest of all of them.

    python scripts/fingerprint.py > before.txt    # ... change ...
    python scripts/fingerprint.py > after.txt && diff before.txt after.txt
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib

from agents import make_agent
from arena import presets
from arena.engine import run_game
from arena.transcript_writer import event_line

GAMES = (("random", 0), ("random", 1), ("heuristic", 0))


def game_digest(preset: str, agent: str, seed: int) -> str:
    config = presets.load_preset(preset)
    agents = {s: make_agent(agent, s, seed) for s in range(1, config.players + 1)}
    result = asyncio.run(run_game(config, agents, seed=seed))
    lines = "".join(event_line(e) + "\n" for e in result.events)
    return hashlib.sha256(lines.encode("utf-8")).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", help="only these presets (default: all)")
    names = parser.parse_args().presets or presets.preset_names()
    total = hashlib.sha256()
    for preset in names:
        for agent, seed in GAMES:
            line = f"{preset} {agent} {seed} {game_digest(preset, agent, seed)}"
            total.update(line.encode("utf-8"))
            print(line, flush=True)
    print(f"all {len(names) * len(GAMES)} games {total.hexdigest()}")


if __name__ == "__main__":
    main()
