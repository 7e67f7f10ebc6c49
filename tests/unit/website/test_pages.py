"""One table of the site's pages drives both the pages written and the navigation."""

from types import SimpleNamespace

from wythoff import resources
from wythoff.website import pages, paths

FAMILIES = {"wythoff": 0, "larsson": 3, "connell": 1, "fraenkel": 2}


def content(numerations: tuple[int, ...] = (1, 2)) -> SimpleNamespace:
    """What the table reads of the content: the families' ranks, the numerations and the
    game each base's systems describe (a name of the test's own: the page's address)."""
    families = {key: SimpleNamespace(rank=rank) for key, rank in FAMILIES.items()}
    systems = {a: SimpleNamespace(game_id=f"base-{a}-game") for a in numerations}
    return SimpleNamespace(
        families=families,
        numerations=dict.fromkeys(numerations),
        numeration_systems=systems,
        sequences={},
        games={},
        crossrefs={},
    )


def test_the_navigation_lists_the_pages_in_the_sites_order():
    assert pages.navigation(pages.table(content())) == [
        "nav:",
        "  - Home: index.md",
        "  - Find: find.md",
        "  - Families:",
        "      - families/wythoff/index.md",
        "      - families/connell/index.md",
        "      - families/fraenkel/index.md",
        "      - families/larsson/index.md",
        "  - Index:",
        "      - sequences/index.md",
        "      - games/index.md",
        "      - not-in-oeis.md",
        "      - games/coinciding.md",
        "      - statistics.md",
        "      - Random entry: random.md",
        "  - Search:",
        "      - search/terms.md",
        "      - search/identify.md",
        "      - sql.md",
        "      - position.md",
        "      - play.md",
        "  - Numeration: numeration/index.md",
        "  - Downloads: downloads/index.md",
        "  - Python API: api.md",
        "  - Reliability: reliability.md",
        "  - Bibliography: bibliography.md",
        "  - Changelog: changelog.md",
        "  - Guide:",
        "      - Building the data: guide/build.md",
        "      - Publishing the site: guide/publish.md",
        "      - Development: guide/develop.md",
    ]


def test_a_database_without_numerations_has_no_numeration_pages():
    table = pages.table(content(numerations=()))
    assert not any(page.path.startswith("numeration/") for page in table)
    assert "  - Numeration: numeration/index.md" not in pages.navigation(table)


def test_each_numeration_has_a_page_written_and_reached_by_links_alone():
    table = {page.path: page for page in pages.table(content(numerations=(1, 3)))}
    for a in (1, 3):
        page = table[paths.numeration(f"base-{a}-game")]  # at the address of its game
        assert page.write is not None and not page.listed


def test_the_hand_written_pages_are_the_sources_in_site_and_are_listed():
    """A page the table says is written by hand is in ``site/``, and every Markdown
    source there is a page of the table: none is left out of the navigation."""
    table = pages.table(content())
    by_hand = {page.path for page in table if page.write is None}
    sources = resources.site_sources()
    assert by_hand == {str(md.relative_to(sources)) for md in sources.rglob("*.md")}
    assert all(page.listed for page in table if page.write is None)


def test_every_page_is_in_the_table_once():
    paths_listed = [page.path for page in pages.table(content())]
    assert len(paths_listed) == len(set(paths_listed))


def test_the_changelog_page_is_the_repositorys_changelog():
    """The site's changelog is ``CHANGELOG.md`` whole, under a title and description."""
    from wythoff import resources

    (page,) = [page for page in pages.table(content()) if page.path == paths.changelog()]
    assert page.write is not None and page.listed
    text = page.write(None)  # type: ignore[arg-type]  # it reads no input
    front, body = text.split("\n---\n\n", 1)
    assert front.startswith("---\ntitle: Changelog\ndescription: ")
    assert body == resources.changelog().read_text() and body.startswith("# Changelog")
