"""Where every page and file of the site lives: the one place that knows URLs.

Pages are ``<dir>/index.md`` so that MkDocs serves them at ``<dir>/``, and an
ID is its page's address: ``sequences/<id>/``, ``games/<id>/``.  Links between
pages are relative paths to the Markdown files, which ``mkdocs build --strict``
checks.
"""

from __future__ import annotations

import posixpath
from urllib.parse import quote


def home() -> str:
    return "index.md"


def find() -> str:
    """The search of families, sequences and games by name, ID or A-number."""
    return "find.md"


def family(key: str) -> str:
    return f"families/{key}/index.md"


def game(game_id: str) -> str:
    return f"games/{game_id}/index.md"


def sequence(sequence_id: str) -> str:
    return f"sequences/{sequence_id}/index.md"


def numeration_index() -> str:
    return "numeration/index.md"


def numeration(game_id: str) -> str:
    """The numeration tables of the systems that describe the game ``game_id``."""
    return f"numeration/{game_id}/index.md"


def downloads() -> str:
    return "downloads/index.md"


def term_search() -> str:
    return "search/terms.md"


def identify() -> str:
    return "search/identify.md"


def sql_console() -> str:
    return "sql.md"


def sql_query(page: str, query: str) -> str:
    """The URL of the SQL console with ``query`` filled in and run, from ``page``."""
    return f"{url(page, sql_console())}?q={quote(query)}"


def sequences_index() -> str:
    return "sequences/index.md"


def statistics() -> str:
    return "statistics.md"


def random_entry() -> str:
    return "random.md"


def coinciding_games() -> str:
    return "games/coinciding.md"


def not_in_oeis() -> str:
    return "not-in-oeis.md"


def games_index() -> str:
    return "games/index.md"


def index_part(first: str, part: int) -> str:
    """Page ``part`` (from 1) of an index whose first page is ``first``: a long index
    continues on pages of its own beside the first.

    >>> index_part(games_index(), 1), index_part(games_index(), 3), index_part(not_in_oeis(), 2)
    ('games/index.md', 'games/index-3.md', 'not-in-oeis-2.md')
    """
    return first if part == 1 else f"{first.removesuffix('.md')}-{part}.md"


def position_checker() -> str:
    return "position.md"


def python_api() -> str:
    return "api.md"


def reliability() -> str:
    return "reliability.md"


def changelog() -> str:
    return "changelog.md"


def bibliography(entry: str = "") -> str:
    """The bibliography page, or one of its entries (its anchor, e.g. ``landman-2002``)."""
    return "bibliography.md" + (f"#{entry}" if entry else "")


def guide(topic: str) -> str:
    """A hand-written page of reference beyond the README: ``build`` (what a build
    writes, bigger builds), ``publish`` (static hosts) or ``develop`` (the code's
    layout, the benchmarks' figures)."""
    return f"guide/{topic}.md"


def play() -> str:
    """Any game played against perfect play, chosen by ``?game=ID``."""
    return "play.md"


# files next to the pages


def game_json(game_id: str) -> str:
    return f"games/{game_id}/{game_id}.json"


def sequence_json(sequence_id: str) -> str:
    return f"sequences/{sequence_id}/{sequence_id}.json"


def game_lines(game_id: str) -> str:
    """The picture of Larsson's conjecture on a game without a formula."""
    return f"games/{game_id}/lines.svg"


def game_periods(game_id: str) -> str:
    """The picture of the preperiods and periods of a game's Sprague–Grundy rows."""
    return f"games/{game_id}/periods.svg"


def game_grundy(game_id: str) -> str:
    """The picture of a game's Sprague–Grundy values."""
    return f"games/{game_id}/grundy.png"


def game_csv(game_id: str) -> str:
    """A game's stored P-positions as CSV beside its page: the download of the page
    (columns ``x,y`` as ``wythoff ppositions --format csv`` prints them, then ``n``
    and, for Connell's games, ``class``), which the board picture reads too."""
    return f"games/{game_id}/{game_id}-p-positions.csv"


def sequence_oeis(sequence_id: str) -> str:
    """The entry in OEIS's internal format (``wythoff oeis``), beside the page."""
    return f"sequences/{sequence_id}/{sequence_id}.oeis.txt"


def sequence_csv(sequence_id: str) -> str:
    return f"sequences/{sequence_id}/{sequence_id}.csv"


BFILE = "b-file"
"""The anchor of a sequence page's b-file download, which the page makes in the browser
from the published database (the site carries no b-file: its terms are in the
database's parts already)."""


def bfile_name(sequence_id: str) -> str:
    """The name of a sequence's b-file as its page's download saves it."""
    return f"b-{sequence_id}.txt"


