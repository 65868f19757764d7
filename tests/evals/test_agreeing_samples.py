"""A share whose samples all agree (0 or 1) gets the worst-case design effect: seats
that always win or lose together are as informative as one sample per game. A ratio
whose games all agree claims no interval."""

from __future__ import annotations

import pytest

from evals.stats import proportion, ratio


@pytest.mark.parametrize("won", [0.0, 1.0])
def test_a_side_that_never_or_always_won_is_as_uncertain_as_the_games_say(won: float) -> None:
    games = 50
    seats = proportion({g: [6 * won, 6.0, 6] for g in range(games)})  # 6 seats per game
    team = proportion({g: [won, 1.0, 1] for g in range(games)})  # the side, once per game
    assert seats.value == team.value == won
    assert (seats.low, seats.high) == pytest.approx((team.low, team.high))
    assert (team.high or 0) - (team.low or 0) > 0.05  # 0 of 50 games: up to about 7%


def test_a_ratio_whose_games_all_agree_claims_no_interval() -> None:
    """Three games that each give 2 votes for a wolf out of 4 leave no spread to estimate
    a variance by: the ratio is 0.5 with no interval, never a certain [0.5, 0.5]; one
    game that disagrees gives an interval around it (hand-computed: residuals 0, 0 and
    -1 of Y - R*X with R = 7/16, X = 16)."""
    same = ratio({g: [2.0, 4.0, 4] for g in range(3)})
    assert (same.value, same.low, same.high) == (0.5, None, None)
    mixed = ratio({0: [2.0, 4.0, 4], 1: [2.0, 4.0, 4], 2: [3.0, 8.0, 8]})
    assert mixed.value == pytest.approx(7 / 16)
    spread = (2 - 7 / 16 * 4) ** 2 * 2 + (3 - 7 / 16 * 8) ** 2
    half = 4.302652729911275 * (3 / 2 * spread) ** 0.5 / 16  # t(0.975, 2 df)
    assert (mixed.low, mixed.high) == pytest.approx((7 / 16 - half, 7 / 16 + half))
