"""Run a tournament: its games into a run folder, resumable, within a budget.

The run folder holds ``config.toml`` (the config the run was started with),
``games/<index>-<id>.jsonl`` (one transcript per game) and ``manifest.jsonl``
(one flushed line per finished game). A game is finished exactly when its
manifest line is written; ``resume`` deletes any other transcript (a game that
was in flight) and plays only the games the manifest lacks, with the same
seeds, so a resumed run holds the same games as an uninterrupted one.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from agents import AgentSpecError, make_agent
from arena.cli import Setup, play_game
from arena.engine import BaseEvent, GameResult
from arena.engine.events import UsageRecord
from arena.engine.game import usage_totals
from arena.tournament_config import TournamentConfig, TournamentError, parse_config
from arena.tournament_schedule import GameSpec

CONFIG_FILE = "config.toml"
MANIFEST_FILE = "manifest.jsonl"
GAMES_DIR = "games"


def transcript_name(spec: GameSpec) -> str:
    """Where a game's transcript lies, relative to the run folder."""
    return f"{GAMES_DIR}/{spec.game_id}.jsonl"


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: one line of the manifest."""

    index: int
    game_id: str
    path: str
    preset: str
    seed: int
    agents: list[str]
    winner: str
    days: int
    cost_usd: float
    seconds: float

    @classmethod
    def of(cls, spec: GameSpec, result: GameResult, seconds: float) -> Outcome:
        cost = sum((t["cost_usd"] for t in usage_totals(result.events).values()), 0.0)
        return cls(spec.index, spec.game_id, transcript_name(spec), spec.preset,
                   spec.seed, list(spec.agents), result.winner, result.days, round(cost, 6),
                   round(seconds, 3))


def setup_for(config: TournamentConfig, spec: GameSpec) -> Setup:
    """The game a spec describes, ready for ``play_game``."""
    game_config = config.game_config(spec.preset)
    if spec.names:
        game_config = game_config.model_copy(update={"names": spec.names})
    seats = dict(enumerate(spec.agents, start=1))
    return Setup(game_config, {n: config.agents[a].agent for n, a in seats.items()}, spec.seed,
                 list(spec.deal), None, config.timeout, config.record_reasoning,
                 {n: config.seat_options(a) for n, a in seats.items()}, config.lang, seats)


async def play_spec(config: TournamentConfig, spec: GameSpec, out: Path,
                    sink: Callable[[BaseEvent], None] | None = None) -> Outcome:
    started = time.perf_counter()
    result = await play_game(setup_for(config, spec), spec.seed, out, sink)
    return Outcome.of(spec, result, time.perf_counter() - started)


def check_agents(config: TournamentConfig) -> None:
    """Before any game: every agent builds (a model agent needs its key), or one line."""
    for name, entry in config.agents.items():
        try:
            make_agent(entry.agent, 1, config.seed, entry, config.lang)
        except AgentSpecError as exc:
            raise TournamentError(f"agents.{name}: {exc}") from None


class RunFolder:
    """A tournament's folder: its config copy, transcripts and manifest."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.games = path / GAMES_DIR
        self.manifest = path / MANIFEST_FILE

    def transcript(self, spec: GameSpec) -> Path:
        return self.path / transcript_name(spec)

    def start(self, config_text: str) -> None:
        """A new run: refuses a folder that already holds one."""
        if (self.path / CONFIG_FILE).exists() or self.manifest.exists():
            raise TournamentError(f"{self.path} already holds a run: add --resume to finish "
                                  "it, or choose another --out")
        self.games.mkdir(parents=True, exist_ok=True)
        (self.path / CONFIG_FILE).write_text(config_text, encoding="utf-8")

    def resume(self, config: TournamentConfig) -> dict[int, Outcome]:
        """The finished games; drops a torn manifest line and unfinished transcripts."""
        saved_file = self.path / CONFIG_FILE
        if not saved_file.exists():
            raise TournamentError(f"{self.path}: no run to resume (no {CONFIG_FILE})")
        saved = parse_config(saved_file.read_text(encoding="utf-8"), str(saved_file))
        changed = [k for k, v in config.schedule_fields().items()
                   if saved.schedule_fields()[k] != v]
        if changed:
            raise TournamentError(f"the config differs from the run's {saved_file} in "
                                  f"{', '.join(changed)}: only concurrency, limits and "
                                  "budget_usd may change on resume")
        done = self._read_manifest()
        self.manifest.write_text("".join(_line(o) for o in done.values()), encoding="utf-8")
        self.games.mkdir(parents=True, exist_ok=True)
        kept = {self.path / o.path for o in done.values()}
        for path in self.games.glob("*.jsonl"):
            if path not in kept:
                path.unlink()
        return done

    def _read_manifest(self) -> dict[int, Outcome]:
        done: dict[int, Outcome] = {}
        if not self.manifest.exists():
            return done
        for row in self.manifest.read_text(encoding="utf-8").splitlines():
            try:
                outcome = Outcome(**json.loads(row))
            except (json.JSONDecodeError, TypeError):
                continue  # a line torn by a crash: that game runs again
            if (self.path / outcome.path).exists():
                done[outcome.index] = outcome
        return done

    def record(self, outcome: Outcome) -> None:
        with self.manifest.open("a", encoding="utf-8") as file:
            file.write(_line(outcome))
            file.flush()


def _line(outcome: Outcome) -> str:
    return json.dumps(asdict(outcome), ensure_ascii=False) + "\n"


@dataclass
class Tracker:
    """Finished games and spend (finished games plus the usage of games in flight)."""

    folder: RunFolder
    budget_usd: float | None
    done: dict[int, Outcome]
    on_change: Callable[[Tracker], None] = lambda _: None
    live: dict[int, float] = field(default_factory=dict)

    @property
    def spent(self) -> float:
        return sum(o.cost_usd for o in self.done.values()) + sum(self.live.values())

    def over_budget(self) -> bool:
        return self.budget_usd is not None and self.spent >= self.budget_usd

    def sink(self, index: int) -> Callable[[BaseEvent], None]:
        """Counts a game's model spend as its usage events arrive."""
        def take(event: BaseEvent) -> None:
            if isinstance(event, UsageRecord):
                self.live[index] = self.live.get(index, 0.0) + event.cost_usd
                self.on_change(self)
        return take

    def finish(self, outcome: Outcome) -> None:
        self.folder.record(outcome)
        self.live.pop(outcome.index, None)
        self.done[outcome.index] = outcome
        self.on_change(self)


async def run_local(config: TournamentConfig, pending: list[GameSpec], tracker: Tracker) -> None:
    """Play the pending games in this process, ``config.concurrency`` at a time."""
    queue = iter(pending)

    async def worker() -> None:
        for spec in queue:
            await asyncio.sleep(0)  # bot games never wait: let Ctrl-C in between games
            if tracker.over_budget():
                return
            tracker.finish(await play_spec(config, spec, tracker.folder.transcript(spec),
                                           tracker.sink(spec.index)))

    await asyncio.gather(*(worker() for _ in range(min(config.concurrency, len(pending)))))


def summary(tracker: Tracker, total: int) -> dict[str, Any]:
    """What the run did: games done, spend, and why it stopped short if it did."""
    done = len(tracker.done)
    stopped = None
    if done < total and tracker.over_budget():
        stopped = (f"budget reached: ${tracker.spent:.4f} of ${tracker.budget_usd:.4f}; "
                   "raise budget_usd and run again with --resume")
    return {"games": done, "total": total, "spent_usd": round(tracker.spent, 6),
            "stopped": stopped, "folder": str(tracker.folder.path)}
