"""Markdown for the sequence and game pages, from :class:`~wythoff.website.content.SiteContent`
(the family pages: :mod:`wythoff.website.family`).

Sequence pages follow the OEIS entry layout (ID, name, offset, data, formula,
references, cross-references, keywords); game pages show the rules, the
P-positions as a table and a picture, the strategy with a worked example
computed by the engine, and how far everything was verified.
"""

from __future__ import annotations

import html
import posixpath

from wythoff.db import vocabulary
from wythoff.oeis import numbering
from wythoff.pipeline import provenance
from wythoff.website import cite, formulas, grundy, indexes, paths, pictures, play_tool
from wythoff.website.content import (
    TABLE_POSITIONS,
    TABLE_TERMS,
    Check,
    Crossref,
    Game,
    GrundyPeriod,
    SiteContent,
    WorkedExample,
    by_evidence,
    is_anumber,
    is_oeis_match,
    row_period,
)
from wythoff.website.markdown import (
    PLAIN,
    code,
    data_attributes,
    escape,
    front_matter,
    heading,
    table,
    unsearched,
)

OEIS_URL = "https://oeis.org/{}"


def citation(content: SiteContent) -> str:
    info = content.info
    return (
        f"Wythoff sequences: the reference database of Wythoff-game sequences, version "
        f"{info['version']}, built {info['date'][:10]}."
    )


def cite_section(content: SiteContent, page: str, entry_id: str, name: str) -> str:
    """An entry page's "Cite this page" section (:func:`.cite.section`)."""
    info = content.info
    return cite.section(page, entry_id, name, info, content.site_url, content.issues_url)


def paper_line(content: SiteContent, key: str, page: str) -> str:
    """The paper a page rests on, linked to its entry in the bibliography."""
    p = content.papers[key]
    entry = paths.link(page, paths.bibliography(f"{key}-{p.year}"))
    return f"{p.authors}, *{p.title}*, {p.venue} ({p.year}) ([bibliography]({entry}))."


def period_line(page: str, found: GrundyPeriod) -> str:
    """A row's period in words, citing the entry its proof or its existence rests on."""
    if found.evidence == vocabulary.PROVEN:
        source = f", [Landman 2002]({paths.link(page, paths.bibliography('landman-2002'))})"
    else:
        entry = paths.link(page, paths.bibliography("dress-flammenkamp-pink-1999"))
        source = f"; every row has one: [Dress, Flammenkamp and Pink 1999]({entry})"
    return found.sentence(source)


def _checks_table(rows: list[Check]) -> str:
    """The checks of an entry, in a block whose words never break inside (the style
    sheet's ``wy-checks``: "passed" on one line, however narrow the page)."""
    if not rows:
        return "No check recorded for this entry.\n"
    body = [
        (
            escape(r.check),
            escape(r.method),
            escape(r.up_to),
            "passed" if r.passed else f"**failed**: {escape(r.detail)}",
        )
        for r in rows
    ]
    return unsearched(table(["check", "how", "how far", "result"], body), "wy-checks")


# ----------------------------------------------------------------------------- sequences


