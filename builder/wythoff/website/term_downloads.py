"""A sequence page's downloads of its terms, made in the browser (``bfile.js``) from
the published database, where the terms already are: the b-file, the terms as CSV, and
the b-file in the numbering of each OEIS entry the sequence equals; the query of the
terms that the SQL console's link runs."""

from __future__ import annotations

from wythoff.db import vocabulary
from wythoff.oeis import numbering
from wythoff.pipeline import provenance
from wythoff.website import paths
from wythoff.website.content import SiteContent, by_evidence, is_anumber, is_oeis_match
from wythoff.website.markdown import data_attributes
from wythoff.website.records import Crossref


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
