"""The site's pages other than one per sequence and game: one table says where each
lies, where the navigation lists it, and what writes it (nothing for a page written
by hand in ``site/``), so that the pages written and the navigation cannot disagree.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from wythoff import resources
from wythoff.website import (
    family,
    front,
    indexes,
    numeration,
    paths,
    play_tool,
    statistics,
)
from wythoff.website.content import SiteContent
from wythoff.website.front import Download


@dataclass(frozen=True)
class Inputs:
    """What the writers of the pages read besides the database's content."""

    content: SiteContent
    counts: dict[str, int]  # rows per table, for the home page
    downloads: list[Download]
    max_file_mib: int


Writer = Callable[[Inputs], str]


@dataclass(frozen=True)
class Page:
    """A page: the navigation's section (``None``: an entry of its own, titled) and
    title (``None``: the page's own), its path (from :mod:`.paths`), and what writes
    it (``None``: written by hand in ``site/``); ``listed`` is False for a page
    reached by links alone."""

    section: str | None
    title: str | None
    path: str
    write: Writer | None
    listed: bool = True


def table(content: SiteContent) -> tuple[Page, ...]:
    """Every page of the table, in the navigation's order: those of the families and
    numerations the database holds too."""
    ranked = sorted(content.families, key=lambda key: content.families[key].rank)
    return (
        Page(None, "Home", paths.home(), lambda i: front.home_page(i.content, i.counts)),
        Page(None, "Find", paths.find(), None),
        *(Page("Families", None, paths.family(key), _family_writer(key)) for key in ranked),
        *(
            page
            for first, keys, write in indexes.PAGED
            for page in _index_pages(first, len(keys(content)), write)
        ),
        Page("Index", None, paths.coinciding_games(), _of_content(indexes.coinciding_games)),
        Page("Index", None, paths.statistics(), _of_content(statistics.statistics_page)),
        Page("Index", "Random entry", paths.random_entry(), None),
        Page("Search", None, paths.term_search(), None),
        Page("Search", None, paths.identify(), None),
        Page("Search", None, paths.sql_console(), None),
        Page("Search", None, paths.position_checker(), None),
        Page("Search", None, paths.play(), lambda _: play_tool.play_page()),
        *_numeration_pages(content),
        Page(None, "Downloads", paths.downloads(), _downloads),
        Page(None, "Python API", paths.python_api(), None),
        Page(None, "Reliability", paths.reliability(), None),
        Page(None, "Bibliography", paths.bibliography(), None),
        Page(None, "Changelog", paths.changelog(), _changelog),
        Page("Guide", "Building the data", paths.guide("build"), None),
        Page("Guide", "Publishing the site", paths.guide("publish"), None),
        Page("Guide", "Development", paths.guide("develop"), None),
    )


def _of_content(page: Callable[[SiteContent], str]) -> Writer:
    """A writer of a page made from the database's content alone."""
    return lambda i: page(i.content)


def _index_pages(
    first: str, count: int, index: Callable[[SiteContent, int], str]
) -> tuple[Page, ...]:
    """An index of ``count`` rows: its first page, listed, and the pages it continues
    on (:data:`indexes.INDEX_ROWS` rows each), reached from its links alone."""
    return tuple(
        Page("Index", None, paths.index_part(first, part), _part_writer(index, part), part == 1)
        for part in range(1, indexes.parts(count) + 1)
    )


def _part_writer(index: Callable[[SiteContent, int], str], part: int) -> Writer:
    return lambda i: index(i.content, part)


def _family_writer(key: str) -> Writer:
    return lambda i: family.family_page(i.content, key)


def _numeration_pages(content: SiteContent) -> tuple[Page, ...]:
    """The numeration systems' index, listed, and one page per system, reached from it;
    none when the database holds no numeration."""
    if not content.numerations:
        return ()
    index = Page(
        None, "Numeration", paths.numeration_index(), _of_content(numeration.numeration_index)
    )
    return (index, *(_numeration_page(content, a) for a in content.numerations))


def _numeration_page(content: SiteContent, a: int) -> Page:
    page = numeration.page_of(content, a)
    return Page(None, None, page, _numeration_writer(a), listed=False)


def _numeration_writer(a: int) -> Writer:
    return lambda i: numeration.numeration_page(i.content, a)


def _changelog(_: Inputs) -> str:
    """The repository's ``CHANGELOG.md`` as it is, under a description for the page's head:
    what each version changed, for a reader who cites one."""
    description = "What each version of the database, the command and the site changed."
    text = resources.changelog().read_text(encoding="utf-8")
    return f"---\ntitle: Changelog\ndescription: {description}\n---\n\n{text}"


def _downloads(inputs: Inputs) -> str:
    return front.downloads_page(inputs.content, inputs.downloads, inputs.max_file_mib)


def navigation(pages: tuple[Page, ...]) -> list[str]:
    """The ``nav:`` of MkDocs' configuration, line by line: the listed pages in order,
    those of one section under its heading.

    >>> print("\\n".join(navigation((
    ...     Page(None, "Home", "index.md", None),
    ...     Page("Search", None, "sql.md", None),
    ...     Page("Search", "Play", "play.md", None),
    ...     Page(None, None, "numeration/fraenkel-a1/index.md", None, listed=False),
    ... ))))
    nav:
      - Home: index.md
      - Search:
          - sql.md
          - Play: play.md
    """
    lines = ["nav:"]
    listed = [page for page in pages if page.listed]
    for section, members in itertools.groupby(listed, key=lambda page: page.section):
        if section is None:
            lines += [f"  - {_entry(page)}" for page in members]
        else:
            lines.append(f"  - {section}:")
            lines += [f"      - {_entry(page)}" for page in members]
    return lines


def _entry(page: Page) -> str:
    return page.path if page.title is None else f"{page.title}: {page.path}"
