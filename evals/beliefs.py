"""Recorded beliefs (``belief`` events) scored against the truth: is each seat a wolf?"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple

from arena.engine.events import Belief
from arena.engine.roles import ROLES
from arena.engine.roles.factions import in_pack
from evals.records import GameRecord
from evals.samples import Add, MetricInfo
from evals.timeline import with_alive

BINS = 10
BIN_NAMES = tuple(f"calibration[{index / BINS:.1f}-{(index + 1) / BINS:.1f}]"
                  for index in range(BINS))
EPSILON = 1e-6  # log loss clips probabilities to [EPSILON, 1 - EPSILON]
PACK_ROLES = frozenset(role for role in ROLES if in_pack(role))

METRICS = {
    "brier": MetricInfo("beliefs", "ratio", "mean squared error of good players' P(wolf)"),
    "log_loss": MetricInfo("beliefs", "ratio", "mean negative log-likelihood of P(wolf)"),
    "brier_skill": MetricInfo(
        "beliefs", "derived", "1 - Brier / Brier of the base-rate predictor (> 0: better)"),
    "_brier_ratio": MetricInfo("beliefs", "ratio", "Brier / Brier of the base-rate predictor"),
    "ece": MetricInfo("beliefs", "derived", "expected calibration error over 10 bins"),
    "calibration": MetricInfo(
        "beliefs", "proportion", "share of seats that were wolves, among those given a "
        "P(wolf) in this bin"),
    "wolf_suspicion": MetricInfo(
        "deception", "ratio", "good players' mean P(wolf) for actual wolves"),
    "good_suspicion": MetricInfo(
        "deception", "ratio", "good players' mean P(wolf) for other good players"),
    "wolf_camouflage": MetricInfo(
        "deception", "derived", "wolf_suspicion / good_suspicion of all good players "
        "evaluated (1: wolves look as innocent as the good)"),
}


def wolf_probability(probabilities: dict[str, dict[str, float]], target: int) -> float | None:
    """P(target wakes with the pack) from one belief, or None if it does not rate him."""
    roles = probabilities.get(str(target))
    if not roles:
        return None
    p = sum([v for role, v in roles.items() if role in PACK_ROLES])
    return min(1.0, max(0.0, p))


class WolfGuess(NamedTuple):
    """One good player's P(wolf) for one living seat, and whether it was a wolf."""

    day: int
    believer: int
    target: int
    p: float
    wolf: bool
    base_rate: float


def wolf_guesses(record: GameRecord) -> Iterator[WolfGuess]:
    """Good players' beliefs about every other living seat they rated."""
    for event, alive in with_alive(record):
        if not isinstance(event, Belief) or not record.is_good(event.seat):
            continue
        others = sorted(alive - {event.seat})
        if not others:
            continue
        base = sum(map(record.is_wolf, others)) / len(others)
        for target in others:
            p = wolf_probability(event.probabilities, target)
            if p is not None:
                yield WolfGuess(event.day, event.seat, target, p, record.is_wolf(target), base)


def calibration_bin(p: float) -> str:
    return BIN_NAMES[min(int(p * BINS), BINS - 1)]


def collect(record: GameRecord, add: Add) -> None:
    for j in wolf_guesses(record):
        truth = float(j.wolf)
        clipped = min(1 - EPSILON, max(EPSILON, j.p))
        error = (j.p - truth) ** 2
        add("brier", j.believer, error)
        add("log_loss", j.believer, -math.log(clipped if j.wolf else 1 - clipped))
        add("_brier_ratio", j.believer, error, (j.base_rate - truth) ** 2)
        add(calibration_bin(j.p), j.believer, truth, j.p)
        if j.wolf:
            add("wolf_suspicion", j.target, j.p)
        elif record.is_good(j.target):
            add("good_suspicion", j.target, j.p)
