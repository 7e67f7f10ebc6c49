"""The Sprague–Grundy section of a game page: the picture of ``G(x, y)`` on the
512 x 512 corner of the board (:mod:`wythoff.website.grundy_picture`: the board's
orientation, numbered axes, a legend of its colours), and the periods of the rows that
``grundy_periods`` stores.  Blocking, choice and misère games say why they have no
such values.

The values are computed from the game's rules as the database stores them (the
``games`` table's numbers), by :func:`wythoff.core.games.grundy.grundy_table`.
"""

from __future__ import annotations

import html

from wythoff.core.games import grundy
from wythoff.db import grundy_store, vocabulary
from wythoff.website import grundy_picture, paths
from wythoff.website.markdown import table, unsearched
from wythoff.website.records import Game, GrundyPeriod

VALUE_SCRIPT = paths.script("grundy-value.js")

PERIODIC_BY_THEOREM = ("wythoff", "fraenkel")
"""The families whose every row Dress, Flammenkamp and Pink proved additively periodic
(their games in normal play): Wythoff's game and Fraenkel's a-Wythoff games."""


def section(
    page: str,
    game: Game,
    periods: list[GrundyPeriod],
    stored: int = 0,
    plot: str = "",
    picture: tuple[str, int, bool] | None = None,
) -> str:
    """The Markdown of the section; ``stored``: how many rows ``grundy_values`` holds
    with their values, ``plot`` the HTML of the picture of the rows' periods,
    ``picture`` the file (a site path) of the picture of the values, the largest value
    it shows and whether it is mirrored (:mod:`wythoff.website.grundy_picture`), None
    when there is none."""
    parts = ["\n## Sprague–Grundy values { data-search-exclude }\n\n"]
    reason = grundy.undefined_reason(game.moves)
    if reason is not None:
        parts.append(f"No Sprague–Grundy values are computed for this game: {reason}.\n")
        return "".join(parts)
    if picture is not None:
        file, largest, mirrored = picture
        removed = all(game.moves.rectangle)
        parts.append(grundy_picture.figure(page, game.id, file, largest, removed, mirrored))
    parts.append(
        "G(x, y) is the least value that no move from (x, y) reaches; a sum of games is "
        "a P-position when the XOR of its parts' values is 0. "
        "`wythoff grundy " + game.id + " X Y` prints it for any position, and "
        "[the board](#play) writes it in each square (Show Grundy values).\n\n"
    )
    parts.append(
        f'<a href="{_positions_query(page, game.id)}">The positions of each value 1 to '
        f"{vocabulary.GRUNDY_VALUES_STORED}</a> are in the SQL console (table "
        "`grundy_positions`, like `p_positions` for value 0).\n\n"
    )
    if not periods:
        return "".join(parts)
    landman = paths.link(page, paths.bibliography("landman-2002"))
    dfp = paths.link(page, paths.bibliography("dress-flammenkamp-pink-1999"))
    if all(p.evidence == vocabulary.PROVEN for p in periods):
        parts.append(_proven_rows(page, game.id, periods, stored, landman, dfp))
        parts.append(plot)
    else:
        covered = game.family in PERIODIC_BY_THEOREM and not game.moves.misere
        parts.append(_found_lines(page, game.id, periods, landman, dfp if covered else None))
    for axis, heading in ((vocabulary.ROW, "row x"), (vocabulary.COLUMN, "column y")):
        rows = [_period_cells(p, landman) for p in periods if p.axis == axis]
        if rows:
            header = [heading, "preperiod", "period", "increment", "evidence"]
            parts.append(unsearched(table(header, rows, "rrrrl")))
            parts.append("\n")
    return "".join(parts)


def _proven_rows(
    page: str, game_id: str, periods: list[GrundyPeriod], stored: int, landman: str, dfp: str
) -> str:
    """The words over a table of rows that are all proven (rows proven on a strip)."""
    last = max(p.row for p in periods)
    text = (
        f"Every row x = 0 .. {last} is additively periodic, G(x, y + period) = G(x, y) + "
        "increment for every y from the preperiod on, as every row is "
        f"([Dress, Flammenkamp and Pink 1999]({dfp})); the least period and preperiod of "
        f"each are **proven** for every y by Landman's argument ([Landman 2002]({landman})): "
        "once the rows below repeat, a row's next value depends only on its *state* (y "
        "modulo the lower rows' periods, the least value the row has not taken, and the "
        "values it took above that, each minus y), and the state at y1 (the proof's "
        "*from*) recurs one *proof period* later, so the row repeats from y1 on for ever. "
        f'<a href="{_periods_query(page, game_id)}">Query them in the SQL console</a>.\n\n'
    )
    if stored:
        example = paths.sql_query(page, grundy_store.value_sql(game_id, stored - 1, 10**15))
        text += (
            f"The values of rows 0 .. {stored - 1} up to their preperiod plus one period are "
            "stored too (table `grundy_values`): with the periods they give any G(x, y) of "
            f'these rows in SQL alone, <a href="{example}">G({stored - 1}, 10^15) for '
            "example</a>, or in the box below.\n\n" + value_box(page, game_id, stored)
        )
    return text


