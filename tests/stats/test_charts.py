"""stats/charts.py: valid, accessible, escaped SVG from plain data."""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET

import pytest

from stats import charts

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = '<script>alert("x")</script> & Co'


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on anything that is not well-formed XML
    assert root.tag == f"{SVG}svg"
    return root


def accessible(root: ET.Element, title: str, desc: str) -> None:
    assert root.get("role") == "img"
    assert root.get("width") == "100%"
    assert root.get("viewBox") == f"0 0 {charts.WIDTH} {charts.HEIGHT}"
    title_element, desc_element = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title_element is not None and desc_element is not None
    assert (title_element.text, desc_element.text) == (title, desc)
    assert root.get("aria-labelledby") == f"{title_element.get('id')} {desc_element.get('id')}"


def circles(root: ET.Element) -> list[tuple[float, float]]:
    return [(float(c.get("cx", 0)), float(c.get("cy", 0))) for c in root.iter(f"{SVG}circle")]


def test_position_chart_puts_first_place_at_the_top() -> None:
    svg = charts.position_chart([(1, 12), (2, 5), (3, 1)], 16, chart_id="positions-7",
                                title="Position per round", desc="12, 5, 1 of 16")
    root = parse(svg)
    accessible(root, "Position per round", "12, 5, 1 of 16")
    points = circles(root)
    assert [x for x, _ in points] == sorted(x for x, _ in points)  # rounds left to right
    ys = [y for _, y in points]
    assert ys[0] > ys[1] > ys[2]  # a better (lower) position is drawn higher
    assert ys[2] == charts.TOP  # 1st place: the top of the plot
    labels = [text.text for text in root.iter(f"{SVG}text")]
    assert labels[:4] == ["1", "5", "10", "16"]  # y axis: no label crowding 1 or 16
    assert root.find(f".//{SVG}polyline") is not None


def test_a_single_round_is_one_point() -> None:
    root = parse(charts.position_chart([(1, 1)], 1, chart_id="p", title="t", desc="d"))
    assert len(circles(root)) == 1
    assert root.find(f".//{SVG}polyline") is None


def test_bars_are_as_high_as_their_values() -> None:
    svg = charts.bar_chart([("1st", 4), ("2nd", 2), ("3rd", 0), ("4th", 1)],
                           chart_id="ranks", title="Places", desc="4, 2, 0, 1")
    root = parse(svg)
    accessible(root, "Places", "4, 2, 0, 1")
    heights = [float(rect.get("height", 0)) for rect in root.iter(f"{SVG}rect")]
    assert heights[2] == 0
    assert heights[0] == pytest.approx(2 * heights[1]) == pytest.approx(4 * heights[3])
    texts = [text.text for text in root.iter(f"{SVG}text")]
    assert texts == ["4", "1st", "2", "2nd", "0", "3rd", "1", "4th"]


def test_no_tables_at_all() -> None:
    root = parse(charts.bar_chart([("1st", 0), ("2nd", 0)], chart_id="r", title="t",
                                  desc="d"))
    assert all(float(rect.get("height", 1)) == 0 for rect in root.iter(f"{SVG}rect"))


def test_rating_chart_over_time() -> None:
    history = [(datetime.date(2031, 1, 10), 512.5), (datetime.date(2031, 3, 1), 540.0),
               (datetime.date(2031, 9, 1), 498.25)]
    root = parse(charts.rating_chart(history, chart_id="rating-nts", title="Rating",
                                     desc="From 512.5 to 498.3"))
    accessible(root, "Rating", "From 512.5 to 498.3")
    xs = [x for x, _ in circles(root)]
    # Days to scale: Jan 10 -> Mar 1 is 50 days, Mar 1 -> Sep 1 is 184.
    assert (xs[2] - xs[1]) / (xs[1] - xs[0]) == pytest.approx(184 / 50, rel=0.02)
    ys = [y for _, y in circles(root)]
    assert ys[1] < ys[0] < ys[2]  # the highest rating is drawn highest
    tooltips = [title.text for circle in root.iter(f"{SVG}circle")
                for title in circle.iter(f"{SVG}title")]
    assert tooltips == ["2031-01-10: 512.5", "2031-03-01: 540", "2031-09-01: 498.2"]


def test_a_single_rating() -> None:
    root = parse(charts.rating_chart([(datetime.date(2031, 1, 10), 500.0)], chart_id="r",
                                     title="t", desc="d"))
    assert len(circles(root)) == 1


def test_every_text_is_escaped() -> None:
    svg = charts.bar_chart([(HOSTILE, 1)], chart_id='x" onload="y', title=HOSTILE,
                           desc=HOSTILE)
    assert "<script>" not in svg and 'onload="y"' not in svg
    root = parse(svg)
    accessible(root, HOSTILE, HOSTILE)
    assert HOSTILE in [text.text for text in root.iter(f"{SVG}text")]
    svg = charts.position_chart([(1, 2)], 4, chart_id="p", title=HOSTILE, desc=HOSTILE,
                                round_label=lambda number: HOSTILE,
                                point_label=lambda number, position: HOSTILE)
    assert "<script>" not in svg
    parse(svg)


def test_nice_ticks() -> None:
    assert charts.nice_ticks(0, 100) == [0, 25, 50, 75, 100]
    assert charts.nice_ticks(1, 4, integer=True) == [1, 2, 3, 4]
    assert charts.nice_ticks(1, 64, 4, integer=True) == [20, 40, 60]
    assert charts.nice_ticks(5, 5) == [5]
    assert charts.nice_ticks(498.25, 540) == [500, 520, 540]
