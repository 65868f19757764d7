"""The duplicate schedule: seats, roles, teammates and opponents balanced; deals vary."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import groupby, permutations
from typing import Any

import pytest

from arena.app.seeds import game_seed
from arena.app.tournament.config import TournamentConfig, parse_config
from arena.app.tournament.schedule import GameSpec, schedule
from arena.engine.roles.factions import faction
from tests.tournament.conftest import config_text

NAMES = [f"Name{i}" for i in range(20)]
PRESETS = ["classic-8", "fanlang-9", "classic-12"]
Pair = tuple[str, str]


def make(pool: int, presets: list[str], **top: Any) -> TournamentConfig:
    agents = {f"a{i}": "random" for i in range(pool)}
    return parse_config(config_text("t", agents, presets=presets, **top), "test")


def by_deal(games: list[GameSpec]) -> list[list[GameSpec]]:
    return [list(deal) for _, deal in groupby(games, key=lambda g: (g.preset, g.seed))]


def pair_counts(games: list[GameSpec]) -> tuple[Counter[Pair], Counter[Pair]]:
    """Seat pairs held by two different agents: (as teammates, as opponents)."""
    mates: Counter[Pair] = Counter()
    rivals: Counter[Pair] = Counter()
    for game in games:
        for (a, r), (b, s) in permutations(zip(game.agents, game.deal, strict=False), 2):
            if a != b:
                (mates if faction(r) == faction(s) else rivals)[a, b] += 1
    return mates, rivals


@pytest.mark.parametrize("pool", [1, 2, 3, 4, 5, 7, 8, 9, 12, 13])
def test_each_deal_gives_every_agent_every_seat_and_card_once(pool: int) -> None:
    config = make(pool, PRESETS)
    deals = by_deal(schedule(config))
    assert len(deals) == 8 + 9 + 12  # default: as many deals as seats, per preset
    for deal in deals:
        assert len(deal) == pool and len({g.deal for g in deal}) == 1
        seats = range(len(deal[0].agents))
        held = Counter((agent, seat) for g in deal for seat, agent in enumerate(g.agents))
        assert held == Counter({(a, s): 1 for a in config.agents for s in seats})
        cards = Counter(deal[0].deal[: len(deal[0].agents)])
        for agent in config.agents:
            assert Counter(r for g in deal for a, r in zip(g.agents, g.deal, strict=False)
                           if a == agent) == cards


@pytest.mark.parametrize(("pool", "preset", "sizes"), [
    (2, "classic-8", [4, 4]), (3, "classic-8", [2, 3, 3]), (5, "classic-12", [2, 2, 2, 3, 3]),
    (3, "fanlang-9", [3, 3, 3]), (12, "fanlang-9", [1] * 9)])
def test_every_game_splits_the_table_evenly(pool: int, preset: str, sizes: list[int]) -> None:
    for game in schedule(make(pool, [preset])):
        assert sorted(Counter(game.agents).values()) == sizes


@pytest.mark.parametrize("pool", [2, 3])
@pytest.mark.parametrize("preset", PRESETS)
def test_small_pools_meet_as_teammates_and_opponents_equally_in_every_deal(
        pool: int, preset: str) -> None:
    for deal in by_deal(schedule(make(pool, [preset]))):
        mates, rivals = pair_counts(deal)
        assert len(set(mates.values())) <= 1 and len(set(rivals.values())) <= 1


@pytest.mark.parametrize("preset", PRESETS)
def test_five_agents_meet_each_other_evenly_over_the_deals(preset: str) -> None:
    mates, rivals = pair_counts(schedule(make(5, [preset], deals=60)))
    for counts in (mates, rivals):
        assert len(counts) == 20
        assert all(counts[a, b] == counts[b, a] for a, b in counts)
        assert max(counts.values()) < 1.15 * min(counts.values())


@pytest.mark.parametrize("pool", [2, 3, 5])
@pytest.mark.parametrize("preset", PRESETS)
def test_no_agent_role_cell_always_meets_the_same_opponents(pool: int, preset: str) -> None:
    met: defaultdict[tuple[str, str], set[tuple[str, ...]]] = defaultdict(set)
    for game in schedule(make(pool, [preset])):
        for agent, role in zip(game.agents, game.deal, strict=False):
            met[agent, role].add(tuple(sorted(
                a for a, r in zip(game.agents, game.deal, strict=False)
                if faction(r) != faction(role))))
    assert len(met) == pool * len(set(schedule(make(1, [preset]))[0].deal))
    assert all(len(opponents) > 1 for opponents in met.values())


def test_heuristic_and_random_do_not_always_split_the_wolves() -> None:
    """The measured confound: on classic-8 every game used to deal one wolf to each."""
    config = parse_config(config_text("sep", {"heuristic": "heuristic", "random": "random"},
                                      seed=11, presets=["classic-8"], games=128), "test")
    wolves = Counter(tuple(sorted(a for a, r in zip(g.agents, g.deal, strict=True)
                                  if r == "werewolf")) for g in schedule(config))
    assert set(wolves) == {("heuristic", "heuristic"), ("heuristic", "random"),
                           ("random", "random")}
    assert wolves["heuristic", "heuristic"] == wolves["random", "random"] >= 16


def test_games_rounds_up_to_whole_deals_interleaving_the_presets() -> None:
    games = schedule(make(3, ["classic-8", "fanlang-9"], games=10))
    assert [g.index for g in games] == list(range(12))
    assert [(deal[0].preset, len(deal)) for deal in by_deal(games)] == [
        ("classic-8", 3), ("fanlang-9", 3), ("classic-8", 3), ("fanlang-9", 3)]


def test_a_deal_is_its_seed_and_the_same_for_any_pool() -> None:
    """Deal d of a preset has seed game_seed(seed, d) and the same cards whoever plays it,
    so runs with the same seed can be paired on (preset, seed)."""
    two = schedule(make(2, ["classic-8"], seed=5, deals=3))
    three = schedule(make(3, ["classic-8", "classic-12"], seed=5, deals=3))
    assert [(g.seed, g.deal) for g in two[::2]] == [
        (g.seed, g.deal) for g in three if g.preset == "classic-8"][::3]
    assert [g.seed for g in two[::2]] == [game_seed(5, d) for d in range(3)]
    assert len({g.game_id for g in three}) == len(three)
    assert schedule(make(2, ["classic-8"], seed=5, deals=3)) == two
    assert not {g.seed for g in two} & {g.seed for g in schedule(make(2, ["classic-8"], seed=6))}


def test_names_are_drawn_per_deal() -> None:
    games = schedule(make(2, ["classic-8"], names=NAMES))
    assert all(len(set(g.names)) == 8 and set(g.names) <= set(NAMES) for g in games)
    assert len({g.names for g in games}) == len(by_deal(games)) == 8
    assert schedule(make(2, ["classic-8"]))[0].names == ()
