"""The pictures of the pages, as small SVG files with their alternative text and caption.

Each picture shows what the data teach, not a straight line:

* a Beatty-type sequence ``a(n) = s*floor((q*n + r)*theta) + f*n + c``: its
  discrepancy ``a(n) - n*alpha``, computed exactly, inside the band
  ``(beta - s, beta]`` that the closed form guarantees;
* a sequence growing geometrically (the convergents' numerators and
  denominators): ``log10 a(n)``, a straight line whose slope is the growth rate;
* the coordinates ``c_n <= d_n`` of a game without a formula: ``d_n - c_n`` and
  ``d_n / c_n``;
* a row of a Sprague–Grundy function, additively periodic (``a(n + p) = a(n) + p``
  from some ``n`` on): ``a(n) - n``, which repeats with the period;
* the rows of a game's Sprague–Grundy function: each row's preperiod and period
  against the row, on a log scale;
* Larsson's conjecture (section 7) on such a game: how often each value ``v``
  occurs in ``c`` and ``d`` together, against the ``p`` the conjecture predicts.

The board of a game's P-positions is drawn in the browser from the game's CSV
file (``site/assets/javascripts/board.js``), so that it can zoom to the stored range;
the picture of a game's Sprague–Grundy values is :mod:`wythoff.website.grundy_picture`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from wythoff.core.discrepancy import BeattyForm
from wythoff.core.quadratic import QuadraticNumber
from wythoff.db import rows, vocabulary
from wythoff.website import svg

Terms = Sequence[tuple[int, int]]  # (n, a(n))


Picture = rows.Picture[BeattyForm]
"""What a sequence's page draws, as the build stored it (:class:`~wythoff.db.rows.Picture`)."""


@dataclass(frozen=True)
class Figure:
    """An SVG file's text, the alternative text of its ``<img>`` and its caption."""

    text: str
    alt: str
    caption: str
    kind: str  # the SVG's data-kind: discrepancy, logarithmic, pair, difference, values, lines,
    # periods
    width: int = svg.WIDTH
    height: int = svg.HEIGHT


def pretty(value: QuadraticNumber) -> str:
    """``(−1 + √13)/6 ≈ 0.4343``, ``32 + 5√41 ≈ 64.0156``; a rational as it is.

    >>> from wythoff.core.quadratic import QuadraticNumber
    >>> pretty(QuadraticNumber(64, 1, 4100, 2)), pretty(QuadraticNumber(-1, 0, 2, 3))
    ('32 + 5√41 ≈ 64.0156', '−1/3')
    """
    words = str(value).replace("sqrt(", "√(").replace("-", "\u2212")
    words = _unbracket_root(words).replace("*√", "√")
    return words if value.is_rational else f"{words} \u2248 {_minus(value.decimal(4))}"


def _unbracket_root(words: str) -> str:
    """``√(13)`` as ``√13``."""
    out, i = [], 0
    while i < len(words):
        if words.startswith("√(", i):
            end = words.index(")", i)
            out.append("√" + words[i + 2 : end])
            i = end + 1
        else:
            out.append(words[i])
            i += 1
    return "".join(out)


def _minus(text: str) -> str:
    return text.replace("-", "\u2212")


# ----------------------------------------------------------------------------- sequences


def sequence_figure(
    sequence_id: str, picture: Picture, terms_of: Callable[[str], Terms]
) -> Figure | None:
    """The picture a sequence's family declares for it, from the stored terms
    (``terms_of`` gives any sequence's); ``None`` without terms to draw."""
    terms = terms_of(sequence_id)
    if len(terms) < 2:
        return None
    if picture.kind == vocabulary.DISCREPANCY and picture.form is not None:
        return discrepancy(sequence_id, terms, picture.form)
    if picture.kind == vocabulary.LOGARITHMIC:
        return logarithmic(sequence_id, terms)
    if picture.kind == vocabulary.PAIR and picture.pair is not None:
        c_id, d_id = picture.pair
        c_terms, d_terms = terms_of(c_id), terms_of(d_id)
        if len(c_terms) >= 2 and len(d_terms) >= 2:
            return pair(c_id, d_id, c_terms, d_terms)
    if picture.kind == vocabulary.DIFFERENCE:
        return difference(sequence_id, terms)
    return values(sequence_id, terms)


