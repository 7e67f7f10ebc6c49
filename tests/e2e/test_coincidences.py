"""Which games coincide (Larsson's Remark 5): the build groups the games by their
stored P-positions, says how each class is known, and the site lists the classes."""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from contextlib import closing

from wythoff import families


def classes(build) -> dict[str, list[tuple[str, str, int]]]:
    with closing(sqlite3.connect(build.database)) as connection:
        rows = connection.execute(
            "SELECT id, coincidence, coincidence_evidence, coincidence_bound FROM games"
        ).fetchall()
    found = defaultdict(list)
    for game_id, klass, evidence, bound in rows:
        found[klass].append((game_id, evidence, bound))
    return found


def test_wythoffs_game_under_other_names_is_one_class_by_formula(small_build):
    found = classes(small_build)
    wythoff = {game for game, _, _ in found["connell-k1"]}
    assert {"wythoff", "fraenkel-a1", "connell-k1"} <= wythoff
    assert {evidence for _, evidence, _ in found["connell-k1"]} == {"same formula"}


def test_every_class_holds_games_with_equal_p_positions(small_build):
    with closing(sqlite3.connect(small_build.database)) as connection:
        for klass, members in classes(small_build).items():
            bound = members[0][2]
            sets = {
                game: set(
                    connection.execute(
                        "SELECT x, y FROM p_positions WHERE game_id = ? AND x <= ? AND y <= ?",
                        (game, bound, bound),
                    )
                )
                for game, _, _ in members
            }
            assert len({frozenset(s) for s in sets.values()}) == 1, klass
            assert klass == min(game for game, _, _ in members)
            if len(members) == 1:
                assert members[0][1] == ""
            elif members[0][1] == "same formula":
                assert all(families.resolve_game(g).solved for g, _, _ in members)


def test_the_site_lists_the_classes_with_larssons_question(small_build):
    page = (small_build.site / "games" / "coinciding" / "index.html").read_text()
    assert "coincide via identical set of P-positions" in page
    assert "fraenkel-a1" in page and "same formula" in page
    game = (small_build.site / "games" / "fraenkel-a1" / "index.html").read_text()
    assert "The same P-positions as" in game and "every size" in game
