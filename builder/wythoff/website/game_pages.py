"""A game's page, from :class:`~wythoff.website.content.SiteContent`: its rules, a
button to play it, its P-positions as a formula, a table, a board and pictures, with
their download; its Sprague–Grundy values; the strategy with a worked example that the
build computed; the checks, and how to cite it."""

from __future__ import annotations

import html
import posixpath

from wythoff.website import formulas, grundy, paths, pictures, play_tool
from wythoff.website.board import board_html
from wythoff.website.cite import cite_section, paper_line
from wythoff.website.content import TABLE_POSITIONS, SiteContent
from wythoff.website.entry_parts import checks_table, figure_html, game_link
from wythoff.website.markdown import (
    code,
    escape,
    front_matter,
    heading,
    table,
    unsearched,
    yaml_string,
)
from wythoff.website.records import Game, WorkedExample


def _coinciding(content: SiteContent, page: str, game_id: str) -> str:
    """The other games with the same P-positions, and how that is known."""
    g = content.games[game_id]
    others = [
        other
        for other, h in content.games.items()  # in natural order already
        if h.coincidence == g.coincidence and other != game_id
    ]
    if not others:
        return ""
    links = ", ".join(game_link(page, other) for other in others)
    how = (
        "by the same formula, at every size"
        if g.coincidence_evidence == "same formula"
        else f"observed up to {g.coincidence_bound:,}"
    )
    every = paths.link(page, paths.coinciding_games())
    return f"The same P-positions as {links} ({how}; [every such class]({every})).\n\n"


def game_page(
    content: SiteContent,
    game_id: str,
    lines: pictures.Figure | None = None,
    gap: tuple[str, pictures.Figure] | None = None,
    grundy_picture: tuple[str, int, bool] | None = None,
    periods: pictures.Figure | None = None,
) -> str:
    """A game's page; ``gap``: the picture of its c and d sequences (a site path and the
    figure); ``grundy_picture``: the file of its Grundy picture (a site path: its own,
    or another game's of the same values) and the largest value it shows, when the
    site has one; ``periods``: the picture of its stored rows' periods."""
    g = content.games[game_id]
    page = paths.game(game_id)
    family = content.families[g.family]
    positions = sorted(content.positions.get(game_id, []), key=lambda r: (r.n, r.x))
    sequences = content.game_sequences.get(game_id, [])
    parts = [
        front_matter(title=yaml_string(g.name), description=yaml_string(f"{game_id}: {g.name}")),
        heading(g.name, g.name_tex),
        f"{code(game_id)} · [{escape(family.title)}]"
        f"({paths.link(page, paths.family(g.family))}) · {paper_line(content, g.paper, page)}\n",
        f"\n{play_tool.PLAY_BUTTON}\n",
        "\n## Rules\n\n",
        f"{escape(g.rules)}\n",
        play_tool.game_section(content, game_id),
        "\n## P-positions\n\n",
        f"{formulas.markdown(g.p_formula)}\n{{: .wy-formula }}\n\n",
    ]
    if sequences:
        links = ", ".join(
            f"[{s}]({paths.link(page, paths.sequence(s))})"
            for s in sequences
            if s in content.sequences
        )
        parts.append(f"Sequences: {links}.\n\n")
    parts.append(_coinciding(content, page, game_id))
    if g.conjecture:
        title = "Larsson's belief (Section 7), tested by the solver"
        parts.append(f'!!! note "{title}"\n    {escape(g.conjecture)}.\n\n')
    seen = content.observations.get(game_id)
    if seen:
        parts.append("## Larsson's questions, on the data\n\n")
        parts.append(f"{escape(seen.summary)}\n\n")
    parts.append(board_html(page, g))
    if gap is not None:  # the picture of the c and d sequences' pages
        plot, figure = gap
        parts.append(figure_html(paths.link(page, plot), figure) + "\n")
    if lines is not None:
        parts.append(figure_html(paths.link(page, paths.game_lines(game_id)), lines) + "\n")
    shown = positions[:TABLE_POSITIONS]
    with_class = any(r.cls is not None for r in shown)
    headers = ["n", "x", "y"] + (["class i"] if with_class else [])
    body: list[list[int | None]] = [
        [r.n, r.x, r.y, *([r.cls] if with_class else [])] for r in shown
    ]
    parts.append(unsearched(table(headers, body, "rrrr")))
    parts.append(_positions_download(content, page, game_id))
    plot = (
        ""
        if periods is None
        else figure_html(paths.link(page, paths.game_periods(game_id)), periods)
    )
    stored = content.grundy_values.get(game_id, 0)
    lines_of = content.grundy_periods.get(game_id, [])
    parts.append(grundy.section(page, g, lines_of, stored, plot, grundy_picture))
    parts.append("\n## Strategy { data-search-exclude }\n\n")
    parts.append(g.strategy_text + "\n\n")
    if g.example is not None:
        parts.append(_worked_example(page, game_id, g.example))
    parts.append("\n## Verification { data-search-exclude }\n\n")
    parts.append(checks_table(content.checks.get(game_id, [])))
    parts.append(cite_section(content, page, game_id, g.name))
    return "".join(parts)


