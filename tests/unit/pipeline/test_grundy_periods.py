"""The build's rows of ``grundy_periods`` and ``grundy_values``: the games that have
them, their depth, the configuration that chooses it, and the SQL that reads any
G(x, y) of a stored row back, held to a plain mex computed in the tests."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import sqlalchemy
from wythoff import config as configuration
from wythoff import families
from wythoff.caches import sealed
from wythoff.db import grundy_store, models
from wythoff.pipeline import compute

from tests.helpers import caches
from tests.helpers.data import naive_grundy
from tests.helpers.mex import plain_mex_strip, row_periods


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
        assert [r.row for r in rows] == list(range(7))
        assert [(r.preperiod, r.period, r.increment) for r in rows] == [
            (0, 1, 1), (0, 3, 3), (0, 3, 3), (8, 6, 6), (9, 12, 12), (27, 24, 24), (37, 12, 12),
        ]  # fmt: skip
        assert {(r.verified_to, r.evidence) for r in rows} == {(1024, "proven")}
        # each proof's state recurs one period of the row (or a multiple) later
        assert [(r.proof_from, r.proof_period) for r in rows] == [
            (0, 1), (1, 3), (2, 3), (8, 6), (9, 12), (27, 24), (37, 24),
        ]  # fmt: skip

    def test_a_row_is_verified_only_where_no_proof_applies(self):
        rows = compute.grundy_periods("connell-k2", 256, 3)  # rook moves of even length
        assert {r.evidence for r in rows} <= {"verified", "none within"}
        assert {r.proof_from for r in rows} == {None}

    def test_a_row_without_a_period_within_the_table(self):
        rows = compute.grundy_periods("wythoff", 256, 24)
        last = rows[24]  # row 24: period 768 from 1732
        assert (last.period, last.preperiod, last.evidence) == (None, None, "none within")

    def test_a_board_that_is_not_symmetric_has_its_columns_too(self):
        game, side, last = "larsson-rectangle-k2-u1-v3", 160, 4
        rules = families.resolve_game(game).rules
        assert not rules.symmetric
        rows = compute.grundy_periods(game, side, last)
        assert [(r.axis, r.row) for r in rows] == [
            *(("row", x) for x in range(last + 1)),
            *(("column", y) for y in range(last + 1)),
        ]
        # the definition, mex over Rules.moves, on the strips of the first rows and columns
        strips = {
            "row": naive_grundy(rules, side, shape=(last + 1, side)),
            "column": naive_grundy(rules, side, shape=(side, last + 1)).T,
        }
        for r in rows:
            if r.period is None:
                continue
            line = strips[r.axis][r.row]
            start, period, step = r.preperiod, r.period, r.increment
            assert all(line[i + period] == line[i] + step for i in range(start, side - period)), r
        columns = {r.row: r.period for r in rows if r.axis == "column"}
        assert columns != {r.row: r.period for r in rows if r.axis == "row"}

    def test_a_symmetric_board_has_rows_only(self):
        assert {r.axis for r in compute.grundy_periods("connell-k2", 128, 3)} == {"row"}

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
        if found.period is not None:
            stated = (found.preperiod, found.period, found.increment)
            assert stated == (check.preperiod, check.period, check.increment), found
    if game == "fraenkel-a7":
        assert (small[1].preperiod, small[1].period, small[1].increment) == (0, 9, 9)


class TestStripRows:
    """The games of ``grundy_deep``: rows proven on a strip, stored with their values,
    read back by the documented SQL alone."""

    @pytest.mark.parametrize(("game", "a", "last"), [("wythoff", 1, 20), ("fraenkel-a2", 2, 10)])
    def test_sql_answers_the_definition(self, game, a, last):
        periods, values = compute.strip_rows(game, last)
        assert [r.row for r in periods] == [r["row"] for r in values] == list(range(last + 1))
        assert {r.evidence for r in periods} == {"proven"}
        stored = max(len(r["low"]) for r in values)
        for p, v in zip(periods, values, strict=True):
            assert len(v["low"]) == p.preperiod + p.period
        columns = 4 * stored + 1000  # several periods past every stored value
        truth = plain_mex_strip(last + 1, columns, a)  # the definition, in the tests alone
        engine = sqlalchemy.create_engine("sqlite://")
        tables = [models.GrundyPeriod.__table__, models.GrundyValues.__table__]
        with engine.begin() as connection:
            for table in tables:
                table.create(connection)
            connection.execute(
                sqlalchemy.insert(models.GrundyPeriod), [p.columns() for p in periods]
            )
            connection.execute(sqlalchemy.insert(models.GrundyValues), values)
        random = np.random.default_rng(51)
        asked = [(x, int(y)) for x in range(last + 1) for y in random.integers(0, columns, 12)]
        asked += [(last, columns - 1), (last, 0), (0, stored)]
        asked += [(last, y) for y in range(len(values[last]["low"]))]  # every stored value
        query = sqlalchemy.text(grundy_store.VALUE_SQL)
        with engine.connect() as connection:
            for x, y in asked:
                got = connection.execute(query, {"game_id": game, "x": x, "y": y}).scalar_one()
                assert got == truth[x, y], (game, x, y)
            written = sqlalchemy.text(grundy_store.value_sql(game, last, columns - 1))
            assert connection.execute(written).scalar_one() == truth[last, columns - 1]
            # a row not stored, a game not stored: no answer
            for game_id, x in ((game, last + 1), ("nosuch", 0)):
                none = connection.execute(query, {"game_id": game_id, "x": x, "y": 5}).all()
                assert none == []

    def test_the_rows_past_the_values_keep_their_periods_alone(self):
        periods, values = compute.strip_rows("wythoff", 24, 8)
        assert [r.row for r in periods] == list(range(25))
        assert [r["row"] for r in values] == list(range(9))
        found = [(r.preperiod, r.period) for r in periods]
        assert tuple(found) == row_periods(1, 25, 8192)  # the tests' plain mex
        assert {r.evidence for r in periods} == {"proven"}

    def test_the_default_build_proves_the_deep_games_rows(self):
        config = configuration.load()
        assert config.grundy_rows_of("wythoff") == config.grundy_deep_rows == 63
        assert config.grundy_rows_of("connell-k3") == config.grundy_rows
        catalog = families.build({"fraenkel": {"a": (1, 3)}})
        jobs = {job.game_id: job for job in compute.game_jobs(catalog, config)}
        deep = jobs["fraenkel-a3"]
        assert (deep.grundy_rows, deep.grundy_positions_max) == (63, config.grundy_positions_max)
        assert deep.on_strip and not jobs["fraenkel-a1"].on_strip
        assert compute.strip_rows_apply("fraenkel-a3")
        assert not compute.strip_rows_apply("connell-k2")  # no proof: the square table
        assert not compute.strip_rows_apply("wythoff-misere")  # no values

    def test_a_deep_game_no_strip_proof_covers_has_a_table_of_grundy_deep_size(self):
        settings = {"grundy_deep": ["connell-k2", "wythoff"], "grundy_deep_size": 300}
        config = configuration.validate({**configuration.defaults(), **settings, "grundy_rows": 3})
        catalog = families.build({"connell": {"k": (2, 3)}, "wythoff": {}})
        jobs = {job.game_id: job for job in compute.game_jobs(catalog, config)}
        assert jobs["wythoff"].on_strip  # as long as each row's proof needs
        assert (jobs["connell-k3"].grundy_size, jobs["connell-k3"].grundy_rows) == (1024, 3)
        job = jobs["connell-k2"]._replace(solver_board=40, strategy_board=8, ppositions_max=20)
        assert (job.grundy_size, job.grundy_rows, job.on_strip) == (300, 63, False)
        rows = compute._game_job(job).grundy
        assert [r.row for r in rows] == list(range(64))
        assert {r.verified_to for r in rows} == {300} and {r.proof_from for r in rows} == {None}

    def test_a_lying_cache_changes_nothing_the_build_stores(self, tmp_path, monkeypatch):
        # rows kept in the user's cache, sealed as this code seals them, but row 5 wrong:
        # the command line would trust them; the build reads no cache and stores the
        # definition's values (rows and the rows' periods as sequences alike)
        monkeypatch.setenv("WYTHOFF_CACHE", str(tmp_path))
        assert families.resolve_game("wythoff").rules == caches.WYTHOFF
        true_rows, _ = caches.lying_cache(sealed.folder())
        periods, values_rows = compute.strip_rows("wythoff", 7)
        stored = max(len(r["low"]) for r in values_rows)
        truth = plain_mex_strip(8, 2 * stored + 100, 1)
        for row, p in zip(true_rows, periods, strict=True):
            assert (p.preperiod, p.period) == (row.preperiod, row.period)
        five, size = values_rows[5], periods[5].preperiod + periods[5].period
        stored_five = (five["shift"], five["high_bits"], five["low"], five["high"])
        assert stored_five == grundy_store.encode(truth[5, :size])
        record = families.resolve_sequence("wythoff-grundy-period")
        assert record.listed(0, 8) == [r.period for r in true_rows]

    def test_a_row_too_far_from_y_is_refused(self):
        with pytest.raises(grundy_store.BoundExceeded, match="65536"):
            grundy_store.encode([0, 70000])


def test_the_rows_tabulated_as_sequences_are_those_the_default_build_proves():
    """The rows' preperiods and periods are sequences for exactly the games whose rows
    the default build proves and stores, each term the stored row's."""
    config = configuration.load()
    catalog = families.build({"wythoff": {}, "fraenkel": {"a": (1, 12)}})
    tabulated = {r.id.removesuffix("-grundy-period") for r in catalog.sequences.values()}
    assert {g for g in config.grundy_deep} == {g for g in tabulated if g in catalog.games}
    periods, _ = compute.strip_rows("fraenkel-a2", 12)
    record = families.resolve_sequence("fraenkel-a2-grundy-preperiod")
    assert record.listed(0, 13) == [r.preperiod for r in periods]
    assert config.terms_of(record.growth) == config.grundy_deep_rows + 1
    assert config.terms_of_sequence(record) == config.grundy_deep_rows + 1


