"""Engine speed beside a peer: games per second of random legal agents, measured side by
side in one run against TextArena's SecretMafia-v0-raw at 8 players.

The peer runs in a throwaway environment (``--peer-venv``, made with ``pip install
textarena`` when missing; if that fails the command is printed and only our figures
are shown). Both sides are timed in CPU seconds of their own process, in interleaved
rounds (the machine is shared: its speed swings from minute to minute); each round's
ratio compares rounds run back to back, and the median ratio is reported.

Our side keeps everything a game records: the event log, each seat's view where an
agent looks, and the judge's check of every answer. Workloads:

- ``arena-8``: the 8-player game (2 wolves, seer, guard, 4 villagers, no sheriff) under
  the peer's rules as far as rule keys reach: three speech rounds, ties and the pack's
  split votes drawn by lot, no abstaining, no roles shown at death, no wolf chat, the
  guard may not protect himself but may repeat, the wolves win at parity;
- ``arena-8-classic``: the same cards under the classic edition's rules;
- ``classic-12``: the classic-12 preset.

Targets (issue 19): arena-8 >= 2.0x the peer's 8-player game, classic-12 >= 1.5x.

Two floors follow each workload: the same number of decisions per game as it asked,
each reduced to what any engine keeping a log and checking answers must do (a
question, a random legal answer, its check, one event) and no rules at all; ``types``
builds them as the engine's own Request, Decision and Vote, ``tuples`` as plain
tuples. A floor is an upper bound on the games per second of an engine built from
those parts: the ``types`` floor of classic-12 sits near its target.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from agents.base import blind
from agents.random import RandomAgent
from arena.engine import Decision, GameConfig, Request, run_game_in_line
from arena.engine.events import Vote
from arena.presets import load_preset

ARENA_8 = {"werewolf": 2, "seer": 1, "guard": 1, "villager": 4}
PEER_RULES: dict[str, Any] = {
    "sheriff.election": "none", "vote.tie": ["random"], "vote.allow_abstain": False,
    "wolves.consensus": "plurality_lot", "wolves.allow_no_kill": False, "wolves.win": "parity",
    "wolves.chat": False, "speech.rounds_day1": 3, "speech.rounds_later": 3,
    "guard.allow_self": False, "guard.allow_repeat": True, "reveal.night_death": False,
    "reveal.vote_death": False, "reveal.day_death": False,
}
TARGETS = {"arena-8": 2.0, "classic-12": 1.5}

# The peer's loop: random legal actions (a mafia member names a non-mafia seat; the
# others a living seat but themselves; speeches are one short sentence).
PEER = r"""
import json, random, sys, time
import textarena as ta
from textarena.envs.SecretMafia.env import Phase

def game(seed, rng):
    env = ta.make("SecretMafia-v0-raw")
    env.reset(num_players=8, seed=seed)
    done, steps = False, 0
    while not done:
        pid, _ = env.get_observation()
        alive = env.state.game_state["alive_players"]
        if env.phase == Phase.DAY_DISCUSSION:
            action = "I am a villager."
        elif env.phase == Phase.NIGHT_MAFIA:
            action = f"[{rng.choice([p for p in alive if env.player_roles[p] != 'Mafia'])}]"
        else:
            action = f"[{rng.choice([p for p in alive if p != pid] or alive)}]"
        done, _ = env.step(action)
        steps += 1
    env.close()
    return steps

rng, seed = random.Random(0), 0
for line in sys.stdin:
    n, steps = int(line), 0
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(n):
        steps += game(seed, rng)
        seed += 1
    print(json.dumps({"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall,
                      "decisions": steps}), flush=True)
