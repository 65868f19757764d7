"""scripts/coverage.py's replicates drawn from the games played (``--resample``)."""

from __future__ import annotations

import random
from dataclasses import replace
from types import ModuleType

import pytest

from evals.metrics import summarise
from tests.helpers import load_script


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script("coverage")


def test_a_game_drawn_twice_is_two_clusters(script: ModuleType) -> None:
    group = {"game_days": {0: [3.0, 1.0, 1], 1: [5.0, 1.0, 1]},
             "exiled_wolf_share": {1: [1.0, 2.0, 2]}}  # game 0 exiled nobody
    first, second = script.drawn(group, [[1, 1, 0], [0, 0]])
    assert first == {"game_days": {0: [5.0, 1.0, 1], 1: [5.0, 1.0, 1], 2: [3.0, 1.0, 1]},
                     "exiled_wolf_share": {0: [1.0, 2.0, 2], 1: [1.0, 2.0, 2]}}
    assert second == {"game_days": {0: [3.0, 1.0, 1], 1: [3.0, 1.0, 1]}}
    first["game_days"][0][0] = 9.0  # each replicate's cells are its own
    assert group["game_days"][1] == [5.0, 1.0, 1]


@pytest.mark.parametrize(("shrink", "low", "high"), [(1.0, 0.92, 0.98), (0.5, 0.0, 0.80)])
def test_drawn_replicates_measure_an_intervals_coverage(
        script: ModuleType, shrink: float, low: float, high: float) -> None:
    """Game lengths of 2-4 days: the mean's t interval covers about 95% of 400 drawn
    replicates of 50 games; the same interval at half its width is caught."""
    rng = random.Random(5)
    group = {"game_days": {g: [float(rng.choice((2, 3, 3, 4, 4, 4))), 1.0, 1]
                           for g in range(2000)}}
    pooled = summarise(group, {})["game_days"]
    picks = [[rng.randrange(2000) for _ in range(50)] for _ in range(400)]
    replicates = []
    for part in script.drawn(group, picks):
        e = summarise(part, {})["game_days"]
        assert e.value is not None and e.low is not None and e.high is not None
        half = (e.high - e.low) / 2 * shrink
        replicates.append({("all", "all", "game_days"): replace(
            e, low=e.value - half, high=e.value + half)})
    below, held, above = script.coverage({("all", "all", "game_days"): pooled}, replicates,
                                         50)[("all", "all", "game_days")]
    assert low <= held / (below + held + above) <= high
