"""Run a tournament: its games into a run folder, resumable, within a budget.

The run folder holds ``config.toml`` (the config the run was started with),
``run.json`` (the schedule-defining config and its hash), ``games/<index>-<id>.jsonl``
(one transcript per game), ``manifest.jsonl`` (one flushed line per finished game),
``spend.jsonl`` (the spend ledger) and ``aborted.jsonl`` (the games that stopped
aborted, their transcripts kept aside: aborts.py). A game is finished exactly when its
manifest line is written; ``resume`` refuses a config whose schedule differs
from ``run.json``, deletes any other transcript (a game that was in flight) and
plays only the games the manifest lacks, with the same seeds, so a resumed run
holds the same games as an uninterrupted one.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import statistics
import time
from collections import deque
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from agents import AgentSpecError, make_agent, probe_agents
from agents.base import Agent
from agents.breaker import Limits
from agents.llm import LLMAgent
from agents.providers.describe import safe_spec
from agents.providers.prices import price_for
from arena.app.budget import Budget, capped, spent_usd
from arena.app.session import Setup, play_game
from arena.app.tournament.aborts import AbortedGame, aborted_name
from arena.app.tournament.config import RESUME_MAY_CHANGE, TournamentConfig, TournamentError
from arena.app.tournament.pause import Pauses, fallback_shares
from arena.app.tournament.schedule import GameSpec
from arena.engine import GameResult, StopGame
from arena.outputs import cannot_write, make_folder, write_text
from arena.run_layout import (
    ABORTED_FILE,
    CONFIG_FILE,
    GAMES_DIR,
    MANIFEST_FILE,
    RUN_FILE,
    SPEND_FILE,
)
from arena.transcript import ends_with_game_end


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
    fallback_shares: dict[str, float] = field(default_factory=dict)

    @classmethod
    def of(cls, spec: GameSpec, result: GameResult, seconds: float) -> Outcome:
        return cls(spec.index, spec.game_id, transcript_name(spec), spec.preset,
                   spec.seed, list(spec.agents), result.winner, result.days,
                   spent_usd(result.events),
                   round(seconds, 3), fallback_shares(result.events, spec.agents))


@dataclass
class CappedSetup(Setup):
    """A tournament game's setup: its model seats call through the run's budget."""

    budget: Budget = field(default_factory=lambda: Budget(None))
    index: int = 0

    def agent(self, spec: str, seat: int, seed: int) -> Agent:
        agent = super().agent(spec, seat, seed)
        if isinstance(agent, LLMAgent):
            agent.provider = capped(agent.provider, self.budget, self.index)
        return agent


def setup_for(config: TournamentConfig, spec: GameSpec, budget: Budget) -> Setup:
    """The game a spec describes, ready for ``play_game``."""
    game_config = config.game_config(spec.preset)
    if spec.names:
        game_config = game_config.model_copy(update={"names": spec.names})
    seats = dict(enumerate(spec.agents, start=1))
    return CappedSetup(game_config, {n: config.agents[a].agent for n, a in seats.items()},
                       spec.seed, list(spec.deal), None, config.timeout, config.record_reasoning,
                       {n: config.seat_options(a) for n, a in seats.items()}, config.lang,
                       seats, abort_after=Limits(config.abort_after, config.abort_after_s),
                       budget=budget, index=spec.index)


async def play_spec(config: TournamentConfig, spec: GameSpec, out: Path,
                    budget: Budget) -> Outcome | AbortedGame:
    """Play one game: its outcome, or what stopped it (its transcript then ends
    ``aborted``; ``Tracker.abort`` files it)."""
    started = time.perf_counter()
    try:
        result = await play_game(setup_for(config, spec, budget), spec.seed, out)
    except StopGame as stop:
        return AbortedGame.of(spec, stop, transcript_name(spec), time.perf_counter() - started)
    return Outcome.of(spec, result, time.perf_counter() - started)


def check_agents(config: TournamentConfig) -> list[str]:
    """Before any game: every agent builds (a model agent needs its key), a budget knows
    every model's price, and every model endpoint answers a probe, or one line. Returns
    the agents whose model has no price (their spend is unknown)."""
    built: dict[str, Agent] = {}
    for name, entry in config.agents.items():
        try:
            built[name] = make_agent(entry.agent, 1, config.seed, entry, config.lang)
        except AgentSpecError as exc:
            raise TournamentError(f"agents.{name}: {exc}") from None
    unpriced = [name for name, agent in built.items()
                if isinstance(agent, LLMAgent) and price_for(agent.provider.model) is None]
    if unpriced and config.budget_usd is not None:
        name = unpriced[0]
        raise TournamentError(
            f"agents.{name}: {safe_spec(config.agents[name].agent)} has no price, so "
            "budget_usd cannot cap its spend: add its model to agents/providers/prices.toml "
            "(a local one at 0.0), or remove budget_usd")
    try:
        probe_agents({f"agents.{name}": agent for name, agent in built.items()})
    except AgentSpecError as exc:
        raise TournamentError(str(exc)) from None
    return unpriced


def schedule_record(config: TournamentConfig) -> dict[str, Any]:
    """What ``run.json`` holds: the schedule-defining config and its hash."""
    fields = json.loads(json.dumps(config.schedule_fields(), sort_keys=True, default=str))
    return {"schedule_sha256": _digest(fields), "schedule": fields}


def _digest(fields: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()


def changed_keys(old: Any, new: Any, prefix: str = "") -> list[str]:
    """The dotted keys whose values differ (tables compared key by key)."""
    if isinstance(old, dict) and isinstance(new, dict):
        return [key for name in sorted(old.keys() | new.keys())
                for key in changed_keys(old.get(name), new.get(name), f"{prefix}{name}.")]
    return [] if old == new else [prefix.rstrip(".")]


class RunFolder:
    """A tournament's folder: its config, schedule record, transcripts, manifest, ledger."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.games = path / GAMES_DIR
        self.manifest = path / MANIFEST_FILE
        self.ledger = path / SPEND_FILE
        self.aborted = path / ABORTED_FILE

    def transcript(self, spec: GameSpec) -> Path:
        return self.path / transcript_name(spec)

    def start(self, config_text: str, config: TournamentConfig) -> None:
        """A new run: refuses a folder that already holds one."""
        if any((self.path / name).exists() for name in (CONFIG_FILE, RUN_FILE, MANIFEST_FILE)):
            raise TournamentError(f"{self.path} already holds a run: add --resume to finish "
                                  "it, or choose another --out")
        make_folder(self.games)
        write_text(self.path / CONFIG_FILE, config_text)
        write_text(self.path / RUN_FILE, json.dumps(schedule_record(config), indent=1) + "\n")

    def resume(self, config: TournamentConfig) -> dict[int, Outcome]:
        """The finished games; drops torn lines and unfinished transcripts (a game whose
        transcript is missing, or does not end with a whole ``game_end``, is played again).

        Refuses a config whose schedule differs from the one the run started with.
        """
        self._check_schedule(config)
        done = {o.index: o for o in map(_outcome, _rows(self.manifest))
                if o is not None and ends_with_game_end(self.path / o.path)}
        write_text(self.manifest, "".join(_line(asdict(o)) for o in done.values()))
        write_text(self.ledger, "".join(map(_line, _rows(self.ledger))))
        make_folder(self.games)
        kept = {self.path / path for path in [*(o.path for o in done.values()),
                                              *(a.path for a in self.aborts())]}
        for path in self.games.glob("*.jsonl"):
            if path not in kept:
                try:
                    path.unlink()
                except OSError as exc:
                    raise cannot_write(path, exc) from None
        return done

    def _check_schedule(self, config: TournamentConfig) -> None:
        saved_file = self.path / RUN_FILE
        try:
            saved = json.loads(saved_file.read_text(encoding="utf-8"))
            fields, digest = saved["schedule"], saved["schedule_sha256"]
        except FileNotFoundError:
            raise TournamentError(f"{self.path}: no run to resume (no {RUN_FILE})") from None
        except (json.JSONDecodeError, KeyError, TypeError):
            raise TournamentError(f"{saved_file}: not a run record") from None
        if _digest(fields) != digest:
            raise TournamentError(f"{saved_file} was edited: its schedule no longer matches "
                                  "its hash")
        changed = changed_keys(fields, schedule_record(config)["schedule"])
        if changed:
            raise TournamentError(f"the config differs from the run's schedule ({saved_file}) "
                                  f"in {', '.join(changed)}: only "
                                  f"{', '.join(RESUME_MAY_CHANGE)} may change on resume")

    def spent(self) -> float:
        """The ledger's total: every model call of the run so far, finished game or not."""
        return sum(float(row.get("usd", 0.0)) for row in _rows(self.ledger))

    def book(self, index: int, usd: float) -> None:
        _append(self.ledger, {"index": index, "usd": usd})

    def record(self, outcome: Outcome) -> None:
        _append(self.manifest, asdict(outcome))

    def aborts(self) -> list[AbortedGame]:
        """The games of the run that stopped aborted, in order (torn lines dropped)."""
        aborts = []
        for row in _rows(self.aborted):
            try:
                aborts.append(AbortedGame(**row))
            except TypeError:
                continue
        return aborts

    def file_abort(self, game: AbortedGame) -> AbortedGame:
        """Move an aborted game's transcript aside and record it; the record as filed."""
        earlier = sum(1 for a in self.aborts() if a.index == game.index)
        filed = replace(game, path=aborted_name(game.game_id, earlier))
        try:
            (self.path / game.path).replace(self.path / filed.path)
        except OSError as exc:
            raise cannot_write(self.path / filed.path, exc) from None
        _append(self.aborted, asdict(filed))
        return filed


