"""Every preset plays to the end with each built-in bot (a sample of make bench's runs)."""

from __future__ import annotations

import pytest

from arena.presets import load_preset, preset_names
from tests.helpers import play_bots

OUTCOMES = {"village", "wolves", "lovers", "hybrid_lovers", "piper", "white_wolf",
            "white_eyed_wolf", "draw"}


@pytest.mark.parametrize("preset", preset_names())
@pytest.mark.parametrize("spec", ["random", "heuristic", "passive"])
def test_every_preset_plays_to_the_end(preset: str, spec: str) -> None:
    config = load_preset(preset)
    games = {"random": 5, "heuristic": 2, "passive": 1}[spec]
    for seed in range(games):
        result = play_bots(config, spec, seed)
        assert result.winner in OUTCOMES
        assert result.events[-1].type == "game_end"  # type: ignore[attr-defined]
        if result.winner != "draw":
            assert result.winners, "a side won with no seats"