def discrepancy(sequence_id: str, terms: Terms, form: BeattyForm) -> Figure:
    """``a(n) - n*alpha`` against ``n``, exact, in its band ``(beta - s, beta]``."""
    gaps = [form.discrepancy(n, value) for n, value in terms]
    low, high = form.band
    smallest = min(gaps, key=_Key)
    largest = max(gaps, key=_Key)
    first, last = terms[0][0], terms[-1][0]
    margin = 0.12 * form.scale
    chart = svg.Chart(first, last, float(low) - margin, float(high) + margin)
    chart.band(float(low), float(high))
    chart.axes("n", "a(n) \u2212 n\u03b1")
    chart.dots([(n, float(gap)) for (n, _), gap in zip(terms, gaps, strict=True)])
    right = chart.x(last) - 4
    chart.text(right, chart.y(float(high)) - 4, f"\u03b2 = {pretty(high)}", "end")
    chart.text(
        right, chart.y(float(low)) + 13, f"\u03b2 \u2212 {form.scale} = {pretty(low)}", "end"
    )
    alpha = pretty(form.alpha)
    span = f"n = {first} .. {last}"
    desc = (
        f"The discrepancy a(n) \u2212 n\u03b1 of {sequence_id}, \u03b1 = {alpha}, for {span}: "
        f"every value lies in the band (\u03b2 \u2212 {form.scale}, \u03b2] = "
        f"({_minus(pretty(low))}, {_minus(pretty(high))}], \u03b2 = {_minus(pretty(high))} "
        "the upper end the closed form gives; the "
        f"smallest is {_minus(smallest.decimal(6))}, the largest {_minus(largest.decimal(6))}."
    )
    text = svg.document(
        f"Discrepancy of {sequence_id}",
        desc,
        [chart],
        kind="discrepancy",
        alpha=str(form.alpha),
        band_low=str(low),
        band_high=str(high),
        smallest=smallest.decimal(9),
        largest=largest.decimal(9),
        count=str(len(terms)),
    )
    caption = (
        f"What to look for: a(n) stays within a bounded distance of the line n\u03b1, "
        f"\u03b1 = {alpha}. The exact discrepancy a(n) \u2212 n\u03b1 never leaves the shaded "
        f"band (\u03b2 \u2212 {form.scale}, \u03b2] = ({pretty(low)}, {pretty(high)}], with "
        f"\u03b2 = {pretty(high)}, which the closed form guarantees, and as "
        "\u03b1 is irrational the points spread evenly over it; the stripes follow the "
        f"continued fraction of \u03b1. Here it ranges from {_minus(smallest.decimal(6))} to "
        f"{_minus(largest.decimal(6))} ({span})."
    )
    return Figure(text, desc, caption, "discrepancy")


class _Key:
    """Orders :class:`QuadraticNumber` values exactly (for ``min`` and ``max``)."""

    def __init__(self, value: QuadraticNumber) -> None:
        self.value = value

    def __lt__(self, other: _Key) -> bool:
        return self.value.minus(other.value).sign() < 0


def logarithmic(sequence_id: str, terms: Terms) -> Figure:
    """``log10 a(n)`` against ``n``: geometric growth is a straight line."""
    positive = [(n, value) for n, value in terms if value > 0]
    points = [(n, math.log10(value)) for n, value in positive]
    first, last = positive[0][0], positive[-1][0]
    top = max(y for _, y in points)
    chart = svg.Chart(first, last, 0, max(top, 1) * 1.05)
    chart.axes("n", "log10 a(n)")
    chart.dots(points)
    ratio = _ratio(positive)
    desc = (
        f"log10 of {sequence_id} against n for n = {first} .. {last}: the points lie on a "
        f"straight line; a({last}) has {len(str(positive[-1][1]))} digits"
        + (f", and a(n)/a(n \u2212 1) = {ratio} at the end." if ratio else ".")
    )
    text = svg.document(f"log10 a(n) of {sequence_id}", desc, [chart], kind="logarithmic")
    caption = (
        "What to look for: on a log scale the terms lie on a straight line, since they grow "
        "geometrically (a linear recurrence); its slope is log10 of the growth rate"
        + (f", here a(n)/a(n \u2212 1) = {ratio} at n = {last}." if ratio else ".")
    )
    return Figure(text, desc, caption, "logarithmic")


