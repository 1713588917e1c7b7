"""Charts as SVG, drawn on the server: pure functions from data to an SVG
string. No JavaScript, no external resources.

Every chart
* scales to its container (a viewBox, width 100%: readable on a phone);
* is an image to assistive technology (role="img") named by its <title>
  and described by its <desc>, which the caller words (the page follows
  each chart with the same data as a table, in a <details>);
* escapes every text it is given (names come from users).

Functions:
* `line_chart`: points (x, y) joined by a line, with ticks; `invert` puts
  the lowest value at the top (a position: 1 is best);
* `bar_chart`: labelled bars with their values;
* `position_chart`, `rating_chart`: the two line charts the statistics
  pages draw.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable, Sequence
from html import escape

WIDTH = 320
HEIGHT = 180
LEFT, RIGHT, TOP, BOTTOM = 40, 14, 12, 30
FONT = 10
INK = "#1d2321"
MUTED = "#59625f"
GRID = "#d9d6cc"
ACCENT = "#1f6b4f"


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _id(chart_id: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9_-]", "-", chart_id) or "chart"
    return cleaned if cleaned[0].isalpha() else f"c{cleaned}"


def _number(value: float) -> str:
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.1f}"


def _f(value: float) -> str:
    """A coordinate: short, no exponent."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def nice_ticks(low: float, high: float, count: int = 4, *, integer: bool = False) -> list[float]:
    """About `count` round values from `low` to `high` (1, 2, 2.5 or 5
    times a power of ten; whole numbers when `integer`)."""
    if high < low:
        low, high = high, low
    if high == low:
        return [low]
    raw = (high - low) / max(count, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(factor * magnitude for factor in (1, 2, 2.5, 5, 10)
                if factor * magnitude >= raw)
    if integer:
        step = max(1.0, float(math.ceil(step)))
    first = math.ceil(low / step - 1e-9) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    return ticks


def _open(chart_id: str, title: str, desc: str, kind: str) -> list[str]:
    ident = _id(chart_id)
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
        f'role="img" aria-labelledby="{ident}-title {ident}-desc" class="chart chart-{kind}" '
        f'font-family="system-ui, sans-serif" font-size="{FONT}">',
        f'<title id="{ident}-title">{_e(title)}</title>',
        f'<desc id="{ident}-desc">{_e(desc)}</desc>',
    ]


def line_chart(points: Sequence[tuple[float, float]], *, chart_id: str, title: str, desc: str,
               x_ticks: Sequence[tuple[float, str]], y_ticks: Sequence[float] | None = None,
               y_range: tuple[float, float] | None = None, invert: bool = False,
               y_format: Callable[[float], str] = _number,
               point_labels: Sequence[str] | None = None) -> str:
    """A line through `points` (x, y), in x order. `x_ticks` are (x, label);
    the y axis runs over `y_range` (default: the points' values) with
    `y_ticks`; `invert` draws the lowest value at the top. `point_labels`
    (one per point) become each point's tooltip."""
    xs = [x for x, _ in points] + [x for x, _ in x_ticks]
    ys = [y for _, y in points]
    low_y, high_y = y_range if y_range is not None else (min(ys, default=0), max(ys, default=1))
    ticks = list(y_ticks) if y_ticks is not None else nice_ticks(low_y, high_y)
    low_y, high_y = min([low_y, *ticks]), max([high_y, *ticks])
    low_x, high_x = min(xs, default=0), max(xs, default=1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x: float) -> float:
        if high_x == low_x:
            return LEFT + plot_w / 2
        return LEFT + (x - low_x) / (high_x - low_x) * plot_w

    def py(y: float) -> float:
        if high_y == low_y:
            return TOP + plot_h / 2
        share = (y - low_y) / (high_y - low_y)
        return TOP + (share if invert else 1 - share) * plot_h

    parts = _open(chart_id, title, desc, "line")
    parts.append(f'<g class="chart-grid" stroke="{GRID}" stroke-width="1">')
    for tick in ticks:
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{_f(py(tick))}" '
                     f'y2="{_f(py(tick))}"/>')
    parts.append("</g>")
    parts.append(f'<g class="chart-labels" fill="{MUTED}">')
    for tick in ticks:
        parts.append(f'<text x="{LEFT - 6}" y="{_f(py(tick) + FONT * 0.35)}" '
                     f'text-anchor="end">{_e(y_format(tick))}</text>')
    for x, label in x_ticks:
        parts.append(f'<text x="{_f(px(x))}" y="{HEIGHT - BOTTOM + FONT + 6}" '
                     f'text-anchor="middle">{_e(label)}</text>')
    parts.append("</g>")
    parts.append(f'<line class="chart-axis" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" '
                 f'y2="{HEIGHT - BOTTOM}" stroke="{MUTED}" stroke-width="1"/>')
    ordered = sorted(range(len(points)), key=lambda index: points[index][0])
    if len(ordered) > 1:
        line = " ".join(f"{_f(px(points[i][0]))},{_f(py(points[i][1]))}" for i in ordered)
        parts.append(f'<polyline class="chart-line" points="{line}" fill="none" '
                     f'stroke="{ACCENT}" stroke-width="2.5" stroke-linejoin="round" '
                     f'stroke-linecap="round"/>')
    parts.append(f'<g class="chart-points" fill="{ACCENT}">')
    for index in ordered:
        x, y = points[index]
        tooltip = (f"<title>{_e(point_labels[index])}</title>"
                   if point_labels is not None and index < len(point_labels) else "")
        parts.append(f'<circle cx="{_f(px(x))}" cy="{_f(py(y))}" r="3.5">{tooltip}</circle>')
    parts.append("</g></svg>")
    return "".join(parts)


