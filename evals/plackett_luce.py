"""OpenSkill's Plackett-Luce update of a two-team game, on plain floats.

``rate(winners, losers)`` gives what ``openskill.models.PlackettLuce().rate([winners,
losers], ranks=[1, 2])`` gives with the model's defaults (no weights, scores, balance or
sigma limit): the same operations in the same order, so the same numbers (to the last bit
with openskill 6.2; tests/evals/test_ratings.py compares them), without the package's deep
copies and per-rating uuids, which made the ratings' bootstrap slow. Its steps are exposed
so a caller rating many copies of one player updates it once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

MU = 25.0
SIGMA = MU / 3
BETA = MU / 6
KAPPA = 0.0001
TAU = MU / 300
TAU_SQUARED = TAU * TAU

Player = tuple[float, float]
"""(mu, sigma)."""
Factor = tuple[float, float, float]
"""A team's summed sigma squared, and its omega and delta of the game."""


def widen(sigma: float) -> float:
    """Sigma with the dynamics term tau added, as the package does before a game."""
    return math.sqrt(sigma * sigma + TAU_SQUARED)


def _team_sums(team: Sequence[Player]) -> tuple[float, float]:
    """The team's summed mu and sigma squared, added best ordinal first as the package does."""
    mu_sum = sigma_squared_sum = 0.0
    for mu, sigma in sorted(team, key=lambda p: p[0] - 3.0 * p[1], reverse=True):
        mu_sum += mu
        sigma_squared_sum += sigma ** 2
    return mu_sum, sigma_squared_sum


def _factor(sigma_squared: float, c: float, omega: float, delta: float) -> Factor:
    return (sigma_squared, omega * (sigma_squared / c),
            delta * (sigma_squared / c ** 2) * (math.sqrt(sigma_squared) / c))


def factors(winners: Sequence[Player], losers: Sequence[Player]) -> tuple[Factor, Factor]:
    """The winners' and the losers' factors (players with widened sigmas).

    The package's sums over the teams placed no better than each team, unrolled: its terms
    that are exactly 0.0 are left out, as adding them changes no bit."""
    (mu_win, var_win), (mu_lose, var_lose) = _team_sums(winners), _team_sums(losers)
    c = math.sqrt((var_win + BETA ** 2) + (var_lose + BETA ** 2))
    strength_win, strength_lose = math.exp(mu_win / c), math.exp(mu_lose / c)
    p_win = strength_win / (strength_win + strength_lose)
    p_lose = strength_lose / (strength_win + strength_lose)
    alone = strength_lose / strength_lose  # the losers' share among the last: 1 (or nan)
    return (_factor(var_win, c, 1 - p_win, p_win * (1 - p_win)),
            _factor(var_lose, c, -p_lose + (1 - alone),
                    p_lose * (1 - p_lose) + alone * (1 - alone)))


def update(player: Player, factor: Factor) -> Player:
    """A player's (mu, widened sigma) after the game, given its team's factor."""
    mu, sigma = player
    sigma_squared, omega, delta = factor
    share = sigma ** 2 / sigma_squared
    return mu + share * omega, sigma * math.sqrt(max(1 - share * delta, KAPPA))


def rate(winners: Sequence[Player],
         losers: Sequence[Player]) -> tuple[list[Player], list[Player]]:
    """Every player's new (mu, sigma) after the winners beat the losers."""
    wide = [[(mu, widen(sigma)) for mu, sigma in team] for team in (winners, losers)]
    win, lose = factors(*wide)
    return ([update(player, win) for player in wide[0]],
            [update(player, lose) for player in wide[1]])
