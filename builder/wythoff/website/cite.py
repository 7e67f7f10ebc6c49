"""How to cite the database and an entry's page (a BibTeX entry, the page's address,
where to report an error), and how a page names the paper it rests on.

The entry is made from ``CITATION.cff`` (its authors, title and licence: the facts are
written there once) and the build's version and date, so that a citation names the
version a reader saw.  The page's address is given only once the site has one
(``site_url``), and the link to report an error only when the configuration names
where (``issues_url``).
"""

from __future__ import annotations

import re
import urllib.parse
from functools import cache
from typing import Any

import yaml

from wythoff import resources
from wythoff.website import paths
from wythoff.website.content import SiteContent

SPECIAL = re.compile(r"([{}%&$#_\\~^])")
"""The characters BibTeX or LaTeX read as commands in a field's text."""
SPELLED = {"\\": r"\textbackslash{}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


@cache
def cff() -> dict[str, Any]:
    """The citation's facts, as ``CITATION.cff`` says them."""
    facts: dict[str, Any] = yaml.safe_load(resources.citation_file().read_text(encoding="utf-8"))
    return facts


def escaped(text: str) -> str:
    r"""Text safe in a BibTeX field: LaTeX's special characters as their commands.

    >>> escaped("floor(n*phi) & 50% of a_n {x}")
    'floor(n*phi) \\& 50\\% of a\\_n \\{x\\}'
    >>> escaped("a^2 ~ b")
    'a\\textasciicircum{}2 \\textasciitilde{} b'
    """
    return SPECIAL.sub(lambda found: SPELLED.get(found.group(1), "\\" + found.group(1)), text)


def author_list(authors: list[dict[str, str]]) -> str:
    """CFF's authors as BibTeX's ``and``-separated list (an organisation braced whole).

    >>> author_list([{"name": "The maintainers"}, {"family-names": "Wythoff",
    ...     "given-names": "W. A."}])
    '{The maintainers} and Wythoff, W. A.'
    """
    names = []
    for author in authors:
        if "name" in author:
            names.append("{" + escaped(author["name"]) + "}")
        else:
            given = author.get("given-names", "")
            family = escaped(author.get("family-names", ""))
            names.append(f"{family}, {escaped(given)}" if given else family)
    return " and ".join(names)


def bibtex(entry_id: str, name: str, info: dict[str, str], address: str | None) -> str:
    """The BibTeX entry of an entry's page (an ``@misc``): the page's ID and name in the
    title, the work's title, authors and licence from ``CITATION.cff``, the build's
    version and date, and the page's address when it has one."""
    facts = cff()
    date = info.get("date", "")[:10]
    fields = [
        ("author", author_list(facts["authors"])),
        ("title", "{" + escaped(entry_id) + "}: " + escaped(name)),
        ("howpublished", escaped(f"{facts['title']}, version {info.get('version', '')}")),
        ("year", date[:4]),
        ("version", escaped(info.get("version", ""))),
        ("date", date),
        *([("url", address)] if address else []),
        ("note", escaped(f"Built {date}; data {facts['license']}")),
    ]
    key = "wythoff-sequences:" + entry_id
    body = ",\n".join(f"  {field:<12} = {{{value}}}" for field, value in fields if value)
    return f"@misc{{{key},\n{body}\n}}\n"


def report_link(issues_url: str, entry_id: str, address: str | None) -> str:
    """The address that opens a report of an error on the page: the tracker's, with a
    title naming the entry when it takes one (an address without a query of its own).

    >>> report_link("https://example.org/issues/new", "wythoff-a", None)
    'https://example.org/issues/new?title=An+error+on+wythoff-a'
    >>> report_link("https://example.org/report?form=1", "wythoff-a", None)
    'https://example.org/report?form=1'
    """
    if "?" in issues_url:
        return issues_url
    words = {"title": f"An error on {entry_id}"}
    if address:
        words["body"] = f"On {address}:\n\n"
    return issues_url + "?" + urllib.parse.urlencode(words)


def section(
    page: str, entry_id: str, name: str, info: dict[str, str], site_url: str, issues_url: str
) -> str:
    """The "Cite" section of an entry's page (``page``, a site path): its address once
    the site has one, its BibTeX entry, and a link to report an error when
    ``issues_url`` names where."""
    address = paths.published(site_url, page)
    parts = ["\n## Cite this page { data-search-exclude }\n\n"]
    if address:
        parts.append(f"Address: <{address}>\n\n")
    parts.append("```bibtex\n" + bibtex(entry_id, name, info, address) + "```\n")
    changes = paths.link(page, paths.changelog())
    parts.append(f"\nWhat each version changed: the [changelog]({changes}).\n")
    if issues_url:
        link = report_link(issues_url, entry_id, address)
        parts.append(f"\nSeen an error on this page? [Report an error]({link}).\n")
    return "".join(parts)


def citation(content: SiteContent) -> str:
    """The database's citation in one sentence: its version and the day it was built."""
    info = content.info
    return (
        f"Wythoff sequences: the reference database of Wythoff-game sequences, version "
        f"{info['version']}, built {info['date'][:10]}."
    )


def cite_section(content: SiteContent, page: str, entry_id: str, name: str) -> str:
    """An entry page's "Cite this page" section (:func:`section`)."""
    info = content.info
    return section(page, entry_id, name, info, content.site_url, content.issues_url)


def paper_line(content: SiteContent, key: str, page: str) -> str:
    """The paper a page rests on, linked to its entry in the bibliography."""
    p = content.papers[key]
    entry = paths.link(page, paths.bibliography(f"{key}-{p.year}"))
    return f"{p.authors}, *{p.title}*, {p.venue} ({p.year}) ([bibliography]({entry}))."