def _ratio(terms: Terms) -> str | None:
    """The last quotient ``a(n)/a(n-1)``, to 6 decimals (exact, then rounded)."""
    if len(terms) < 2:
        return None
    return six_places(Fraction(terms[-1][1], terms[-2][1]))


def six_places(value: Fraction) -> str:
    """A quotient rounded exactly to 6 decimals (half to even), as text."""
    return f"{float(round(value, 6)):.6f}"


def pair(c_id: str, d_id: str, c_terms: Terms, d_terms: Terms) -> Figure:
    """``d_n - c_n`` and ``d_n / c_n`` against ``n``, side by side."""
    rows = [(n, c, d) for (n, c), (_, d) in zip(c_terms, d_terms, strict=False)]
    first, last = rows[0][0], rows[-1][0]
    gaps = [(n, d - c) for n, c, d in rows]
    ratios = [(n, d / c) for n, c, d in rows if c > 0]
    half = svg.WIDTH // 2
    left = svg.Chart(first, last, 0, max(g for _, g in gaps) or 1, width=half)
    left.axes("n", "d(n) \u2212 c(n)")
    left.dots(gaps)
    high = max(r for _, r in ratios) if ratios else 2.0
    right = svg.Chart(first, last, 1, max(high, 1.1), width=half)
    right.axes("n", "d(n) / c(n)")
    right.dots(ratios)
    n, c, d = rows[-1]
    last_ratio = six_places(Fraction(d, c)) if c else "undefined"
    desc = (
        f"Left: d(n) \u2212 c(n); right: d(n) / c(n), for the P-positions (c(n), d(n)) of "
        f"{c_id[:-2]}, n = {first} .. {last}. At n = {n}: c = {c}, d = {d}, "
        f"d \u2212 c = {d - c}, d / c = {last_ratio}."
    )
    text = svg.document(f"Gap and ratio of {c_id} and {d_id}", desc, [left, right], kind="pair")
    caption = (
        "What to look for: no formula is known for this game. If c and d were Beatty "
        "sequences, d(n) \u2212 c(n) would stay within a bounded distance of a straight line "
        f"and d(n) / c(n) would settle at a constant; here d / c = {last_ratio} at n = {n}. "
        "Irregular steps in the gap or a drifting ratio would be news beyond the theorems."
    )
    return Figure(text, desc, caption, "pair")


