"""Shared helpers for the night-role scenario tests (no tests of its own).

``play`` runs a scenario like ``tests.helpers.play_scenario`` but also records
every request the engine sent to any seat (with test_day_common's ``watched_game``),
so a test can check which decisions were asked for and which options were legal.
"""

from __future__ import annotations

from typing import Any

from arena.engine import BaseEvent, Request
from tests.helpers import events_of
from tests.rules.test_day_common import Played as WatchedGame
from tests.rules.test_day_common import watched_game

HEADER = """
[fallback]
agent = "passive"
"""


class Played(WatchedGame):
    """A finished game and the requests made during it, its events typed as events (the
    role tests check each field they read)."""

    @property
    def requests(self) -> list[Request]:
        """Every request, in the order sent."""
        return [r for r, _ in self.asked_with_view]

    def events(self, type_: str, **fields: Any) -> list[BaseEvent]:
        return events_of(self.result, type_, **fields)


def sheriffless(deal: str, seed: int, rules: str, seats: str, days: int) -> str:
    """A scenario's text: ``deal`` (a ``roles = [...]`` line) at ``seed``, no sheriff,
    ``days`` days at most, the extra ``rules`` lines and the ``seats`` tables."""
    return f"""
seed = {seed}
{deal}
[rules]
"sheriff.election" = "none"
"game.max_days" = {days}
{rules}
{seats}
"""


def play(text: str) -> Played:
    """Play a scenario (TOML text) with a passive fallback; record every request."""
    return Played(*watched_game(text + HEADER))


def alive_at_end(played: Played) -> set[int]:
    """Seats with no death event."""
    dead = {e.seat for e in played.events("death")}  # type: ignore[attr-defined]
    return set(played.result.roles) - dead


def before_end(played: Played) -> list[BaseEvent]:
    """The events before game_end (which shows every card to everyone)."""
    return [e for e in played.result.events if getattr(e, "type", "") != "game_end"]


def audience(event: BaseEvent) -> Any:
    """An event's audience, with seat tuples normalised to sorted tuples."""
    aud = event.audience
    return tuple(sorted(aud)) if isinstance(aud, tuple) else aud