def bar_chart(bars: Sequence[tuple[str, float]], *, chart_id: str, title: str, desc: str,
              value_format: Callable[[float], str] = _number) -> str:
    """Vertical bars, one per (label, value), each with its value above it."""
    top_value = max([value for _, value in bars] + [0])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM - FONT
    slot = plot_w / max(len(bars), 1)
    bar_w = min(slot * 0.6, 48)
    base = HEIGHT - BOTTOM
    parts = _open(chart_id, title, desc, "bars")
    parts.append(f'<line class="chart-axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{base}" '
                 f'y2="{base}" stroke="{MUTED}" stroke-width="1"/>')
    for index, (label, value) in enumerate(bars):
        height = (value / top_value * plot_h) if top_value else 0
        center = LEFT + slot * (index + 0.5)
        parts.append(
            f'<rect class="chart-bar" x="{_f(center - bar_w / 2)}" y="{_f(base - height)}" '
            f'width="{_f(bar_w)}" height="{_f(height)}" fill="{ACCENT}">'
            f"<title>{_e(label)}: {_e(value_format(value))}</title></rect>")
        parts.append(f'<text x="{_f(center)}" y="{_f(base - height - 4)}" text-anchor="middle" '
                     f'fill="{INK}">{_e(value_format(value))}</text>')
        parts.append(f'<text x="{_f(center)}" y="{base + FONT + 6}" text-anchor="middle" '
                     f'fill="{MUTED}">{_e(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def position_chart(positions: Sequence[tuple[int, int]], field_size: int, *, chart_id: str,
                   title: str, desc: str, round_label: Callable[[int], str] = str,
                   point_label: Callable[[int, int], str] | None = None) -> str:
    """A player's position (y, 1 at the top) after each round (x)."""
    field_size = max(field_size, 1, *(position for _, position in positions))
    # 1 and the field size, and round numbers between that keep their labels apart.
    gap = (field_size - 1) / 8
    ticks = sorted({1, field_size, *(tick for tick in nice_ticks(1, field_size, 4, integer=True)
                                     if min(tick - 1, field_size - tick) >= gap)})
    return line_chart(
        [(float(number), float(position)) for number, position in positions],
        chart_id=chart_id, title=title, desc=desc,
        x_ticks=[(float(number), round_label(number)) for number, _ in positions],
        y_ticks=[float(tick) for tick in ticks if 1 <= tick <= field_size],
        y_range=(1.0, float(field_size)), invert=True,
        point_labels=[point_label(number, position) for number, position in positions]
        if point_label else None)


def rating_chart(history: Sequence[tuple[datetime.date, float]], *, chart_id: str, title: str,
                 desc: str, date_label: Callable[[datetime.date], str] = datetime.date.isoformat,
                 tick_label: Callable[[datetime.date], str] | None = None) -> str:
    """A rating (y) over time (x: days, to scale); the first and last dates
    (and one between when there is room) are labelled on the axis, by
    `tick_label` (default: `date_label`; a month is enough there and fits
    a phone), each point by `date_label`."""
    tick_label = tick_label or date_label
    points = sorted(history)
    values = [value for _, value in points]
    low, high = min(values, default=0.0), max(values, default=1.0)
    if low == high:
        low, high = low - 1, high + 1
    ticks = nice_ticks(low, high, 4)
    days = [day.toordinal() for day, _ in points]
    labelled = sorted({0, len(points) - 1, (len(points) - 1) // 2}) if points else []
    if len(points) > 1 and days[-1] - days[0] < 60:
        labelled = [0, len(points) - 1]
    return line_chart(
        [(float(day), value) for day, value in zip(days, values, strict=True)],
        chart_id=chart_id, title=title, desc=desc,
        x_ticks=[(float(days[index]), tick_label(points[index][0])) for index in labelled],
        y_ticks=ticks, y_range=(min(low, *ticks), max(high, *ticks)),
        point_labels=[f"{date_label(day)}: {_number(round(value, 1))}" for day, value in points])
