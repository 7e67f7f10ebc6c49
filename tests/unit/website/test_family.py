"""A family page compares the Sprague–Grundy periods of its games' first rows."""

from __future__ import annotations

from types import SimpleNamespace

from wythoff.website import family, indexes, paths
from wythoff.website.records import GrundyPeriod


def content(periods: dict[str, list[GrundyPeriod]]) -> SimpleNamespace:
    return SimpleNamespace(grundy_periods=periods)


def games(*ids: str) -> list[SimpleNamespace]:
    return [SimpleNamespace(id=game_id, family=game_id.split("-")[0]) for game_id in ids]


def test_the_periods_of_each_game_s_rows_side_by_side():
    periods = {
        "fraenkel-a1": [
            GrundyPeriod("g", "row", 0, 0, 1, 1, 1024),
            GrundyPeriod("g", "row", 3, 8, 6, 6, 1024, "proven", 8, 6),
            GrundyPeriod("g", "column", 3, 5, 4, 4, 1024),  # a column: not compared here
        ],
        "fraenkel-a2": [
            GrundyPeriod("g", "row", 0, 0, 1, 1, 1024),
            GrundyPeriod("g", "row", 1, None, None, None, 1024),
            GrundyPeriod("g", "row", 2, 3, 4, 8, 1024),
        ],
    }
    page = family._period_comparison(
        content(periods), "families/fraenkel/index.md", games("fraenkel-a1", "fraenkel-a2", "x")
    )
    assert "## Sprague–Grundy periods" in page and "side up to 1024" in page
    first, second = (line for line in page.splitlines() if line.startswith("| ["))
    assert first.split(" | ")[1:5] == ["1 from 0", "", "", "**6 from 8**"]
    assert "in bold, the periods proven for every y" in page
    assert second.split(" | ")[1:4] == ["1 from 0", "—", "4 from 3 +8"]
    assert "(../../games/fraenkel-a1/index.md)" in first
    assert "family%20%3D%20%27fraenkel%27" in page and "The first" not in page


def test_a_large_family_shows_its_first_games_and_links_the_rest():
    many = {f"larsson-g{i}": [GrundyPeriod("g", "row", 0, 0, 1, 1, 1024)] for i in range(30)}
    page = family._period_comparison(content(many), "families/larsson/index.md", games(*many))
    assert page.count("| [larsson-g") == family.FAMILY_TABLE_ROWS
    assert f"The first {family.FAMILY_TABLE_ROWS} of 30 games" in page


def test_a_family_without_values_shows_no_comparison():
    assert family._period_comparison(content({}), "families/x/index.md", games("a")) == ""


def test_the_link_to_the_index_says_when_the_index_is_paged(monkeypatch):
    monkeypatch.setattr(indexes, "INDEX_ROWS", 100)
    page, index = "families/larsson/index.md", paths.games_index()
    assert family._all_in_index(page, index, "larsson", (20, 20, 500), "games") == ""
    whole = family._all_in_index(page, index, "larsson", (20, 90, 100), "games")
    assert "The first 20 of 90: [all 90 games, to sort and filter](" in whole
    assert "?family=larsson)" in whole and "a page" not in whole
    paged = family._all_in_index(page, index, "larsson", (20, 90, 101), "games")
    assert "all 90 are in [the index of games](" in paged and "?family=larsson)" in paged
    assert "100 rows a page, each page sorted and filtered on its own" in paged
