"""Tables: one game each, with a private token per human seat and one for spectators.

A table runs its game as a task on the server's event loop, keeps every event
(and writes them to ``<out_dir>/<table id>.jsonl``), and wakes the pages
watching it. What a page receives is computed from the event log by the same
rule the engine uses: a seat gets ``observe``/``visible`` of its own seat; a
spectator gets the public events until the game ends, then everything.
"""

from __future__ import annotations

import asyncio
import secrets
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agents import Agent, make_agent
from agents.llm import LLMAgent
from arena import presets
from arena.engine import BaseEvent, GameConfig, RuleError
from arena.engine.config import parse_rule_value
from arena.engine.events import GameEnd, Speech
from arena.engine.view import observe, visible
from arena.server import i18n
from arena.server.answers import pending_json
from arena.server.notices import FallbackNotices
from arena.server.seat import WebSeat
from arena.session import Session
from arena.text import Describer, Viewer

Bot = Literal["heuristic", "random", "passive"]
BOTS: tuple[str, ...] = get_args(Bot)
MAX_TABLES = 32
GRACE_S = 30.0  # the judge's own time limit runs this much past a human's turn
Short = Annotated[str, Field(max_length=200)]


class TableError(ValueError):
    """A table that cannot be created as asked."""


class TableSpec(BaseModel):
    """What the host page sends to create a table."""

    model_config = ConfigDict(extra="forbid")

    preset: Annotated[str, Field(max_length=60)] = "classic-8"
    roles: dict[Annotated[str, Field(max_length=40)], Annotated[int, Field(ge=0, le=30)]] = \
        Field(default_factory=dict, max_length=30)
    rules: dict[Annotated[str, Field(max_length=60)], Short] = Field(default_factory=dict,
                                                                      max_length=100)
    humans: list[Annotated[int, Field(ge=1, le=30)]] = Field(min_length=1, max_length=30)
    bots: Bot = "heuristic"
    fallback: Literal["default", "heuristic", "random", "passive"] = "default"
    turn_s: float = Field(default=90.0, ge=1.0, le=3600.0)
    seed: int | None = Field(default=None, ge=0, lt=1 << 31)
    lang: Literal["en", "zh"] = "en"

    def config(self) -> GameConfig:
        try:
            overrides = {key: parse_rule_value(key, value) for key, value in self.rules.items()}
            return presets.load_preset(self.preset, roles=self.roles or None,
                                       overrides=overrides)
        except (RuleError, ValidationError, KeyError, FileNotFoundError) as exc:
            raise TableError(str(exc).strip("'\"")) from None


@dataclass
class Table:
    """One game in progress (or over) and the people allowed to see it."""

    id: str
    spec: TableSpec
    config: GameConfig
    seed: int
    tokens: dict[int, str]
    spectator_token: str
    seats: dict[int, WebSeat] = field(default_factory=dict)
    log: list[BaseEvent] = field(default_factory=list)
    over: bool = False
    closed: bool = False
    task: asyncio.Task[None] | None = None
    error: str | None = None
    _watchers: set[asyncio.Event] = field(default_factory=set)

    # --- access
    def seat_for(self, token: str) -> int | None:
        """The seat this token opens (each token opens exactly one seat), or None."""
        found = None
        for seat, secret in self.tokens.items():
            if secrets.compare_digest(secret.encode(), token.encode()):
                found = seat
        return found

    def is_spectator(self, token: str) -> bool:
        return secrets.compare_digest(self.spectator_token.encode(), token.encode())

    # --- live updates
    def record(self, event: BaseEvent) -> None:
        self.log.append(event)
        if isinstance(event, GameEnd):
            self.over = True
        self.wake()

    def wake(self) -> None:
        for watcher in self._watchers:
            watcher.set()

    async def updates(self, heartbeat_s: float) -> AsyncIterator[bool]:
        """Yield True now and after each change, False every ``heartbeat_s`` when quiet."""
        watcher = asyncio.Event()
        self._watchers.add(watcher)
        changed = True
        try:
            while True:
                yield changed
                try:
                    await asyncio.wait_for(watcher.wait(), heartbeat_s)
                    changed = True
                except TimeoutError:
                    changed = False
                watcher.clear()
        finally:
            self._watchers.discard(watcher)

    # --- views
    def _base(self, shown: list[BaseEvent], after: int, viewer: Viewer) -> dict[str, Any]:
        """The view's common part; events are numbered in the viewer's own list (``seq``
        from the log would tell how many hidden events fell in between)."""
        lang = self.spec.lang
        return {
            "table": self.id, "lang": lang, "strings": i18n.strings(lang),
            "role_names": i18n.role_names(lang),
            "players": self.config.players, "over": self.over, "error": self.error,
            "events": as_seen(shown, Describer(lang, viewer))[after:], "last": len(shown),
            "replace": after == 0,
        }

    def seat_view(self, seat: int, after: int = 0) -> dict[str, Any]:
        """Everything seat ``seat`` may see: its events from number ``after`` on, its
        knowledge, its pending request."""
        mine = [e for e in self.log if visible(e, seat)]
        seen = observe(mine, seat)
        web = self.seats[seat]
        view = self._base(mine, after, seat)
        view.update(
            seat=seat, role=seen.role, known_roles={str(s): r for s, r in
                                                     seen.known_roles.items()},
            lovers=list(seen.lovers), alive=list(seen.alive), sheriff=seen.sheriff,
            names=list(seen.names), away=web.away,
            pending=pending_json(web.pending) if web.pending is not None else None)
        return view

    def spectator_view(self, after: int = 0) -> dict[str, Any]:
        """Public events while the game runs; every event once it has ended."""
        over = self.over
        shown = list(self.log) if over else [e for e in self.log if e.audience == "public"]
        public = observe([e for e in self.log if e.audience == "public"], 0)
        view = self._base(shown, 0 if over else after, "god" if over else "public")
        view.update(seat=None, role=None, known_roles={str(s): r for s, r in
                                                        public.known_roles.items()},
                    lovers=[], alive=list(public.alive), sheriff=public.sheriff,
                    names=list(public.names), away=False, pending=None)
        return view


