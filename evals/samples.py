"""How metric modules report what they measure: samples summed per game and seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from evals.records import GameRecord

Section = Literal["deduction", "beliefs", "deception", "persuasion", "speech_scores", "outcomes",
                  "reliability"]
Kind = Literal["proportion", "ratio", "derived"]


@dataclass(frozen=True)
class MetricInfo:
    """Where a metric is reported and how its interval is made.

    ``proportion``: share of samples with y = 1 (Wilson). ``ratio``: sum y / sum x,
    a mean when x = 1 (t interval, games as clusters). ``derived``: computed from
    other metrics of the same group (see ``evals.metrics``). ``bounds``: the range a
    ratio's values lie in (e.g. a 1-5 rating); its interval is clipped to it.
    """

    section: Section
    kind: Kind
    doc: str
    bounds: tuple[float, float] | None = None  # the values it can take: intervals clipped


class Add(Protocol):
    """Record one sample of a metric, credited to ``seat`` (None: the game as a whole)."""

    def __call__(self, name: str, seat: int | None, y: float, x: float = 1.0) -> None: ...


class Collector(Protocol):
    """A metric module's entry point: add the samples one game yields."""

    def __call__(self, record: GameRecord, add: Add) -> None: ...


def base_name(name: str) -> str:
    """``win_rate[wolves]`` -> ``win_rate``: variants share their base metric's info."""
    return name.split("[", 1)[0]
