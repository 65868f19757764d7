"""Issue 14: the role card of an Elder (R12) or online Chief (R23) shows the lives left,
from the deal (two) and from what the judge told the seat when it lost one; the
terminal's seat view says the same; no other seat's card has lives."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from agents.terminal_view import render_transcript
from arena.app.server.card import role_card
from arena.engine import observe
from arena.engine.events import BaseEvent
from tests.rules.test_day_common import play, wolves_kill
from tests.rules.test_role_chief import _game as chief_game
from tests.rules.test_role_elder import _game as elder_game

PASSIVE = '[fallback]\nagent = "passive"\n'
GAMES = {"elder": elder_game, "chief": chief_game}


def game(role: str) -> list[BaseEvent]:
    """Seat 3 holds ``role``; the wolves attack him on night 1 (he survives)."""
    return play(GAMES[role]("", wolves_kill([3]), days=2) + PASSIVE).log


def lives(events: list[BaseEvent], seat: int, lang: str = "en") -> list[str]:
    card = role_card(observe(events, seat), lang)
    assert card is not None
    return [r for r in card["resources"] if r.startswith(("Lives left", "剩余生命"))]


@pytest.mark.parametrize("role", sorted(GAMES))
def test_the_card_shows_two_lives_then_one(role: str) -> None:
    log = game(role)
    notice = next(n for n, e in enumerate(log) if e.to_dict()["type"] == "life_lost")
    assert lives(log[:notice], 3) == ["Lives left: 2"]  # from the deal, before the attack
    assert lives(log[:notice + 1], 3) == ["Lives left: 1"]
    assert lives(log[:notice + 1], 3, "zh") == ["剩余生命：1"]
    assert all(lives(log, seat) == [] for seat in (1, 4, 5, 10))  # other cards: no lives


def test_the_terminal_seat_view_tells_the_lives() -> None:
    log = game("elder")
    mine, other = io.StringIO(), io.StringIO()
    render_transcript(log, Console(file=mine, width=120), god=False, seat=3)
    render_transcript(log, Console(file=other, width=120), god=False, seat=4)
    text = mine.getvalue()
    assert text.index("Lives left: 2") < text.index("Night 1")
    assert "lost a life: lives left: 1" in text
    assert "Lives left" not in other.getvalue() and "lost a life" not in other.getvalue()