def as_seen(events: list[BaseEvent], describe: Describer) -> list[dict[str, Any]]:
    """Events as a viewer receives them: ``seq`` is the position in the viewer's list,
    ``line`` the text layer's sentence for the viewer (null: no line of its own; the
    event's own fields, a speech's ``text`` among them, stay as recorded); a speech's
    line also comes in parts for the page to style: ``speaker`` and ``claims_text``."""
    out = []
    for n, event in enumerate(events):
        item = {**event.to_dict(), "seq": n, "line": describe(event)}
        if isinstance(event, Speech):
            who, tag = describe.speaker(event)
            item["speaker"] = describe.t("speech.line", who=who, tag=tag, text="")
            item["claims_text"] = [describe.t("speech.claim", claim=describe.claim(c))
                                   for c in event.claims]
        out.append(item)
    return out


def _fallback(spec: TableSpec, seat: int, seed: int) -> Agent | None:
    return None if spec.fallback == "default" else make_agent(spec.fallback, seat, seed)


class TableManager:
    """All tables of one server; transcripts go to ``out_dir``. At most ``max_tables`` games
    run at once; finished tables stay open for reloads until ``KEPT`` times as many exist."""

    KEPT = 4

    def __init__(self, out_dir: Path, max_tables: int = MAX_TABLES) -> None:
        self.out_dir = out_dir
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}

    def _forget_old(self) -> None:
        finished = [t for t in self.tables.values() if t.task is not None and t.task.done()]
        for table in finished[:max(0, len(self.tables) + 1 - self.KEPT * self.max_tables)]:
            del self.tables[table.id]

    def running(self) -> int:
        return sum(not t.over and t.error is None for t in self.tables.values())

    def get(self, table_id: str) -> Table | None:
        return self.tables.get(table_id)

    def create(self, spec: TableSpec) -> Table:
        """Deal a new table and start its game on the running event loop."""
        if self.running() >= self.max_tables:
            raise TableError(f"the server already runs its limit of {self.max_tables} games; "
                             "try later")
        self._forget_old()
        config = spec.config()
        bad = sorted({s for s in spec.humans if not 1 <= s <= config.players})
        if bad:
            raise TableError(f"seats {bad} are not at this {config.players}-player table")
        seed = spec.seed if spec.seed is not None else secrets.randbelow(1 << 31)
        table_id = f"{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:8]}"
        table = Table(table_id, spec, config, seed,
                      tokens={s: secrets.token_urlsafe(24) for s in sorted(set(spec.humans))},
                      spectator_token=secrets.token_urlsafe(24))
        agents: dict[int, Agent] = {}
        for seat in range(1, config.players + 1):
            if seat in table.tokens:
                table.seats[seat] = WebSeat(spec.turn_s, _fallback(spec, seat, seed), table.wake)
                agents[seat] = table.seats[seat]
            else:
                agents[seat] = make_agent(spec.bots, seat, seed)
        models = {seat for seat, agent in agents.items() if isinstance(agent, LLMAgent)}
        session = Session(config, agents, seed=seed, out=self.out_dir / f"{table_id}.jsonl",
                          specs={n: "web" if n in table.tokens else spec.bots for n in agents},
                          sinks=[table.record, FallbackNotices(models, table.record)],
                          timeout_s=spec.turn_s + GRACE_S)
        self.tables[table_id] = table
        table.task = asyncio.get_running_loop().create_task(self._play(table, session))
        return table

    @staticmethod
    async def _play(table: Table, session: Session) -> None:
        try:
            await session.run()
        except Exception as exc:  # keep the server up; show the table what went wrong
            table.error = f"{type(exc).__name__}: {exc}"
        finally:
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
