"""Estimates with 95% intervals, clusters (games, or deals of games sharing a preset and seed)
as the independent units: a cluster-adjusted Wilson interval for proportions, a clustered t
interval for ratios and means, a seeded bootstrap over clusters for statistics without a
variance formula. The code below says "game" for a cluster."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

Z95 = 1.959963984540054
T95_SMALL = {1: 12.706205, 2: 4.302653, 3: 3.182446, 4: 2.776445, 5: 2.570582, 6: 2.446912,
             7: 2.364624, 8: 2.306004, 9: 2.262157}  # where the expansion below is too rough
BOOTSTRAP_RESAMPLES = 1000
BOOTSTRAP_SEED = 20240601

Cell = list[float]
"""Sums for one game: [sum of y, sum of x, number of samples]."""
Clusters = dict[int, Cell]
"""Cluster (game or deal) number -> its sums, for one metric within one group."""
T = TypeVar("T")


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval; ``n`` samples from ``games`` clusters (games, or
    deals when games share one)."""

    value: float | None
    low: float | None
    high: float | None
    n: int
    games: int


EMPTY = Estimate(None, None, None, 0, 0)


def totals(clusters: Clusters) -> tuple[float, float, int]:
    """(sum of y, sum of x, number of samples) over all games."""
    y = sum(c[0] for c in clusters.values())
    x = sum(c[1] for c in clusters.values())
    return y, x, int(sum(c[2] for c in clusters.values()))


def wilson_bounds(p: float, n: float, quantile: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``p`` of ``n`` trials (Wilson 1927), in [0, 1]
    (0 and 1 exactly at p = 0 and p = 1)."""
    q2 = quantile * quantile
    centre = (p + q2 / (2 * n)) / (1 + q2 / n)
    half = quantile / (1 + q2 / n) * math.sqrt(p * (1 - p) / n + q2 / (4 * n * n))
    low = 0.0 if p == 0 else max(0.0, centre - half)
    return low, 1.0 if p == 1 else min(1.0, centre + half)


def wilson(successes: float, n: int) -> Estimate:
    """Share of successes in ``n`` independent trials (one per game), Wilson interval."""
    if n <= 0:
        return EMPTY
    p = successes / n
    return Estimate(p, *wilson_bounds(p, n), n, n)


def proportion(clusters: Clusters) -> Estimate:
    """Share of samples with y = 1 (x is ignored): Wilson with the effective sample size
    n / design effect, the design effect being the game-clustered variance over the
    binomial one (at least 1), and t(G - 1) for z. With one sample per game the design
    effect is G / (G - 1). When every sample agrees (p 0 or 1) the data cannot tell the
    effect, and the worst case is taken: the games' samples move together, G - 1
    effective samples. One game gives no interval."""
    y, _, n = totals(clusters)
    games = len(clusters)
    if n == 0:
        return EMPTY
    p = y / n
    if games < 2:
        return Estimate(p, None, None, n, games)
    clustered = games / (games - 1) * sum((c[0] - p * c[2]) ** 2 for c in clusters.values())
    binomial = p * (1 - p) * n  # both variances times n^2
    effect = max(1.0, clustered / binomial if binomial > 0 else n / (games - 1))
    return Estimate(p, *wilson_bounds(p, n / effect, t95(games - 1)), n, games)


def t95(df: int) -> float:
    """Two-sided 95% quantile of Student's t (a table below 10 degrees of freedom,
    then the Cornish-Fisher expansion, within 3e-4)."""
    if df in T95_SMALL:
        return T95_SMALL[df]
    z = Z95
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


def ratio(clusters: Clusters) -> Estimate:
    """sum(y) / sum(x) with a t interval whose variance treats games as clusters
    (the linearised ratio estimator: Var = G/(G-1) * sum_g (Y_g - R X_g)^2 / X^2);
    the low end is clipped at 0 when no game has a negative sum. When every game gives
    the same ratio there is no spread to estimate the variance by: no interval."""
    y, x, n = totals(clusters)
    games = len(clusters)
    if x == 0:
        return Estimate(None, None, None, n, games)
    r = y / x
    if games < 2:
        return Estimate(r, None, None, n, games)
    spread = sum((c[0] - r * c[1]) ** 2 for c in clusters.values())
    if spread == 0:  # every game gives the same ratio: no spread to estimate a variance by
        return Estimate(r, None, None, n, games)
    half = t95(games - 1) * math.sqrt(games / (games - 1) * spread) / x
    floor = 0.0 if all(c[0] >= 0 and c[1] >= 0 for c in clusters.values()) else -math.inf
    return Estimate(r, max(floor, r - half), r + half, n, games)


def bootstrap(games: Sequence[T], statistic: Callable[[Sequence[T]], float | None]
              ) -> tuple[float | None, float | None]:
    """Percentile 95% interval of ``statistic`` over seeded resamples of whole games
    (Efron 1979); (None, None) with fewer than two games."""
    if len(games) < 2:
        return None, None
    rng = random.Random(BOOTSTRAP_SEED)
    draws = sorted(s for _ in range(BOOTSTRAP_RESAMPLES)
                   if (s := statistic(rng.choices(games, k=len(games)))) is not None)
    if not draws:
        return None, None
    return draws[int(0.025 * (len(draws) - 1))], draws[math.ceil(0.975 * (len(draws) - 1))]


Row = tuple[float, float, float, float]


def _ratio_of_ratios(rows: Sequence[Row]) -> float | None:
    ty, tx, by, bx = (sum(row[i] for row in rows) for i in range(4))
    if tx == 0 or bx == 0 or by == 0:
        return None
    return (ty / tx) / (by / bx)


def ratio_of_ratios(top: Clusters, bottom: Clusters) -> Estimate:
    """(sum y / sum x of ``top``) / (the same of ``bottom``), with a bootstrap interval
    over the games of either."""
    zero = [0.0, 0.0, 0]
    rows: list[Row] = []
    for game in sorted(set(top) | set(bottom)):
        (ty, tx, _), (by, bx, _) = top.get(game, zero), bottom.get(game, zero)
        rows.append((ty, tx, by, bx))
    n = totals(top)[2]
    value = _ratio_of_ratios(rows) if rows else None
    if value is None:
        return Estimate(None, None, None, n, len(top))
    return Estimate(value, *bootstrap(rows, _ratio_of_ratios), n, len(top))
