"""The terminal view: who sees what, and how votes, deaths and speeches read."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Iterable, Sequence
from typing import Any

import pytest
from rich.console import Console

from agents.random import RandomAgent
from agents.terminal_view import TerminalView, render_transcript
from arena.engine import BaseEvent, GameConfig, GameResult, run_game
from arena.engine.events import (
    Candidacy,
    CauseOfDeath,
    Claim,
    Death,
    Explode,
    GameEnd,
    PhaseStart,
    Refused,
    Setup,
    Sheriff,
    Shot,
    Spared,
    Speech,
    Vote,
    VoteResult,
)
from arena.engine.view import visible

ROLES = {"werewolf": 3, "villager": 4, "seer": 1, "witch": 1, "hunter": 1, "cupid": 1, "idiot": 1}
DEAL = ("villager", "witch", "seer", "werewolf", "werewolf", "villager", "werewolf", "hunter",
        "cupid", "villager", "idiot", "villager")
VILLAGER, SEER, WOLF = 1, 3, 4


def _console() -> Console:
    return Console(file=io.StringIO(), width=100, color_system=None)


def _text(console: Console) -> str:
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def render(events: Iterable[BaseEvent], *, god: bool = False, seat: int | None = None) -> str:
    console = _console()
    render_transcript(list(events), console, god=god, seat=seat)
    return _text(console)


@pytest.fixture(scope="module")
def game() -> GameResult:
    agents = {s: RandomAgent(seed=s) for s in range(1, 13)}
    return asyncio.run(run_game(GameConfig(roles=ROLES), dict(agents), seed=7, deal=DEAL))


class Events:
    """Builds events by hand with increasing ``seq``."""

    def __init__(self) -> None:
        self.log: list[BaseEvent] = []

    def add(self, cls: type[BaseEvent], audience: Any = "public", day: int = 1,
            phase: str = "day", **fields: Any) -> Events:
        self.log.append(cls(seq=len(self.log), day=day, phase=phase,  # type: ignore[arg-type]
                            audience=audience, **fields))
        return self


def _table(players: int, names: Sequence[str] = ()) -> Events:
    names = tuple(names) or tuple(f"P{s}" for s in range(1, players + 1))
    return Events().add(Setup, day=0, phase="setup", players=players, names=names,
                        roles={"villager": players}, rules={})


@pytest.mark.parametrize("seat", [None, VILLAGER, SEER, WOLF])
def test_a_view_renders_exactly_the_events_it_may_see(game: GameResult, seat: int | None) -> None:
    if seat is None:
        shown = [e for e in game.events if e.audience == "public"]
    else:
        shown = [e for e in game.events if visible(e, seat)]
    assert render(game.events, seat=seat) == render(shown, seat=seat)


def test_villager_sees_own_role_but_no_night_secrets(game: GameResult) -> None:
    out = render(game.events, seat=VILLAGER)
    assert "You are P1 (seat 1): villager" in out
    for secret in ("checks", "result:", "kill", "wolf chat", "Wolf team", "true cause", "Roles:"):
        assert secret not in out


def test_seer_sees_own_checks_and_results_only(game: GameResult) -> None:
    out = render(game.events, seat=SEER)
    assert "You are P3 (seat 3): seer" in out
    assert "P3 (seat 3) checks" in out
    assert re.search(r"result: P\d+ \(seat \d+\) is \w+", out)
    assert "kill" not in out and "wolf chat" not in out


def test_wolf_sees_the_pack_and_its_kill(game: GameResult) -> None:
    out = render(game.events, seat=WOLF)
    assert "You are P4 (seat 4): werewolf" in out
    assert "Wolf team: 4, 5, 7" in out
    assert "[wolf chat]" in out and "proposes to kill" in out and "The wolves kill" in out
    assert "checks" not in out and "true cause" not in out


def test_god_sees_night_actions_and_true_causes(game: GameResult) -> None:
    out = render(game.events, god=True)
    assert "Roles: 1 villager, 2 witch, 3 seer, 4 werewolf" in out
    assert "P3 (seat 3) checks" in out and "The wolves kill" in out and "[wolf chat]" in out
    night_deaths = [e for e in game.events if isinstance(e, CauseOfDeath)]
    assert out.count("true cause") == len(night_deaths)


def test_public_view_shows_deaths_and_votes_but_no_night(game: GameResult) -> None:
    out = render(game.events)
    assert "Night 1 falls" in out and "Day 1" in out
    for death in (e for e in game.events if isinstance(e, Death)):
        assert f"† P{death.seat} (seat {death.seat})" in out
    exile_results = [e for e in game.events if isinstance(e, VoteResult) and e.ballot == "exile"]
    assert out.count("Exile vote") == len(exile_results)
    assert re.search(r"\d+ votes?: \d+ ← \d+", out)
    for secret in ("checks", "kill", "wolf chat", "true cause", "You are"):
        assert secret not in out


def test_final_reveal_lists_every_seat_role_and_winner(game: GameResult) -> None:
    out = render(game.events)
    for seat, role in game.roles.items():
        mark = "✓" if seat in game.winners else ""
        row = rf"^\s*{seat}\s+P{seat}\s+{role}\s+(alive|dead)\s+{mark}\s*$"
        assert re.search(row, out, re.MULTILINE), f"no reveal row for seat {seat}"
    assert re.search(r"The (village|wolves|lovers) wins?|Draw", out)


def test_live_sink_matches_replay() -> None:
    console = _console()
    agents = {s: RandomAgent(seed=s) for s in range(1, 13)}
    result = asyncio.run(run_game(GameConfig(roles=ROLES), dict(agents), seed=3, deal=DEAL,
                                  sink=TerminalView(console, god=True)))
    assert _text(console) == render(result.events, god=True)


def test_player_text_is_never_markup() -> None:
    events = _table(2, names=("[bold]Eve[/bold]", "Bob")).add(
        Speech, seat=1, text="[bold red]x[/]", claims=(Claim(kind="role", role="[i]seer"),))
    events.add(Refused, audience=(2,), seat=2, kind="vote", message="[red]bad[/red]", decision={})
    out = render(events.log, seat=2)
    assert "[bold]Eve[/bold] (seat 1): [bold red]x[/] [claims [i]seer]" in out
    assert "refused vote from Bob (seat 2): [red]bad[/red]" in out


def test_votes_are_summarised_per_round() -> None:
    events = _table(5)
    ballots = [(1, 3, 1.0), (2, 3, 2.0), (3, 5, 1.0), (4, None, 1.0), (5, 5, 1.0)]
    for seat, target, weight in ballots:
        events.add(Vote, seat=seat, target=target, round=1, weight=weight)
    events.add(VoteResult, counts={"3": 3.0, "5": 2.0}, eliminated=3, tie=(), round=1)
    for seat, target in [(1, 3), (2, 5)]:
        events.add(Vote, seat=seat, target=target, round=2, weight=1.0)
    events.add(VoteResult, counts={"3": 1.0, "5": 1.0}, eliminated=None, tie=(3, 5), round=2)
    events.add(VoteResult, counts={}, eliminated=None, tie=(), round=3)
    out = render(events.log)
    assert "Exile vote:\n  3 votes: 3 ← 1, 2 (sheriff ×2)\n  2 votes: 5 ← 3, 5\n" in out
    assert "abstained: 4" in out and "P3 (seat 3) is exiled" in out
    assert "Exile vote, round 2:" in out and "Tie between 3 and 5" in out
    assert "No one is exiled" in out


def test_day_events_read_plainly() -> None:
    events = _table(9).add(PhaseStart, name="day")
    for seat in range(1, 10):
        events.add(Candidacy, seat=seat, running=seat in (2, 5, 9))
    events.add(Sheriff, seat=5, how="elected")
    events.add(Spared, seat=7, reason="idiot")
    events.add(Death, seat=8, cause="vote", revealed_role=None)
    events.add(Shot, seat=8, target=3)
    events.add(Explode, seat=5)
    events.add(Death, seat=5, cause="explode", revealed_role="werewolf")
    events.add(Sheriff, seat=None, how="badge_torn", by=5)
    events.add(GameEnd, phase="end", winner="village", winners=(1,), roles={"1": "villager"})
    out = render(events.log)
    assert "Dawn: a peaceful night, no one died." in out
    assert "Running for sheriff: 2, 5, 9" in out
    assert "P5 (seat 5) is elected sheriff" in out
    assert "P7 (seat 7) shows the idiot card and is spared" in out
    assert "† P8 (seat 8) was exiled — role hidden" in out
    assert "P8 (seat 8) shoots P3 (seat 3)" in out
    assert "P5 (seat 5) self-destructs!" in out
    assert "P5 (seat 5) tears up the sheriff badge" in out
    assert "The village wins" in out


def test_god_and_seat_together_is_an_error() -> None:
    with pytest.raises(ValueError):
        TerminalView(_console(), god=True, seat=1)
