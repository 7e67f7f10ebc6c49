"""The pictures' SVG files (wythoff.website.pictures): well-formed, named for assistive
technology, one dot per term, and stating values that match the terms."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from decimal import Decimal, localcontext
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st
from wythoff import families
from wythoff.core.games import solver, unsolved
from wythoff.families import FAMILIES
from wythoff.website import pictures, svg

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(figure: pictures.Figure) -> ET.Element:
    root = ET.fromstring(figure.text)
    assert root.get("role") == "img"
    assert root.find("svg:title", NS).text and root.find("svg:desc", NS).text == figure.alt
    assert figure.caption.startswith("What to look for")
    return root


def dots(root: ET.Element) -> list[tuple[float, float]]:
    paths = root.findall(".//svg:path[@class='dots']", NS)
    return [point for path in paths for point in svg.dot_points(path.get("d"))]


def terms_of(sequence_id: str, count: int = 500) -> list[tuple[int, int]]:
    record = families.resolve_sequence(sequence_id)
    return list(enumerate(record.listed(record.offset, count), start=record.offset))


def figure_of(sequence_id: str) -> pictures.Figure:
    record = families.resolve_sequence(sequence_id)
    picture = FAMILIES[record.family].picture(record)
    figure = pictures.sequence_figure(sequence_id, picture, terms_of)
    assert figure is not None
    return figure


def test_discrepancy_of_the_lower_wythoff_sequence():
    figure = figure_of("wythoff-a")
    root = parse(figure)
    assert root.get("data-kind") == "discrepancy"
    assert (root.get("data-band-low"), root.get("data-band-high")) == ("-1", "0")
    points = dots(root)
    assert len(points) == 500
    # the pixel heights follow A(n) - n*phi (50 digits) by one straight map
    with localcontext() as context:
        context.prec = 50
        phi = (1 + Decimal(5).sqrt()) / 2
        gaps = [float(value - n * phi) for n, value in terms_of("wythoff-a")]
    low = gaps.index(min(gaps))  # the two points farthest apart fix the map
    (_, y0), (_, y1) = points[0], points[low]
    scale = (y1 - y0) / (gaps[low] - gaps[0])
    assert scale < 0  # larger values higher up
    drawn = [y for _, y in points]
    assert all(
        abs(y - (y0 + scale * (g - gaps[0]))) <= 0.15 for y, g in zip(drawn, gaps, strict=True)
    )
    smallest = float(root.get("data-smallest"))
    assert -1 < smallest < -0.99 and float(root.get("data-largest")) == 0
    assert "band (\u03b2 \u2212 1, \u03b2] = (\u22121, 0], \u03b2 = 0" in figure.alt


def test_logarithmic_picture_of_a_convergent_sequence():
    figure = figure_of("fraenkel-a2-p")
    root = parse(figure)
    assert root.get("data-kind") == "logarithmic"
    values = [v for _, v in terms_of("fraenkel-a2-p", 60)]
    ratio = Fraction(values[-1], values[-2])
    assert f"{float(round(ratio, 6)):.6f}" in figure.caption  # tends to 1 + sqrt(2)
    assert "2.414214" in figure.caption


def test_gap_and_ratio_of_a_game_without_a_formula():
    figure = figure_of("larsson-modulo-m2-p2-l0-d")
    root = parse(figure)
    assert root.get("data-kind") == "pair"
    assert len(dots(root)) >= 2 * 400 - 2  # both panels, one dot per n (ratio from c > 0)


def test_line_counts_match_the_solved_board():
    record = families.resolve_game("larsson-modulo-m1-p3-l2")
    board = solver.solve(record.rules, 400)
    pairs = unsolved.pairs_from_board(board, record.rules)[:300]
    c_values, d_values = [c for c, _ in pairs], [d for _, d in pairs]
    figure = pictures.line_counts(record.id, c_values, d_values, 3, 2)
    root = parse(figure)
    complete = c_values[-1]
    # brute force on the board: the P-positions (x, y), any order, with x = v
    per_line = [sum(1 for y in range(400) if board[v, y] == 1) for v in range(complete)]
    heights = sorted({y for _, y in dots(root)})
    assert len(dots(root)) == complete
    assert set(per_line) == {2} and len(heights) == 1  # Larsson's 1WN^(2,3): two per line
    assert f"{complete} lines below {complete} do not hold p = 3" in figure.alt


def test_a_grundy_row_draws_a_of_n_minus_n_which_repeats_with_its_period():
    """Row 1 of Wythoff's game: G(1, n + 3) = G(1, n) + 3 (Dress, Flammenkamp and Pink's
    additive period 3), so a(n) - n repeats 1, 1, -2 from n = 0 on."""
    figure = figure_of("wythoff-grundy-row1")
    root = parse(figure)
    assert root.get("data-kind") == "difference"
    assert (root.get("data-smallest"), root.get("data-largest")) == ("-2", "1")
    heights = [y for _, y in dots(root)]
    assert len(heights) == 500
    assert heights[:6] == heights[3:9] and len(set(heights)) == 2  # 1 and -2 only
    assert "a(n) \u2212 n" in figure.caption and "repeats every p terms" in figure.caption
    assert figure.alt.endswith("from \u22122 to 1.")
    # every other sequence of the family draws what it did
    assert root.get("data-kind") != figure_of("wythoff-grundy-diagonal").kind


@given(
    st.lists(
        st.tuples(st.integers(0, 6400), st.integers(-3000, 3000)).map(
            lambda p: (p[0] / 10, p[1] / 10)
        ),
        min_size=1,
        max_size=60,
    )
)
def test_a_dot_path_puts_each_dot_at_its_tenth_of_a_pixel(points):
    path = svg.dot_path(points)
    assert svg.dot_points(path) == points
    assert path.count("z") == len(points)
    assert len(path) <= sum(len(f"M{x} {y}h0") for x, y in points)


def test_dots_a_pixel_apart_cost_a_few_bytes_each():
    points = [(48 + 0.6 * n, 100 + (n * 33.5) % 200) for n in range(1000)]
    points = [(round(x, 1), round(y, 1)) for x, y in points]
    assert len(svg.dot_path(points)) < 11 * len(points)