def value_box(page: str, game_id: str, stored: int) -> str:
    """The box that answers G(x, y) for a stored row x and any y, in the browser
    (``grundy-value.js``, from the published database, with exact integers)."""
    pile = 'type="text" inputmode="numeric" spellcheck="false" size="12"'
    sql = html.escape(" ".join(grundy_store.VALUE_SQL.split()))  # one line: raw HTML
    return (
        f'<div id="grundy-value-tool" class="tool wy-grundy-value" data-game="{game_id}" '
        f'data-rows="{stored}" data-sql="{sql}">\n'
        '<form class="tool-form" autocomplete="off">'
        f'<label for="grundy-x">x (0 to {stored - 1})</label>'
        f'<input id="grundy-x" name="x" {pile} value="{stored - 1}">'
        '<label for="grundy-y">y (digits, or a power such as 10^15)</label>'
        f'<input id="grundy-y" name="y" {pile} value="10^15">'
        '<button type="submit" class="md-button md-button--primary">G(x, y)</button></form>\n'
        '<p class="tool-error" role="alert"></p>\n'
        '<p class="wy-grundy-answer" role="status"></p>\n'
        "</div>\n"
        f'<script type="module" src="{paths.asset(page, VALUE_SCRIPT)}"></script>\n\n'
    )


def _found_lines(
    page: str, game_id: str, periods: list[GrundyPeriod], landman: str, dfp: str | None
) -> str:
    """The words over a table of lines found on a table, some perhaps proven; ``dfp``
    the link to Dress, Flammenkamp and Pink's theorem when it covers the game (None:
    no theorem makes its rows periodic, and the page says only what the data show)."""
    parts = []
    side = max(p.verified_to for p in periods)
    found = sum(p.period is not None for p in periods)
    columns = [p for p in periods if p.axis == vocabulary.COLUMN]
    lines = "rows and columns" if columns else "rows"
    parts.append(
        f"The {lines}' additive periods, found on tables of side {side}: "
        "G(x, y + period) = G(x, y) + increment along row x for every y from the preperiod "
        f"on, checked for every y + period < {side}"
        + (
            ", and the same along column y with x and y exchanged (the board is not symmetric)"
            if columns
            else ""
        )
        + f"; {found} of these {len(periods)} lines show a period repeated at least four "
        "times within it (—: none). "
        f'<a href="{_periods_query(page, game_id)}">Query them in the SQL console</a>.\n\n'
    )
    proven = sum(p.evidence == vocabulary.PROVEN for p in periods)
    if proven:
        parts.append(
            f"**{proven} of them are proven** for every y, not only on the table, by "
            f"[Landman's finite-state argument]({landman}), row after row: once the rows "
            "below repeat, "
            "a row's next value depends only on its *state* (y modulo the lower rows' "
            "periods, the least value the row has not taken, and the values it took above "
            "that, each minus y), and the state at y1 (the proof's *from*) recurs one "
            "*proof period* later, so the row repeats from y1 on for ever; the table shows "
            "the least period up to there.\n\n"
        )
    if dfp is not None:
        parts.append(
            "Every row of this game is additively periodic: Dress, Flammenkamp and Pink "
            f"proved it for Wythoff's and Fraenkel's a-Wythoff games ([1999]({dfp})).\n\n"
        )
    else:
        parts.append(
            "No theorem known here makes every line of this game periodic (Dress, Flammenkamp "
            "and Pink's covers Wythoff's and Fraenkel's games): the table says what the data "
            "show, a period and its increment where one was found, and — where none was.\n\n"
        )
    return "".join(parts)


def _period_cells(p: GrundyPeriod, landman: str) -> list[object]:
    """A line's cells in the periods table: its period, and what it rests on (a proof
    linked to its bibliography entry)."""
    if p.period is None:
        return [p.row, "—", "—", "—", f"none within {p.verified_to}"]
    if p.evidence == vocabulary.PROVEN:
        evidence = f"[proven]({landman}) (from {p.proof_from}, proof period {p.proof_period})"
    else:
        evidence = f"verified to {p.verified_to}"
    return [p.row, p.preperiod, p.period, p.increment, evidence]


def _positions_query(page: str, game_id: str) -> str:
    return paths.sql_query(
        page,
        "SELECT value, x, y FROM grundy_positions "
        f"WHERE game_id = '{game_id}' ORDER BY value, x, y",
    )


def _periods_query(page: str, game_id: str) -> str:
    return paths.sql_query(
        page,
        f"SELECT * FROM grundy_periods WHERE game_id = '{game_id}' ORDER BY axis DESC, row",
    )
