"""Digests of the heuristic's play in seeded games, against a fixture: the decisions
(votes, kills, checks, claims, beliefs; recorded before the belief was made fast, issue
19: the exact path must decide alike) and, apart, the words of its speeches.

Regenerate the speech digests when only the wording changed (refused if any decision
digest moved): ``.venv/bin/python -m tests.heuristic_golden --write-speech``; both, only
when a change of decisions is intended: ``.venv/bin/python -m tests.heuristic_golden --write``.
A new preset is compared once it is recorded: ``--add`` records the presets the fixture
does not hold yet and leaves every entry it holds as it is.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
from pathlib import Path
from typing import NamedTuple

from agents import make_agent
from arena.engine import Decision, GameConfig, Observation, Request, run_game
from arena.engine.judge import SeatAgent
from arena.presets import load_preset, preset_names

FIXTURE = Path(__file__).parent / "fixtures" / "heuristic_decisions.json"
SMALL_SEEDS = range(12)  # tables of up to 12 seats
LARGE_SEEDS = range(4)  # larger tables


class Recorder:
    """A seat's agent, passed through, its every answer written to shared logs: the
    decision less its words, and the words."""

    concurrent = False

    def __init__(self, inner: SeatAgent, seat: int, acts: list[str], words: list[str]) -> None:
        self.inner, self.seat, self.acts, self.words = inner, seat, acts, words

    async def decide(self, observation: Observation, request: Request) -> Decision:
        decision = await self.inner.decide(observation, request)
        act = decision.to_dict()
        text = act.pop("text", "")
        self.acts.append(json.dumps([self.seat, request.kind, act, decision.beliefs],
                                    sort_keys=True))
        if text:
            self.words.append(json.dumps([self.seat, request.kind, text], ensure_ascii=False))
        return decision


class Digests(NamedTuple):
    """The sha256 of one game's decisions and of its speeches' words."""

    decisions: str
    speech: str


def sha(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def digest(config: GameConfig, seed: int) -> Digests:
    """The digests of one all-heuristic game."""
    acts: list[str] = []
    words: list[str] = []
    agents: dict[int, SeatAgent] = {
        s: Recorder(make_agent("heuristic", s, seed), s, acts, words)
        for s in range(1, config.players + 1)}
    asyncio.run(run_game(config, agents, seed=seed))
    return Digests(sha(acts), sha(words))


def seeds(config: GameConfig) -> range:
    return SMALL_SEEDS if config.players <= 12 else LARGE_SEEDS


def record(names: list[str] | None = None) -> dict[str, dict[str, list[str]]]:
    """Every preset's (or ``names``') digests, per seed, by kind (decisions, speech)."""
    out: dict[str, dict[str, list[str]]] = {kind: {} for kind in Digests._fields}
    for name in preset_names() if names is None else names:
        config = load_preset(name)
        found = [digest(config, seed) for seed in seeds(config)]
        for kind in Digests._fields:
            out[kind][name] = [getattr(d, kind) for d in found]
        print(name, flush=True)
    return out


def write(golden: dict[str, dict[str, list[str]]]) -> None:
    FIXTURE.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="re-record every digest")
    mode.add_argument("--write-speech", action="store_true",
                      help="re-record the speech digests; refused if a decision digest moved")
    mode.add_argument("--add", action="store_true",
                      help="record the presets the fixture does not hold yet, and only them")
    args = parser.parse_args()
    if args.add:
        kept = json.loads(FIXTURE.read_text(encoding="utf-8"))
        new = record([n for n in preset_names() if n not in kept["decisions"]])
        write({kind: {**kept[kind], **new[kind]} for kind in Digests._fields})
        sys.exit(0)
    golden = record()
    if args.write:
        write(golden)
    elif args.write_speech:
        kept = json.loads(FIXTURE.read_text(encoding="utf-8"))
        if golden["decisions"] != kept["decisions"]:
            moved = sorted(n for n, d in golden["decisions"].items()
                           if d != kept["decisions"].get(n))
            sys.exit(f"decisions moved in {', '.join(moved)}: not written")
        write({**kept, "speech": golden["speech"]})