def test_the_default_build_stores_128_periods_of_wythoffs_rows_and_values_of_64():
    """Wythoff's rows' preperiods and periods go to ``grundy_period_rows`` (127), past
    the rows whose values are stored (``grundy_deep_rows``, 63); the terms the build
    stores are proven here, the first rows equal to those of a plain mex strip."""
    config = configuration.load()
    assert (config.grundy_period_rows, config.grundy_deep_rows) == (127, 63)
    catalog = families.build({"wythoff": {}, "fraenkel": {"a": (2, 2)}})
    jobs = {job.game_id: job for job in compute.game_jobs(catalog, config)}
    assert jobs["wythoff"].grundy_rows == 63  # the values stored: rows 0 .. 63
    assert jobs["wythoff"].grundy_period_rows == 127  # grundy_periods, as the sequences
    assert jobs["fraenkel-a2"].grundy_period_rows == jobs["fraenkel-a2"].grundy_rows == 63
    stored = {
        what: compute.formula_terms(families.resolve_sequence(f"wythoff-grundy-{what}"), config)
        for what in ("preperiod", "period")
    }
    assert [len(terms) for terms in stored.values()] == [128, 128]
    truth = row_periods(1, 25, 8192)  # rows 0 .. 24 run several periods past 8192 / 2
    assert list(zip(stored["preperiod"][:25], stored["period"][:25], strict=True)) == list(truth)
    fraenkel = families.resolve_sequence("fraenkel-a2-grundy-period")
    assert config.terms_of_sequence(fraenkel) == 64


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"grundy_period_rows": 256}, "grundy_period_rows must be from grundy_deep_rows (63)"),
        ({"grundy_period_rows": 62}, "(got 62)"),
        ({"grundy_deep_rows": 200}, "grundy_deep_rows (200) to 255 (got 127)"),
    ],
)
def test_a_period_row_count_out_of_range_is_refused_in_one_line(settings, words):
    with pytest.raises(configuration.ConfigError) as refused:
        configuration.validate({**configuration.defaults(), **settings})
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_a_build_setting_raises_the_periods_to_row_255():
    config = configuration.validate({**configuration.defaults(), "grundy_period_rows": 255})
    record = families.resolve_sequence("wythoff-grundy-period")
    assert config.terms_of_sequence(record) == 256
    assert config.grundy_rows_of("wythoff") == 63


