"""A share whose samples all agree (0 or 1) gets the worst-case design effect: seats
that always win or lose together are as informative as one sample per game."""

from __future__ import annotations

import pytest

from evals.stats import proportion


@pytest.mark.parametrize("won", [0.0, 1.0])
def test_a_side_that_never_or_always_won_is_as_uncertain_as_the_games_say(won: float) -> None:
    games = 50
    seats = proportion({g: [6 * won, 6.0, 6] for g in range(games)})  # 6 seats per game
    team = proportion({g: [won, 1.0, 1] for g in range(games)})  # the side, once per game
    assert seats.value == team.value == won
    assert (seats.low, seats.high) == pytest.approx((team.low, team.high))
    assert (team.high or 0) - (team.low or 0) > 0.05  # 0 of 50 games: up to about 7%
