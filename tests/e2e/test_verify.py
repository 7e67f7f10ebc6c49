"""``wythoff verify`` on the shared small build: it passes the database and the
site's downloads as built, and finds each kind of damage a database can carry (a
Sprague–Grundy value's byte changed, a P-position moved, a term raised by one, a
download's byte), naming the table, the game or sequence and the index, with exit
status 1; bad input is one line and status 2.  A build whose Wythoff rows' periods go
past the rows stored with their values has each of them checked too."""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.helpers.commands import Build, made_once, write_config, wythoff
from tests.helpers.mex import row_periods

BOARD = "60"  # every damage below lies within it; the whole board is the first test's


def damaged(small_build, tmp_path: Path, *statements: tuple[str, tuple[object, ...]]) -> Path:
    """A copy of the small build's database with ``statements`` applied."""
    copy = tmp_path / "wythoff.sqlite"
    shutil.copyfile(small_build.database, copy)
    with sqlite3.connect(copy) as connection:
        for sql, parameters in statements:
            assert connection.execute(sql, parameters).rowcount == 1
    return copy


UNBACKED_PERIOD_TERMS = """
SELECT count(*) FROM sequences s JOIN term_values t ON t.sequence_key = s.key
WHERE s.id GLOB '*-grundy-*period' AND NOT EXISTS (
  SELECT 1 FROM grundy_periods p WHERE p.axis = 'row' AND p.row = t.n AND p.period IS NOT NULL
  AND s.id IN (p.game_id || '-grundy-period', p.game_id || '-grundy-preperiod'))
"""
"""The terms of the rows' period sequences whose row grundy_periods gives no period."""


def test_the_small_build_and_its_downloads_pass(small_build):
    done = wythoff("verify", "--db", str(small_build.database), "--site", str(small_build.site))
    lines = done.stdout.splitlines()
    assert lines[-1] == "every fact checked equals its definition"
    kinds = {line.split(":")[0]: line for line in lines}
    for kind in ("P-positions", "Sprague–Grundy values", "row proofs", "row periods", "terms"):
        checked = int(kinds[kind].split(": ")[1].split(" checked")[0].replace(",", ""))
        assert checked > 0, kinds[kind]
    assert "downloads" in kinds and "DIFFERS" not in done.stdout
    # the rows' period terms of a game whose rows grundy_periods does not state (Fraenkel's
    # games are not deep here) are said to be past the checks' reach, not passed unsaid
    with sqlite3.connect(small_build.database) as connection:
        (unbacked,) = connection.execute(UNBACKED_PERIOD_TERMS).fetchone()
    past = re.search(r"; ([\d,]+) stored past the checks' reach, not checked", kinds["terms"])
    assert unbacked > 0 and past and int(past[1].replace(",", "")) >= unbacked, kinds["terms"]


def test_a_changed_grundy_byte_is_found(small_build, tmp_path):
    with sqlite3.connect(small_build.database) as connection:
        (low,) = connection.execute(
            "SELECT low FROM grundy_values WHERE game_id = 'wythoff' AND row = 5"
        ).fetchone()
    changed = bytearray(low)
    y = len(low) // 2
    changed[y] ^= 1
    copy = damaged(
        small_build,
        tmp_path,
        (
            "UPDATE grundy_values SET low = ? WHERE game_id = 'wythoff' AND row = 5",
            (bytes(changed),),
        ),
    )
    done = wythoff("verify", "--db", str(copy), "--board", BOARD, check=False)
    assert done.returncode == 1, done.stderr
    assert f"grundy_values: wythoff at row 5, y = {y}:" in done.stdout


def test_a_moved_p_position_is_found(small_build, tmp_path):
    copy = damaged(
        small_build,
        tmp_path,
        (
            "UPDATE game_positions SET y = y + 1 WHERE x = 3 AND y = 5 AND game_key = "
            "(SELECT key FROM games WHERE id = 'connell-k1')",
            (),
        ),
    )
    done = wythoff("verify", "--db", str(copy), "--board", BOARD, check=False)
    assert done.returncode == 1
    assert "p_positions: connell-k1 at (3, 6): stored P, the definition gives N" in done.stdout


def test_a_term_raised_by_one_is_found(small_build, tmp_path):
    with sqlite3.connect(small_build.database) as connection:
        [(key,)] = connection.execute("SELECT key FROM sequences WHERE id = 'beatty-sqrt3-b'")
        sharing = {
            row[0] for row in connection.execute("SELECT id FROM sequences WHERE key = ?", (key,))
        }
    copy = damaged(
        small_build,
        tmp_path,
        ("UPDATE term_values SET value = value + 1 WHERE sequence_key = ? AND n = 77", (key,)),
    )
    done = wythoff("verify", "--db", str(copy), "--board", BOARD, check=False)
    assert done.returncode == 1
    [line] = [line for line in done.stdout.splitlines() if line.startswith("DIFFERS (1 in terms)")]
    found = re.search(r" at n = 77: stored (\d+), the definition gives (\d+)$", line)
    assert found and int(found[1]) == int(found[2]) + 1, line
    assert line.split("terms: ")[1].split(" at ")[0] in sharing


