"""``evaluate``: every metric of docs/metrics.md over a set of games, per group.

Seat-level samples are credited to a seat and can be grouped by that seat's model,
role, seat number, team or agent; game-level samples (exiles, game length, side
win rates) appear only in the ungrouped result.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict, replace
from typing import Any

from evals import beliefs, claims, deception, deduction, outcomes, persuasion, speech_scores
from evals.records import GameRecord, deal_numbers, keep
from evals.samples import Collector, MetricInfo, base_name
from evals.stats import (
    Cell,
    Clusters,
    Estimate,
    bootstrap,
    proportion,
    ratio,
    ratio_of_ratios,
)

__all__ = ["GROUPINGS", "METRICS", "Estimate", "evaluate", "section_of", "sums"]

COLLECTORS: tuple[Collector, ...] = (
    deduction.collect, beliefs.collect, claims.collect, deception.collect, outcomes.collect,
    persuasion.collect)
METRICS: dict[str, MetricInfo] = {
    **deduction.METRICS, **beliefs.METRICS, **claims.METRICS, **deception.METRICS,
    **outcomes.METRICS, **persuasion.METRICS, **speech_scores.METRICS,
}
SECTIONS = ("deduction", "beliefs", "deception", "persuasion", "speech_scores", "outcomes",
            "reliability")

GROUPINGS: dict[str, Callable[[GameRecord, int], str]] = {
    "model": lambda record, seat: record.models[seat],
    "role": lambda record, seat: record.roles[seat],
    "seat": lambda record, seat: str(seat),
    "team": lambda record, seat: record.teams[seat],
    "agent": lambda record, seat: record.agents[seat],
}

Group = dict[str, Clusters]
"""Metric name -> its per-cluster (per-deal) sums, within one group."""

BASELINES = frozenset({"good_suspicion"})  # also summed over all seats, for every group


def section_of(name: str) -> str:
    """The section (deduction, beliefs, ...) a reported metric belongs to."""
    return METRICS[base_name(name)].section


class _Sums:
    """The ``Add`` callback for one game: sums samples into each seat's group."""

    def __init__(self, groups: dict[str, Group], overall: Group, record: GameRecord,
                 index: int, by: str | None) -> None:
        self.groups, self.overall, self.record, self.index = groups, overall, record, index
        self.key = GROUPINGS[by] if by is not None else None

    def __call__(self, name: str, seat: int | None, y: float, x: float = 1.0) -> None:
        if name in BASELINES:
            self._sum(self.overall, name, y, x)
        if self.key is None:
            self._sum(self.groups["all"], name, y, x)
        elif seat is not None:
            self._sum(self.groups[self.key(self.record, seat)], name, y, x)

    def _sum(self, group: Group, name: str, y: float, x: float) -> None:
        try:
            cell = group[name][self.index]
        except KeyError:  # the metric's first sample of the game
            cell = group.setdefault(name, {}).setdefault(self.index, [0.0, 0.0, 0])
        cell[0] += y
        cell[1] += x
        cell[2] += 1


class _Tee:
    """One ``Add`` feeding several (one per grouping)."""

    def __init__(self, adds: list[_Sums]) -> None:
        self.adds = adds

    def __call__(self, name: str, seat: int | None, y: float, x: float = 1.0) -> None:
        for add in self.adds:
            add(name, seat, y, x)


def sums(records: Sequence[GameRecord], *groupings: str | None,
         extra: Sequence[Collector] = ()) -> list[tuple[dict[str, Group], Group]]:
    """Per grouping (None: the one group ``all``), each group's per-cluster sums and the
    baselines over every seat; each game is read once. The clusters are the deals
    (``deal_numbers``): the games of one preset and seed are one cluster, any other game
    its own. ``extra`` collectors run after the built-in ones (e.g.
    ``speech_scores.collector``). Every game given is summed: callers leave stopped games
    out with ``records.keep``."""
    for by in groupings:
        if by is not None and by not in GROUPINGS:
            raise ValueError(f"cannot group by {by!r} (choose {', '.join(GROUPINGS)})")
    out: list[tuple[dict[str, Group], Group]] = [(defaultdict(dict), {}) for _ in groupings]
    for record, index in zip(records, deal_numbers(records), strict=True):
        add = _Tee([_Sums(groups, overall, record, index, by)
                    for (groups, overall), by in zip(out, groupings, strict=True)])
        for collect in (*COLLECTORS, *extra):
            collect(record, add)
    return out