def _rows(path: Path) -> list[dict[str, Any]]:
    """A JSON-lines file's objects, without lines torn by a crash (none if it is absent)."""
    if not path.exists():
        return []
    rows = []
    for text in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(text)
        except json.JSONDecodeError:
            continue
        if isinstance(row, dict):
            rows.append(row)
    return rows


def _outcome(row: dict[str, Any]) -> Outcome | None:
    try:
        return Outcome(**row)
    except TypeError:
        return None


def _line(row: dict[str, Any]) -> str:
    return json.dumps(row, ensure_ascii=False) + "\n"


def _append(path: Path, row: dict[str, Any]) -> None:
    try:
        with path.open("a", encoding="utf-8") as file:
            file.write(_line(row))
    except OSError as exc:  # a torn line is dropped on resume
        raise cannot_write(path, exc) from None


@dataclass
class Tracker:
    """Finished games and the spend of the run, with the budget's admission of games."""

    folder: RunFolder
    budget_usd: float | None
    done: dict[int, Outcome]
    on_change: Callable[[Tracker], None] = lambda _: None
    pauses: Pauses = field(default_factory=Pauses)
    budget: Budget = field(init=False)
    aborted: list[AbortedGame] = field(init=False)  # the run's aborted games, resumed or not

    def __post_init__(self) -> None:
        self.budget = Budget(self.budget_usd, self.folder.spent(), self._book)
        self.aborted = self.folder.aborts()

    @property
    def spent(self) -> float:
        return self.budget.spent

    def _book(self, index: int, usd: float) -> None:
        self.folder.book(index, usd)
        self.on_change(self)

    def estimate(self) -> float | None:
        """A game's expected cost, on the high side, since a game the cap stops is lost
        for the run: the mean of the finished games' costs plus two standard deviations,
        and at least the dearest of them; twice the cost of the first (None before any)."""
        costs = [o.cost_usd for o in self.done.values()]
        if len(costs) < 2:
            return 2 * costs[0] if costs else None
        return max(max(costs), statistics.fmean(costs) + 2 * statistics.stdev(costs))

    def admits(self, running: Collection[int], slots: int = 1) -> bool:
        """Whether a game may start: ``slots`` games at the estimated cost fit in what is
        left beside what the running games are still expected to spend. Before any
        game has finished, one game plays alone."""
        left = self.budget.left
        if self.budget.cap is None:
            return True
        if self.budget.exhausted or left <= 0:
            return False
        estimate = self.estimate()
        if not running:
            return estimate is None or estimate <= left
        if estimate is None:
            return False
        expected = sum(max(estimate - self.budget.by_game.get(i, 0.0), 0.0) for i in running)
        return expected + slots * estimate <= left

    def finish(self, outcome: Outcome) -> None:
        self.folder.record(outcome)
        self.done[outcome.index] = outcome
        self.pauses.record(outcome.game_id, outcome.agents, outcome.fallback_shares)
        self.on_change(self)

    def abort(self, game: AbortedGame) -> None:
        """A game stopped aborted: filed, and no game starts that would meet the same end
        (none at all for want of budget; none on the seat's endpoint else)."""
        filed = self.folder.file_abort(game)
        self.aborted.append(filed)
        if filed.budget:
            self.budget.exhausted = True
        else:
            self.pauses.abort(filed.game_id, filed.agent, filed.cause)
        self.on_change(self)

    def settle(self, result: Outcome | AbortedGame) -> None:
        """A game that ended, finished or aborted."""
        if isinstance(result, AbortedGame):
            self.abort(result)
        else:
            self.finish(result)

    def take(self, queue: deque[GameSpec]) -> GameSpec | None:
        """The next queued game that uses no paused endpoint (the others are dropped:
        left for a resume); None when there is none."""
        while queue:
            spec = queue.popleft()
            if self.pauses.allows(spec.agents):
                return spec
        return None