@pytest.mark.parametrize("spread", [200, 400, 900, 3000, 60000])
def test_the_sql_reads_back_every_width(spread):
    """Rows whose values stray from y by up to ``spread`` (0 to 8 bits above the low
    byte), stored and read back by the documented SQL, before and past one period."""
    random = np.random.default_rng(spread)
    preperiod, period, increment = 37, 29, 29
    values = np.arange(preperiod + period) + random.integers(-spread, 10, preperiod + period)
    shift, bits, low, high = grundy_store.encode(values)
    assert bits == next(b for b in (0, 1, 2, 4, 8) if (spread + 10) >> 8 < 1 << b)
    engine = sqlalchemy.create_engine("sqlite://")
    with engine.begin() as connection:
        for table in (models.GrundyPeriod, models.GrundyValues):
            table.__table__.create(connection)
        line = {"game_id": "g", "axis": "row", "row": 5}
        period_row = {"preperiod": preperiod, "period": period, "increment": increment}
        connection.execute(
            sqlalchemy.insert(models.GrundyPeriod),
            [line | period_row | {"verified_to": 1, "evidence": "proven"}],
        )
        connection.execute(
            sqlalchemy.insert(models.GrundyValues),
            [line | {"shift": shift, "high_bits": bits, "low": low, "high": high}],
        )
    query = sqlalchemy.text(grundy_store.VALUE_SQL)
    with engine.connect() as connection:
        for y in [*range(len(values)), 10**6, 2**62 + 12345]:
            got = connection.execute(query, {"game_id": "g", "x": 5, "y": y}).scalar_one()
            if y < len(values):
                assert got == values[y], y
            else:
                turns, base = divmod(y - preperiod, period)
                assert got == values[preperiod + base] + turns * increment, y


def test_the_guide_shows_the_query_the_tests_hold():
    guide = (Path(__file__).parents[3] / "site" / "guide" / "build.md").read_text()
    assert f"```sql\n{grundy_store.VALUE_SQL}\n```" in guide