def sequence_page(
    content: SiteContent,
    sequence_id: str,
    picture: tuple[str, pictures.Figure] | None = None,
) -> str:
    """A sequence's page; ``picture``: its plot, the file (a site path: its own,
    :func:`.paths.sequence_plot`, unless another page's holds the same) and the figure."""
    s = content.sequences[sequence_id]
    page = paths.sequence(sequence_id)
    terms = content.terms.get(sequence_id, [])
    family = content.families[s.family]
    facts = [
        ("ID", code(sequence_id)),
        ("Offset", s.offset),
        ("Family", f"[{escape(family.title)}]({paths.link(page, paths.family(s.family))})"),
        ("Keywords", ", ".join(code(k) for k in s.keywords)),
        ("OEIS keywords", ", ".join(code(k) for k in s.oeis_keywords)),
        ("Terms", f"{s.terms_count:,} stored, n = {s.offset} .. {s.last_index}, exact"),
    ]
    games = content.sequence_games.get(sequence_id, [])
    if games:
        facts.insert(3, ("Games", ", ".join(_game_link(page, g) for g in games)))
    period = row_period(content, sequence_id)
    if period is not None:
        facts.append(("Period", period_line(page, period)))
    main = main_entry(content, sequence_id)
    if main is not None:
        facts.insert(
            0, ("OEIS", f"{_oeis_link(main.target)}, **{main.evidence}**: {escape(main.relation)}")
        )
    elif not any(is_oeis_match(r) for r in content.crossrefs.get(sequence_id, [])):
        listed = paths.link(page, paths.not_in_oeis())
        sentence = indexes.no_match(content, s.data)
        facts.append(("OEIS", f"{sentence} (see [all sequences with no OEIS match]({listed}))"))
    parts = [
        front_matter(title=_yaml(f"{s.name} ({sequence_id})"), description=_yaml(s.name)),
        heading(s.name, s.name_tex),
        f"{code(sequence_id)}\n\n",
        unsearched("".join(f"- **{label}**: {value}\n" for label, value in facts)),
        "\n## Data { data-search-exclude }\n\n",
        unsearched(f'<p class="wy-data" markdown>{escape(s.data)}</p>\n'),
        "\n## Formula\n\n",
        _formula(s.formula),
        "\n## Table { data-search-exclude }\n\n",
        unsearched(_term_table(terms[:TABLE_TERMS]), "wy-terms"),
        _plot_section(page, picture),
        _programs_section(content, sequence_id),
        "\n## Cross-references\n\n",
        _crossref_list(content, page, sequence_id),
        "\n## Verification { data-search-exclude }\n\n",
        _checks_table(content.checks.get(sequence_id, [])),
        "\n## References { data-search-exclude }\n\n",
        f"- {paper_line(content, s.paper, page)}\n",
        "\n## Downloads { data-search-exclude }\n\n",
        bfile_download(content, page, sequence_id),
        f'<a href="{paths.sql_query(page, terms_sql(sequence_id))}">these terms in the SQL '
        "console</a> (CSV download there)"
        f" · [this entry as JSON]({paths.link(page, paths.sequence_json(sequence_id))})"
        f" · [in OEIS's format]({paths.link(page, paths.sequence_oeis(sequence_id))})"
        f" · [every file: CSV archive, Parquet, database]({paths.link(page, paths.downloads())})\n",
        cite_section(content, page, sequence_id, s.name),
    ]
    return "".join(parts)


def _formula(text: str) -> str:
    """A sequence's formula typeset, then as it is stored, in a block to copy (what
    people paste into a program); words alone stay words."""
    typeset = formulas.markdown(text)
    shown = f"{typeset}\n{{: .wy-formula }}\n"
    if PLAIN not in typeset:  # words alone
        return shown
    return shown + f"\nAs text:\n\n    {text}\n"


def _plot_section(page: str, picture: tuple[str, pictures.Figure] | None) -> str:
    if picture is None:
        return ""
    plot, figure = picture
    return "\n## Plot { data-search-exclude }\n\n" + figure_html(paths.link(page, plot), figure)


def figure_html(source: str, figure: pictures.Figure) -> str:
    """A picture file with its alternative text and the caption saying what to look for."""
    return (
        f'<figure class="wy-figure"><img src="{source}" alt="{html.escape(figure.alt)}" '
        f'loading="lazy" decoding="async" width="{figure.width}" height="{figure.height}">'
        f"<figcaption>{html.escape(figure.caption)}</figcaption></figure>\n"
    )


def _programs_section(content: SiteContent, sequence_id: str) -> str:
    """The sequence's PARI/GP and Python programs, as code blocks (exact arithmetic;
    the tests run both and compare them with the stored terms)."""
    code = content.sequences[sequence_id].programs
    if code is None:
        return ""
    defines = (
        "a(n), for every n from the offset on"
        if code.entry == "a"
        else "lista(nn), the first nn terms"
    )
    blocks = "".join(
        f"{language}:\n\n" + "".join(f"    {line}\n" for line in text.splitlines()) + "\n"
        for language, text in (("PARI/GP", code.pari), ("Python", code.python))
    )
    return (
        "\n## Programs { data-search-exclude }\n\n"
        f"Each program defines {defines}, in exact integer arithmetic.\n\n{blocks}"
    )


