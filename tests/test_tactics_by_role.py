"""Tactics keyed by role (issue 33, item 2): a role with no decision kind of its own
registers its day speech and its exile vote, and the heuristic plays them."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from agents import make_agent
from agents.tactics.registry import SPEECHES, VOTES, speaks, votes
from agents.tactics.situation import Situation, Words
from arena.engine import GameResult, run_game
from arena.engine.events import Speech, Vote
from arena.engine.requests import Request
from arena.presets import load_preset

ROLE = "idiot"  # a card with no decision kind and no tactic of its own


@pytest.fixture
def calls() -> Iterator[list[tuple[str, int, int | None]]]:
    """The idiot's registered speech and vote, each call logged; unregistered after."""
    log: list[tuple[str, int, int | None]] = []

    @speaks(ROLE)
    def speech(s: Situation, request: Request, words: Words) -> bool:
        log.append(("speak", s.me, None))
        words.line("nothing")
        return True

    @votes(ROLE)
    def vote(s: Situation, options: list[int]) -> int | None:
        choice = max(options, default=None)
        log.append(("vote", s.me, choice))
        return choice

    try:
        yield log
    finally:
        SPEECHES.pop(ROLE)
        VOTES.pop(ROLE)


def _game() -> GameResult:
    config = load_preset("classic-12")
    agents = {s: make_agent("heuristic", s, 3) for s in range(1, config.players + 1)}
    return asyncio.run(run_game(config, agents, seed=3))


def test_a_role_without_decisions_speaks_and_votes_its_own_way(
        calls: list[tuple[str, int, int | None]]) -> None:
    game = _game()
    idiot = next(seat for seat, role in game.roles.items() if role == ROLE)
    spoke = [e for e in game.events if isinstance(e, Speech) and e.seat == idiot
             and e.context != "last_words"]
    ballots = [e.target for e in game.events
               if isinstance(e, Vote) and e.seat == idiot and e.ballot == "exile"]
    assert spoke and ballots
    assert {seat for _, seat, _ in calls} == {idiot}
    assert sum(1 for kind, _, _ in calls if kind == "speak") >= len(spoke)
    assert ballots == [target for kind, _, target in calls if kind == "vote"][:len(ballots)]


def test_two_tactics_for_one_role_are_refused(
        calls: list[tuple[str, int, int | None]]) -> None:
    with pytest.raises(ValueError, match="two tactics for the idiot"):
        speaks(ROLE)(lambda s, request, words: False)
