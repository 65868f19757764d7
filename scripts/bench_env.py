"""The environment's speed beside ``arena simulate``, side by side in one run.

Every seat of classic-8 is a learner playing uniformly random legal actions (drawn from
the action mask) in the AEC environment with ``text=False``, with ``text=True`` (the texts
are made when read: not read, and read at every request), and in the parallel
environment; beside them, ``arena
simulate --agents random`` plays the same preset (random bots, run in this process
through the command line's own entry point). Rounds are interleaved (the machine is
shared: its speed swings from minute to minute) and timed in CPU seconds of this
process; each round's ratios compare runs made back to back, and the medians are shown.

Targets (issue 34): env ``text=False`` >= 0.5x simulate, ``text=True`` >= 0.1x (shown
for the texts read too).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import statistics
import time
from collections.abc import Callable

from arena.app.entry import main as arena
from arena.envs import werewolf_v0

TARGETS = {"env text=False": 0.5, "env text=True": 0.1, "env text=True, read": 0.1}


def simulate(preset: str, games: int) -> float:
    """Games per CPU second of ``arena simulate`` with random bots."""
    argv = ["simulate", "--preset", preset, "--agents", "random", "--games", str(games),
            "--seed", "1", "--json"]
    with contextlib.redirect_stdout(io.StringIO()):
        cpu = time.process_time()
        assert arena(argv) == 0
        return games / (time.process_time() - cpu)


def aec(preset: str, games: int, text: bool, read: bool = False) -> tuple[float, int]:
    """Games per CPU second of the AEC environment, and the steps taken; ``read``: the
    policy reads the text of every request (the env makes it when read)."""
    env = werewolf_v0.env(preset, text=text)
    draw = random.Random(0).random
    steps = 0
    cpu = time.process_time()
    for seed in range(games):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if read:
                assert info["text"]
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[int(draw() * len(legal))]))
            steps += 1
    return games / (time.process_time() - cpu), steps


def parallel(preset: str, games: int) -> tuple[float, int]:
    """Games per CPU second of the parallel environment (text=False), and its steps."""
    env = werewolf_v0.parallel_env(preset, text=False)
    draw = random.Random(0).random
    steps = 0
    cpu = time.process_time()
    for seed in range(games):
        observations, _ = env.reset(seed=seed)
        while env.agents:
            actions = {}
            for agent, observation in observations.items():
                legal = observation["action_mask"].nonzero()[0]
                if len(legal):
                    actions[agent] = int(legal[int(draw() * len(legal))])
            observations, *_ = env.step(actions)
            steps += 1
    return games / (time.process_time() - cpu), steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="classic-8")
    parser.add_argument("--games", type=int, default=200, help="games per round and run")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds")
    args = parser.parse_args()
    games, text_games = args.games, max(args.games // 4, 1)
    runs: dict[str, Callable[[], tuple[float, int]]] = {
        "env text=False": lambda: aec(args.preset, games, False),
        "env text=True": lambda: aec(args.preset, games, True),
        "env text=True, read": lambda: aec(args.preset, text_games, True, read=True),
        "parallel text=False": lambda: parallel(args.preset, games),
    }
    simulate(args.preset, 10)  # the command's first run imports what it needs
    rates: dict[str, list[float]] = {"arena simulate": [], **{name: [] for name in runs}}
    ratios: dict[str, list[float]] = {name: [] for name in runs}
    steps: dict[str, int] = {}
    for _ in range(args.repeat):
        base = simulate(args.preset, games)
        rates["arena simulate"].append(base)
        for name, run in runs.items():
            rate, steps[name] = run()
            rates[name].append(rate)
            ratios[name].append(rate / base)
    print(f"{args.preset}, random legal actions, games per CPU second: median (best) of "
          f"{args.repeat} interleaved rounds; {games} games a run ({text_games} with text)")
    for name, values in rates.items():
        line = f"  {name:<20} {statistics.median(values):8.1f} ({max(values):7.1f})"
        if name in ratios:
            played = text_games if name.endswith("read") else games
            line += (f"   {statistics.median(ratios[name]):5.2f}x simulate"
                     f"   {steps[name] / played:5.1f} steps a game")
            if name in TARGETS:
                ok = statistics.median(ratios[name]) >= TARGETS[name]
                line += f"   target {TARGETS[name]}x: {'met' if ok else 'NOT met'}"
        print(line)


if __name__ == "__main__":
    main()
