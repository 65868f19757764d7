"""A tidy table of finished games: one row per seat per game (docs/metrics.md, "Export").

Each metric of the deduction, beliefs, deception and persuasion sections becomes two columns,
``<metric>_num`` and ``<metric>_den``: the seat's numerator and denominator in that
game, so the metric over any set of rows is sum(num) / sum(den), as ``arena eval``
computes it (den counts samples for a proportion, sums x for a ratio or mean).
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Sequence

from arena.engine.events import Fallback, Refused, UsageRecord
from evals.metrics import COLLECTORS, METRICS
from evals.outcomes import decision_of
from evals.records import GameRecord, deal_numbers
from evals.samples import base_name
from evals.stats import Cell
from evals.timeline import death_causes

SeatSums = dict[int, dict[str, Cell]]
"""seat -> metric name -> [sum of y, sum of x, number of samples] in one game."""

USAGE = ("decisions", "fallbacks", "refused", "model_calls", "input_tokens", "output_tokens",
         "cost_usd", "latency_s")
COLUMNS = ("game_id", "deal", "seed", "preset", "winner", "end_reason", "days", "seat",
           "agent", "model", "role", "team", "won", "alive", "death_cause", "days_survived",
           *USAGE)
SECTIONS = frozenset({"deduction", "beliefs", "deception", "persuasion"})  # others: own columns


def seat_sums(record: GameRecord) -> SeatSums:
    """Every seat-level sample of the game's metrics, summed per seat (game-level ones,
    credited to no seat, are left out)."""
    sums: SeatSums = defaultdict(dict)

    def add(name: str, seat: int | None, y: float, x: float = 1.0) -> None:
        if seat is not None:
            cell = sums[seat].setdefault(name, [0.0, 0.0, 0])
            cell[0] += y
            cell[1] += x
            cell[2] += 1

    for collect in COLLECTORS:
        collect(record, add)
    return sums


def fraction(name: str, cell: Cell) -> tuple[float, float]:
    """(numerator, denominator) of a metric: (y, samples) for a proportion, else (y, x)."""
    if METRICS[base_name(name)].kind == "proportion":
        return cell[0], cell[2]
    return cell[0], cell[1]


def metric_order(names: set[str]) -> list[str]:
    """``names`` in the documented order, each base metric before its sorted variants."""
    return [name for base in METRICS for name in sorted(n for n in names if base_name(n) == base)]


def _usage(record: GameRecord) -> dict[int, Counter[str]]:
    """Per seat: decisions, fallbacks, refused answers, model calls, tokens, cost, latency."""
    out: dict[int, Counter[str]] = defaultdict(Counter)
    for event in record.events:
        if (seat := decision_of(event)) is not None:
            out[seat]["decisions"] += 1
        if isinstance(event, Fallback):
            out[event.seat]["fallbacks"] += 1
        elif isinstance(event, Refused):
            out[event.seat]["refused"] += 1
        elif isinstance(event, UsageRecord):
            out[event.seat].update({
                "model_calls": 1, "input_tokens": event.input_tokens,
                "output_tokens": event.output_tokens, "cost_usd": event.cost_usd,
                "latency_s": event.latency_s})
    return out


def _cell(value: object) -> object:
    return f"{value:.10g}" if isinstance(value, float) else value


def to_csv(records: Sequence[GameRecord]) -> str:
    """The CSV text: a header row of ``COLUMNS`` and the metric columns, then one row
    per seat per game, games in the given order and seats in number order; ``deal``
    numbers the deals 0, 1, ... as ``arena eval`` clusters them."""
    sums = [seat_sums(record) for record in records]
    names = metric_order({name for game in sums for seat in game.values() for name in seat
                          if not name.startswith("_")
                          and METRICS[base_name(name)].section in SECTIONS})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*COLUMNS, *(f"{name}_{part}" for name in names for part in ("num", "den"))])
    for record, game, deal in zip(records, sums, deal_numbers(records), strict=True):
        usage = _usage(record)
        died = death_causes(record)
        for seat in sorted(record.roles):
            fixed = {
                "game_id": record.game_id, "deal": deal, "seed": record.seed,
                "preset": record.preset, "winner": record.winner,
                "end_reason": record.end_reason, "days": record.days, "seat": seat,
                "agent": record.agents[seat], "model": record.models[seat],
                "role": record.roles[seat], "team": record.teams[seat],
                "won": int(seat in record.winners), "alive": int(seat not in died),
                "death_cause": died[seat][1] if seat in died else "",
                "days_survived": died[seat][0] if seat in died else record.days,
                **{key: usage[seat][key] for key in USAGE}}
            metrics = [part for name in names
                       for part in fraction(name, game.get(seat, {}).get(name, [0.0, 0.0, 0]))]
            writer.writerow([_cell(fixed[c]) for c in COLUMNS] + [_cell(v) for v in metrics])
    return out.getvalue()
