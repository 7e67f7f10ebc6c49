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
