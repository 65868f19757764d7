"""Deduction and belief metrics on the scripted game, worked out by hand."""

from __future__ import annotations

import math
from typing import Any

import pytest

from evals.metrics import evaluate
from evals.records import GameRecord
from evals.timeline import exile_ballots


def metrics(record: GameRecord, by: str | None = None, group: str = "all") -> dict[str, Any]:
    result: dict[str, Any] = evaluate([record], by)["groups"][group]
    return result


def value(record: GameRecord, name: str, by: str | None = None, group: str = "all") -> float:
    v: float = metrics(record, by, group)[name]["value"]
    return v


def test_ballot_candidates_are_rebuilt(scripted: GameRecord) -> None:
    ballots = {(b.day, b.voter, b.target): b.candidates for b in exile_ballots(scripted)}
    assert ballots[(1, 4, 3)] == (1, 2, 3, 5)  # day 1: the living but himself (6 died)
    assert ballots[(1, 5, 1)] == (1, 3)  # the revote: the tied seats
    assert ballots[(2, 4, 2)] == (2, 5)  # day 2: 1 exiled, 3 killed
    assert len(ballots) == 11  # 5 + 3 + 3 ballots, no abstentions


def test_vote_accuracy(scripted: GameRecord) -> None:
    # good ballots: day 1: 3->1 hit, 4->3 miss, 5->4 miss; revote 4->1, 5->1; day 2 4->2, 5->2
    m = metrics(scripted)
    assert m["vote_accuracy"]["value"] == pytest.approx(5 / 7)
    assert m["vote_accuracy"]["n"] == 7
    # every ballot had 2 wolves in 4 candidates or 1 in 2: 7 * 0.5 = 3.5 expected hits
    assert m["vote_accuracy_vs_random"]["value"] == pytest.approx(5 / 3.5)


def test_exiles_checks_and_key_roles(scripted: GameRecord) -> None:
    m = metrics(scripted)
    assert m["exiled_wolf_share"]["value"] == 1.0 and m["exiled_wolf_share"]["n"] == 2
    assert m["seer_hit_rate"]["value"] == 0.5  # 1 (a wolf), then 5 (a villager)
    assert m["key_role_survival"]["value"] == 0.5  # the witch lived, the seer did not
    assert m["key_role_days"]["value"] == 2.0  # seer killed on night 2; witch to day 2


def test_beliefs_scores(scripted: GameRecord) -> None:
    # seat 5's P(wolf): 1: 0.8 (wolf), 2: 0.6 (wolf), 3: 0.0, 4: 0.5; the wolf's belief is ignored
    m = metrics(scripted)
    assert m["brier"]["value"] == pytest.approx((0.2**2 + 0.4**2 + 0 + 0.5**2) / 4)  # 0.1125
    assert m["brier"]["n"] == 4
    log_loss = -(math.log(0.8) + math.log(0.6) + math.log(1 - 1e-6) + math.log(0.5)) / 4
    assert m["log_loss"]["value"] == pytest.approx(log_loss)
    # base rate: 2 wolves among the 4 others -> 0.5 each, Brier 0.25 -> skill 1 - 0.1125/0.25
    assert m["brier_skill"]["value"] == pytest.approx(0.55)
    # bins hold one wolf guess each: |0.8-1| + |0.6-1| + |0-0| + |0.5-0| over 4
    assert m["ece"]["value"] == pytest.approx(1.1 / 4)
    assert m["calibration[0.8-0.9]"]["value"] == 1.0
    assert m["calibration[0.5-0.6]"]["value"] == 0.0
    assert "calibration[0.3-0.4]" not in m


def test_grouping_by_seat_credits_the_voter(scripted: GameRecord) -> None:
    # 4: 3 (miss), 1, 2; 5: 4 (miss), 1, 2; 3: 1
    assert value(scripted, "vote_accuracy", "seat", "4") == pytest.approx(2 / 3)
    assert value(scripted, "vote_accuracy", "seat", "5") == pytest.approx(2 / 3)
    assert value(scripted, "vote_accuracy", "seat", "3") == 1.0
    grouped = evaluate([scripted], "model")
    assert set(grouped["groups"]) == {"heuristic", "gpt-x"}
    assert "exiled_wolf_share" not in grouped["groups"]["heuristic"]  # game-level only


def test_unknown_grouping_is_refused(scripted: GameRecord) -> None:
    with pytest.raises(ValueError, match="cannot group by"):
        evaluate([scripted], "colour")
