"""Two players compared on the deals both played (docs/metrics.md, "Comparing two agents").

A *deal* is a preset with a seed (the transcript header's); a tournament plays each
deal several times with the players turned round the seats, so the players of a
deal hold the same cards. For each deal and player the outcome is the mean over the
player's seats in the deal's games (the share of seats won; a metric's sum of
numerators over its sum of denominators), and a comparison is the mean over the
deals both played of the per-deal difference, with a t interval and p-value over
deals (``evals.paired``). Deals with only one of the two are left out and counted;
a game without a seed is a deal of its own. The rating difference is the OpenSkill
ordinal's, bootstrapped over deals. p-values are Holm-corrected over the pairs
compared, separately for each measure.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from evals.export import fraction, metric_order, seat_sums
from evals.paired import Difference, holm, is_zero, needed_units, paired, wald_p
from evals.ratings import RATERS, RESAMPLES, Match, matches
from evals.records import DealKey, GameRecord, deal_key, keep
from evals.samples import base_name

WIN_RATE, RATING = "win_rate", "rating"
LEFT_OUT = frozenset({"win_rate", "calibration"})  # the headline itself; a diagram's bins
SKILL = {"_brier_ratio": "brier_skill"}  # a ratio r compared as 1 - r, under this name

Tally = dict[str, list[float]]
"""Measure -> [sum of numerators, sum of denominators] of one player in one deal."""


@dataclass
class Deal:
    """The games of one (preset, seed): how many, and each player's tallies."""

    preset: str
    games: int = 0
    players: dict[str, Tally] = field(default_factory=dict)


@dataclass(frozen=True)
class Pair:
    """``a`` against ``b``: every difference is a's minus b's."""

    a: str
    b: str
    paired_deals: int
    unpaired_deals: int  # deals with only one of the two: left out
    unpaired_games: int
    win_rate: Difference | None
    rating: Difference | None
    metrics: dict[str, Difference]
    by_preset: dict[str, Difference]
    by_role: dict[str, Difference]
    paired_games: int  # the games of the shared deals
    effect: float | None  # the win-rate difference the power line is for
    games_needed: int | None  # about this many games resolve it (power 0.8), in all


@dataclass(frozen=True)
class Comparison:
    """Every pair of ``players``, with the counts behind them."""

    games: int  # the games compared (stopped ones only with include_capped)
    deals: int
    draws: int  # games nobody or everybody won: counted in win rates, left out of ratings
    resamples: int
    seed: int
    players: list[str]
    pairs: list[Pair]
    left_out: dict[str, int] = field(default_factory=dict)  # stopped games, per reason

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _bump(tally: Tally, measure: str, num: float, den: float) -> None:
    cell = tally.setdefault(measure, [0.0, 0.0])
    cell[0] += num
    cell[1] += den


def deals(records: Sequence[GameRecord]) -> dict[DealKey, Deal]:
    """The tallies of every deal: win share overall and per role, and each metric."""
    out: dict[DealKey, Deal] = {}
    for record in records:
        deal = out.setdefault(deal_key(record), Deal(record.preset or "–"))
        deal.games += 1
        sums = seat_sums(record)
        for seat, player in record.models.items():
            tally = deal.players.setdefault(player, {})
            won = float(seat in record.winners)
            _bump(tally, WIN_RATE, won, 1)
            _bump(tally, f"role:{record.roles[seat]}", won, 1)
            for name, cell in sums.get(seat, {}).items():
                if base_name(name) not in LEFT_OUT and (name in SKILL or name[0] != "_"):
                    _bump(tally, name, *fraction(name, cell))
    return out


def difference(games: Sequence[Deal], a: str, b: str, measure: str,
               value: Callable[[float], float] = float) -> Difference | None:
    """The paired difference of ``measure`` over the deals where both have some of it."""
    pairs = [(value(ta[0] / ta[1]), value(tb[0] / tb[1])) for deal in games
             if (ta := deal.players.get(a, {}).get(measure)) and ta[1]
             and (tb := deal.players.get(b, {}).get(measure)) and tb[1]]
    return paired(*zip(*pairs, strict=True)) if pairs else None


def _metrics(games: Sequence[Deal], a: str, b: str) -> dict[str, Difference]:
    names = metric_order({name for deal in games for player in (a, b)
                          for name in deal.players.get(player, {}) if name[:5] != "role:"}
                         - {WIN_RATE})
    out = {}
    for name in names:
        value: Callable[[float], float] = (lambda r: 1 - r) if name in SKILL else float
        if (diff := difference(games, a, b, name, value)) is not None:
            out[SKILL.get(name, name)] = diff
    return out


