"""Markdown for every generated page, from :class:`~wythoff.pages.content.SiteContent`.

Sequence pages follow the OEIS entry layout (ID, name, offset, data, formula,
references, cross-references, keywords); game pages show the rules, the
P-positions as a table and a picture, the strategy with a worked example
computed by the engine, and how far everything was verified.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from wythoff import catalog
from wythoff.core.numeration import p_interpretation, parse_digits
from wythoff.pages import paths
from wythoff.pages.content import TABLE_POSITIONS, TABLE_TERMS, SiteContent
from wythoff.pages.markdown import code, escape, front_matter, table, unsearched

OEIS_URL = "https://oeis.org/{}"


def citation(content: SiteContent) -> str:
    info = content.info
    return (
        f"Wythoff sequences: the reference database of Wythoff-game sequences, version "
        f"{info['version']}, built {info['date'][:10]}."
    )


def paper_line(content: SiteContent, key: str) -> str:
    p = content.papers[key]
    return f"{p['authors']}, *{p['title']}*, {p['venue']} ({p['year']})."


def _checks_table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "No check recorded for this entry.\n"
    body = [
        (
            escape(r["check"]),
            escape(r["method"]),
            escape(r["up_to"]),
            "passed" if r["passed"] else f"**failed**: {escape(r['detail'])}",
        )
        for r in rows
    ]
    return table(["check", "how", "how far", "result"], body)


# ----------------------------------------------------------------------------- sequences


def sequence_page(content: SiteContent, sequence_id: str) -> str:
    s = content.sequences[sequence_id]
    page = paths.sequence(sequence_id)
    terms = content.terms.get(sequence_id, [])
    family = content.families[s["family"]]
    last = s["offset"] + s["terms_count"] - 1
    facts = [
        ("ID", code(sequence_id)),
        ("Offset", s["offset"]),
        ("Family", f"[{escape(family['title'])}]({paths.link(page, paths.family(s['family']))})"),
        ("Keywords", ", ".join(code(k) for k in s["keywords"].split(",") if k)),
        ("Terms", f"{s['terms_count']:,} stored, n = {s['offset']} .. {last}, exact"),
    ]
    games = content.sequence_games.get(sequence_id, [])
    if games:
        facts.insert(3, ("Games", ", ".join(_game_link(page, g) for g in games)))
    parts = [
        front_matter(title=sequence_id, description=_yaml(s["name"])),
        f"# {sequence_id}\n\n{escape(s['name'])}\n\n",
        unsearched("".join(f"- **{label}**: {value}\n" for label, value in facts)),
        "\n## Data { data-search-exclude }\n\n",
        unsearched(f'<p class="wy-data" markdown>{escape(s["data"])}</p>\n'),
        "\n## Formula\n\n",
        f"{code(s['formula'])}\n",
        "\n## Table { data-search-exclude }\n\n",
        unsearched(_term_table(terms[:TABLE_TERMS])),
        "\n## Plot { data-search-exclude }\n\n"
        f"![a(n) against n, n < {min(len(terms), 1000) + s['offset']}]"
        f"({paths.link(page, paths.sequence_plot(sequence_id))}){{ loading=lazy }}\n",
        "\n## Cross-references\n\n",
        _crossref_list(content, page, sequence_id),
        "\n## Verification { data-search-exclude }\n\n",
        _checks_table(content.checks.get(sequence_id, [])),
        "\n## References { data-search-exclude }\n\n",
        f"- {paper_line(content, s['paper'])}\n",
        "\n## Downloads { data-search-exclude }\n\n",
        f"[CSV ({s['terms_count']:,} terms)]({paths.link(page, paths.sequence_csv(sequence_id))})"
        f" · [b-file]({paths.link(page, paths.sequence_bfile(sequence_id))})"
        f" · [every file]({paths.link(page, paths.downloads())})\n",
    ]
    return "".join(parts)


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


def _crossref_list(content: SiteContent, page: str, sequence_id: str) -> str:
    rows = content.crossrefs.get(sequence_id, [])
    if not rows:
        return "None found.\n"
    lines = []
    for r in rows:
        target = r["target"]
        if target in content.sequences:
            label = f"[{target}]({paths.link(page, paths.sequence(target))})"
        elif target in content.games:
            label = _game_link(page, target)
        elif target.startswith("A") and target[1:].isdigit():
            label = f"[{target}]({OEIS_URL.format(target)}) (OEIS)"
        else:
            label = code(target)
        shift = (
            "" if r["shift"] is None or r["shift"] != r["shift"] else f", shift {int(r['shift'])}"
        )
        lines.append(
            f"- {label}: {escape(r['relation'])} (checked up to n = {int(r['verified_up_to'])}"
            f"{shift})\n"
        )
    return "".join(lines)


# ----------------------------------------------------------------------------- games


def game_page(content: SiteContent, game_id: str, example: dict[str, Any] | None) -> str:
    g = content.games[game_id]
    page = paths.game(game_id)
    family = content.families[g["family"]]
    positions = sorted(content.positions.get(game_id, []), key=lambda r: (r["n"], r["x"]))
    sequences = content.game_sequences.get(game_id, [])
    parts = [
        front_matter(title=_yaml(g["name"]), description=_yaml(f"{game_id}: {g['name']}")),
        f"# {escape(g['name'])}\n\n",
        f"{code(game_id)} · [{escape(family['title'])}]"
        f"({paths.link(page, paths.family(g['family']))}) · {paper_line(content, g['paper'])}\n",
        "\n## Rules\n\n",
        f"{escape(g['rules'])}\n",
        "\n## P-positions\n\n",
        f"{escape(g['p_formula'])}\n\n",
    ]
    if sequences:
        links = ", ".join(
            f"[{s}]({paths.link(page, paths.sequence(s))})"
            for s in sequences
            if s in content.sequences
        )
        parts.append(f"Sequences: {links}.\n\n")
    if g["conjecture"]:
        title = "Larsson's conjecture, tested by the solver"
        parts.append(f'!!! note "{title}"\n    {escape(g["conjecture"])}.\n\n')
    seen = content.observations.get(game_id)
    if seen:
        parts.append("## Larsson's questions, on the data\n\n")
        parts.append(f"{escape(seen['summary'])}\n\n")
    parts.append(
        f"![P-positions of {game_id} on the board]"
        f"({paths.link(page, paths.game_board(game_id))})\n\n"
        f"{_board_caption(g)}\n\n"
    )
    shown = positions[:TABLE_POSITIONS]
    with_class = any(r["cls"] is not None for r in shown)
    headers = ["n", "x", "y"] + (["class i"] if with_class else [])
    body = [[r["n"], r["x"], r["y"]] + ([int(r["cls"])] if with_class else []) for r in shown]
    parts.append(unsearched(table(headers, body, "rrrr")))
    stored = "x <= y" if g["is_symmetric"] else "ordered pairs, both orientations"
    parts.append(
        f"\nEvery P-position with both coordinates at most {g['ppositions_max']} is in the "
        f"database ({stored}): [CSV]({paths.link(page, paths.game_csv(game_id))}).\n"
    )
    parts.append("\n## Strategy { data-search-exclude }\n\n")
    parts.append(g["strategy_text"] + "\n\n")
    if example:
        parts.append(_worked_example(page, game_id, example))
    parts.append("\n## Verification { data-search-exclude }\n\n")
    parts.append(_checks_table(content.checks.get(game_id, [])))
    return "".join(parts)


def _board_caption(g: dict[str, Any]) -> str:
    w, h = g["rect_w"], g["rect_h"]
    notes = ["P-positions are dark squares, (0, 0) at the bottom left, x to the right"]
    notes += [note for note in g["board_notes"].split("; ") if note]
    if w and h:
        notes.append(f"the removed rectangle x < {w}, y < {h} is grey")
    return "*" + "; ".join(notes) + ".*"


def _worked_example(page: str, game_id: str, example: dict[str, Any]) -> str:
    x, y = example["position"]
    href = paths.url(page, paths.position_checker())
    query = f"?game={game_id}&x={x}&y={y}"
    lines = [f"**Worked example.** From ({x}, {y}), an N-position, "]
    moves = example["moves"]
    if len(moves) == 1:
        ((x2, y2),) = moves
        lines.append(
            f"the strategy moves to ({x2}, {y2}): take {x - x2} from the first pile and "
            f"{y - y2} from the second. ({x2}, {y2}) is a P-position{example['why']}."
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


# ----------------------------------------------------------------------------- families


def family_page(content: SiteContent, key: str) -> str:
    """The family's own page text (from its module, through the database) and the
    generated tables."""
    page = paths.family(key)
    prose = content.families[key]["page"]
    games = [g for g in content.games.values() if g["family"] == key]
    sequences = [s for s in content.sequences.values() if s["family"] == key]
    parts = [prose.rstrip() + "\n"]
    parts.append("\n## Verification\n\n")
    parts.append(_family_checks(content, games, sequences))
    parts.append(f"\n## Games ({len(games)})\n\n")
    parts.append(
        unsearched(
            table(
                ["game", "name", "P-positions", "stored up to"],
                [
                    (
                        f"[{g['id']}]({paths.link(page, paths.game(g['id']))})",
                        escape(g["name"]),
                        "formula" if g["solved"] else "solver",
                        g["ppositions_max"],
                    )
                    for g in games
                ],
                "llcr",
            )
        )
    )
    parts.append(f"\n## Sequences ({len(sequences)})\n\n")
    parts.append(
        unsearched(
            table(
                ["sequence", "name", "first terms"],
                [
                    (
                        f"[{s['id']}]({paths.link(page, paths.sequence(s['id']))})",
                        escape(s["name"]),
                        escape(s["data"][:40] + ("..." if len(s["data"]) > 40 else "")),
                    )
                    for s in sequences
                ],
                "lll",
            )
        )
    )
    return "".join(parts)


def _family_checks(
    content: SiteContent, games: list[dict[str, Any]], sequences: list[dict[str, Any]]
) -> str:
    subjects = [g["id"] for g in games] + [s["id"] for s in sequences]
    grouped: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for subject in subjects:
        for check in content.checks.get(subject, []):
            grouped[check["check"]].append(check)
    if not grouped:
        return "No checks recorded.\n"
    rows = []
    for name, checks in sorted(grouped.items()):
        passed = sum(1 for c in checks if c["passed"])
        ranges = Counter(c["up_to"] for c in checks).most_common(1)[0][0]
        status = (
            f"passed ({passed} of {len(checks)})"
            if passed == len(checks)
            else (f"**{len(checks) - passed} failed** of {len(checks)}")
        )
        rows.append((escape(name), len(checks), escape(ranges), status))
    return table(["theorem or check", "instances", "typical range", "result"], rows, "lrll")


# ----------------------------------------------------------------------------- numeration


def numeration_index(content: SiteContent) -> str:
    page = paths.numeration_index()
    values = sorted(content.numerations)
    links = " · ".join(f"[a = {a}]({paths.link(page, paths.numeration(a))})" for a in values)
    return (
        "# Numeration systems\n\n"
        "Fraenkel's p-system and q-system write every N >= 1 greedily in the numerators "
        "p(i) and denominators q(i) of the convergents of alpha = [1; a, a, ...]: "
        "N = sum s(i) p(i) with 0 <= s(i) <= a, and a digit a is always followed by a 0. "
        "For a = 1 the p-system is Zeckendorf's. The P-positions of the a-Wythoff game "
        "can be read off these digits (Fraenkel, Properties 1-3), which gives a strategy "
        "in O(log x) steps.\n\n"
        f"Tables: {links}.\n\n"
        "Every table of the database holds N = 1 .. "
        f"{_numeration_max(content)} ([SQL]({paths.link(page, paths.sql_console())}), "
        f"table `numerations`).\n"
    )


def _numeration_max(content: SiteContent) -> str:
    return str(json.loads(content.info["configuration"])["numeration_max"])


def numeration_page(content: SiteContent, a: int) -> str:
    page = paths.numeration(a)
    tables = content.numerations[a]
    p_rows, q_rows = tables["p"], tables["q"]
    lower = [int(v) for _, v in content.terms.get(f"fraenkel-a{a}-a", [])]
    upper = [int(v) for _, v in content.terms.get(f"fraenkel-a{a}-b", [])]
    p_of = {int(r["n"]): r for r in p_rows}
    parts = [
        f"# Numeration for a = {a}\n\n",
        f"alpha = [1; {a}, {a}, ...]; game: [fraenkel-a{a}]"
        f"({paths.link(page, paths.game(f'fraenkel-a{a}'))}); bases: "
        f"[fraenkel-a{a}-p]({paths.link(page, paths.sequence(f'fraenkel-a{a}-p'))}) and "
        f"[fraenkel-a{a}-q]({paths.link(page, paths.sequence(f'fraenkel-a{a}-q'))}). "
        "Trailing zeros are highlighted.\n\n",
        "## Property 1 and 2: the P-positions in the p-system\n\n",
        "R_p(A(n)) ends in an even number of zeros, R_p(B(n)) in an odd number, and "
        "R_p(B(n)) is R_p(A(n)) shifted left (a zero appended).\n\n",
    ]
    rows = []
    for n in range(1, len(lower)):
        if upper[n] not in p_of:
            break
        ra, rb = p_of[lower[n]], p_of[upper[n]]
        rows.append((n, lower[n], _digits(ra), upper[n], _digits(rb)))
        if len(rows) == 30:
            break
    parts.append(unsearched(table(["n", "A(n)", "R_p(A(n))", "B(n)", "R_p(B(n))"], rows, "rrrrr")))
    parts.append(
        "\n## Property 3: the q-system gives A(n)\n\n"
        "The p-interpretation of R_q(n) is A(n) when R_q(n) ends in an even number of "
        "zeros, and A(n) + 1 when odd.\n\n"
    )
    checked: list[tuple[object, ...]] = []
    for r in q_rows[:40]:
        n = int(r["n"])
        if n >= len(lower):
            break
        value = p_interpretation(parse_digits(r["digits"], a), a)
        checked.append(
            (n, _digits(r), value, lower[n], "even" if r["trailing_zeros"] % 2 == 0 else "odd")
        )
    parts.append(
        unsearched(table(["n", "R_q(n)", "I_p(R_q(n))", "A(n)", "zeros"], checked, "rrrrl"))
    )
    parts.append("\n## Both systems, N = 1 .. 100\n\n")
    both = [
        (int(p["n"]), _digits(q), _digits(p), "A" if p["trailing_zeros"] % 2 == 0 else "B")
        for p, q in zip(p_rows[:100], q_rows[:100], strict=True)
    ]
    parts.append(unsearched(table(["N", "R_q(N)", "R_p(N)", "N is an"], both, "rrrc")))
    return "".join(parts)


def _digits(row: dict[str, Any]) -> str:
    digits, zeros = row["digits"], int(row["trailing_zeros"])
    separator = "." if "." in digits else ""
    if not zeros:
        return f"`{digits}`"
    parts = digits.split(".") if separator else list(digits)
    head, tail = parts[: len(parts) - zeros], parts[len(parts) - zeros :]
    return (
        f"`{separator.join(head)}`"
        f'<span class="wy-zeros">{separator if head and separator else ""}'
        f"{separator.join(tail)}</span>"
    )


# ----------------------------------------------------------------------------- home


def home_page(content: SiteContent, counts: dict[str, int]) -> str:
    page = paths.home()
    info = content.info
    checks = counts["verifications"]
    family_rows = []
    for key, f in sorted(content.families.items(), key=lambda item: item[1]["rank"]):
        family_rows.append(
            (
                f"[{escape(f['title'])}]({paths.link(page, paths.family(key))})",
                sum(1 for g in content.games.values() if g["family"] == key),
                sum(1 for s in content.sequences.values() if s["family"] == key),
                paper_line(content, f["paper"]),
            )
        )
    configuration = _ranges(info)
    unsolved = [g for g in content.games.values() if not g["solved"]]
    return "".join(
        [
            front_matter(title="Wythoff sequences", hide="\n  - navigation"),
            "# The reference database of Wythoff-game sequences\n\n",
            "Beatty sequences, P-positions and numeration systems of Wythoff's game and its "
            "generalizations, **computed exactly** (integer arithmetic at every index, never "
            "floating point) and **verified three ways**: closed form against the papers' "
            "recursions against a game solver that knows only the rules.\n\n",
            f"This build holds **{counts['sequences']:,} sequences** "
            f"({counts['terms']:,} terms), **{counts['games']:,} games** "
            f"({counts['p_positions']:,} P-positions, {len(unsolved)} of them games with no "
            f"known formula, solved by brute force) and the numeration tables of "
            f"{len(content.numerations)} systems. **{checks:,} checks** ran during the build "
            "and all passed.\n\n",
            "## Families\n\n",
            table(["family", "games", "sequences", "paper"], family_rows, "lrrl"),
            "\n## Search\n\n",
            f"- **By name or text**: the search box at the top (try `Connell` or `blocking`).\n"
            "- **By terms**, as on the OEIS: "
            f'<a href="{paths.url(page, paths.term_search())}?q=1,3,4,6,8">'
            "search for 1, 3, 4, 6, 8</a>.\n"
            f"- **By SQL**: the [SQL console]({paths.link(page, paths.sql_console())}) runs "
            "queries in your browser on a copy of the database.\n"
            "- **A position**: the "
            f"[position checker]({paths.link(page, paths.position_checker())}) "
            "says P or N and gives a winning move, for piles of any size.\n"
            "- Numeration systems: "
            f"[p- and q-digits]({paths.link(page, paths.numeration_index())}).\n",
            "\n## Identifiers\n\n",
            "Every object has a stable ID, which is also its address: "
            "`sequences/wythoff-a/`, `games/connell-k3/`. Sequences: `wythoff-a`, "
            "`connell-k3-u1`, `fraenkel-a2-p`, `larsson-m2-p3-phi`, `modular-a`; games: "
            "`wythoff`, `wythoff-misere`, `connell-k3`, `fraenkel-a2`, "
            "`larsson-blocking-m2-p3`, `larsson-modulo-m2-p2-l0`, `larsson-shifted-m2-p3-l1`, "
            "`modular-m5`; a game with no formula defines `<game>-c` and `<game>-d`.\n",
            "\n## How to cite\n\n",
            f"> {citation(content)}\n\n",
            "and the paper of the family you use (each page names it). The OEIS cross-references "
            "use OEIS data (CC BY-SA 4.0).\n",
            "\n## This build\n\n",
            table(
                ["build", ""],
                [
                    ("version", info["version"]),
                    ("date", info["date"]),
                    ("parameters", configuration),
                    ("OEIS data", escape(info.get("oeis_source", ""))),
                    ("checks", f"{checks:,}, all passed (each page lists its own)"),
                ],
                "lr",
            ),
            "\nDownloads: "
            f"[CSV files, b-files, the database]({paths.link(page, paths.downloads())}).\n",
        ]
    )


def _ranges(info: dict[str, str]) -> str:
    config = json.loads(info["configuration"])
    families = config["families"]
    parts = []
    for family, ranges in families.items():
        if ranges:
            inner = ", ".join(f"{p} = {lo}..{hi}" for p, (lo, hi) in ranges.items())
            parts.append(f"{family} ({inner})")
        else:
            parts.append(family)
    return (
        "; ".join(parts)
        + f"; {config['terms']:,} terms per sequence; solver board {config['solver_board']}"
    )


def downloads_page(content: SiteContent, files: Iterable[tuple[str, str, int]]) -> str:
    """``files``: (label, path relative to the site root, size in bytes)."""
    page = paths.downloads()
    rows = [(f"[{label}]({paths.link(page, path)})", _size(size)) for label, path, size in files]
    return (
        "# Downloads\n\n"
        "Everything is exact: integers in decimal, never rounded. Each sequence page links "
        "its own CSV file and b-file, each game page its P-positions.\n\n"
        + table(["file", "size"], rows, "lr")
        + f"\n{citation(content)} The OEIS excerpt used for cross-references is CC BY-SA 4.0.\n"
    )


def _size(count: int) -> str:
    size = float(count)
    for unit in ("B", "kB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return str(size)


def example_for(game_id: str, positions: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A worked example: a position near the 6th P-position, its winning moves, and
    why the target is a P-position.  Computed by the engine, not typed in."""
    record = catalog.resolve_game(game_id)
    if not record.solved or len(positions) < 7:
        return None
    strategy = record.formula()
    base = sorted(positions, key=lambda r: (r["x"] + r["y"], r["x"]))[6]
    for dx, dy in ((2, 7), (1, 3), (3, 1), (0, 5), (5, 9)):
        x, y = int(base["x"]) + dx, int(base["y"]) + dy
        if not record.rules.on_board(x, y) or strategy.is_p(x, y):
            continue
        moves = strategy.winning_moves(x, y)
        if not moves:
            continue
        first, second = moves[0]
        key = (min(first, second), max(first, second)) if record.rules.symmetric else moves[0]
        target = {(int(r["x"]), int(r["y"])): r for r in positions}.get(key)
        why = ""
        if target is not None:
            klass = target["cls"]
            suffix = f" in class i = {int(klass)}" if klass is not None else ""
            why = f": it is listed with n = {int(target['n'])}{suffix}"
        return {"position": (x, y), "moves": moves, "why": why}
    return None
