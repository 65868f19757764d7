"""Paired differences over independent units (deals): t interval, p-value, Holm, power.

The p-value of Student's t uses the regularized incomplete beta function
(``P(|T| > t) = I_{df/(df+t^2)}(df/2, 1/2)``), evaluated by its continued fraction
(Lentz's method, as in Press et al., Numerical Recipes, 3rd ed., section 6.4), so no
scipy is needed.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from evals.stats import Z95, t95

Z80 = 0.8416212335729143  # one-sided 80% normal quantile: power 0.8 in ``needed_units``
_TINY = 1e-300
TOLERANCE = 1e-9
"""Differences within this (relative to the values' size, at least 1) are zero: the
same tallies summed in another order differ by float rounding, not by play."""


def is_zero(difference: float, *values: float) -> bool:
    """Whether ``difference`` of ``values`` is float noise (see ``TOLERANCE``)."""
    return abs(difference) <= TOLERANCE * max(1.0, *(abs(v) for v in values))


@dataclass(frozen=True)
class Difference:
    """Mean of per-unit differences ``a - b`` with a 95% t interval and a two-sided
    p-value (None below two units); ``a`` and ``b`` are the per-unit means, ``sd`` the
    standard deviation of the differences, ``units`` how many there are; ``p_holm`` the
    p-value adjusted for its family, once one is set (``holm``)."""

    a: float
    b: float
    difference: float
    low: float | None
    high: float | None
    p: float | None
    sd: float | None
    units: int
    p_holm: float | None = None


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > _TINY else _TINY)
    result = d
    for m in range(1, 300):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > _TINY else _TINY)
            c = 1 + numerator / c
            c = c if abs(c) > _TINY else _TINY
            result *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return result


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for 0 <= x <= 1."""
    if x <= 0 or x >= 1:
        return max(0.0, min(1.0, x))
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def t_pvalue(t: float, df: int) -> float:
    """Two-sided p-value of Student's t with ``df`` degrees of freedom."""
    return incomplete_beta(df / 2, 0.5, df / (df + t * t))


def paired(a: Sequence[float], b: Sequence[float]) -> Difference:
    """The mean difference of paired values (one pair per unit) with its t interval and
    p-value; identical differences give a zero-width interval and p 1 (mean 0) or 0.
    A per-unit difference that is float noise (``is_zero``) counts as 0."""
    diffs = [0.0 if is_zero(x - y, x, y) else x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean_a, mean_b = statistics.fmean(a), statistics.fmean(b)
    mean = statistics.fmean(diffs)
    if n < 2:
        return Difference(mean_a, mean_b, mean, None, None, None, None, n)
    sd = statistics.stdev(diffs)
    se = sd / math.sqrt(n)
    half = t95(n - 1) * se
    p = t_pvalue(mean / se, n - 1) if se else float(mean == 0)
    return Difference(mean_a, mean_b, mean, mean - half, mean + half, p, sd, n)


def wald_p(estimate: float, se: float) -> float:
    """Two-sided p-value of ``estimate`` with standard error ``se`` against the normal
    (1 for an estimate of 0; 0 for another with no spread)."""
    if estimate == 0:
        return 1.0
    return math.erfc(abs(estimate) / (se * math.sqrt(2))) if se > 0 else 0.0


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjustment of a family of p-values (None: not tested, left out
    of the family): the i-th smallest of m becomes max over j <= i of (m - j + 1) p_(j)."""
    tested = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    out: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (len(tested) - rank) * p))
        out[i] = running
    return out


def needed_units(sd: float | None, effect: float) -> int | None:
    """Units a paired t test needs to detect ``effect`` with power 0.8 at two-sided
    alpha 0.05 (normal approximation: n = ((z_0.975 + z_0.8) sd / effect)^2); None
    when it cannot be told (no spread measured, or no effect)."""
    if sd is None or sd == 0 or effect == 0:
        return None
    return math.ceil(((Z95 + Z80) * sd / abs(effect)) ** 2)