def _pair(all_deals: Sequence[Deal], a: str, b: str, effect: float | None) -> Pair:
    shared = [d for d in all_deals if a in d.players and b in d.players]
    single = [d for d in all_deals if (a in d.players) != (b in d.players)]
    win = difference(shared, a, b, WIN_RATE)
    roles = sorted({m[5:] for d in shared for m in d.players[a] if m[:5] == "role:"})
    size = effect if effect is not None else (abs(win.difference) if win else None)
    needed = needed_units(win.sd, size) if win and size is not None else None
    games = sum(d.games for d in shared)
    return Pair(
        a, b, len(shared), len(single), sum(d.games for d in single), win, None,
        _metrics(shared, a, b),
        {p: diff for p in sorted({d.preset for d in shared})
         if (diff := difference([d for d in shared if d.preset == p], a, b, WIN_RATE))},
        {r: diff for r in roles if (diff := difference(shared, a, b, f"role:{r}"))},
        games, size, None if needed is None else math.ceil(needed * games / len(shared)))


def _ratings(records: Sequence[GameRecord], pairs: Sequence[tuple[str, str]],
             resamples: int, seed: int) -> list[Difference | None]:
    """OpenSkill ordinal a - b per pair on all games, with a percentile interval and a
    two-sided p-value from resampling whole deals (games kept in game-id order)."""
    ordered = sorted(records, key=lambda r: (r.game_id, str(r.path)))
    games = [matches([record], "overall") for record in ordered]
    by_deal: dict[DealKey, list[int]] = defaultdict(list)
    for index, record in enumerate(ordered):
        by_deal[deal_key(record)].append(index)
    groups = list(by_deal.values())
    ordinal = RATERS["ordinal"]

    def rated(indices: Sequence[int]) -> dict[str, float]:
        sample: list[Match] = [m for i in indices for m in games[i]]
        return {key[0]: value for key, value in ordinal(sample).items()}

    point = rated(range(len(ordered)))
    rng = random.Random(seed)
    draws: list[list[float]] = [[] for _ in pairs]
    for _ in range(resamples):
        drawn = rated(sorted(i for g in rng.choices(groups, k=len(groups)) for i in g))
        for out, (a, b) in zip(draws, pairs, strict=True):
            if a in drawn and b in drawn:
                out.append(drawn[a] - drawn[b])
    return [_bootstrapped(point, a, b, out, len(groups))
            for out, (a, b) in zip(draws, pairs, strict=True)]


def _bootstrapped(point: dict[str, float], a: str, b: str, draws: list[float],
                  units: int) -> Difference | None:
    """The rating difference with its percentile interval and a Wald p-value: the
    difference over the standard deviation of the resampled ones, against the normal
    (a resampling p-value cannot go below 2 / (R + 1), which Holm multiplies by the
    number of pairs: 28 at 8 agents)."""
    if a not in point or b not in point:
        return None
    diff = point[a] - point[b]
    if is_zero(diff, point[a], point[b]):
        diff = 0.0
    if len(draws) < 2:
        return Difference(point[a], point[b], diff, None, None, None, None, units)
    cuts = statistics.quantiles(draws, n=40, method="inclusive")
    return Difference(point[a], point[b], diff, cuts[0], cuts[-1],
                      wald_p(diff, statistics.stdev(draws)), None, units)


def _with_holm(pairs: list[Pair]) -> list[Pair]:
    """Each measure's p-values Holm-adjusted over the pairs (the family)."""
    def adjusted(diffs: list[Difference | None]) -> list[Difference | None]:
        ps = holm([d.p if d else None for d in diffs])
        return [replace(d, p_holm=p) if d else None for d, p in zip(diffs, ps, strict=True)]

    wins = adjusted([p.win_rate for p in pairs])
    rates = adjusted([p.rating for p in pairs])
    names = list(dict.fromkeys(name for p in pairs for name in p.metrics))
    columns = {name: adjusted([p.metrics.get(name) for p in pairs]) for name in names}
    return [replace(pair, win_rate=wins[i], rating=rates[i],
                    metrics={n: d for n in pair.metrics if (d := columns[n][i])})
            for i, pair in enumerate(pairs)]


def compare(records: Sequence[GameRecord], players: Sequence[str] | None = None, *,
            effect: float | None = None, resamples: int = RESAMPLES,
            seed: int = 0, include_capped: bool = False) -> Comparison:
    """Every pair of ``players`` (default: all, by name); ``effect`` is the win-rate
    difference of the power line (default: the observed one). Stopped games (the day
    limit, an abort) are left out and counted unless ``include_capped``."""
    kept = keep(records, include_capped)
    records = kept.games
    known = sorted({p for record in records for p in record.models.values()})
    chosen = list(players) if players is not None else known
    if missing := [p for p in chosen if p not in known]:
        raise ValueError(f"no seat of {', '.join(missing)} (players: {', '.join(known)})")
    if len(set(chosen)) < 2:
        raise ValueError("compare needs two players")
    all_deals = list(deals(records).values())
    pairs = list(itertools.combinations(dict.fromkeys(chosen), 2))
    rows = [replace(_pair(all_deals, a, b, effect), rating=rating) for (a, b), rating
            in zip(pairs, _ratings(records, pairs, resamples, seed), strict=True)]
    draws = sum(1 for r in records if not r.winners or r.winners >= r.models.keys())
    return Comparison(len(records), len(all_deals), draws, resamples, seed, list(
        dict.fromkeys(chosen)), _with_holm(rows), kept.left_out)
