"""The server's tables: at most ``max_tables`` games at once, each table's agents built
(people's web seats, bots, model seats from the profiles, their fallbacks), its session
run as a task, and finished tables kept for reloads (``table``: one table)."""

from __future__ import annotations

import asyncio
import secrets
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from agents import Agent, make_agent
from arena.app.server.links import sign
from arena.app.server.notices import FallbackNotices
from arena.app.server.profiles import Profiles
from arena.app.server.seat import WebSeat
from arena.app.server.seating import (
    ModelSeats,
    SeatingError,
    check_choices,
)
from arena.app.server.spending import ServerSpend, TableSpend
from arena.app.server.table import Table, TableError, TableSpec
from arena.app.session import Session, Sink
from arena.engine import GameConfig
from arena.errors import TranscriptError, UsageError

MAX_TABLES = 32
GRACE_S = 30.0  # the judge's own time limit runs this much past a human's turn
NIGHT_STEP_S = 2.0  # the least time each night step takes, by default


def _fallback(spec: TableSpec, seat: int, seed: int) -> Agent | None:
    return (None if spec.fallback == "default"
            else make_agent(spec.fallback, seat, seed, lang=spec.lang))


class TableManager:
    """All tables of one server; transcripts go to ``out_dir``. At most ``max_tables`` games
    run at once; finished tables stay open for reloads until ``KEPT`` times as many exist."""

    KEPT = 4

    def __init__(self, out_dir: Path, max_tables: int = MAX_TABLES, *,
                 profiles: Profiles | None = None, budget_usd: float | None = None,
                 table_budget_usd: float | None = None,
                 night_step_s: float = NIGHT_STEP_S, speech_s: float | None = None,
                 secret: str | None = None) -> None:
        self.out_dir = out_dir
        self.secret = secret or secrets.token_urlsafe(32)  # signs the links (``links``)
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}
        self.profiles = profiles or Profiles()
        self.spend = ServerSpend(budget_usd)
        self.table_budget_usd = table_budget_usd
        self.night_step_s = night_step_s
        self.speech_s = speech_s

    def spending(self) -> dict[str, Any]:
        """The host's view: the server's spend and cap, and each table's."""
        return {"spent": self.spend.spent, "cap": self.spend.cap,
                "tables": [{"table": t.id, "preset": t.spec.preset, "over": t.over,
                            "spent": t.spend.spent, "cap": t.spend.cap}
                           for t in reversed(self.tables.values()) if t.spend is not None]}

    @property
    def kept(self) -> int:
        """How many tables, finished ones included, stay open for reloads."""
        return self.KEPT * self.max_tables

    def _forget_old(self) -> None:
        finished = [t for t in self.tables.values() if t.task is not None and t.task.done()]
        for table in finished[:max(0, len(self.tables) + 1 - self.kept)]:
            del self.tables[table.id]

    def running(self) -> int:
        return sum(not t.over and t.error is None for t in self.tables.values())

    def get(self, table_id: str) -> Table | None:
        return self.tables.get(table_id)

    def lobby(self) -> list[dict[str, Any]]:
        """The open tables with free seats, newest first."""
        return [{"table": t.id, "preset": t.spec.preset, "players": t.config.players,
                 "lang": t.spec.lang, "free": t.free_seats()}
                for t in reversed(self.tables.values()) if t.free_seats()]

    def create(self, spec: TableSpec) -> Table:
        """Deal a new table and start its game on the running event loop."""
        if self.running() >= self.max_tables:
            raise TableError(f"the server already runs its limit of {self.max_tables} games; "
                             "try later")
        self._forget_old()
        config = self.checked(spec)
        seed = spec.seed if spec.seed is not None else secrets.randbelow(1 << 31)
        table_id = f"{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:8]}"
        step_s = self.night_step_s if spec.night_step_s is None else spec.night_step_s
        table = self.make_table(table_id, spec, config, seed, step_s,
                                self.speech_s if spec.speech_s is None else spec.speech_s)
        agents, specs = self.agents(table)
        try:
            session = self.session(table, agents, specs, self.out_dir / f"{table_id}.jsonl")
        except (TranscriptError, UsageError) as exc:  # the transcript folder is not writable
            raise TableError(f"the server cannot write the table's transcript: {exc}"
                             ) from None
        table.save()
        self.run(table, session)
        return table

    def checked(self, spec: TableSpec) -> GameConfig:
        """The game ``spec`` asks for, its seats checked; TableError otherwise."""
        config = spec.config()
        bad = sorted({s for s in spec.humans if not 1 <= s <= config.players})
        if bad:
            raise TableError(f"seats {bad} are not at this {config.players}-player table")
        try:
            check_choices(spec.agents, set(spec.humans), config.players, self.profiles)
        except SeatingError as exc:
            raise TableError(str(exc)) from None
        if spec.spot_the_ai and spec.show_agents:
            raise TableError("spot the AI keeps the models hidden: do not show them too")
        return config

    def make_table(self, table_id: str, spec: TableSpec, config: GameConfig, seed: int,
                   night_step_s: float, speech_s: float | None) -> Table:
        """Table ``table_id``, its links signed with the server's secret (``links``)."""
        table = Table(table_id, spec, config, seed,
                      tokens={s: sign(self.secret, table_id, "seat", s)
                              for s in sorted(set(spec.humans))},
                      spectator_token=sign(self.secret, table_id, "watch"),
                      night_step_s=night_step_s, speech_s=speech_s)
        return table

    def agents(self, table: Table) -> tuple[dict[int, Agent], dict[int, str]]:
        """Each seat's agent (a person's web seat, a model, a bot) and its spec."""
        spec, seed = table.spec, table.seed
        table.spend = TableSpend(self.table_budget_usd, self.spend)
        models = ModelSeats(self.profiles, table.spend, spec.stand_in, table.handover)
        agents: dict[int, Agent] = {}
        specs: dict[int, str] = {}
        for seat in range(1, table.config.players + 1):
            choice = spec.agents.get(seat, spec.bots)
            if seat in table.tokens:
                table.seats[seat] = WebSeat(spec.turn_s, _fallback(spec, seat, seed), table.wake)
                agents[seat] = table.deciding.watch(seat, table.seats[seat])
                specs[seat] = "web"
            elif choice in self.profiles:
                agents[seat] = table.deciding.watch(seat, models.build(seat, choice, seed,
                                                                       spec.lang))
                specs[seat] = self.profiles.spec(choice)
            else:
                agents[seat] = make_agent(choice, seat, seed, lang=spec.lang)
                specs[seat] = choice
        table.labels, table.models = models.labels, models
        return agents, specs

    def session(self, table: Table, agents: dict[int, Agent], specs: dict[int, str],
                out: Path | None, first: Sequence[Sink] = ()) -> Session:
        """The table's game; its events go to ``out`` (the transcript, when given), to the
        sinks ``first``, then to the pages."""
        config = table.config
        # a fallback notice names a model seat: only where the table shows its agents
        notices = ([FallbackNotices(table.labels, table.pacer.notice)]
                   if table.spec.show_agents else [])
        # a decision may wait for the events the engine ran ahead of the pages
        paced_s = table.pacer.most_behind_s(config.players, len(config.rules.night__order))
        session = Session(config, agents, seed=table.seed, out=out, specs=specs,
                          sinks=[*first, table.pacer, *notices],
                          timeout_s=table.spec.turn_s + GRACE_S + paced_s)
        table.pacer.attach(session.game.judge)
        table.transcript = self.out_dir / f"{table.id}.jsonl"
        return session

    def run(self, table: Table, session: Session, done: Callable[[], None] | None = None
            ) -> None:
        """Start ``table``'s game on the running event loop (``done`` once it stops)."""
        self.tables[table.id] = table
        table.task = asyncio.get_running_loop().create_task(self._play(table, session, done))

    @staticmethod
    async def _play(table: Table, session: Session, done: Callable[[], None] | None) -> None:
        try:
            await table.started.wait()
            await session.run()
            await table.pacer.ready()  # the game is done once its pages have shown the end
        except Exception as exc:  # keep the server up; show the table what went wrong
            table.error = f"{type(exc).__name__}: {exc}"
        finally:
            if done is not None:
                done()
            table.wake()

    def end_streams(self) -> None:
        """The server is stopping: close every page's live stream."""
        for table in self.tables.values():
            table.closed = True
            table.wake()

    async def close(self) -> None:
        """Stop every running game (server shutdown)."""
        for table in self.tables.values():
            if table.task is not None and not table.task.done():
                table.task.cancel()
        await asyncio.gather(*(t.task for t in self.tables.values() if t.task is not None),
                             return_exceptions=True)