def published_bfile(site_url: str, sequence_id: str) -> str | None:
    """The absolute URL of the b-file download of the sequence's page on the site
    published at ``site_url`` (see :func:`published`).

    >>> published_bfile("https://example.org/w/", "wythoff-a")
    'https://example.org/w/sequences/wythoff-a/#b-file'
    """
    page = published(site_url, sequence(sequence_id))
    return None if page is None else f"{page}#{BFILE}"


def sequence_plot(sequence_id: str) -> str:
    return f"sequences/{sequence_id}/plot.svg"


def script(name: str) -> str:
    """A browser tool's script (``site/assets/javascripts``)."""
    return f"assets/javascripts/{name}"


def data_file(name: str) -> str:
    return f"assets/data/{name}"


def games_data() -> str:
    """Every game's rules and strategy, for the position checker and /play/."""
    return data_file("games.json")


def slopes_data() -> str:
    """The catalog's Beatty slopes, for the Identify page."""
    return data_file("slopes.json")


def find_data() -> str:
    """The index of the Find page and of the random entry."""
    return data_file("find.json")


def queries_data() -> str:
    """The README's example queries, the SQL console's buttons."""
    return data_file("queries.json")


def database_manifest() -> str:
    """The parts of the published database and their size (see :mod:`.parts`), which
    the browser tools read first; the parts lie beside it unless ``data_url`` is set."""
    return data_file("wythoff.sqlite.json")


# the addresses the browser tools compute

ID = "{id}"
"""Where an ID goes in a route."""


def routes() -> dict[str, str]:
    """The addresses the browser tools make (a link to a sequence, the data files they
    fetch), as templates relative to the site's root with :data:`ID` for an ID: made
    here from the functions above, so that each address is still written once.  Every
    page carries them (:mod:`.mkdocs_hooks`), and ``site/assets/javascripts/routes.js``
    reads them there.

    >>> routes()["sequence"], routes()["game_csv"]
    ('sequences/{id}/', 'games/{id}/{id}-p-positions.csv')
    """
    return {
        "sequence": served(sequence(ID)),
        "game": served(game(ID)),
        "game_csv": game_csv(ID),
        "find": served(find()),
        "term_search": served(term_search()),
        "games_data": games_data(),
        "slopes_data": slopes_data(),
        "find_data": find_data(),
        "queries_data": queries_data(),
        "database_manifest": database_manifest(),
    }


def entry_page(page: str) -> bool:
    """Whether ``page`` is one of the pages there is one of for each sequence or game
    (a build's entries), rather than one of the site's few others.

    >>> entry_page("sequences/wythoff-a/index.md"), entry_page("sequences/index.md")
    (True, False)
    """
    for template in (sequence(ID), game(ID), numeration(ID)):
        head, tail = template.split(ID)
        middle = page[len(head) : len(page) - len(tail)]
        if page.startswith(head) and page.endswith(tail) and middle and "/" not in middle:
            return True
    return False


def served(target: str) -> str:
    """Where a page or file is served, relative to the site's root: a page
    ``dir/index.md`` at ``dir/``, ``dir/page.md`` at ``dir/page/`` (as MkDocs serves
    them), any other file where it is.

    >>> served(sequence("wythoff-a")), served(term_search()), served(home())
    ('sequences/wythoff-a/', 'search/terms/', '')
    >>> served(sequence_plot("wythoff-a"))
    'sequences/wythoff-a/plot.svg'
    """
    if target.endswith("index.md"):
        return target[: -len("index.md")]
    if target.endswith(".md"):
        return target[: -len(".md")] + "/"
    return target


def published(site_url: str, target: str) -> str | None:
    """The absolute URL of a page or file on the site published at ``site_url``
    (which ends with ``/``), for links from outside the site (an OEIS entry);
    ``None`` when ``site_url`` is ``""``: a site not yet published has no address,
    and a link to this machine would mislead whoever reads it elsewhere.

    >>> published("https://example.org/w/", sequence("wythoff-a"))
    'https://example.org/w/sequences/wythoff-a/'
    >>> published("https://example.org/w/", sequence_plot("wythoff-a"))
    'https://example.org/w/sequences/wythoff-a/plot.svg'
    >>> published("", sequence("wythoff-a")) is None
    True
    """
    if not site_url:
        return None
    return site_url + quote(served(target))


def link(page: str, target: str) -> str:
    """The relative path from ``page`` (a Markdown file) to ``target`` (any file)."""
    return posixpath.relpath(target, posixpath.dirname(page) or ".")


def url(page: str, target_page: str) -> str:
    """The relative URL of a page as served (``dir/``), for raw HTML links, which
    MkDocs does not rewrite."""
    relative = posixpath.relpath(served(target_page) or ".", served(page) or ".")
    return "./" if relative == "." else relative + "/"


def asset(page: str, target: str) -> str:
    """The relative URL of a file (a script, an image) from a page as served, for raw
    HTML, which MkDocs does not rewrite: ``dir/page.md`` is served as ``dir/page/``."""
    return posixpath.relpath(target, served(page) or ".")
