"""Interval arithmetic against published values."""

from __future__ import annotations

import pytest

from evals.metrics import summarise
from evals.stats import (
    EMPTY,
    Estimate,
    proportion,
    ratio,
    ratio_of_ratios,
    t95,
    wilson,
    wilson_bounds,
)


def test_wilson_matches_the_textbook() -> None:
    # 8 of 10: Wilson 95% interval 0.490 - 0.943 (Newcombe 1998, table I)
    est = wilson(8, 10)
    assert (est.value, est.n, est.games) == (0.8, 10, 10)
    assert est.low == pytest.approx(0.4902, abs=1e-4)
    assert est.high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 0) == EMPTY
    # one sample per game: design effect G / (G - 1), so Wilson on 9 trials with t(9)
    per_game = proportion({g: [float(g < 8), 1.0, 1] for g in range(10)})
    assert (per_game.value, per_game.n, per_game.games) == (0.8, 10, 10)
    assert per_game.low == pytest.approx(0.4270, abs=1e-4)
    assert per_game.high == pytest.approx(0.9555, abs=1e-4)


def test_correlated_seats_widen_the_proportion() -> None:
    # 4 games of 3 seats, all winning or all losing: p = 0.5; clustered variance
    # 4/3 * 4 * 1.5^2 / 12^2 against binomial 0.25 / 12: design effect 4, effective n 3,
    # Wilson on 3 trials with t(3) = 3.1824: 0.5 -+ 0.4392
    est = proportion({0: [3.0, 3.0, 3], 1: [3.0, 3.0, 3], 2: [0.0, 3.0, 3], 3: [0.0, 3.0, 3]})
    assert (est.value, est.n, est.games) == (0.5, 12, 4)
    assert est.low == pytest.approx(0.0608, abs=1e-4)
    assert est.high == pytest.approx(0.9392, abs=1e-4)
    seats = wilson(6, 12)  # the seats taken as independent: 0.254 - 0.746
    assert est.low < seats.low - 0.19 and est.high > seats.high + 0.19


def test_independent_seats_give_about_wilson() -> None:
    # 40 games of 2 seats, as a binomial would spread them: 10 with 2 wins, 20 with 1, 10 with 0
    clusters = {g: [float((g < 10) + (g < 30)), 2.0, 2] for g in range(40)}
    est, seats = proportion(clusters), wilson(40, 80)
    assert (est.value, est.n, est.games) == (0.5, 80, 40)
    assert est.low is not None and est.high is not None
    assert seats.low is not None and seats.high is not None
    assert seats.low - 0.005 < est.low < seats.low  # design effect 40/39, t(39) = 2.023
    assert seats.high < est.high < seats.high + 0.005


def test_proportions_stay_in_zero_one() -> None:
    none = proportion({g: [0.0, 3.0, 3] for g in range(5)})
    assert (none.value, none.low, none.games) == (0.0, 0.0, 5)
    assert none.high is not None and 0 < none.high < 1
    every = proportion({g: [3.0, 3.0, 3] for g in range(5)})
    assert (every.value, every.high) == (1.0, 1.0)
    assert wilson_bounds(0.0, 2) == (0.0, pytest.approx(0.6576, abs=1e-4))
    assert proportion({0: [2.0, 3.0, 3]}) == Estimate(2 / 3, None, None, 3, 1)  # one game


def test_ece_has_a_bootstrap_interval_over_games() -> None:
    # 10 games, one wolf guess each at P(wolf) = 0.55 (bin 0.5-0.6), 8 of them wolves:
    # |10 * 0.55 - 8| / 10 = 0.25
    group = {"calibration[0.5-0.6]": {g: [float(g < 8), 0.55, 1] for g in range(10)}}
    ece = summarise(group, {})["ece"]
    assert (ece.n, ece.games) == (10, 10)
    assert ece.value == pytest.approx(0.25)
    assert ece.low is not None and ece.high is not None
    assert 0 <= ece.low < 0.25 < ece.high <= 1
    assert summarise(group, {})["ece"] == ece  # seeded


@pytest.mark.parametrize(("df", "quantile"), [(1, 12.706), (3, 3.182), (9, 2.262),
                                              (10, 2.228), (30, 2.042), (1000, 1.962)])
def test_t_quantiles(df: int, quantile: float) -> None:
    assert t95(df) == pytest.approx(quantile, abs=1e-3)


def test_ratio_of_means_is_the_t_interval() -> None:
    # one sample per game, y = 1, 2, 3, 4: mean 2.5, s = 1.291, se = 0.6455, t(3) = 3.182
    est = ratio({g: [float(g + 1), 1.0, 1] for g in range(4)})
    assert est.value == 2.5 and (est.n, est.games) == (4, 4)
    assert est.low == pytest.approx(2.5 - 3.1824 * 0.645497, abs=1e-3)
    assert est.high == pytest.approx(2.5 + 3.1824 * 0.645497, abs=1e-3)


def test_ratio_edge_cases() -> None:
    assert ratio({0: [1.0, 0.0, 1]}) == Estimate(None, None, None, 1, 1)
    assert ratio({0: [3.0, 2.0, 2]}) == Estimate(1.5, None, None, 2, 1)  # one game: no interval


def test_ratio_of_non_negative_samples_is_clipped_at_zero() -> None:
    # y = 0, 0, 0, 5: mean 1.25, half width 3.1824 * 5 / 4 = 3.98, so the t interval starts
    # below 0; a rate of non-negative samples cannot
    skewed = ratio({g: [5.0 * (g == 3), 1.0, 1] for g in range(4)})
    assert skewed.low == 0.0 and skewed.high == pytest.approx(1.25 + 3.1824 * 1.25, abs=1e-3)
    signed = ratio({g: [5.0 * (g == 3) - (g == 0), 1.0, 1] for g in range(4)})
    assert signed.low is not None and signed.low < 0


def test_ratio_of_ratios_bootstrap_is_seeded() -> None:
    top = {g: [float(g % 3), 1.0, 1] for g in range(40)}
    bottom = {g: [1.0 + (g % 2), 2.0, 1] for g in range(40)}
    # top mean: (14 * 0 + 13 * 1 + 13 * 2) / 40 = 0.975; bottom: (20 * 1 + 20 * 2) / 80 = 0.75
    est = ratio_of_ratios(top, bottom)
    assert est.value == pytest.approx(0.975 / 0.75)
    assert (est.n, est.games) == (40, 40)
    assert est.low is not None and est.high is not None and est.value is not None
    assert est.low < est.value < est.high
    assert ratio_of_ratios(top, bottom) == est
