"""Tables: one game each, with a private token per human seat and one for spectators.

A table runs its game as a task on the server's event loop, keeps every event
(and writes them to ``<out_dir>/<table id>.jsonl``), and wakes the pages
watching it. What a page receives is computed from the event log by the same
rule the engine uses: a seat gets ``observe``/``visible`` of its own seat; a
spectator gets the public events until the game ends, then everything. Events reach
the log at the night's pace (``pacing``), and a page sees who is deciding only where
the seat may know it (``deciding``).

A table waits in its lobby until every person's seat has been opened, or the host
starts it (a seat nobody opened is then played by the table's bot): no decision is
asked, and no clock runs, before that.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agents import make_agent
from arena import presets
from arena.app.server import guesses, i18n, table_file
from arena.app.server.answers import pending_json
from arena.app.server.card import question, role_card
from arena.app.server.deciding import Deciding
from arena.app.server.pacing import NightPacer
from arena.app.server.seat import WebSeat
from arena.app.server.seating import (
    Bot,
    Handover,
    ModelSeats,
)
from arena.app.server.spending import TableSpend
from arena.app.server.table_file import TableRecord
from arena.app.server.view_cache import View, ViewCache
from arena.engine import BaseEvent, GameConfig, RuleError
from arena.engine.config import parse_rule_value
from arena.engine.events import Death, GameEnd, Speech
from arena.engine.view import Observation, observe, visible
from arena.text import Describer, Viewer, catalog
from arena.text.new_moon_panel import moon_in_force

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
    # seats: from 1 up to the table's size, checked against the preset (``checked``)
    humans: list[Annotated[int, Field(ge=1)]] = Field(min_length=1, max_length=30)
    bots: Bot = "heuristic"
    fallback: Literal["default", "heuristic", "random", "passive"] = "default"
    turn_s: float = Field(default=90.0, ge=1.0, le=3600.0)
    night_step_s: float | None = Field(default=None, ge=0.0, le=60.0)  # None: the server's
    # seconds a speech or a vote's result stays the newest event by day (None: the
    # server's, else from the speech's length)
    speech_s: float | None = Field(default=None, ge=0.0, le=30.0)
    seed: int | None = Field(default=None, ge=0, lt=1 << 31)
    lang: Literal["en", "zh"] = "en"
    lobby: bool = False  # list the human seats nobody has opened yet in the lobby
    # non-human seats: a bot or a model profile the server offers (unlisted: ``bots``)
    agents: dict[Annotated[int, Field(ge=1)], Annotated[str, Field(max_length=40)]] = \
        Field(default_factory=dict, max_length=30)
    stand_in: Bot = "heuristic"  # plays a model seat once its spending cap is reached
    show_agents: bool = False  # name each seat's agent during the game, not only at its end
    spot_the_ai: bool = False  # at the end each person guesses which seats were AI

    def config(self) -> GameConfig:
        try:
            overrides = {key: parse_rule_value(key, value) for key, value in self.rules.items()}
            return presets.load_preset(self.preset, roles=self.roles or None,
                                       overrides=overrides)
        except KeyError as exc:  # its str() wraps the message in quotes
            raise TableError(str(exc.args[0]) if exc.args else str(exc)) from None
        except (RuleError, ValidationError, FileNotFoundError) as exc:
            raise TableError(str(exc)) from None


class StartRequest(BaseModel):
    """The host's start: who plays the seats nobody opened, "bot" (the table's bot) or a
    model profile the server offers."""

    model_config = ConfigDict(extra="forbid")

    fill: str = Field("bot", max_length=40)


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
    opened: set[int] = field(default_factory=set)  # seats whose page has been opened
    labels: dict[int, str] = field(default_factory=dict)  # seat -> its agent, for the end
    models: ModelSeats | None = None  # builds its model seats (``TableManager.agents``)
    filled_by: str = "bot"  # who plays the seats the host's start filled: a profile or bot
    spend: TableSpend | None = None
    night_step_s: float = 0.0  # the least time each night step takes (pacing)
    speech_s: float | None = None  # a day's speech's time on screen (None: its length's)
    guesses: dict[int, list[int]] = field(default_factory=dict)  # spot the AI: seat -> AI
    transcript: Path | None = None
    started: asyncio.Event = field(default_factory=asyncio.Event)  # the lobby is over
    rematch: Table | None = None  # the table "play again" made from this one
    rematch_id: str | None = None  # its id, kept when it did not come back after a restart
    version: int = 0  # raised by every change a page may see: the views' cache key
    views: ViewCache = field(default_factory=ViewCache)
    _watchers: set[asyncio.Event] = field(default_factory=set)
    pacer: NightPacer = field(init=False)
    deciding: Deciding = field(init=False)

    def __post_init__(self) -> None:
        self.pacer = NightPacer(self.night_step_s, self.record, self.speech_s)
        self.deciding = Deciding(self.pacer.ready, lambda: self.pacer.night, self.wake)

    # --- access
    def seat_for(self, token: str) -> int | None:
        """The seat this token opens (each token opens exactly one seat), or None."""
        found = None
        for seat, secret in self.tokens.items():
            if secrets.compare_digest(secret.encode(), token.encode()):
                found = seat
        return found

    def free_seats(self) -> list[int]:
        """A lobby table's human seats nobody has opened, while its game runs."""
        if not self.spec.lobby or self.over or self.error is not None:
            return []
        return [s for s in sorted(self.tokens) if s not in self.opened]

    # --- the lobby
    def join(self, seat: int) -> None:
        """A person has opened ``seat``: the game starts once every person has."""
        if seat not in self.opened:
            self.opened.add(seat)
            self.wake()
            self.save()
        if self.opened >= set(self.tokens) and not self.started.is_set():
            self.started.set()
            self.save()
            self.wake()

    def start(self, by: str = "bot") -> list[int]:
        """The host starts the game now: the table's bot (``by`` "bot") or the model
        profile ``by`` plays each seat nobody opened (its link no longer opens it). Those
        seats; TableError if the server offers no such profile."""
        if by != "bot" and (self.models is None or by not in self.models.profiles):
            offered = ", ".join(["bot", *(self.models.profiles.options if self.models else ())])
            raise TableError(f"fill: {by!r} is not offered here ({offered})")
        filled = [] if self.started.is_set() else sorted(set(self.tokens) - self.opened)
        self.filled_by = by if filled else self.filled_by
        for seat in filled:
            self.fill(seat)
        self.started.set()
        self.save()
        self.wake()
        return filled

    def fill(self, seat: int) -> None:
        """The table's bot, or the model profile ``filled_by`` (its spending cap and
        stand-in as a model seat chosen at the table's creation), plays ``seat``, a
        person's seat nobody opened."""
        if self.filled_by == "bot":
            self.seats[seat].stand_in = make_agent(self.spec.bots, seat, self.seed,
                                                  lang=self.spec.lang)
            self.labels[seat] = self.spec.bots
        else:
            assert self.models is not None
            self.seats[seat].stand_in = self.models.build(seat, self.filled_by, self.seed,
                                                          self.spec.lang)
        del self.tokens[seat]

    def save(self) -> None:
        """Write the table's settings and lobby beside its transcript (``table_file``)."""
        if self.transcript is not None:
            table_file.save(self.transcript, TableRecord(
                table=self.id, spec=self.spec.model_dump(mode="json"), seed=self.seed,
                night_step_s=self.night_step_s, speech_s=self.speech_s,
                opened=sorted(self.opened), started=self.started.is_set(),
                filled=sorted(set(self.spec.humans) - set(self.tokens)),
                fill=self.filled_by, rematch=self.rematch_id))

    def lobby_view(self) -> dict[str, Any]:
        """Who is at the table before its game starts: how many people have come and how
        many are awaited; their seats too where the table shows its agents (elsewhere a
        seat number would tell which seats are people). Nothing once the game runs."""
        if self.started.is_set():
            return {"started": True, "here": 0, "expected": 0, "joined": [], "waiting": []}
        joined, waiting = sorted(self.opened & set(self.tokens)), sorted(
            set(self.tokens) - self.opened)
        named = self.spec.show_agents
        return {"started": False, "here": len(joined), "expected": len(self.tokens),
                "joined": joined if named else [], "waiting": waiting if named else []}

    def is_spectator(self, token: str) -> bool:
        return secrets.compare_digest(self.spectator_token.encode(), token.encode())

    def seat_link(self, seat: int) -> str:
        return f"/play/{self.id}/{seat}?token={self.tokens[seat]}"

    def spectator_link(self) -> str:
        return f"/watch/{self.id}?token={self.spectator_token}"

    def ended(self) -> bool:
        """Whether the game is over and its transcript complete."""
        return self.over and self.error is None and self.task is not None and self.task.done()

    def way_back(self, viewer: Viewer) -> dict[str, str | None]:
        """Once the game has ended: ``viewer``'s link to the game's page (``arena show``'s,
        god view; a person at a spot the AI table once their guess is in), and once
        someone has pressed "play again", ``viewer``'s link at the new table."""
        token = self.tokens.get(viewer) if isinstance(viewer, int) else self.spectator_token
        page = (f"/game/{self.id}?token={token}"
                if self.ended() and token and not self.guess_due(viewer) else None)
        new, again = self.rematch, None
        if new is not None and not isinstance(viewer, int):
            again = new.spectator_link()
        elif new is not None and viewer in new.tokens:
            again = new.seat_link(viewer)
        return {"game_page": page, "again": again}

    # --- live updates
    def record(self, event: BaseEvent) -> None:
        """Show ``event`` to the pages (the pacer calls this when its time has come)."""
        self.log.append(event)
        if isinstance(event, GameEnd):
            self.over = True
        self.wake()

    def wake(self) -> None:
        self.version += 1
        for watcher in self._watchers:
            watcher.set()

    def handover(self, seat: int) -> None:
        """Tell every page that a bot now plays ``seat`` (its model's cap is reached)."""
        last = self.log[-1] if self.log else None
        self.pacer.notice(Handover(seq=last.seq if last else 0, day=last.day if last else 0,
                                   phase=last.phase if last else "setup", audience="public",
                                   seat=seat))

    def guess_due(self, viewer: Viewer) -> bool:
        """Whether ``viewer`` is a person at a spot the AI table who has yet to guess."""
        return (self.spec.spot_the_ai and isinstance(viewer, int) and viewer in self.tokens
                and viewer not in self.guesses)

    def guess(self, seat: int, ai: list[int]) -> str | None:
        """Record ``seat``'s guess once the game is over; the problem, if any."""
        if not (self.spec.spot_the_ai and self.over):
            return "there is nothing to guess at this table (yet)"
        if seat in self.guesses:
            return "your guess is already in"
        others = set(range(1, self.config.players + 1)) - {seat}
        if not set(ai) <= others:
            return f"name seats other than yours, from 1 to {self.config.players}"
        self.guesses[seat] = sorted(set(ai))
        if self.transcript is not None:
            guesses.save(self.transcript, self.guesses)
        self.wake()
        return None

    def agents_shown(self, viewer: Viewer = "public") -> dict[str, str] | None:
        """Each seat's agent, once the game is over or when the host shows them; at a spot
        the AI table, a person sees them once their own guess is in."""
        if not (self.over or self.spec.show_agents):
            return None
        if self.guess_due(viewer):
            return None
        return {str(s): self.labels.get(s, "human" if s in self.tokens else
                                         self.spec.agents.get(s, self.spec.bots))
                for s in range(1, self.config.players + 1)}

    async def updates(self, heartbeat_s: float) -> AsyncIterator[bool]:
        """Yield True now and after each change, False every ``heartbeat_s`` when quiet."""
        watcher = asyncio.Event()
        self._watchers.add(watcher)
        changed = True
        try:
            while True:
                yield changed
                try:
                    async with asyncio.timeout(heartbeat_s):  # no task per wait
                        await watcher.wait()
                    changed = True
                except TimeoutError:
                    changed = False
                watcher.clear()
        finally:
            self._watchers.discard(watcher)

    # --- views
    def _base(self, shown: list[BaseEvent], after: int, viewer: Viewer) -> dict[str, Any]:
        """The view's common part; events are numbered in the viewer's own list (``seq``
        from the log would tell how many hidden events fell in between). The interface
        words come with a whole view (``after`` 0) only: a page keeps them."""
        lang = self.spec.lang
        words = ({"strings": i18n.strings(lang), "role_names": i18n.role_names(lang)}
                 if after == 0 else {})
        return {
            "table": self.id, "lang": lang, **words,
            "players": self.config.players, "over": self.over, "error": self.error,
            "events": as_seen(shown, Describer(lang, viewer), after), "last": len(shown),
            "replace": after == 0, "final": final_roles(shown, lang),
            "moon": moon_in_force(shown, lang),
            "thinking": self.deciding.seen_by(viewer), "agents": self.agents_shown(viewer),
            "guess": self.over and self.guess_due(viewer), "lobby": self.lobby_view(),
            **self.way_back(viewer),
        }

    def seat_view(self, seat: int, after: int = 0) -> View:
        """Everything seat ``seat`` may see: its events from number ``after`` on, its
        knowledge, its pending request (computed once per change, its clock read now)."""
        web = self.seats[seat]
        view = self.views.get(self.version, (seat, after, web.missed, self.ended()),
                              lambda: self._seat_view(seat, after))
        if web.pending is None or view["pending"] is None:
            return view
        return {**view, "pending": {**view["pending"],
                                    "remaining_s": round(web.pending.remaining(), 1)}}

    def spectator_view(self, after: int = 0) -> View:
        """Public events while the game runs; every event once it has ended (computed
        once per change)."""
        return self.views.get(self.version, ("spectator", after, self.ended()),
                              lambda: self._spectator_view(after))

    def _seat_view(self, seat: int, after: int) -> View:
        mine = [e for e in self.log if visible(e, seat)]
        seen = observe(mine, seat)
        web = self.seats[seat]
        view = self._base(mine, after, seat)
        # the away warning is for a seat still playing: not once dead and idle, nor at the end
        playing = not self.over and (seat in seen.alive or web.pending is not None)
        view.update(
            seat=seat, role=seen.role, known_roles={str(s): r for s, r in
                                                     seen.known_roles.items()},
            lovers=list(seen.lovers), alive=list(seen.alive), sheriff=seen.sheriff,
            names=list(seen.names), away=playing and web.away,
            missed=web.missed if playing else 0,
            card=role_card(seen, self.spec.lang), no_vote=list(seen.no_vote),
            buildings=house_names(seen, self.spec.lang),
            pending=None if web.pending is None else {
                **pending_json(web.pending),
                "question": question(seen, web.pending.request, self.spec.lang)})
        return view

    def _spectator_view(self, after: int) -> View:
        over = self.over
        shown = list(self.log) if over else [e for e in self.log if e.audience == "public"]
        public = observe([e for e in self.log if e.audience == "public"], 0)
        view = self._base(shown, 0 if over else after, "god" if over else "public")
        view.update(seat=None, role=None, known_roles={str(s): r for s, r in
                                                        public.known_roles.items()},
                    lovers=[], alive=list(public.alive), sheriff=public.sheriff,
                    names=list(public.names), away=False, missed=0, card=None,
                    no_vote=list(public.no_vote), pending=None,
                    buildings=house_names(public, self.spec.lang))
        return view