def difference(sequence_id: str, terms: Terms) -> Figure:
    """``a(n) - n`` against ``n``: a Sprague–Grundy row is additively periodic,
    ``a(n + p) = a(n) + p`` from some ``n`` on, so that ``a(n) - n`` repeats with
    period ``p`` where ``a(n)`` itself hugs the line ``a(n) = n``."""
    points = [(n, v - n) for n, v in terms]
    first, last = terms[0][0], terms[-1][0]
    low, high = min(d for _, d in points), max(d for _, d in points)
    margin = max(1, (high - low) // 10)
    chart = svg.Chart(first, last, low - margin, high + margin)
    chart.axes("n", "a(n) \u2212 n")
    chart.dots([(n, float(d)) for n, d in points])
    span = f"n = {first} .. {last}"
    desc = (
        f"{sequence_id}: a(n) \u2212 n against n for {span}, from {_minus(str(low))} to "
        f"{_minus(str(high))}."
    )
    text = svg.document(
        f"a(n) \u2212 n of {sequence_id}",
        desc,
        [chart],
        kind="difference",
        smallest=str(low),
        largest=str(high),
        count=str(len(terms)),
    )
    caption = (
        "What to look for: a(n) stays close to n, so the picture shows a(n) \u2212 n. The "
        "row is additively periodic, a(n + p) = a(n) + p from some n on (Dress, Flammenkamp "
        "and Pink), so after a preperiod the same pattern of points repeats every p terms; "
        f"here a(n) \u2212 n ranges from {_minus(str(low))} to {_minus(str(high))} ({span})."
    )
    return Figure(text, desc, caption, "difference")


def values(sequence_id: str, terms: Terms) -> Figure:
    """``a(n)`` against ``n``, for a sequence with no structure to draw beyond it."""
    first, last = terms[0][0], terms[-1][0]
    chart = svg.Chart(first, last, 0, max(v for _, v in terms) or 1)
    chart.axes("n", "a(n)")
    chart.dots([(n, float(v)) for n, v in terms])
    desc = f"{sequence_id}: a(n) against n for n = {first} .. {last}."
    text = svg.document(f"Terms of {sequence_id}", desc, [chart], kind="values")
    return Figure(text, desc, "What to look for: the terms a(n) against n.", "values")


# ----------------------------------------------------------------------------- games


def line_counts(
    game_id: str, c_values: Sequence[int], d_values: Sequence[int], p: int, bound: int
) -> Figure | None:
    """Larsson's conjecture on a game without a formula: how many P-positions each
    line ``x = v`` holds (a pair ``{c, d}`` lies on line ``c`` and on line ``d``),
    for the lines below the last ``c`` listed (every pair on them is listed)."""
    if not c_values:
        return None
    complete = int(c_values[-1])  # pairs are sorted by c: lines below it are whole
    found: Counter[int] = Counter()
    for c, d in zip(c_values, d_values, strict=False):  # {c, d} lies on line c and line d
        found.update(v for v in {c, d} if v < complete)
    points = [(v, found.get(v, 0)) for v in range(complete)]
    if not points:
        return None
    top = max(p, bound, max(k for _, k in points)) + 1
    chart = svg.Chart(0, complete - 1, 0, top)
    chart.axes("v (the line x = v)", "P-positions on the line", svg.ticks(0, top, min(top, 6)))
    chart.line([(0, p), (complete - 1, p)], "#c62828")
    chart.line([(0, bound), (complete - 1, bound)], "#2e7d32", dashed=True)
    chart.dots([(v, float(k)) for v, k in points])
    chart.text(chart.x(complete - 1) - 4, chart.y(p) - 4, f"p = {p}", "end")
    if bound != p:
        label = f"p \u2212 l + 1 = {bound}"
        chart.text(chart.x(0) + 4, chart.y(bound) + (13 if bound < p else -4), label)
    exceptions = [v for v, k in points if k != p]
    verdict = (
        f"every line below {complete} holds exactly p = {p}, as Larsson believes"
        if not exceptions
        else f"{len(exceptions)} of the {complete} lines below {complete} do not hold p = {p} "
        f"(the first: line {exceptions[0]} holds {found.get(exceptions[0], 0)})"
    )
    desc = (
        f"Larsson's belief (Section 7) on {game_id}: how many P-positions each line x = v holds, "
        f"v < {complete}, against p = {p} and the "
        f"bound p \u2212 l + 1 = {bound}: {verdict}."
    )
    text = svg.document(f"Lines of {game_id}", desc, [chart], kind="lines")
    caption = (
        "What to look for: Larsson believes (Section 7) that c and d are p-complementary, "
        "so that "
        f"every line holds exactly p = {p} P-positions (red line); rook moves leave room for "
        f"at most p \u2212 l + 1 = {bound} (green, dashed). Here {verdict}."
    )
    return Figure(text, desc, caption, "lines")


PREPERIOD_COLOUR, PERIOD_COLOUR = "#c62828", svg.DOTS


def row_periods(game_id: str, rows: Sequence[tuple[int, int, int]]) -> Figure | None:
    """``log10`` of each row's preperiod and period against the row ``x``, from the
    rows ``(x, preperiod, period)`` (a preperiod 0 has no logarithm: not drawn)."""
    if len(rows) < 2:
        return None
    first, last = rows[0][0], rows[-1][0]
    preperiods = [(x, math.log10(s)) for x, s, _ in rows if s > 0]
    periods = [(x, math.log10(p)) for x, _, p in rows]
    top = math.ceil(max(y for _, y in preperiods + periods) + 0.3)
    chart = svg.Chart(first, last, 0, top)
    chart.axes("row x", "log10 of the length", list(range(top + 1)))
    chart.dots(periods, PERIOD_COLOUR)
    chart.dots(preperiods, PREPERIOD_COLOUR)
    chart.legend([(PREPERIOD_COLOUR, "preperiod"), (PERIOD_COLOUR, "period")])
    x, s, p = rows[-1]
    end = f"row {x} repeats with period {p} from y = {s} on"
    desc = f"The preperiod and the period of the rows x = {first} .. {last} of the "
    desc += f"Sprague-Grundy function of {game_id}, on a log scale: {end}."
    return Figure(
        svg.document(f"Periods of the rows of {game_id}", desc, [chart], kind="periods"),
        desc,
        "What to look for: how fast the preperiods and the periods grow with the row (a "
        "straight trend on this log scale is geometric growth); no formula is known for "
        f"either; {end}.",
        "periods",
    )
