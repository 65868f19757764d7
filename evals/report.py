"""A run's report: ratings, per-role results, metrics per model and cost, as JSON or as
one self-contained HTML page (inline CSS and SVG, no script, no external URL)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from html import escape
from typing import Any

from arena.engine.events import UsageRecord
from evals.charts import Bar, Point, interval_chart, scatter_chart
from evals.metrics import evaluate, section_of
from evals.ratings import ELO_K, ELO_START, RESAMPLES, Interval, Leaderboard, Rating, rate
from evals.records import GameRecord, keep, left_out_note
from evals.reliability import MAX_FALLBACK_SHARE, RATES, Excluded, rates, screen
from evals.stats import Estimate

CSS = """
body { font: 14px/1.45 system-ui, sans-serif; color: #222; background: #fff;
       max-width: 980px; margin: 2em auto; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .5em 0 1em; }
th, td { padding: .2em .6em; border-bottom: 1px solid #e4e4e4; text-align: right; }
th:first-child, td:first-child, table.grouped :is(th, td):nth-child(2) { text-align: left; }
td.ci { color: #666; font-size: .9em; }
p.note { color: #555; }
figcaption { font-weight: 600; margin-top: 1em; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } }
"""
POOL_TITLES = {"side": "By side", "role": "By role"}


@dataclass(frozen=True)
class Report:
    """Everything the report shows, computed once."""

    source: str
    skipped: int
    leaderboard: Leaderboard
    metrics: dict[str, Any]
    costs: dict[str, float | None]  # None: unknown (a call without a price)
    max_fallback_share: float = MAX_FALLBACK_SHARE
    excluded: tuple[Excluded, ...] = ()
    left_out: dict[str, int] = field(default_factory=dict)  # stopped games, per reason

    def rates(self) -> dict[str, dict[str, Any]]:
        """Per player, fallback and refusal rates (over every game, excluded ones too)."""
        return rates(self.metrics)


def costs_per_seat_game(records: Sequence[GameRecord]) -> dict[str, float | None]:
    """Mean USD of one seat's model calls in one game, per model (seats with calls only);
    None (unknown) for a model any of whose calls had no price."""
    per_model: dict[str, list[float]] = defaultdict(list)
    unpriced: set[str] = set()
    for record in records:
        per_seat: dict[int, float] = defaultdict(float)
        for event in record.events:
            if isinstance(event, UsageRecord):
                per_seat[event.seat] += event.cost_usd
                if not event.priced:
                    unpriced.add(record.models[event.seat])
        for seat, cost in per_seat.items():
            per_model[record.models[seat]].append(cost)
    return {model: None if model in unpriced else sum(costs) / len(costs)
            for model, costs in sorted(per_model.items())}


def build(records: Sequence[GameRecord], *, source: str, skipped: int = 0,
          resamples: int = RESAMPLES, seed: int = 0,
          max_fallback_share: float = MAX_FALLBACK_SHARE,
          include_capped: bool = False) -> Report:
    """The report of ``records`` (``skipped``: unfinished transcripts left out). Stopped
    games (the day limit, an abort) are left out of everything and counted unless
    ``include_capped``. Games in which a seat fell back on more than
    ``max_fallback_share`` of its decisions are left out of the ratings (not of the
    metrics) and listed."""
    kept = keep(sorted(records, key=lambda r: (r.game_id, str(r.path))), include_capped)
    rated, excluded = screen(kept.games, max_fallback_share)
    return Report(source, skipped, rate(rated, resamples=resamples, seed=seed),
                  evaluate(kept.games, by="model", include_capped=True),
                  costs_per_seat_game(kept.games),
                  max_fallback_share, tuple(excluded), kept.left_out)


def to_json(report: Report) -> dict[str, Any]:
    return {"source": report.source, "skipped": report.skipped, "left_out": report.left_out,
            "ratings": report.leaderboard.to_dict(), "reliability": report.rates(),
            "max_fallback_share": report.max_fallback_share,
            "excluded": [asdict(e) for e in report.excluded], "metrics": report.metrics,
            "cost_per_seat_game_usd": report.costs}


def number(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def span(low: float | None, high: float | None, digits: int = 2) -> str:
    """An interval as text; empty when it is unknown."""
    if low is None or high is None:
        return ""
    return f"[{number(low, digits)}, {number(high, digits)}]"


def _cells(*pairs: tuple[str, str]) -> str:
    return "".join(f'<td class="{cls}">{escape(text)}</td>' if cls else f"<td>{escape(text)}</td>"
                   for text, cls in pairs)


def _estimate_cells(estimate: Estimate | Interval, digits: int = 2) -> str:
    return _cells((number(estimate.value, digits), ""),
                  (span(estimate.low, estimate.high, digits), "ci"))


def _table(head: Sequence[str], rows: Sequence[str], css: str = "") -> str:
    header = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join(f"<tr>{row}</tr>" for row in rows)
    table = f'<table class="{css}">' if css else "<table>"
    return f"{table}<thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>"


def _ratings_table(ratings: Sequence[Rating], group: str | None,
                   rates: dict[str, dict[str, Any]] | None = None) -> str:
    """``rates``: each player's fallback and refusal rates, shown after its ratings."""
    head = ["model", *([group] if group else []), "OpenSkill ordinal", "95% CI", "μ ± σ",
            "Elo", "95% CI", "games", "seats", "win rate", "95% CI",
            *(name.replace("_", " ") for name in RATES if rates is not None)]
    rows = [_cells((r.player, ""), *([(tied_mark(r), "")] if group else []))
            + _estimate_cells(r.ordinal)
            + _cells((f"{r.mu:.1f} ± {r.sigma:.1f}", ""))
            + _estimate_cells(r.elo, 0)
            + _cells((str(r.games), ""), (str(r.seats), ""))
            + _estimate_cells(r.win_rate)
            + ("" if rates is None else _cells(*((rate_text(rates, r.player, name), "")
                                                 for name in RATES)))
            for r in ratings]
    return _table(head, rows, "grouped" if group else "")


TIED_NOTE = ("†: always on one side with the ratings named, so rated as one number: the "
             "schedule cannot tell them apart (a side-swap schedule can, docs/tournament.md)")


def tied_mark(rating: Rating) -> str:
    """The rating's group, marked † with the ratings it always shares a side with."""
    if not rating.tied_with:
        return rating.group
    return f"{rating.group} † {', '.join(rating.tied_with)}"


def rate_text(rates: dict[str, dict[str, Any]], player: str, name: str) -> str:
    """One of a player's reliability rates as text ("–" when it has none)."""
    return number(rates.get(player, {}).get(name, {}).get("value"))


def counted_note(report: Report) -> str:
    """``N games rated``, then the unfinished and stopped games left out."""
    skipped = f", {report.skipped} unfinished left out" if report.skipped else ""
    stopped = left_out_note(report.left_out)
    return report.leaderboard.counted + skipped + (f"; {stopped}" if stopped else "")


def excluded_note(report: Report) -> str:
    """One line on the games left out of the ratings (empty when none was)."""
    games = len({e.game_id for e in report.excluded})
    if not games:
        return ""
    return (f"{games} game{'s' if games > 1 else ''} left out of the ratings: a seat fell "
            f"back on more than {report.max_fallback_share:.0%} of its decisions")


def _excluded_section(report: Report) -> str:
    note = excluded_note(report)
    if not note:
        return ""
    rows = [_cells((e.game_id, ""), (str(e.seat), ""), (f"{e.share:.0%}", ""))
            for e in report.excluded]
    return f'<p class="note">{escape(note)}.</p>' + _table(["game", "seat", "fallbacks"], rows)


def _metrics_tables(metrics: dict[str, Any]) -> str:
    """One table per section: a row per metric; per model a value, its interval, and the
    samples and games behind it."""
    groups: dict[str, dict[str, dict[str, Any]]] = metrics["groups"]
    models = list(groups)
    names = list(dict.fromkeys(name for group in groups.values() for name in group))
    out = []
    for section in dict.fromkeys(section_of(name) for name in names):
        rows = []
        for name in (n for n in names if section_of(n) == section):
            cells = _cells((name, ""))
            for model in models:
                e = groups[model].get(name)
                count = f"{e['n']} / {e['games']}" if e else ""
                cells += (_estimate_cells(Estimate(**e)) if e else _cells(("", ""), ("", "ci")))
                cells += _cells((count, "ci"))
            rows.append(cells)
        head = ["metric", *(h for m in models for h in (m, "95% CI", "n / games"))]
        out.append(f"<h3>{escape(section)}</h3>{_table(head, rows)}")
    return "".join(out) or '<p class="note">No metric could be computed.</p>'


def _figure(caption: str, svg: str) -> str:
    return f"<figure><figcaption>{escape(caption)}</figcaption>{svg}</figure>"


def _charts(board: Leaderboard) -> str:
    """Ratings per model, and win rates per side and per role, with their intervals."""
    ordinal = "OpenSkill ordinal (μ − 3σ), 95% bootstrap interval"
    elo = "Elo, 95% bootstrap interval"
    out = [_figure(ordinal, interval_chart(
               [Bar(r.player, *_bounds(r.ordinal)) for r in board.overall], ordinal)),
           _figure(elo, interval_chart(
               [Bar(r.player, *_bounds(r.elo)) for r in board.overall], elo))]
    for pool in ("side", "role"):
        title = f"Win rate by {pool}, 95% interval (deals as clusters)"
        bars = [Bar(f"{r.player} · {r.group}", *_bounds(r.win_rate))
                for r in sorted(board.pool(pool), key=lambda r: (r.group, r.player))]
        out.append(_figure(title, interval_chart(bars, title, span=(0.0, 1.0))))
    return "".join(out)


def _bounds(estimate: Estimate | Interval) -> tuple[float, float, float]:
    value = estimate.value or 0.0
    low = value if estimate.low is None else estimate.low
    high = value if estimate.high is None else estimate.high
    return value, low, high


def _cost_section(report: Report) -> str:
    ordinals = {r.player: r.ordinal.value for r in report.leaderboard.overall}
    costs = {model: cost for model, cost in report.costs.items() if model in ordinals}
    if not costs:
        return '<p class="note">No cost recorded (no model calls in these games).</p>'
    rows = [_cells((model, ""), ("unknown" if cost is None else f"{cost:.4f}", ""),
                   (f"{ordinals[model]:.2f}", "")) for model, cost in costs.items()]
    points = [Point(model, cost, ordinals[model]) for model, cost in costs.items()
              if cost is not None]
    chart = scatter_chart(points, "Cost per seat-game against rating",
                          "USD per seat per game", "ordinal") if points else ""
    return _table(["model", "USD per seat per game", "OpenSkill ordinal"], rows) + chart


def to_html(report: Report) -> str:
    """One self-contained page: inline CSS and SVG, every text escaped."""
    board = report.leaderboard
    parts = [
        f"<h1>Werewolf Arena · ratings report</h1><p>{escape(report.source)}: "
        f"{escape(counted_note(report))}. Intervals: {board.resamples} bootstrap resamples of "
        f"the deals (seed {board.seed}); win rates and metrics: deals as clusters. Elo starts "
        f"at {ELO_START:.0f}, K = {ELO_K:.0f}.</p>",
        "<h2>Leaderboard</h2>", _excluded_section(report),
        _ratings_table(board.overall, None, report.rates()), _charts(board),
        *(f"<h2>{POOL_TITLES[pool]}</h2>{_ratings_table(board.pool(pool), pool)}"
          + (f'<p class="note">{escape(TIED_NOTE)}.</p>'
             if any(r.tied_with for r in board.pool(pool)) else "")
          for pool in ("side", "role")),
        "<h2>Metrics by model</h2>", _metrics_tables(report.metrics),
        "<h2>Cost</h2>", _cost_section(report),
    ]
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            "<title>Werewolf Arena · ratings report</title>"
            f"<style>{CSS}</style></head><body>{''.join(parts)}</body></html>\n")
