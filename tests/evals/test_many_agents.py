"""Tests that stay valid with many agents: rating p-values that Holm can carry below
0.01 over 28 pairs, and float noise that is no difference."""

from __future__ import annotations

import random

from evals.compare import compare
from evals.paired import paired
from evals.records import GameRecord
from tests.evals.test_compare import game

PLAYERS = [f"P{n}" for n in range(8)]


def _eight_agents(deals: int) -> list[GameRecord]:
    """Two games per deal of 8 seats (2 wolves, 6 villagers), the 8 players shuffled round
    the seats; P0's side always wins, the other seven are alike."""
    rng = random.Random(4)
    records = []
    for deal in range(deals):
        for turn in range(2):
            order = rng.sample(PLAYERS, len(PLAYERS))
            seats = [(p, "werewolf" if n < 2 else "villager") for n, p in enumerate(order)]
            winner = "wolves" if order.index("P0") < 2 else "village"
            records.append(game(f"d{deal:02d}t{turn}", deal, seats, winner))
    return records


def test_a_real_rating_difference_is_significant_after_holm_over_28_pairs() -> None:
    result = compare(_eight_agents(30), resamples=60)
    assert len(result.pairs) == 28
    ratings = {(p.a, p.b): p.rating for p in result.pairs}
    strong = [r.p_holm for (a, _), r in ratings.items() if a == "P0" and r]
    # a resampling p-value stops at 2 / (R + 1), which Holm makes 28 x that at least
    assert len(strong) == 7 and max(p for p in strong if p is not None) < 0.01


def test_float_noise_is_no_difference() -> None:
    a = [0.1 + 0.2, 0.7, 1 / 3, 0.1 * 3]
    b = [0.3, 0.1 * 7, 1 - 2 / 3, 0.3]
    assert any(x != y for x, y in zip(a, b, strict=True))
    diff = paired(a, b)
    assert (diff.difference, diff.low, diff.high, diff.p) == (0.0, 0.0, 0.0, 1.0)
