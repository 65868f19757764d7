"""Estimates with 95% intervals: Wilson for proportions, game-clustered t intervals for
ratios and means, a seeded bootstrap over games for ratios of ratios."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

Z95 = 1.959963984540054
T95_SMALL = {1: 12.706205, 2: 4.302653, 3: 3.182446, 4: 2.776445, 5: 2.570582, 6: 2.446912,
             7: 2.364624, 8: 2.306004, 9: 2.262157}  # where the expansion below is too rough
BOOTSTRAP_RESAMPLES = 1000
BOOTSTRAP_SEED = 20240601

Cell = list[float]
"""Sums for one game: [sum of y, sum of x, number of samples]."""
Clusters = dict[int, Cell]
"""Game index -> its sums, for one metric within one group."""


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval; ``n`` is the number of samples behind it."""

    value: float | None
    low: float | None
    high: float | None
    n: int


EMPTY = Estimate(None, None, None, 0)


def totals(clusters: Clusters) -> tuple[float, float, int]:
    """(sum of y, sum of x, number of samples) over all games."""
    y = sum(c[0] for c in clusters.values())
    x = sum(c[1] for c in clusters.values())
    return y, x, int(sum(c[2] for c in clusters.values()))


def wilson(successes: float, n: int) -> Estimate:
    """Share of successes with the Wilson score interval (Wilson 1927)."""
    if n <= 0:
        return EMPTY
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def proportion(clusters: Clusters) -> Estimate:
    """Share of samples with y = 1 (x is ignored), Wilson interval."""
    y, _, n = totals(clusters)
    return wilson(y, n)


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
    (the linearised ratio estimator: Var = G/(G-1) * sum_g (Y_g - R X_g)^2 / X^2)."""
    y, x, n = totals(clusters)
    if x == 0:
        return Estimate(None, None, None, n)
    r = y / x
    games = len(clusters)
    if games < 2:
        return Estimate(r, None, None, n)
    spread = sum((c[0] - r * c[1]) ** 2 for c in clusters.values())
    half = t95(games - 1) * math.sqrt(games / (games - 1) * spread) / x
    return Estimate(r, r - half, r + half, n)


Row = tuple[float, float, float, float]


def _ratio_of_ratios(rows: list[Row]) -> float | None:
    ty, tx, by, bx = (sum(row[i] for row in rows) for i in range(4))
    if tx == 0 or bx == 0 or by == 0:
        return None
    return (ty / tx) / (by / bx)


def ratio_of_ratios(top: Clusters, bottom: Clusters) -> Estimate:
    """(sum y / sum x of ``top``) / (the same of ``bottom``), with a percentile
    interval from a seeded bootstrap that resamples whole games."""
    zero = [0.0, 0.0, 0]
    rows: list[Row] = []
    for game in sorted(set(top) | set(bottom)):
        (ty, tx, _), (by, bx, _) = top.get(game, zero), bottom.get(game, zero)
        rows.append((ty, tx, by, bx))
    n = totals(top)[2]
    value = _ratio_of_ratios(rows) if rows else None
    if value is None or len(rows) < 2:
        return Estimate(value, None, None, n)
    rng = random.Random(BOOTSTRAP_SEED)
    draws = sorted(
        r for _ in range(BOOTSTRAP_RESAMPLES)
        if (r := _ratio_of_ratios(rng.choices(rows, k=len(rows)))) is not None
    )
    low = draws[int(0.025 * (len(draws) - 1))]
    high = draws[math.ceil(0.975 * (len(draws) - 1))]
    return Estimate(value, low, high, n)