def evaluate(records: Sequence[GameRecord], by: str | None = None,
             extra: Sequence[Collector] = (), include_capped: bool = False) -> dict[str, Any]:
    """JSON-ready metrics: ``{"games", "deals", "capped", "left_out", "by", "groups": {key:
    {metric: estimate}}}``, an estimate being ``{"value", "low", "high", "n", "games"}``
    (``games``: the clusters, deals). Stopped games (the day limit, an abort) are counted
    in ``games`` and, unless ``include_capped``, left out of every metric: ``capped`` says
    how many, ``left_out`` how many per reason. ``by`` None gives one group ``all``, else
    one group per model / role / seat / team / agent; ``extra`` as in ``sums``."""
    kept = keep(records, include_capped)
    [(groups, overall)] = sums(kept.games, by, extra=extra)
    return {
        "games": len(records), "deals": len(set(deal_numbers(kept.games))),
        "capped": len(records) - len(kept.games), "left_out": kept.left_out, "by": by,
        "groups": {key: {name: asdict(e) for name, e in summarise(groups[key], overall).items()}
                   for key in sorted(groups, key=_natural)},
    }


def _natural(key: str) -> tuple[int, int, str]:
    return (0, int(key), "") if key.isdigit() else (1, 0, key)


def summarise(group: Group, overall: Group) -> dict[str, Estimate]:
    """Each metric of one group, in the documented order (variants after their base);
    ``overall`` holds the baselines summed over every group."""
    out: dict[str, Estimate] = {}
    for base, info in METRICS.items():
        if base.startswith("_"):
            continue
        if info.kind == "derived":
            out.update((name, e) for name, e in DERIVED[base](group, overall).items() if e.n)
            continue
        estimate = proportion if info.kind == "proportion" else ratio
        for name in sorted(n for n in group if base_name(n) == base):
            out[name] = _clipped(estimate(group[name]), info.bounds)
    return out


def _clipped(estimate: Estimate, bounds: tuple[float, float] | None) -> Estimate:
    """The estimate with its interval clipped to ``bounds`` (when given)."""
    if bounds is None or estimate.low is None or estimate.high is None:
        return estimate
    low, high = bounds
    return replace(estimate, low=min(high, max(low, estimate.low)),
                   high=max(low, min(high, estimate.high)))


def _one_minus(value: float | None) -> float | None:
    return None if value is None else 1 - value


def _brier_skill(group: Group, overall: Group) -> dict[str, Estimate]:
    """1 - Brier / base-rate Brier, the interval mirrored from the ratio's."""
    r = ratio(group.get("_brier_ratio", {}))
    return {"brier_skill": Estimate(_one_minus(r.value), _one_minus(r.high),
                                    _one_minus(r.low), r.n, r.games)}


Bins = dict[str, Cell]
"""Calibration bin -> [wolves, sum of P(wolf), wolf guesses], in one game or summed."""


def _ece_of(games: Sequence[Bins]) -> float | None:
    """sum over bins of |sum of P(wolf) - number of wolves| / all wolf guesses."""
    bins: Bins = {}
    for game in games:
        for name, cell in game.items():
            summed = bins.setdefault(name, [0.0, 0.0, 0])
            for i, value in enumerate(cell):
                summed[i] += value
    n = sum(cell[2] for cell in bins.values())
    return sum(abs(p - wolves) for wolves, p, _ in bins.values()) / n if n else None


def _ece(group: Group, overall: Group) -> dict[str, Estimate]:
    """Expected calibration error with a bootstrap interval over games."""
    games: dict[int, Bins] = defaultdict(dict)
    for name, clusters in group.items():
        if base_name(name) == "calibration":
            for game, cell in clusters.items():
                games[game][name] = cell
    rows = [games[game] for game in sorted(games)]
    n = sum(int(cell[2]) for bins in rows for cell in bins.values())
    return {"ece": Estimate(_ece_of(rows), *bootstrap(rows, _ece_of), n, len(rows))}


def _camouflage(group: Group, overall: Group) -> dict[str, Estimate]:
    """The group's wolves' suspicion against that of all good players evaluated."""
    return {"wolf_camouflage": ratio_of_ratios(group.get("wolf_suspicion", {}),
                                               overall.get("good_suspicion", {}))}


def _team_wins(group: Group, overall: Group) -> dict[str, Estimate]:
    """Each side's wins over all games of the group (a side may win in none)."""
    games = group.get("game_days", {})  # per deal [days, games, games]: 0 wins where none
    return {name.replace("_won", "team_win_rate", 1):
            proportion({deal: clusters.get(deal, [0.0, cell[1], cell[2]])
                        for deal, cell in games.items()})
            for name, clusters in sorted(group.items()) if base_name(name) == "_won"}


DERIVED: dict[str, Callable[[Group, Group], dict[str, Estimate]]] = {
    "brier_skill": _brier_skill, "ece": _ece, "wolf_camouflage": _camouflage,
    "team_win_rate": _team_wins}