"""


def workloads() -> dict[str, GameConfig]:
    return {
        "arena-8": load_preset("classic-8", roles=ARENA_8, overrides=PEER_RULES),
        "arena-8-classic": load_preset("classic-8", roles=ARENA_8,
                                       overrides={"sheriff.election": "none"}),
        "classic-12": load_preset("classic-12"),
    }


class Counted(RandomAgent):
    """The random bot's legal picks from one generator per game (as the peer's loop
    draws), counting its answers (on the instance: a class attribute written at each
    answer would reset the class's attribute caches)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = self.aside_rng = rng
        self.asked = 0

    @blind
    def decide(self, request: Request) -> Decision:
        self.asked += 1
        return self.pick(request)


def ours(config: GameConfig, games: int, first_seed: int) -> dict[str, float]:
    """CPU and wall seconds of ``games`` games, and the decisions asked in them."""
    asked = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        agents = {s: Counted(rng) for s in range(1, config.players + 1)}
        run_game_in_line(config, agents, seed=seed)
        asked += sum(agent.asked for agent in agents.values())
    return {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall,
            "decisions": asked}


def floor(decisions: int, seats: int, *, plain: bool) -> float:
    """CPU seconds of ``decisions`` bare decisions at ``seats`` seats (see the docstring)."""
    rng, options = random.Random(0), tuple(range(1, seats + 1))
    log: list[object] = []
    cpu = time.process_time()
    for _ in range(decisions):
        if plain:
            question = (2, "vote", 1, options, False)
            answer = ("vote", rng.choice(question[3]))
            if answer[0] == question[1] and answer[1] in question[3]:
                log.append((len(log), 1, "day", "public", "vote", 2, answer[1]))
        else:
            request = Request(2, "vote", 1, options, False, {}, 60.0, 2000, 2)
            decision = Decision("vote", rng.choice(request.options))
            if request.validate(decision) is None:
                log.append(Vote(len(log), 1, "day", "public", seat=2, target=decision.target,
                                round=1, weight=1.0))
    return time.process_time() - cpu


def peer_python(venv: Path) -> Path | None:
    """The peer's interpreter, installing TextArena into ``venv`` when missing."""
    python = venv / "bin" / "python"
    command = f"{sys.executable} -m venv {venv} && {python} -m pip install -q textarena"
    if not python.exists() or subprocess.run([python, "-c", "import textarena"],
                                             capture_output=True).returncode:
        print(f"installing the peer: {command}", flush=True)
        if subprocess.run(command, shell=True).returncode:
            print(f"could not install the peer; run:\n  {command}")
            return None
    return python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per round and side")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--peer-venv", type=Path, default=Path("/tmp/peer-venv"))
    args = parser.parse_args()
    configs = workloads()
    python = peer_python(args.peer_venv)
    peer = (subprocess.Popen([python, "-c", PEER], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True) if python else None)
    floors = [f"{name} floor, {kind}" for name in configs for kind in ("types", "tuples")]
    rates: dict[str, list[float]] = {name: [] for name in ["peer", *configs, *floors]}
    per_decision: dict[str, list[float]] = {name: [] for name in rates}
    ratios: dict[str, list[float]] = {name: [] for name in [*configs, *floors]}
    for round_no in range(args.rounds):
        seed = round_no * args.games
        peer_rate = None
        if peer is not None:
            assert peer.stdin is not None and peer.stdout is not None
            peer.stdin.write(f"{args.games}\n")
            peer.stdin.flush()
            timing = json.loads(peer.stdout.readline())
            peer_rate = args.games / timing["cpu"]
            rates["peer"].append(peer_rate)
            per_decision["peer"].append(timing["decisions"] / timing["cpu"])
        for name, config in configs.items():
            timing = ours(config, args.games, seed)
            asked = int(timing["decisions"])
            bare = {"types": floor(asked, config.players, plain=False),
                    "tuples": floor(asked, config.players, plain=True)}
            for row, cpu in [(name, timing["cpu"]),
                             *((f"{name} floor, {kind}", t) for kind, t in bare.items())]:
                rates[row].append(args.games / cpu)
                per_decision[row].append(asked / cpu)
                if peer_rate:
                    ratios[row].append(args.games / cpu / peer_rate)
    if peer is not None:
        assert peer.stdin is not None
        peer.stdin.close()
        peer.wait()
    print(f"random legal agents, {args.rounds} interleaved rounds of {args.games} games; "
          "CPU time; median (best) per round")
    print(f"  {'':<28}{'games/s':>16}{'decisions/s':>18}{'x peer':>16}")
    for name, values in rates.items():
        if not values:
            continue
        ratio = (f"{statistics.median(ratios[name]):6.2f} ({max(ratios[name]):.2f})"
                 if ratios.get(name) else "")
        print(f"  {name:<28}{statistics.median(values):8.0f} ({max(values):5.0f})"
              f"{statistics.median(per_decision[name]):10.0f} ({max(per_decision[name]):6.0f})"
              f"{ratio:>16}")
    for name, target in TARGETS.items():
        if ratios[name]:
            got = statistics.median(ratios[name])
            print(f"target {name} >= {target}x the peer: {got:.2f}x "
                  f"{'met' if got >= target else 'NOT met'}")


if __name__ == "__main__":
    main()
