"""On random-agent games the baseline-relative metrics sit at chance (1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from evals.metrics import evaluate
from evals.records import load_records


@pytest.fixture(scope="module")
def random_metrics(random_games: Path) -> dict[str, Any]:
    records = load_records([random_games])
    assert len(records) == 150
    result: dict[str, Any] = evaluate(records)["groups"]["all"]
    return result


@pytest.mark.parametrize("name", ["vote_accuracy_vs_random", "wolf_targeting_ratio"])
def test_chance_lies_within_the_interval(random_metrics: dict[str, Any], name: str) -> None:
    estimate = random_metrics[name]
    assert estimate["low"] <= 1.0 <= estimate["high"]
    assert estimate["high"] - estimate["low"] < 0.2  # and the interval is informative


def test_random_votes_hit_wolves_at_their_share(random_metrics: dict[str, Any]) -> None:
    # 3 wolves among the 11 others on day 1, fewer later: raw accuracy near 3/11, far below
    # any informed player, and random agents make no claims
    assert 0.2 < random_metrics["vote_accuracy"]["value"] < 0.4
    assert "false_claim_rate" not in random_metrics