def test_a_changed_download_is_found(small_build, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(small_build.site, site, symlinks=False)
    archive = next((site / "downloads").glob("*.zip"))
    data = bytearray(archive.read_bytes())
    data[len(data) // 2] ^= 0xFF
    archive.write_bytes(bytes(data))
    done = wythoff("verify", "--db", str(small_build.database), "--board", "10",
                   "--site", str(site), check=False)  # fmt: skip
    assert done.returncode == 1
    assert "DIFFERS (1 in downloads): downloads: " in done.stdout and "at SHA-256" in done.stdout


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--db", "no/such/wythoff.sqlite"], "no/such/wythoff.sqlite; build it with"),
        (["--db", "http://127.0.0.1:9/wythoff.sqlite"], "--db: cannot fetch"),
        (["--db", "nosuchdriver://x/y"], "database: "),
    ],
)
def test_bad_input_is_one_line_and_status_2(arguments, said, tmp_path):
    done = wythoff("verify", *arguments, check=False, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith("wythoff: error:") and said in line


def test_a_site_without_a_downloads_page_is_bad_input(small_build, tmp_path):
    done = wythoff("verify", "--db", str(small_build.database), "--board", "10",
                   "--site", str(tmp_path), check=False)  # fmt: skip
    assert done.returncode == 2
    [line] = done.stderr.splitlines()
    assert "--site: no file" in line


PERIOD_ROWS, VALUE_ROWS = 24, 8  # grundy_period_rows past grundy_deep_rows


def make_period_build(root: Path) -> None:
    """Wythoff's family with the periods of rows 0 .. PERIOD_ROWS stored, the values of
    rows 0 .. VALUE_ROWS alone."""
    families = "[families]\nwythoff = { row = [1, 1] }\n"
    settings = {"terms": 200, "ppositions_max": 50, "grundy_period_rows": PERIOD_ROWS}
    config = write_config(root, families, **settings)
    config.write_text(f"grundy_deep_rows = {VALUE_ROWS}\n" + config.read_text())
    wythoff("build", "--config", str(config), "--quiet")


@pytest.fixture(scope="module")
def period_build(run_directory) -> Build:
    return Build.at(made_once(run_directory, "period-build", make_period_build))


def verified(database: Path) -> tuple[int, dict[str, str]]:
    done = wythoff("verify", "--db", str(database), "--board", BOARD, check=False)
    lines = done.stdout.splitlines()
    return done.returncode, {line.split(":")[0]: line for line in lines}


def test_the_periods_past_the_stored_values_are_stored_and_each_checked(period_build):
    with sqlite3.connect(period_build.database) as connection:
        periods = connection.execute(
            "SELECT preperiod, period FROM grundy_periods "
            "WHERE game_id = 'wythoff' AND axis = 'row' ORDER BY row"
        ).fetchall()
        valued = connection.execute(
            "SELECT row FROM grundy_values WHERE game_id = 'wythoff' ORDER BY row"
        ).fetchall()
    assert tuple(periods) == row_periods(1, PERIOD_ROWS + 1, 8192)  # the tests' plain mex
    assert [row for (row,) in valued] == list(range(VALUE_ROWS + 1))
    status, kinds = verified(period_build.database)
    assert status == 0, kinds
    assert kinds["row proofs"].startswith(f"row proofs: {PERIOD_ROWS + 1} checked")
    assert kinds["row periods"].startswith(f"row periods: {PERIOD_ROWS + 1} checked")


@pytest.mark.parametrize("which", ["preperiod", "period"])
def test_a_period_term_past_the_stored_values_is_checked(period_build, tmp_path, which):
    row = PERIOD_ROWS - 4
    copy = damaged(
        period_build,
        tmp_path,
        (
            "UPDATE term_values SET value = value + 1 WHERE n = ? AND sequence_key = "
            "(SELECT key FROM sequences WHERE id = ?)",
            (row, f"wythoff-grundy-{which}"),
        ),
    )
    status, kinds = verified(copy)
    assert status == 1
    difference = kinds["DIFFERS (1 in terms)"]
    assert f"terms: wythoff-grundy-{which} at n = {row}: stored " in difference
    assert difference.endswith(f"(grundy_periods, wythoff row {row})")


def test_a_period_past_the_stored_values_is_checked_on_its_row(period_build, tmp_path):
    row = PERIOD_ROWS - 4
    copy = damaged(
        period_build,
        tmp_path,
        (
            "UPDATE grundy_periods SET period = 2 * period, increment = 2 * increment "
            "WHERE game_id = 'wythoff' AND axis = 'row' AND row = ?",
            (row,),
        ),
    )
    status, kinds = verified(copy)
    assert status == 1
    said = kinds["DIFFERS (1 in row periods)"]
    assert f"grundy_periods: wythoff at row {row}: stored period " in said
    least = row_periods(1, PERIOD_ROWS + 1, 8192)[row][1]
    assert said.endswith(f"the definition gives a period of {least}")
