"""Small inline SVG charts for the report page: no script, no external file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

ROW = 22
LABEL_WIDTH = 260
PLOT_WIDTH = 360
PAD = 12
SCATTER_HEIGHT = 260
INK = "#222"
ACCENT = "#2b6cb0"
GRID = "#ccc"


@dataclass(frozen=True)
class Bar:
    """One labelled value with its interval."""

    label: str
    value: float
    low: float
    high: float


@dataclass(frozen=True)
class Point:
    """One labelled point of a scatter plot."""

    label: str
    x: float
    y: float


def _scale(low: float, high: float, size: float) -> tuple[float, float]:
    """(low, factor) mapping [low, high] onto [0, size]; a flat range maps to the middle."""
    if high <= low:
        return low - 1, size / 2
    return low, size / (high - low)


def _text(x: float, y: float, body: str, anchor: str = "start") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="12" '
            f'fill="{INK}">{escape(body)}</text>')


def _svg(width: float, height: float, title: str, body: list[str]) -> str:
    return (f'<svg role="img" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}">'
            f"<title>{escape(title)}</title>{''.join(body)}</svg>")


def interval_chart(bars: Sequence[Bar], title: str, span: tuple[float, float] | None = None,
                   ) -> str:
    """One row per bar: a dot at the value and a whisker from low to high.

    ``span`` fixes the axis (e.g. 0 to 1 for rates); otherwise it covers every whisker.
    """
    low, high = span or (min((b.low for b in bars), default=0.0),
                         max((b.high for b in bars), default=1.0))
    origin, factor = _scale(low, high, PLOT_WIDTH)
    left = LABEL_WIDTH + PAD

    def at(v: float) -> float:
        return left + (v - origin) * factor

    height = ROW * (len(bars) + 1) + PAD
    body = [_text(left, ROW - 6, f"{low:.4g}"),
            _text(left + PLOT_WIDTH, ROW - 6, f"{high:.4g}", "end"),
            f'<line x1="{left}" y1="{ROW}" x2="{left}" y2="{height - PAD}" stroke="{GRID}"/>']
    for row, bar in enumerate(bars, start=1):
        y = ROW * row + ROW / 2
        body += [
            _text(LABEL_WIDTH, y + 4, bar.label, "end"),
            f'<line x1="{at(bar.low):.1f}" y1="{y:.1f}" x2="{at(bar.high):.1f}" y2="{y:.1f}" '
            f'stroke="{INK}"/>',
            f'<circle cx="{at(bar.value):.1f}" cy="{y:.1f}" r="4" fill="{ACCENT}">'
            f"<title>{escape(f'{bar.label}: {bar.value:.3g} [{bar.low:.3g}, {bar.high:.3g}]')}"
            "</title></circle>",
        ]
    return _svg(left + PLOT_WIDTH + PAD, height, title, body)


def scatter_chart(points: Sequence[Point], title: str, x_label: str, y_label: str) -> str:
    """Labelled points on x/y axes scaled to the data."""
    width = LABEL_WIDTH + PLOT_WIDTH
    plot_h = SCATTER_HEIGHT - 3 * PAD - ROW
    x0, fx = _scale(min(p.x for p in points), max(p.x for p in points), width - 4 * PAD)
    y0, fy = _scale(min(p.y for p in points), max(p.y for p in points), plot_h)
    bottom = SCATTER_HEIGHT - ROW - PAD
    body = [f'<line x1="{2 * PAD}" y1="{bottom}" x2="{width - PAD}" y2="{bottom}" '
            f'stroke="{GRID}"/>',
            f'<line x1="{2 * PAD}" y1="{PAD}" x2="{2 * PAD}" y2="{bottom}" stroke="{GRID}"/>',
            _text(width - PAD, SCATTER_HEIGHT - PAD, x_label, "end"),
            _text(2 * PAD + 4, PAD + 4, y_label)]
    for point in points:
        x = 2 * PAD + (point.x - x0) * fx
        y = bottom - (point.y - y0) * fy
        body += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{ACCENT}"/>',
                 _text(x + 6 if x < width / 2 else x - 6, y - 6,
                       f"{point.label} ({point.x:.3g}, {point.y:.3g})",
                       "start" if x < width / 2 else "end")]
    return _svg(width, SCATTER_HEIGHT, title, body)