def _worked_example(page: str, game_id: str, example: WorkedExample) -> str:
    x, y = example.position
    href = paths.url(page, paths.position_checker())
    query = f"?game={game_id}&x={x}&y={y}"
    lines = [f"**Worked example.** From ({x}, {y}), an N-position, "]
    moves = example.moves
    if example.responses:
        answers = [
            f"{'the rectangle x < ' + str(w) + ', y < ' + str(h) if w and h else 'no rectangle'}"
            f", to ({x2}, {y2})"
            for (w, h), (x2, y2) in example.responses
        ]
        lines.append(
            "the winning move depends on the rectangle the second player chose: with "
            + "; with ".join(answers)
            + ". Each target is a P-position of the game with that rectangle."
        )
    elif len(moves) == 1:
        ((x2, y2),) = moves
        lines.append(
            f"the strategy moves to ({x2}, {y2}): take {x - x2} from the first pile and "
            f"{y - y2} from the second. ({x2}, {y2}) is a P-position{_why(example)}."
        )
    else:
        listed = ", ".join(f"({a}, {b})" for a, b in moves)
        lines.append(
            f"every P-option may be forbidden, but there are {len(moves)} of them: "
            f"{listed}; the opponent forbids at most {len(moves) - 1}, and the mover takes "
            "the one left."
        )
    lines.append(f' <a href="{href}{query}">Check it, or any other position</a>.\n')
    return "".join(lines)


def _why(example: WorkedExample) -> str:
    """Where the table lists the move's target: its index, and its class if it has one."""
    if example.target is None:
        return ""
    n, klass = example.target
    suffix = f" in class i = {klass}" if klass is not None else ""
    return f": it is listed with n = {n}{suffix}"


def _positions_download(content: SiteContent, page: str, game_id: str) -> str:
    """The download of the game's stored P-positions (its CSV file beside the page),
    what each column means, and how far the list is complete."""
    g = content.games[game_id]
    limit = g.ppositions_max
    count = content.position_counts.get(game_id, 0)
    with_class = g.family == "connell" or any(
        r.cls is not None for r in content.positions.get(game_id, [])
    )
    name = posixpath.basename(paths.game_csv(game_id))
    href = html.escape(paths.asset(page, paths.game_csv(game_id)))
    command = f"wythoff ppositions {game_id} --max {limit} --format csv"
    columns = "x,y,n,class" if with_class else "x,y,n"
    lines = [
        f'\n<p class="wy-download"><a class="md-button" href="{href}" download="{name}">'
        f"Download the P-positions (CSV)</a> <code>{name}</code>: {count:,} rows, "
        f"columns <code>{columns}</code>.</p>\n\n",
        f"They are every P-position with both coordinates at most {limit} "
        f"(`games.ppositions_max`), sorted by x then y: the rows of {code(command)}, "
        "then the database's own columns.\n\n",
        f"- **x**, **y**: the two piles. {_orders(g)}\n",
        f"- **n**: {_index_meaning(content, page, game_id, with_class)}\n",
    ]
    if with_class:
        lines.append(
            "- **class**: Connell's class i of the pair: the P-positions of class i are "
            "(u(i,n), v(i,n)) and their mirror images.\n"
        )
    lines.append(
        f'\n<a href="{_positions_query(page, game_id, with_class)}">The same rows in the SQL '
        "console</a>, to filter or join; every game's at once in the "
        f"[downloads]({paths.link(page, paths.downloads())}); "
        f"[this entry as JSON]({paths.link(page, paths.game_json(game_id))}).\n"
    )
    return "".join(lines)


def _orders(g: Game) -> str:
    """Which orders of the piles the file lists."""
    if g.is_symmetric:
        return (
            "The board is symmetric: (x, y) and (y, x) are the same position, so each is "
            "listed once, with x ≤ y."
        )
    return (
        "The board is not symmetric (a rectangle is removed): (x, y) and (y, x) are "
        "different positions, and each order that is a P-position is listed, x > y too."
    )


def _index_meaning(content: SiteContent, page: str, game_id: str, with_class: bool) -> str:
    """What the column ``n`` of a game's P-positions counts."""
    if with_class:
        return "the index of the pair in its class: (x, y) is (u(i,n), v(i,n)) or its mirror image."
    listed = [s for s in content.game_sequences.get(game_id, []) if s in content.sequences]
    if listed:
        links = ", ".join(f"[{s}]({paths.link(page, paths.sequence(s))})" for s in listed)
        return (
            f"the index of the pair in the game's sequences ({links}): x and y are their "
            "terms of index n, in one order or the other."
        )
    return (
        "the position's number, 0, 1, 2, ..., in the order of the file "
        "(no sequence describes this game's P-positions)."
    )


def _positions_query(page: str, game_id: str, with_class: bool) -> str:
    columns = 'x, y, n, "class"' if with_class else "x, y, n"
    return paths.sql_query(
        page,
        f"SELECT {columns} FROM p_positions WHERE game_id = '{game_id}' ORDER BY x, y",
    )
