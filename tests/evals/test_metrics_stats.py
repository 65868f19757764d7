"""Interval arithmetic against published values."""

from __future__ import annotations

import pytest

from evals.stats import EMPTY, Estimate, proportion, ratio, ratio_of_ratios, t95, wilson


def test_wilson_matches_the_textbook() -> None:
    # 8 of 10: Wilson 95% interval 0.490 - 0.943 (Newcombe 1998, table I)
    est = wilson(8, 10)
    assert (est.value, est.n) == (0.8, 10)
    assert est.low == pytest.approx(0.4902, abs=1e-4)
    assert est.high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 0) == EMPTY
    assert proportion({0: [1.0, 1.0, 2], 1: [7.0, 9.0, 8]}) == wilson(8, 10)


@pytest.mark.parametrize(("df", "quantile"), [(1, 12.706), (3, 3.182), (9, 2.262),
                                              (10, 2.228), (30, 2.042), (1000, 1.962)])
def test_t_quantiles(df: int, quantile: float) -> None:
    assert t95(df) == pytest.approx(quantile, abs=1e-3)


def test_ratio_of_means_is_the_t_interval() -> None:
    # one sample per game, y = 1, 2, 3, 4: mean 2.5, s = 1.291, se = 0.6455, t(3) = 3.182
    est = ratio({g: [float(g + 1), 1.0, 1] for g in range(4)})
    assert est.value == 2.5 and est.n == 4
    assert est.low == pytest.approx(2.5 - 3.1824 * 0.645497, abs=1e-3)
    assert est.high == pytest.approx(2.5 + 3.1824 * 0.645497, abs=1e-3)


def test_ratio_edge_cases() -> None:
    assert ratio({0: [1.0, 0.0, 1]}) == Estimate(None, None, None, 1)
    assert ratio({0: [3.0, 2.0, 2]}) == Estimate(1.5, None, None, 2)  # one game: no interval


def test_ratio_of_ratios_bootstrap_is_seeded() -> None:
    top = {g: [float(g % 3), 1.0, 1] for g in range(40)}
    bottom = {g: [1.0 + (g % 2), 2.0, 1] for g in range(40)}
    # top mean: (14 * 0 + 13 * 1 + 13 * 2) / 40 = 0.975; bottom: (20 * 1 + 20 * 2) / 80 = 0.75
    est = ratio_of_ratios(top, bottom)
    assert est.value == pytest.approx(0.975 / 0.75)
    assert est.low is not None and est.high is not None and est.value is not None
    assert est.low < est.value < est.high
    assert ratio_of_ratios(top, bottom) == est
