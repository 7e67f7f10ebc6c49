"""URLs: an ID is its page's address, and relative links resolve to the target."""

import posixpath

import pytest
from wythoff.website import paths


def test_ids_are_addresses():
    assert paths.sequence("wythoff-a") == "sequences/wythoff-a/index.md"
    assert paths.game("connell-k3") == "games/connell-k3/index.md"


@pytest.mark.parametrize(
    ("page", "target"),
    [
        (paths.sequence("wythoff-a"), paths.game("wythoff")),
        (paths.game("connell-k3"), paths.position_checker()),
        (paths.home(), paths.sequence_csv("connell-k3-u1")),
        (paths.term_search(), paths.data_file("terms.json")),
    ],
)
def test_relative_links_resolve_to_their_target(page, target):
    link = paths.link(page, target)
    assert not link.startswith("/")
    assert posixpath.normpath(posixpath.join(posixpath.dirname(page), link)) == target


def test_served_urls_of_pages_are_directories():
    assert paths.url(paths.game("connell-k3"), paths.position_checker()) == "../../position/"
    assert paths.url(paths.home(), paths.sequence("wythoff-a")) == "sequences/wythoff-a/"
    assert paths.url(paths.sql_console(), paths.home()) == "../"


def test_the_data_files_lie_together_beside_the_database_manifest():
    files = [paths.games_data(), paths.slopes_data(), paths.find_data(), paths.queries_data()]
    folders = {posixpath.dirname(f) for f in [*files, paths.database_manifest()]}
    assert folders == {posixpath.dirname(paths.data_file("x"))}
    assert len(set(files)) == len(files)


def test_every_route_is_a_function_of_paths_with_the_id_filled_in():
    """The browser's routes are the Python functions' addresses, as served."""
    routes = paths.routes()
    filled = {name: template.replace(paths.ID, "wythoff-a") for name, template in routes.items()}
    assert filled == {
        "sequence": "sequences/wythoff-a/",
        "game": "games/wythoff-a/",
        "game_csv": paths.game_csv("wythoff-a"),
        "find": "find/",
        "term_search": "search/terms/",
        "games_data": paths.games_data(),
        "slopes_data": paths.slopes_data(),
        "find_data": paths.find_data(),
        "queries_data": paths.queries_data(),
        "database_manifest": paths.database_manifest(),
    }
    assert filled["sequence"] == paths.served(paths.sequence("wythoff-a"))
    assert filled["game"] == paths.served(paths.game("wythoff-a"))


def test_scripts_are_served_from_one_folder():
    assert paths.url(paths.play(), paths.home()) == "../"
    assert paths.asset(paths.play(), paths.script("play.js")) == "../assets/javascripts/play.js"
    assert paths.link(paths.game("wythoff"), paths.script("board.js")) == (
        "../../assets/javascripts/board.js"
    )
