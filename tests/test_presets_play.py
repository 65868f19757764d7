"""Every preset plays to the end with each built-in bot (a sample of make bench's runs)."""

from __future__ import annotations

import asyncio
import tomllib
from pathlib import Path

import pytest

from agents import make_agent
from arena import presets as preset_files
from arena.app import scenario
from arena.app.cli import parser
from arena.app.commands._game_setup import build_setup
from arena.engine import GameConfig, run_game, variants
from arena.engine.roles import ROLES
from tests.games import bot_game
from tests.sweep import presets

CORE = {"lovers", "hybrid_lovers", "draw"}  # the lovers' sides (C21, win.py); nobody (a draw)


def possible_winners(config: GameConfig) -> set[str]:
    """Who a game of ``config`` may name as its winner, from the specs: the factions of
    the cards in the deck, each card with a victory of its own, the variants' own."""
    dealt = [ROLES[role] for role, count in config.roles.items() if count]
    return (CORE | {spec.faction for spec in dealt if spec.faction != "solo"}
            | {spec.name for spec in dealt if spec.win is not None}
            | {won for v in variants.active(config.rules) for won in v.victories})


@pytest.mark.parametrize("preset", presets())
@pytest.mark.parametrize("spec", ["random", "heuristic", "passive"])
def test_every_preset_plays_to_the_end(preset: str, spec: str) -> None:
    games = {"random": 5, "heuristic": 2, "passive": 1}[spec]
    possible = possible_winners(preset_files.load_preset(preset))
    for seed in range(games):
        result = bot_game(preset, spec, seed)
        assert result.winner in possible
        assert result.events[-1].type == "game_end"  # type: ignore[attr-defined]
        if result.winner != "draw":
            assert result.winners, "a side won with no seats"


def test_scenario_and_table_set_seat_attributes(tmp_path: Path) -> None:
    """Project decision 5: attributes given in a scenario or table file are used as given,
    the rest drawn from the seed, and all are public in the setup event."""
    scen = scenario.parse(tomllib.loads(
        'preset = "classic-8"\nseed = 3\n[attributes.2]\ngender = "female"\nage = 34\n'))
    result = asyncio.run(run_game(scen.config, scen.agents(lambda s, n: make_agent(s, n, 3)),
                                  seed=3))
    setup = result.events[0]
    assert setup.audience == "public"
    assert setup.attributes["2"] == {"gender": "female", "age": 34}  # type: ignore[attr-defined]
    assert set(setup.attributes) == {str(s) for s in range(1, 9)}  # type: ignore[attr-defined]
    table = tmp_path / "t.toml"
    table.write_text('[seats.4]\ngender = "male"\nage = 70\n', encoding="utf-8")
    args = parser().parse_args(["play", "--agents", "random", "--table", str(table)])
    assert build_setup(args).config.attributes == {4: {"gender": "male", "age": 70}}