async def run_local(config: TournamentConfig, pending: list[GameSpec], tracker: Tracker) -> None:
    """Play the pending games in this process, up to ``config.concurrency`` at a time,
    while the budget admits them."""
    queue = deque(pending)
    running: dict[asyncio.Task[Outcome | AbortedGame], int] = {}
    try:
        while True:
            while (len(running) < config.concurrency and tracker.admits(running.values())
                   and (spec := tracker.take(queue)) is not None):
                game = play_spec(config, spec, tracker.folder.transcript(spec), tracker.budget)
                running[asyncio.create_task(game)] = spec.index
            if not running:
                return
            finished, _ = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
            for task in finished:
                del running[task]
                tracker.settle(task.result())
    finally:  # one game failed (a full disk): the others stop, each error retrieved once
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)


def summary(tracker: Tracker, total: int, unpriced: Sequence[str] = ()) -> dict[str, Any]:
    """What the run did: games done, spend (``unpriced``: the agents whose calls it does
    not count, having no price), the games that stopped aborted and what they cost (in
    the spend), and why it stopped short if it did."""
    done = len(tracker.done)
    stopped = None
    paused = tracker.pauses.report()
    if paused:
        stopped = (f"{len(paused)} model endpoint{'s' if len(paused) > 1 else ''} paused, "
                   f"{total - done} games left; fix {'them' if len(paused) > 1 else 'it'} and "
                   f"run: arena tournament {tracker.folder.path} --resume")
    elif done < total:
        stopped = (f"budget reached: spent ${tracker.spent:.4f} of "
                   f"${tracker.budget.cap or 0:.4f}, {total - done} games left; raise "
                   f"budget_usd in {tracker.folder.path / CONFIG_FILE} and run: "
                   f"arena tournament {tracker.folder.path} --resume")
    return {"games": done, "total": total, "spent_usd": round(tracker.spent, 6),
            "unpriced_agents": list(unpriced), "stopped": stopped, "paused": paused,
            "aborted": [{"game_id": a.game_id, "path": a.path, "seat": a.seat,
                         "endpoint": a.endpoint, "cause": a.cause, "cost_usd": a.cost_usd}
                        for a in tracker.aborted],
            "aborted_usd": round(sum(a.cost_usd for a in tracker.aborted), 6),
            "folder": str(tracker.folder.path)}
