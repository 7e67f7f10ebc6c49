"""The home page and the downloads page: what the site holds, and how to get it whole."""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from dataclasses import dataclass

from wythoff.website import paths
from wythoff.website.cite import citation, paper_line
from wythoff.website.content import SiteContent
from wythoff.website.markdown import escape, front_matter, table


def home_page(content: SiteContent, counts: dict[str, int]) -> str:
    page = paths.home()
    info = content.info
    checks = counts["verifications"]
    family_rows = []
    for key, f in sorted(content.families.items(), key=lambda item: item[1].rank):
        family_rows.append(
            (
                f"[{escape(f.title)}]({paths.link(page, paths.family(key))})",
                sum(1 for g in content.games.values() if g.family == key),
                sum(1 for s in content.sequences.values() if s.family == key),
                paper_line(content, f.paper, page),
            )
        )
    configuration = _ranges(info)
    unsolved = [g for g in content.games.values() if not g.solved]
    return "".join(
        [
            front_matter(title="Wythoff sequences"),
            "# The reference database of Wythoff-game sequences\n\n",
            "Beatty sequences, P-positions and numeration systems of Wythoff's game and its "
            "generalizations, **computed exactly** (integer arithmetic at every index, never "
            "floating point) and **verified three ways**: closed form against the papers' "
            "recursions against a game solver that knows only the rules.\n\n",
            f"This build holds **{counts['sequences']:,} sequences** "
            f"({counts['terms']:,} terms), **{counts['games']:,} games** "
            f"({counts['p_positions']:,} P-positions; {len(unsolved)} of the games are "
            f"computed by brute force, not from a formula) and the numeration tables of "
            f"{len(content.numerations)} systems. **{checks:,} checks** ran during the build "
            "and all passed.\n\n",
            "## Families\n\n",
            table(["family", "games", "sequences", "paper"], family_rows, "lrrl"),
            "\n## Search\n\n",
            f"- **By name, ID, A-number or terms**: the search box at the top of every page (try "
            "`Connell`, `A000201` or `1, 3, 4, 6, 8`).\n"
            "- **By terms**, as on the OEIS: "
            f'<a href="{paths.url(page, paths.term_search())}?q=1,3,4,6,8">'
            "search for 1, 3, 4, 6, 8</a>.\n"
            f"- **By SQL**: the [SQL console]({paths.link(page, paths.sql_console())}) runs "
            "queries in your browser on the whole database.\n"
            "- **A position**: the "
            f"[position checker]({paths.link(page, paths.position_checker())}) "
            "says P or N and gives every winning move, for piles of any size.\n"
            "- Numeration systems: "
            f"[p- and q-digits]({paths.link(page, paths.numeration_index())}).\n",
            "\n## Identifiers\n\n",
            _identifiers(content, page),
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


def _identifiers(content: SiteContent, page: str) -> str:
    """How IDs look, from this build's own: the first sequence and game of each family,
    each a link to its page (an ID is its page's address)."""
    families = sorted(content.families, key=lambda key: content.families[key].rank)
    sequences = [
        next((s for s in content.sequences if content.sequences[s].family == key), None)
        for key in families
    ]
    games = [
        next((g for g in content.games if content.games[g].family == key), None) for key in families
    ]
    shown_sequences = [f"[`{s}`]({paths.link(page, paths.sequence(s))})" for s in sequences if s]
    shown_games = [f"[`{g}`]({paths.link(page, paths.game(g))})" for g in games if g]
    text = (
        "Every object has a stable ID, which is also its address: a sequence's page is "
        "`sequences/<ID>/`, a game's `games/<ID>/`. The first of each family in this build: "
        f"sequences {', '.join(shown_sequences) or 'none'}; games "
        f"{', '.join(shown_games) or 'none'}."
    )
    unsolved = next((g for g in content.games.values() if not g.solved), None)
    listed = content.game_sequences.get(unsolved.id, []) if unsolved is not None else []
    c = next((s for s in listed if s in content.sequences), None)
    if unsolved is not None and c is not None:
        text += (
            f" A game with no formula defines its sequences c and d, as [`{c}`]"
            f"({paths.link(page, paths.sequence(c))}) of `{unsolved.id}`."
        )
    return text + "\n"


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


@dataclass(frozen=True)
class Download:
    """A file of the downloads page: its links (paths in the site, or addresses
    elsewhere), several when it is published in parts, and the whole file's size and
    SHA-256.  ``unchecked``: the links lead to files published after MkDocs renders
    the pages (the database's parts), so they are written in HTML, which MkDocs does
    not look for among its files."""

    label: str
    name: str
    links: list[str]
    size: int
    sha256: str
    unchecked: bool = False


def downloads_page(content: SiteContent, files: Iterable[Download], part_mib: int) -> str:
    """``files``: each with its links, paths in the site or addresses elsewhere (several
    when it is published in parts of ``part_mib`` MiB), size and SHA-256."""
    page = paths.downloads()

    def href(link: str) -> str:
        return link if "://" in link else paths.link(page, link)

    def whole(file: Download) -> bool:
        return len(file.links) == 1 and file.links[0].rsplit("/", 1)[-1] == file.name

    def anchor(file: Download, text: str, link: str) -> str:
        if file.unchecked:
            return f'<a href="{html.escape(href(link))}">{escape(text)}</a>'
        return f"[{text}]({href(link)})"

    def cell(file: Download) -> str:
        if whole(file):
            return anchor(file, file.label, file.links[0])
        pieces = ", ".join(anchor(file, str(i + 1), link) for i, link in enumerate(file.links))
        return f"{file.label}: `{file.name}` in parts {pieces}"

    files = list(files)
    rows = [(cell(file), _size(file.size), f"`{file.sha256}`") for file in files]
    in_parts = [file.name for file in files if not whole(file)]
    joining = (
        f"A file over {part_mib} MiB is published in parts: join them with "
        f"`cat {in_parts[0]}.0* > {in_parts[0]}` (and so on), then check the whole file's "
        "SHA-256.\n\n"
        if in_parts
        else ""
    )
    return (
        "# Downloads\n\n"
        "Everything is exact: integers in decimal, never rounded. Each file is published "
        "once: the database is the very file that the SQL console, the term search and the "
        "position checker read (in parts, by range requests), and the CSV files (catalog "
        "tables, each sequence's terms, each game's P-positions, each numeration) are in the "
        "archive. The archive and the Parquet files hold the database's numbers again in "
        "other formats, each for the tools that read it and not SQLite: spreadsheets, data "
        "frames (Arrow, pandas). Check a download with `sha256sum`.\n\n"
        "**B-files.** Each sequence page offers its OEIS-style b-file (`b-ID.txt`: the "
        "build's header lines, then `n a(n)` a line), which the page makes in your browser "
        "from the database's parts, reading only that sequence's rows: the same bytes as the "
        "build's `data/bfiles/` file. The site stores each fact once per format, and a "
        "b-file is the database's rows of one sequence laid out again (stored beside the "
        "pages, the b-files were a fifth of the site). Without JavaScript, "
        "`wythoff terms ID --count C` prints the same lines without the header, "
        "`wythoff bfile ID --as ANUMBER` in an OEIS entry's numbering, and every sequence's "
        "terms are in the CSV archive and the Parquet file below.\n\n"
        + table(["file", "size", "SHA-256"], rows, "lrl")
        + "\n"
        + joining
        + f"{citation(content)} The OEIS excerpt used for cross-references is CC BY-SA 4.0.\n"
    )


def _size(count: int) -> str:
    size = float(count)
    for unit in ("B", "kB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return str(size)
