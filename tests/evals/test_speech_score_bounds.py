"""The speech scorer's 1-5 ratings keep their intervals within 1-5, as documented."""

from __future__ import annotations

from evals.metrics import summarise
from evals.stats import ratio


def test_a_rating_interval_is_clipped_to_one_to_five() -> None:
    # three games of naturalness ratings: 5, 5 | 5, 5 | 3: mean 4.6, few games, wide t
    clusters = {0: [10.0, 2.0, 2], 1: [10.0, 2.0, 2], 2: [3.0, 1.0, 1]}
    unclipped = ratio(clusters)
    assert unclipped.high is not None and unclipped.high > 5
    estimate = summarise({"speech_naturalness": clusters}, {})["speech_naturalness"]
    assert estimate.value == unclipped.value == 4.6
    assert estimate.high == 5.0 and estimate.low == unclipped.low and 1 <= estimate.low < 4.6
