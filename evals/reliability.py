"""Fallbacks beside the ratings: each player's fallback and refusal rates, and the games
left out of ratings because a seat fell back on too large a share of its decisions (a
fallback decision is the engine's, not the agent's)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from arena.engine.events import Fallback
from arena.fallbacks import MAX_SHARE
from evals.outcomes import decision_of
from evals.records import GameRecord

MAX_FALLBACK_SHARE = MAX_SHARE  # one default with `arena play` and tournaments
RATES = {"fallback_rate": "fallback_rate", "refusal_rate": "error_rate"}
"""Reported name -> the metric (docs/metrics.md) it is read from."""


@dataclass(frozen=True)
class Excluded:
    """A game left out of ratings: ``seat`` fell back on ``share`` of its decisions."""

    game_id: str
    seat: int
    share: float


def fallback_shares(record: GameRecord) -> dict[int, float]:
    """Per seat that fell back: fallbacks / its decisions (at most 1)."""
    decisions: Counter[int] = Counter()
    fallbacks: Counter[int] = Counter()
    for event in record.events:
        if isinstance(event, Fallback):
            fallbacks[event.seat] += 1
        if (seat := decision_of(event)) is not None:
            decisions[seat] += 1
    return {seat: min(1.0, count / decisions[seat]) if decisions[seat] else 1.0
            for seat, count in sorted(fallbacks.items())}


def screen(records: Iterable[GameRecord],
           max_share: float) -> tuple[list[GameRecord], list[Excluded]]:
    """The games where no seat fell back on more than ``max_share`` of its decisions, and
    the seats of the others (in the given order)."""
    kept: list[GameRecord] = []
    excluded: list[Excluded] = []
    for record in records:
        over = [Excluded(record.game_id, seat, share)
                for seat, share in fallback_shares(record).items() if share > max_share]
        excluded += over
        if not over:
            kept.append(record)
    return kept, excluded


def rates(metrics: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per player, the fallback and refusal rates (estimates) of ``evaluate(by="model")``."""
    return {player: {name: found[metric] for name, metric in RATES.items() if metric in found}
            for player, found in metrics["groups"].items()}
