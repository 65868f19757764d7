"""Play every variant preset many times with random bots; check each variant's special
step shows in the transcripts (a script that prints figures, not a test).

For each ``variant-*`` preset (catalog 4.1, 4.2) ``--games`` games are played with
seeds 0.., every seat the same agent (default random). Every game must end without an
error. Printed per preset: the winners' shares, the mean number of days, and in how
many games each of the variant's special steps appears in the transcript (its events
as JSON lines hold them); the script fails when a step appears in none of its variant's
games (some steps need a card only the larger deals hold).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from agents import make_agent
from arena.engine import GameConfig, GameResult, run_game
from arena.presets import load_preset, preset_file, preset_names

Line = dict[str, Any]
Step = Callable[[list[Line]], bool]


POWERS = frozenset({"check", "save", "poison", "protect", "link", "toss"})


def _is(line: Line, kind: str, **fields: object) -> bool:
    """The line is an event of type ``kind`` with these field values."""
    return bool(line["type"] == kind and all(line[k] == v for k, v in fields.items()))


def line(test: Callable[[Line], bool]) -> Step:
    """A step shown by one line."""
    return lambda lines: any(map(test, lines))


def _wolf_power(lines: list[Line]) -> bool:
    """A wolf uses the power of his other card (Double-You)."""
    roles = lines[-1]["roles"]
    return any(_is(e, "night_action") and e["action"] in POWERS
               and roles[str(e["seat"])] == "werewolf" for e in lines)


def _two_powers(lines: list[Line]) -> bool:
    """One seat uses the powers of both its cards (Double-You great: witch + seer)."""
    used: dict[int, set[str]] = {}
    for e in lines:
        if _is(e, "night_action") and e["action"] in POWERS:
            used.setdefault(e["seat"], set()).add(e["action"])
    return any("check" in acts and acts & {"save", "poison"} for acts in used.values())


STEPS: dict[str, dict[str, Step]] = {
    "variant-vouching": {
        "vouch": line(lambda e: _is(e, "vote", ballot="vouch")),
        "last standing exiled": line(lambda e: _is(e, "vote_result", ballot="vouch")
                                     and e["eliminated"] is not None),
    },
    "variant-doubleyou-small": {
        "face-up cards shown": line(lambda e: _is(e, "reveal", reason="face_up")),
        "wolf uses his face-up power": _wolf_power,
        "camp card shown at death": line(lambda e: _is(e, "death", revealed_role="werewolf")),
    },
    "variant-doubleyou-great": {
        "second card told": line(lambda e: _is(e, "reveal", reason="second_card")),
        "wolf keeps a power": _wolf_power,
        "witch and seer in one seat": _two_powers,
    },
    "variant-blackdeath": {
        "judge draws": line(lambda e: _is(e, "plague", by=None)),
        "victim picks": line(lambda e: _is(e, "plague") and e["by"] is not None),
        "survivor wins": line(lambda e: _is(e, "game_end", winner="survivor")),
    },
    "variant-fascination": {
        "hypnosis": line(lambda e: _is(e, "touched", how="fascination")),
        "chain death": line(lambda e: _is(e, "death", cause="hypnosis")),
        "wolves win": line(lambda e: _is(e, "game_end", winner="wolves")),
    },
    "variant-harvest": {
        "three cards": line(lambda e: _is(e, "check_result") and e["result"].count(",") == 2),
        "box toss": line(lambda e: _is(e, "box_toss")),
        "card turned by the box": line(lambda e: _is(e, "role") and e["day"] > 0),
        "scapegoat dies for a neighbour": line(lambda e: _is(e, "death", cause="scapegoat")),
        "love triangle": line(lambda e: _is(e, "night_action", action="secret_lover")
                              and e["target"] is not None),
    },
}
"""Per variant edition: its special steps, each a test of a game's transcript lines."""


def variant_presets() -> list[str]:
    return [n for n in preset_names() if preset_file(n).edition in STEPS]


async def _results(config: GameConfig, spec: str, games: int) -> list[GameResult]:
    seats = range(1, config.players + 1)
    return [await run_game(config, {s: make_agent(spec, s, seed) for s in seats}, seed=seed)
            for seed in range(games)]


def play(preset: str, spec: str, games: int) -> tuple[str, Counter[str], Counter[str], float]:
    """(preset, winners, games showing each special step, mean days)."""
    steps = STEPS[preset_file(preset).edition]
    results = asyncio.run(_results(load_preset(preset), spec, games))
    transcripts = [[event.to_dict() for event in r.events] for r in results]
    seen = Counter(name for lines in transcripts for name, step in steps.items() if step(lines))
    return (preset, Counter(r.winner for r in results), seen,
            sum(r.days for r in results) / games)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--agent", default="random")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--presets", nargs="*", help="default: every variant preset")
    args = parser.parse_args()
    names = args.presets or variant_presets()
    seen_by: dict[str, Counter[str]] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = pool.map(play, names, [args.agent] * len(names), [args.games] * len(names))
        for preset, wins, seen, days in jobs:
            shares = ", ".join(f"{w} {n / args.games:.1%}" for w, n in wins.most_common())
            found = ", ".join(f"{step} {seen[step]}"
                              for step in STEPS[preset_file(preset).edition])
            print(f"{preset}: {args.games} games, {shares}; mean days {days:.1f}; "
                  f"games showing: {found}", flush=True)
            seen_by.setdefault(preset_file(preset).edition, Counter()).update(seen)
    print(f"{len(names)} presets in {time.perf_counter() - started:.0f} s")
    missing = [f"{edition}: {step}" for edition, seen in seen_by.items()
               for step in STEPS[edition] if not seen[step]]
    for line in missing:
        print(f"never seen: {line}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
