"""The Python API on a real build: the database read into DataFrames equals the
engine, and the sequence and game objects agree with the command line."""

from __future__ import annotations

import re

import pytest
import wythoff
from wythoff import api

from tests.helpers.commands import wythoff as run
from tests.helpers.markup import find

pytestmark = pytest.mark.slow


def test_terms_frame_equals_the_engine(small_build):
    db = wythoff.database(small_build.database)
    frame = db.terms("connell-k3-u1")
    assert list(frame.columns) == ["n", "value"]
    assert frame.value.tolist() == wythoff.sequence("connell-k3-u1")[0 : len(frame)]


def test_huge_terms_are_exact_integers(small_build):
    frame = wythoff.database(small_build.database).terms("fraenkel-a2-p")
    last, index = frame.value.iloc[-1], int(frame.n.iloc[-1])
    assert isinstance(last, int) and last == wythoff.sequence("fraenkel-a2-p")[index]


def test_p_positions_equal_the_game(small_build):
    db = wythoff.database(small_build.database)
    stored = db.p_positions("connell-k2")
    limit = int(db.sql("SELECT ppositions_max FROM games WHERE id = 'connell-k2'").iloc[0, 0])
    pairs = list(zip(stored.x.tolist(), stored.y.tolist(), strict=True))
    assert sorted(pairs) == sorted(wythoff.game("connell-k2").p_positions(limit))


def test_sql_is_read_only_and_tables_are_documented(small_build):
    db = wythoff.database(small_build.database)
    assert db.table("games").shape[0] == int(db.sql("SELECT count(*) FROM games").iloc[0, 0])
    with pytest.raises(ValueError, match="unknown table"):
        db.table("sqlite_master")
    with pytest.raises(ValueError):
        db.sql("DELETE FROM games")
    assert db.sql("SELECT count(*) AS c FROM games").c.iloc[0] > 0


def test_every_documented_table_reads_whole(small_build):
    db = wythoff.database(small_build.database)
    for name in api.TABLES:
        count = int(db.sql(f'SELECT count(*) FROM "{name}"').iloc[0, 0])
        assert db.table(name).shape[0] == count, name
    observed = db.table("observations")  # games without a formula, measured
    assert len(observed) > 0 and observed.game_id.str.startswith("larsson-modulo-").all()


def test_grundy_periods_of_the_rows(small_build):
    db = wythoff.database(small_build.database)
    rows = db.grundy_periods("wythoff")  # Dress, Flammenkamp and Pink: period = increment
    assert rows.row.tolist()[:5] == [0, 1, 2, 3, 4]
    assert rows.period.tolist()[:5] == [1, 3, 3, 6, 12]
    assert rows.preperiod.tolist()[:5] == [0, 0, 0, 8, 9]
    periods = db.table("grundy_periods")
    assert not periods.game_id.str.contains("misere|choice").any()  # no values there
    assert db.grundy_periods("wythoff-misere").empty
    assert set(rows.axis) == {"row"}  # a symmetric board: its columns are its rows
    games = db.table("games").set_index("id")
    with_columns = set(periods.game_id[periods.axis == "column"])
    for game_id in set(periods.game_id):
        symmetric = wythoff.game(game_id).record.rules.symmetric
        assert (game_id in with_columns) == (not symmetric), game_id
    assert with_columns and with_columns <= set(games.index)


def test_game_pages_show_the_grundy_values(small_build):
    games = small_build.site / "games"
    wythoff_page = (games / "wythoff" / "index.html").read_text(encoding="utf-8")
    # the picture: its own, or that of an earlier game of the same values (connell-k1)
    (source, *_) = [e.attrs["href"] for e in find(wythoff_page, "image")]
    assert re.fullmatch(r"(?:\.\./[a-z0-9-]+/)?grundy\.png", source)
    assert "Sprague–Grundy values" in wythoff_page
    assert (games / "wythoff" / source).read_bytes()[:4] == b"\x89PNG"
    # rows 0 .. 63 proven, with their values, the picture of their periods, the papers
    assert "Every row x = 0 .. 63 is additively periodic" in wythoff_page
    assert find(wythoff_page, "img", src="periods.svg")
    assert "G(63, 10^15) for example" in wythoff_page
    assert "#landman-2002" in wythoff_page
    assert "#dress-flammenkamp-pink-1999" in wythoff_page
    assert 'data-kind="periods"' in (games / "wythoff" / "periods.svg").read_text(encoding="utf-8")
    misere_page = (games / "wythoff-misere" / "index.html").read_text(encoding="utf-8")
    assert (
        "No Sprague–Grundy values are computed for this game: the player who takes the last "
        "counter loses" in misere_page
    )
    assert not (games / "wythoff-misere" / "grundy.png").exists()


def test_game_object_agrees_with_the_position_command():
    game = wythoff.game("larsson-blocking-m2-p3")
    for x, y in [(0, 9), (5, 7), (12, 30)]:
        printed = run("position", game.id, str(x), str(y)).stdout.split()
        assert (printed == ["P"]) == game.is_p(x, y)
