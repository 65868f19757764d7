"""Random games of every Village preset (a small version of scripts/village.py): every
game ends without an error, and every building power (B1-B10), house change and the
arsonist's fire (R16) shows up in the transcripts' events."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from arena.presets import preset_names
from tests.helpers import load_script

GAMES = 30
PRESETS = [p for p in preset_names() if p.startswith("village-")]


SCRIPT = load_script("village")


@cache
def _played(preset: str) -> tuple[Counter[str], float]:
    _, counts, days, _ = SCRIPT.play(preset, "random", GAMES)
    return counts, days


def test_the_village_presets_cover_the_catalog_counts() -> None:
    """5.4: one Village preset per tabletop player count, 8 to 18."""
    assert [f"village-{n}" for n in range(8, 19)] == PRESETS


@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_finish_and_show_every_building_power(preset: str) -> None:
    """Every power but the fire (which needs the arsonist to burn the wolves' own target)
    appears within 30 games of each preset."""
    counts, days = _played(preset)
    assert sum(v for k, v in counts.items() if k.startswith("winner:")) == GAMES and days > 1
    assert [f for f in SCRIPT.missing(counts) if f != "fire"] == []


def test_r16_the_fire_shows_up_across_the_presets() -> None:
    """R16: over the presets' games the arsonist's fire burns a wolf at least once."""
    assert sum(_played(p)[0]["fire"] for p in PRESETS) > 0