def _yaml(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _game_link(page: str, game_id: str) -> str:
    return f"[{game_id}]({paths.link(page, paths.game(game_id))})"


def _term_table(terms: list[tuple[int, str]], columns: int = 4) -> str:
    rows = (len(terms) + columns - 1) // columns
    body = []
    for r in range(rows):
        cells: list[str] = []
        for c in range(columns):
            i = c * rows + r
            cells += [str(terms[i][0]), terms[i][1]] if i < len(terms) else ["", ""]
        body.append(cells)
    return table(["n", "a(n)"] * columns, body, "rr" * columns)


def _oeis_link(anumber: str) -> str:
    return f"[{anumber}]({OEIS_URL.format(anumber)})"


def main_entry(content: SiteContent, sequence_id: str) -> Crossref | None:
    """The OEIS entry the sequence is, if any: its strongest match, at the top of its
    page (a near miss is never one)."""
    matches = [r for r in by_evidence(content.crossrefs.get(sequence_id, [])) if is_oeis_match(r)]
    return matches[0] if matches else None


def _crossref_list(content: SiteContent, page: str, sequence_id: str) -> str:
    """The relations, strongest evidence first, each led by its evidence in a word."""
    rows = by_evidence(content.crossrefs.get(sequence_id, []))
    if not rows:
        return "None found.\n"
    lines = []
    for r in rows:
        target = r.target
        if target in content.sequences:
            label = f"[{target}]({paths.link(page, paths.sequence(target))})"
        elif target in content.games:
            label = _game_link(page, target)
        elif is_anumber(target):
            label = f"{_oeis_link(target)} (OEIS)"
        else:
            label = code(target)
        lines.append(f"- **{r.evidence}** {label}: {escape(r.relation)}\n")
    present = dict.fromkeys(r.evidence for r in rows)
    legend = "; ".join(f"**{word}**: {escape(vocabulary.EVIDENCE_KINDS[word])}" for word in present)
    return "".join(lines) + f"\n{legend}.\n"


# ----------------------------------------------------------------------------- games


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
    links = ", ".join(_game_link(page, other) for other in others)
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
        front_matter(title=_yaml(g.name), description=_yaml(f"{game_id}: {g.name}")),
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
    parts.append(_checks_table(content.checks.get(game_id, [])))
    parts.append(cite_section(content, page, game_id, g.name))
    return "".join(parts)


BOARD_SCRIPT = paths.script("board.js")
BOARD_SIDES = (30, 100, 300, 1000, 3000, 10000)  # zoom levels below the stored range


def board_sides(stored: int) -> list[int]:
    """The board's zoom levels: the sides below the stored range, then the range itself.

    >>> board_sides(1000), board_sides(100), board_sides(20)
    ([30, 100, 300, 1000], [30, 100], [20])
    """
    return [side for side in BOARD_SIDES if side < stored] + [stored]


def board_html(page: str, g: Game) -> str:
    """The board of P-positions, drawn in the browser from the game's CSV file (so that
    it zooms to the stored range), with zoom buttons, a legend and its caption."""
    stored = g.ppositions_max
    sides = board_sides(stored)
    buttons = "".join(
        f'<button type="button" data-side="{side}" aria-pressed="{str(side == sides[0]).lower()}">'
        f"0 .. {side}</button>"
        for side in sides
    )
    alt = (
        f"The P-positions of {g.id} on the board, x and y from 0 to {sides[0]} "
        f"(up to {stored} with the zoom buttons)"
    )
    csv = paths.link(page, paths.game_csv(g.id))
    symmetric = str(g.is_symmetric).lower()
    return (
        '<figure class="wy-figure wy-board-figure">\n'
        f'<div id="board" class="wy-board" role="img" aria-label="{html.escape(alt)}" '
        f'data-csv="{csv}" data-side="{sides[0]}" data-symmetric="{symmetric}" '
        f'data-rect="{g.moves.rectangle[0]},{g.moves.rectangle[1]}"></div>\n'
        f'<div class="wy-board-zoom" role="group" aria-label="Zoom">Show x, y in {buttons}</div>\n'
        '<ul class="wy-board-legend"></ul>\n'
        '<p class="wy-board-where" aria-live="off">Point at a square to read its coordinates.</p>\n'
        f"<figcaption>{html.escape(_board_caption(g))}</figcaption>\n"
        "</figure>\n"
        f'<script type="module" src="{paths.link(page, BOARD_SCRIPT)}"></script>\n\n'
    )


def _board_caption(g: Game) -> str:
    w, h = g.moves.rectangle
    notes = [
        "P-positions are coloured squares, (0, 0) at the bottom left, x to the right, "
        "in the shades of the legend"
    ]
    notes += list(g.board_notes)
    if w and h:
        notes.append(f"the removed rectangle x < {w}, y < {h} is grey")
    return f"What to look for: {g.board_lesson} " + "; ".join(notes) + "."


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


def terms_sql(sequence_id: str) -> str:
    """The query of a sequence's stored terms, exact, in order: what its page's b-file
    download reads from the published database, and the console's link runs."""
    where = f"sequence_id = '{sequence_id}'"
    return f"SELECT n, value_text AS value FROM terms WHERE {where} ORDER BY n"


BFILE_SCRIPT = paths.script("bfile.js")


def bfile_download(content: SiteContent, page: str, sequence_id: str) -> str:
    """The sequence's b-file, made in the browser (``bfile.js``) from the published
    database, where its terms already are: :func:`terms_sql`'s rows after the header
    that the build's b-file opens with, saved as ``b-ID.txt``, the very bytes of the
    build's ``data/bfiles`` file.  Beside it the same terms as CSV (``n,value``, what
    ``wythoff terms --format csv`` writes) and, for each OEIS entry the sequence is
    proven or compared equal to, the b-file in that entry's numbering (what ``wythoff
    bfile --as`` writes).  Without JavaScript, where else to get the same terms."""
    s = content.sequences[sequence_id]
    header = provenance.bfile_header(sequence_id, s.name, content.info)
    label = f"b-file ({s.terms_count:,} terms)"
    data = {
        "file": paths.bfile_name(sequence_id),
        "terms": str(s.terms_count),
        "query": terms_sql(sequence_id),
        "header": header,
    }
    more = [_csv_button(sequence_id, s.terms_count)]
    more += [_numbered_button(content, row) for row in numbered_entries(content, sequence_id)]
    downloads = paths.url(page, paths.downloads())
    return (
        f'<div id="{paths.BFILE}" class="wy-bfile"{data_attributes(data)}>\n'
        f'<p><button type="button" class="md-button" hidden>{label}</button> '
        + " ".join(more)
        + ' <span class="wy-bfile-status" role="status"></span></p>\n'
        f"<noscript><p>The {label}, <code>{data['file']}</code>, is made by this page from "
        "the published database, which needs JavaScript. Without it, "
        f"<code>wythoff terms {sequence_id} --count {s.terms_count}</code> prints the same "
        f"lines without the header (<code>--format csv</code> as CSV; "
        f"<code>wythoff bfile {sequence_id} --as ANUMBER</code> in "
        "the numbering of an OEIS entry it agrees with), and every sequence's terms are in the "
        f'CSV archive and the Parquet file on the <a href="{downloads}">downloads page</a>.'
        "</p></noscript>\n"
        "</div>\n"
        f'<script type="module" src="{paths.asset(page, BFILE_SCRIPT)}"></script>\n\n'
    )


CSV_HEADER = "n,value\n"
"""The first line of a sequence's CSV, as ``wythoff terms --format csv`` writes it."""


def _csv_button(sequence_id: str, count: int) -> str:
    """The download of the stored terms as CSV, exact (each value the database's text)."""
    data = {
        "file": f"{sequence_id}.csv",
        "terms": str(count),
        "query": terms_sql(sequence_id),
        "header": CSV_HEADER,
        "separator": ",",
    }
    return (
        f'<button type="button" class="md-button"{data_attributes(data)} hidden>'
        f"CSV ({count:,} terms)</button>"
    )


def numbered_entries(content: SiteContent, sequence_id: str) -> list[Crossref]:
    """The OEIS entries the sequence is proven or compared equal to, whose numbering
    is known (an index map ``a(n) = A(n + k)``): one numbered b-file each."""
    strong = (vocabulary.PROVEN, vocabulary.COMPARED)
    return [
        row
        for row in by_evidence(content.crossrefs.get(sequence_id, []))
        if is_oeis_match(row)
        and is_anumber(row.target)
        and row.evidence in strong
        and None not in (row.fields.index_offset, row.fields.index_from, row.fields.listed_to)
    ]


def numbered_bfile(content: SiteContent, row: Crossref) -> tuple[str, str, str, int, int]:
    """The b-file of a sequence in the numbering of the OEIS entry of ``row``: its name,
    header, query, number of terms and first index (``wythoff bfile --as``'s file: from
    the entry's first index on, ``A(n) = a(n - k)``, at most ``numbering.MOST_TERMS``)."""
    fields = row.fields
    k, ours = fields.index_offset or 0, fields.index_from or 0
    last = content.sequences[row.sequence_id].last_index
    count = max(0, min(last - ours + 1, numbering.MOST_TERMS))
    first = ours + k
    common = (fields.listed_to or 0) - (fields.listed_from or 0) + 1
    header = numbering.header(row.sequence_id, row.target, -k, first, common)
    query = (
        f"SELECT n + {k} AS n, value_text AS value FROM terms "
        f"WHERE sequence_id = '{row.sequence_id}' AND n >= {ours} ORDER BY n LIMIT {count}"
    )
    return numbering.file_name(row.target), header, query, count, first


def _numbered_button(content: SiteContent, row: Crossref) -> str:
    name, header, query, count, _ = numbered_bfile(content, row)
    data = {"file": name, "terms": str(count), "query": query, "header": header}
    return (
        f'<button type="button" class="md-button"{data_attributes(data)} hidden '
        f'title="wythoff bfile {row.sequence_id} --as {row.target} --count {count}">'
        f"{name} ({row.target}'s numbering)</button>"
    )


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
