"""A sequence's page, from :class:`~wythoff.website.content.SiteContent`, in the layout
of an OEIS entry: ID, name, offset, data, formula, a table of the first terms, its plot,
programs, cross-references strongest first, checks, references, downloads and how to
cite it."""

from __future__ import annotations

from wythoff.db import vocabulary
from wythoff.website import formulas, indexes, paths, pictures
from wythoff.website.cite import cite_section, paper_line
from wythoff.website.content import (
    TABLE_TERMS,
    SiteContent,
    by_evidence,
    is_anumber,
    is_oeis_match,
    row_period,
)
from wythoff.website.entry_parts import checks_table, figure_html, game_link
from wythoff.website.markdown import (
    PLAIN,
    code,
    escape,
    front_matter,
    heading,
    table,
    unsearched,
    yaml_string,
)
from wythoff.website.records import Crossref, GrundyPeriod
from wythoff.website.term_downloads import bfile_download, terms_sql

OEIS_URL = "https://oeis.org/{}"


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
        facts.insert(3, ("Games", ", ".join(game_link(page, g) for g in games)))
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
        front_matter(
            title=yaml_string(f"{s.name} ({sequence_id})"), description=yaml_string(s.name)
        ),
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
        checks_table(content.checks.get(sequence_id, [])),
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


def period_line(page: str, found: GrundyPeriod) -> str:
    """A row's period in words, citing the entry its proof or its existence rests on."""
    if found.evidence == vocabulary.PROVEN:
        source = f", [Landman 2002]({paths.link(page, paths.bibliography('landman-2002'))})"
    else:
        entry = paths.link(page, paths.bibliography("dress-flammenkamp-pink-1999"))
        source = f"; every row has one: [Dress, Flammenkamp and Pink 1999]({entry})"
    return found.sentence(source)


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
            label = game_link(page, target)
        elif is_anumber(target):
            label = f"{_oeis_link(target)} (OEIS)"
        else:
            label = code(target)
        lines.append(f"- **{r.evidence}** {label}: {escape(r.relation)}\n")
    present = dict.fromkeys(r.evidence for r in rows)
    legend = "; ".join(f"**{word}**: {escape(vocabulary.EVIDENCE_KINDS[word])}" for word in present)
    return "".join(lines) + f"\n{legend}.\n"
