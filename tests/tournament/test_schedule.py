"""The schedule: every agent plays every seat and role equally; seeds and names."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from arena.tournament_config import TournamentConfig, parse_config
from arena.tournament_schedule import schedule
from tests.tournament.conftest import config_text

NAMES = [f"Name{i}" for i in range(20)]


def make(pool: int, presets: list[str], **top: Any) -> TournamentConfig:
    agents = {f"a{i}": "random" for i in range(pool)}
    return parse_config(config_text("t", agents, presets=presets, **top), "test")


@pytest.mark.parametrize("pool", [1, 2, 3, 4, 5, 7, 8, 9, 12, 13])
def test_each_agent_plays_each_seat_and_role_equally(pool: int) -> None:
    config = make(pool, ["classic-8", "classic-12"])
    roles: dict[str, Counter[tuple[str, str]]] = {a: Counter() for a in config.agents}
    seats: dict[str, Counter[tuple[str, int]]] = {a: Counter() for a in config.agents}
    for game in schedule(config):
        for seat, agent in enumerate(game.agents, start=1):
            roles[agent][game.preset, game.deal[seat - 1]] += 1
            seats[agent][game.preset, seat] += 1
    assert all(r == roles["a0"] for r in roles.values())
    assert all(s == seats["a0"] for s in seats.values())
    assert set(roles["a0"]) >= {("classic-12", "seer"), ("classic-8", "werewolf")}


def test_a_pairing_keeps_its_deal_and_turns_its_lineup() -> None:
    games = schedule(make(3, ["classic-8"]))
    assert len(games) == 3 * 8  # 8 is no multiple of 3: three line-ups of 8 games
    first = [g for g in games if g.deal == games[0].deal]
    assert len(first) == 8
    assert sorted(g.agents[1:] + g.agents[:1] for g in first) == sorted(g.agents for g in first)


def test_fewer_games_than_seats_spread_the_rotation() -> None:
    games = schedule(make(8, ["classic-8"], games_per_pairing=4))
    assert [g.agents[0] for g in games] == ["a0", "a2", "a4", "a6"]


def test_games_cuts_the_interleaved_schedule() -> None:
    games = schedule(make(3, ["classic-8"], games=10))
    assert [g.index for g in games] == list(range(10))
    per_lineup = Counter(g.deal for g in games)
    assert sorted(per_lineup.values()) == [3, 3, 4]


def test_seeds_are_derived_and_distinct() -> None:
    config = make(2, ["classic-8"], seed=5)
    games = schedule(config)
    assert games == schedule(config)
    assert len({g.seed for g in games}) == len(games)
    assert [g.seed for g in schedule(make(2, ["classic-8"], seed=6))] != [g.seed for g in games]


def test_names_are_shuffled_per_game() -> None:
    games = schedule(make(2, ["classic-8"], names=NAMES))
    assert all(len(set(g.names)) == 8 and set(g.names) <= set(NAMES) for g in games)
    assert len({g.names for g in games}) == len(games)
    assert schedule(make(2, ["classic-8"]))[0].names == ()
