"""The build's rows of ``grundy_periods``: the games that have them, their depth, the
configuration that chooses it."""

from __future__ import annotations

import pytest
from wythoff import config as configuration
from wythoff import families
from wythoff.pipeline import compute

from tests.helpers.data import naive_grundy


def with_deep(games) -> configuration.Config:
    return configuration.validate({**configuration.defaults(), "grundy_deep": games})


class TestConfiguration:
    def test_defaults(self):
        config = configuration.load()
        assert config.grundy_size_of("wythoff") == config.grundy_deep_size == 8192
        assert config.grundy_size_of("connell-k3") == config.grundy_size == 1024
        assert config.grundy_rows == 24

    @pytest.mark.parametrize(
        ("games", "word"),
        [
            (["wythoff-misere"], "misère"),
            (["larsson-blocking-m2-p3"], "forbid"),
            (["nosuch"], "unknown game"),
            ("wythoff", "list of game IDs"),
        ],
    )
    def test_refused_in_one_line(self, games, word):
        with pytest.raises(configuration.ConfigError, match=word) as refused:
            with_deep(games)
        assert "\n" not in str(refused.value)


class TestRows:
    def test_wythoff(self):
        rows = compute.grundy_periods("wythoff", 1024, 6)
        assert [r["row"] for r in rows] == list(range(7))
        assert [(r["preperiod"], r["period"], r["increment"]) for r in rows] == [
            (0, 1, 1), (0, 3, 3), (0, 3, 3), (8, 6, 6), (9, 12, 12), (27, 24, 24), (37, 12, 12),
        ]  # fmt: skip
        assert {(r["verified_to"], r["evidence"]) for r in rows} == {(1024, "proven")}
        # each proof's state recurs one period of the row (or a multiple) later
        assert [(r["proof_from"], r["proof_period"]) for r in rows] == [
            (0, 1), (1, 3), (2, 3), (8, 6), (9, 12), (27, 24), (37, 24),
        ]  # fmt: skip

    def test_a_row_is_verified_only_where_no_proof_applies(self):
        rows = compute.grundy_periods("connell-k2", 256, 3)  # rook moves of even length
        assert {r["evidence"] for r in rows} <= {"verified", "none within"}
        assert {r["proof_from"] for r in rows} == {None}

    def test_a_row_without_a_period_within_the_table(self):
        rows = compute.grundy_periods("wythoff", 256, 24)
        last = rows[24]  # row 24: period 768 from 1732
        assert (last["period"], last["preperiod"], last["evidence"]) == (None, None, "none within")

    def test_a_board_that_is_not_symmetric_has_its_columns_too(self):
        game, side, last = "larsson-rectangle-k2-u1-v3", 160, 4
        rules = families.resolve_game(game).rules
        assert not rules.symmetric
        rows = compute.grundy_periods(game, side, last)
        assert [(r["axis"], r["row"]) for r in rows] == [
            *(("row", x) for x in range(last + 1)),
            *(("column", y) for y in range(last + 1)),
        ]
        naive = naive_grundy(rules, side)  # the definition: mex over Rules.moves
        for r in rows:
            if r["period"] is None:
                continue
            line = naive[r["row"], :] if r["axis"] == "row" else naive[:, r["row"]]
            start, period, step = r["preperiod"], r["period"], r["increment"]
            assert all(line[i + period] == line[i] + step for i in range(start, side - period)), r
        columns = {r["row"]: r["period"] for r in rows if r["axis"] == "column"}
        assert columns != {r["row"]: r["period"] for r in rows if r["axis"] == "row"}

    def test_a_symmetric_board_has_rows_only(self):
        assert {r["axis"] for r in compute.grundy_periods("connell-k2", 128, 3)} == {"row"}

    @pytest.mark.parametrize(
        "game", ["wythoff-misere", "larsson-blocking-m2-p3", "larsson-choice-m2-p3"]
    )
    def test_games_without_values_have_none(self, game):
        assert compute.grundy_periods(game, 64, 4) == []


@pytest.mark.parametrize(
    ("changes", "word"),
    [
        ({"grundy_size": 10**9}, "at most 16384"),
        ({"grundy_deep_size": 20000}, "at most 16384"),
        ({"grundy_rows": 1024}, "below grundy_size"),
        ({"grundy_rows": 0}, "positive integer"),
        ({"grundy_positions_max": 16384}, "below 16384"),
        ({"grundy_positions_max": "x"}, "positive integer"),
    ],
)
def test_sizes_are_refused_in_one_line(changes, word):
    with pytest.raises(configuration.ConfigError, match=word):
        configuration.validate({**configuration.defaults(), **changes})


class TestPositions:
    """The stored positions of each value 1 .. 15, against the definition's mex."""

    @pytest.mark.parametrize("game", ["wythoff", "connell-k3", "larsson-rectangle-k2-u1-v3"])
    def test_the_positions_of_each_value_are_the_definitions(self, game):
        rules, largest = families.resolve_game(game).rules, 40
        naive = naive_grundy(rules, largest + 1)
        expected = sorted(
            (int(naive[x, y]), x, y)
            for x in range(largest + 1)
            for y in range(largest + 1)
            if 1 <= naive[x, y] <= 15 and (x <= y or not rules.symmetric)
        )
        assert compute.grundy_positions(game, largest) == expected

    def test_wythoff_value_1_starts_with_the_papers_corner(self):
        # G(0, 1) = 1, G(2, 2) = 1 (A047708: the diagonal 0, 2, 1, 4, 5, 3, ...)
        ones = [(x, y) for v, x, y in compute.grundy_positions("wythoff", 10) if v == 1]
        assert ones[:2] == [(0, 1), (2, 2)]

    def test_games_without_values_have_none(self):
        assert compute.grundy_positions("wythoff-misere", 20) == []


@pytest.mark.parametrize("game", [f"fraenkel-a{a}" for a in range(1, 13)] + ["connell-k3"])
def test_a_period_found_on_a_table_is_the_one_a_larger_table_shows(game):
    """A row's period is the row's, not the table's: what a 1024-long table states, a
    2048-long one states too (a run of the last few values up by one, period 1, was once
    taken for fraenkel-a7's row 1, whose period is 9 from the start)."""
    small = compute.grundy_periods(game, 1024, 6)
    large = compute.grundy_periods(game, 2048, 6)
    for found, check in zip(small, large, strict=True):
        if found["period"] is not None:
            stated = (found["preperiod"], found["period"], found["increment"])
            assert stated == (check["preperiod"], check["period"], check["increment"]), found
    if game == "fraenkel-a7":
        assert (small[1]["preperiod"], small[1]["period"], small[1]["increment"]) == (0, 9, 9)