def house_names(seen: Observation, lang: str) -> dict[str, str]:
    """The public Village houses by seat, in ``lang`` (empty: no Village)."""
    words = catalog(lang)
    return {str(s): words.role(b) for s, b in seen.buildings.items()}


def as_seen(events: list[BaseEvent], describe: Describer, after: int = 0
            ) -> list[dict[str, Any]]:
    """Events from number ``after`` on as a viewer receives them (only those are worded):
    ``seq`` is the position in the viewer's list, ``line`` the text layer's sentence for
    the viewer (null: no line of its own; the event's own fields, a speech's ``text``
    among them, stay as recorded); a speech's line also comes in parts for the page to
    style: ``speaker``, ``said`` (its text, or the words for an empty speech) and
    ``claims_text``."""
    out = []
    for n, event in enumerate(events[after:], after):
        item = {**event.to_dict(), "seq": n, "line": describe(event)}
        if isinstance(event, Speech):
            who, tag = describe.speaker(event)
            item["speaker"] = describe.t("speech.line", who=who, tag=tag, text="")
            item["said"] = describe.said(event)
            item["claims_text"] = [describe.t("speech.claim", claim=describe.claim(c))
                                   for c in event.claims]
        out.append(item)
    return out


def final_roles(events: list[BaseEvent], lang: str) -> list[dict[str, Any]]:
    """Once the game has ended: every seat's final role, whether it lived and won
    (empty before the end)."""
    end = next((e for e in reversed(events) if isinstance(e, GameEnd)), None)
    if end is None:
        return []
    dead = {e.seat for e in events if isinstance(e, Death)}
    return [{"seat": int(seat), "role": role, "name": catalog(lang).role(role),
             "alive": int(seat) not in dead, "won": int(seat) in end.winners}
            for seat, role in sorted(end.roles.items(), key=lambda kv: int(kv[0]))]
