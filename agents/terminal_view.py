"""A live terminal view of a game with rich: god, one seat, or the public table.

Everything a player or agent wrote (names, speeches, claims, error messages) reaches
the console only inside ``Text`` objects or table cells built from them, never as markup.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from arena.engine.events import (
    BaseEvent,
    Candidacy,
    CauseOfDeath,
    Death,
    Fallback,
    GameEnd,
    PhaseStart,
    Reveal,
    RoleDealt,
    Setup,
    Speech,
    Vote,
    VoteResult,
)
from arena.engine.roles.spare_lives import lives_left
from arena.fallbacks import FallbackCount
from arena.text import Describer
from arena.text.describe import seat_list

# The style of each event type's line; any other event prints dim.
STYLES: dict[str, str] = {
    "setup": "dim", "reveal": "bold", "night_action": "blue", "check_result": "bold blue",
    "victim_info": "blue", "cards": "blue", "enchanted": "magenta", "curse": "bold yellow",
    "lovers": "magenta", "vote_result": "bold", "sheriff": "bold yellow", "death": "bold red",
    "shoot": "bold red", "explode": "bold red", "spared": "bold yellow", "error": "yellow",
    "fallback": "yellow", "game_end": "bold green", "house": "yellow", "building_power": "cyan",
    "new_moon": "bold magenta", "life_lost": "bold yellow", "lives_told": "bold yellow",
}

Handler = Callable[[Any], None]


def _group_key(event: BaseEvent) -> str | None:
    """Events of one key that arrive back to back are summarised in one line."""
    if isinstance(event, RoleDealt):
        return "role"
    if isinstance(event, Candidacy):
        return "candidacy"
    if isinstance(event, Reveal) and event.reason == "wolf_team":
        return "wolf_team"
    return None


class TerminalView:
    """Renders events as they happen; an instance is a valid engine event sink."""

    def __init__(self, console: Console, *, god: bool = False, seat: int | None = None,
                 lang: str = "en", models: FallbackCount | None = None) -> None:
        """``models`` counts the model seats' fallbacks (a sink called before this view):
        those are warned about in every view but another seat's."""
        if god and seat is not None:
            raise ValueError("choose the god view or one seat, not both")
        self.console, self.god, self.seat, self.models = console, god, seat, models
        self.d = Describer(lang, "god" if god else ("public" if seat is None else seat))
        self.dead: set[int] = set()
        self.group: list[BaseEvent] = []
        self.group_key = ""
        self.votes: list[Vote] = []
        self.dawn = False
        self.handlers: dict[type[BaseEvent], Handler] = {
            Setup: self._setup, PhaseStart: self._phase, Speech: self._speech,
            Vote: self._vote, VoteResult: self._vote_result, GameEnd: self._game_end,
        }
        self.summaries: dict[str, Handler] = {
            "role": self._roles, "candidacy": self._candidacies, "wolf_team": self._wolf_team,
        }

    def __call__(self, event: BaseEvent) -> None:
        """Render one event, if this view may see it."""
        if (self.models is not None and isinstance(event, Fallback)
                and event.seat in self.models.seats):
            self._model_fallback(event, self.models.in_a_row[event.seat])
            return
        if not self.d.shows(event):
            return
        key = _group_key(event)
        if self.group and key != self.group_key:
            self._flush_group()
        self._after_dawn(event)
        if isinstance(event, Death):
            self.dead.add(event.seat)
        if key is not None:
            if not self.group:
                self._flush_soon()
            self.group.append(event)
            self.group_key = key
        else:
            self.handlers.get(type(event), self._line)(event)

    def flush(self) -> None:
        """Print whatever is held back for a summary (after the last event of a log)."""
        self._flush_group()
        if self.votes:
            self._tally(self.votes)

    def say(self, style: str, text: str) -> None:
        self.console.print(Text(text, style=style))

    def _line(self, event: BaseEvent) -> None:
        """The event's sentence from the text layer (a night death's true cause is added
        to its announcement)."""
        text = self.d(event)
        if text is not None:
            self.say(STYLES.get(str(getattr(event, "type", "")), "dim"), text)

    # --- summaries of back-to-back events
    def _flush_soon(self) -> None:
        """In a live game, print the summary as soon as the engine's batch is out, before
        it asks anyone (a sheriff vote's prompt never comes before its candidates)."""
        with contextlib.suppress(RuntimeError):  # a replay: the next event or flush() prints
            asyncio.get_running_loop().call_soon(self._flush_group)

    def _flush_group(self) -> None:
        group, self.group = self.group, []
        if group:
            self.summaries[self.group_key](group)

    def _roles(self, events: list[RoleDealt]) -> None:
        if (len(events) == 1 and self.d.mine(events[0].seat)) or any(e.day > 0 for e in events):
            for event in events:
                self.say("bold", self.d(event) or "")
                self._lives(event)
            return
        roles = ", ".join(f"{e.seat} {self.d.role(e.role)}" for e in events)
        self.say("dim", self.d.t("table.roles", roles=roles))

    def _lives(self, event: RoleDealt) -> None:
        """A seat dealt a card with a spare life is told its lives (R12, R23)."""
        lives = lives_left(event.role, event.seat, ())
        if lives is not None and self.d.mine(event.seat):
            self.say("yellow", self.d.t("table.lives", lives=lives))

    def _candidacies(self, events: list[Candidacy]) -> None:
        running = [e.seat for e in events if e.running]
        self.say("yellow", self.d.t("table.candidates", seats=seat_list(running)) if running
                 else self.d.t("table.no_candidates"))

    def _wolf_team(self, events: list[Reveal]) -> None:
        self.say("red", self.d.t("table.wolf_team", seats=seat_list(e.seat for e in events)))

    # --- table and phases
    def _setup(self, event: Setup) -> None:
        deal = self.d(event) or ""
        self.console.rule(Text(self.d.t("table.title", players=event.players)))
        self.say("dim", deal)
        names = self.d.names
        if names != tuple(f"P{s}" for s in range(1, event.players + 1)):
            self.say("dim", self.d.t("table.players", names=", ".join(
                f"{s} {name}" for s, name in enumerate(names, 1))))
        mode = "god" if self.god else ("seat" if self.seat is not None else "public")
        self.say("dim italic", self.d.t(f"mode.{mode}", who=self.d.who(self.seat)))

    def _phase(self, event: PhaseStart) -> None:
        style = "blue" if event.name == "night" else "yellow"
        self.console.rule(Text(self.d.t(f"phase.{event.name}", day=event.day)), style=style)
        if event.name == "night":  # a day's heading says it all
            self.say("dim", self.d(event) or "")
        self.dawn = event.name == "day"

    def _after_dawn(self, event: BaseEvent) -> None:
        """After daybreak, the first event tells whether anyone died in the night."""
        if self.dawn:
            self.dawn = False
            if not isinstance(event, Death | CauseOfDeath):
                self.say("green", self.d.t("table.peaceful"))

    # --- speech
    def _speech(self, event: Speech) -> None:
        who, tag = self.d.speaker(event)
        line = Text(who, style="bold red" if event.context == "wolf_chat" else "bold cyan")
        line.append(tag, style="magenta")
        line.append(self.d.t("speech.line", who="", tag="", text=""))  # ": "
        line.append(self.d.said(event), style="" if event.text else "dim")
        for claim in event.claims:
            line.append(self.d.t("speech.claim", claim=self.d.claim(claim)), style="green")
        self.console.print(line)

    # --- votes
    def _vote(self, event: Vote) -> None:
        self.votes.append(event)

    def _vote_result(self, event: VoteResult) -> None:
        votes, self.votes = self.votes, []
        self._tally(votes, event.ballot, event.round)
        self._line(event)

    def _tally(self, votes: list[Vote], ballot: str = "", round_no: int = 0) -> None:
        heading = self.d.ballot(ballot or votes[0].ballot, round_no or votes[0].round)
        self.console.print(Text(heading + ":", style="bold underline"))
        rows, abstained = self.d.tally(votes)
        for row in rows:
            self.say("", "  " + row)
        if abstained:
            self.say("dim", "  " + abstained)

    # --- engine notes
    def _model_fallback(self, event: Fallback, count: int) -> None:
        """A warning even outside the god view; only the seat and god see what it was
        asked and why (the rest see ``error`` or ``timeout``: no role leaks)."""
        if self.seat not in (None, event.seat):
            return  # a player's view stays its own; the summary at the end tells
        mine = self.god or self.seat == event.seat
        self.say("bold red", self.d.model_fallback(
            event.seat, count, f"{event.kind}, {event.reason}" if mine
            else event.reason.partition(":")[0]))

    # --- the end
    def _game_end(self, event: GameEnd) -> None:
        self.console.rule(Text(self.d.t("table.game_over")), style="bold")
        self.console.print(self._reveal_table(event))
        self._line(event)

    def _reveal_table(self, event: GameEnd) -> Table:
        table = Table(box=box.SIMPLE_HEAD)
        for column in ("seat", "name", "role", "status", "winner"):
            table.add_column(self.d.t(f"col.{column}"))
        for key, role in sorted(event.roles.items(), key=lambda kv: int(kv[0])):
            seat = int(key)
            status = self.d.t("table.dead" if seat in self.dead else "table.alive")
            mark = self.d.t("table.winner_mark") if seat in event.winners else ""
            table.add_row(Text(key), Text(self.d.name(seat) if seat <= len(self.d.names) else ""),
                          Text(self.d.role(role)), Text(status), Text(mark, style="green"))
        return table


def render_transcript(events: Iterable[BaseEvent], console: Console, *, god: bool,
                      seat: int | None, lang: str = "en") -> None:
    """Render a whole recorded game (for ``arena replay``)."""
    view = TerminalView(console, god=god, seat=seat, lang=lang)
    for event in events:
        view(event)
    view.flush()
