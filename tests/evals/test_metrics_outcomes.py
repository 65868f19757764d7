"""Outcome and reliability metrics on the scripted game, worked out by hand."""

from __future__ import annotations

import pytest

from evals.records import GameRecord
from tests.evals.test_metrics_deduction import metrics, value


def test_wins_and_length(scripted: GameRecord) -> None:
    m = metrics(scripted)
    assert m["win_rate"]["value"] == pytest.approx(4 / 6) and m["win_rate"]["n"] == 6
    assert m["win_rate[village]"]["value"] == 1.0 and m["win_rate[wolves]"]["value"] == 0.0
    # one game: no interval (games are the units, and one gives no variance)
    assert m["team_win_rate[village]"] == {"value": 1.0, "low": None, "high": None, "n": 1,
                                           "games": 1}
    assert m["team_win_rate[wolves]"]["value"] == 0.0
    assert m["game_days"]["value"] == 2.0


def test_fallbacks_errors_and_usage(scripted: GameRecord) -> None:
    # decisions: seat 1: 4, seat 2: 7, seat 3: 5, seat 4: 5, seat 5: 6 (27 in all)
    m = metrics(scripted)
    assert m["fallback_rate"]["value"] == pytest.approx(1 / 27)
    assert m["error_rate"]["value"] == pytest.approx(1 / 27)
    assert value(scripted, "fallback_rate", "seat", "4") == pytest.approx(1 / 5)
    assert value(scripted, "error_rate", "seat", "5") == pytest.approx(1 / 6)
    # seat 4's speech after a timeout and seat 5's vote after a refused answer: 25 of 27
    # requests had their first answer accepted
    assert m["first_answer_legal"]["value"] == pytest.approx(25 / 27)
    assert value(scripted, "first_answer_legal", "seat", "4") == pytest.approx(4 / 5)
    assert value(scripted, "first_answer_legal", "seat", "5") == pytest.approx(5 / 6)
    assert value(scripted, "first_answer_legal", "seat", "3") == 1.0
    # seat 5's two calls: 100 + 20 and 50 + 10 tokens, 0.015 USD, over 6 decisions
    assert value(scripted, "tokens_per_decision", "model", "gpt-x") == pytest.approx(30)
    assert value(scripted, "cost_per_decision", "model", "gpt-x") == pytest.approx(0.0025)
    assert m["tokens_per_game"]["value"] == 180 and m["cost_per_game"]["value"] == 0.015
    assert "tokens_per_decision" not in metrics(scripted, "model", "heuristic")
