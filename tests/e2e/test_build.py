"""End-to-end tests of ``wythoff build`` and ``wythoff sql`` on real builds."""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import io
import json
import re
import signal
import sqlite3
import subprocess
import time
import zipfile
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from wythoff import config as configuration
from wythoff import families
from wythoff.caches import rows as kept_rows
from wythoff.core.games import solver, unsolved
from wythoff.core.games.strategy import BeattyPairStrategy, ChoiceStrategy
from wythoff.db import grundy_store
from wythoff.pipeline.verify import game_checks, shared_strategy_checks, strategy_key

from tests.helpers import caches
from tests.helpers.commands import (
    WYTHOFF,
    brief_config,
    copy_of_tiny_build,
    in_process,
    tiny_config,
    unmeasured,
    wythoff,
)
from tests.helpers.mex import plain_mex_strip

README = Path(__file__).parents[2] / "README.md"


def digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def query(build, sql: str) -> list[dict]:
    """The rows of ``wythoff sql`` (run in process: the stored values are the point)."""
    result = in_process("sql", sql, "--config", str(build.config))
    return list(csv.DictReader(io.StringIO(result.stdout)))


# ----------------------------------------------------------------------------- README


def readme_queries() -> list[str]:
    return re.findall(r"```sql\n(.*?)\n```", README.read_text(), re.S)


def test_the_readme_has_example_queries():
    assert len(readme_queries()) >= 6


@pytest.mark.parametrize("sql", readme_queries())
def test_every_readme_query_runs_and_returns_rows(small_build, sql):
    rows = query(small_build, sql)
    assert rows, f"no rows for: {sql}"


def test_every_command_is_documented_in_the_readme():
    listing = wythoff("--help").stdout.split("Commands:")[1]
    commands = re.findall(r"^  (\w+)\s", listing, re.M)
    assert {"terms", "position", "ppositions", "build", "site", "sql"} <= set(commands)
    documented = README.read_text()
    for command in commands:
        assert f"wythoff {command}" in documented, command


# ----------------------------------------------------------------------------- stored values


def test_every_stored_term_equals_the_engines_exact_value(small_build):
    connection = sqlite3.connect(small_build.database)
    sequences = connection.execute('SELECT id, "offset", terms_count FROM sequences')
    checked = 0
    for sequence_id, offset, count in sequences.fetchall():
        stored = connection.execute(
            "SELECT n, value, value_text FROM terms WHERE sequence_id = ? ORDER BY n",
            (sequence_id,),
        ).fetchall()
        assert [n for n, _, _ in stored] == list(range(offset, offset + count)), sequence_id
        record = families.resolve_sequence(sequence_id)
        expected = [int(v) for v in record.terms(offset, count)]
        assert [int(text) for _, _, text in stored] == expected, sequence_id
        for _, value, text in stored:  # value is the same number, or NULL beyond 64 bits
            assert value == int(text) if abs(int(text)) < 2**63 else value is None
        checked += 1
    configuration = query(small_build, "SELECT value FROM build_info WHERE key = 'configuration'")
    ranges = json.loads(configuration[0]["value"])["families"]
    assert checked == len(families.build(ranges).sequences)  # every sequence of the build


def test_terms_beyond_64_bits_are_exact_text_and_null_integers(small_build):
    rows = query(
        small_build,
        "SELECT n, value, value_text FROM terms WHERE sequence_id = 'fraenkel-a1-p' "
        "AND value IS NULL ORDER BY n LIMIT 3",
    )
    assert rows, "the convergents pass 2**63 within 60 digits"
    for row in rows:
        assert row["value"] == ""
        assert int(row["value_text"]) > 2**63 - 1
        n = int(row["n"])
        assert int(row["value_text"]) == int(
            families.resolve_sequence("fraenkel-a1-p").terms(n, 1)[0]
        )


def test_every_games_positions_equal_the_formula_and_the_solver(small_build):
    connection = sqlite3.connect(small_build.database)
    games = connection.execute("SELECT id, ppositions_max, is_symmetric FROM games").fetchall()
    for game_id, limit, symmetric in games:
        stored = set(
            connection.execute("SELECT x, y FROM p_positions WHERE game_id = ?", (game_id,))
        )
        record = families.resolve_game(game_id)
        board = solver.solve(record.rules, limit + 1)
        assert stored == set(solver.p_positions(board, record.rules.symmetric)), game_id
        if record.solved:
            assert stored == set(record.strategy().p_positions(limit)), game_id
        assert bool(symmetric) == record.rules.symmetric


def test_unsolved_games_store_the_certain_pairs_as_c_and_d(small_build):
    rows = query(small_build, "SELECT id FROM games WHERE NOT solved")
    assert rows
    for row in rows:
        game = families.resolve_game(row["id"])
        if not game.sequences:  # Larsson's Remark 5: P-positions only (checked above)
            continue
        c = query(
            small_build, f"SELECT value FROM terms WHERE sequence_id = '{game.id}-c' ORDER BY n"
        )
        d = query(
            small_build, f"SELECT value FROM terms WHERE sequence_id = '{game.id}-d' ORDER BY n"
        )
        stored = [(int(a["value"]), int(b["value"])) for a, b in zip(c, d, strict=True)]
        proven = unsolved.pairs(game.rules, 1200)  # what a 1200 x 1200 board proves
        assert len(stored) == 400  # every term the configuration asks for
        assert stored[: len(proven)] == proven[: len(stored)]


def test_numeration_digits_stay_text_in_the_csv_export(small_build):
    exported = pd.read_csv(
        small_build.output / "csv" / "numerations" / "fraenkel-a2.csv", dtype={"digits": str}
    )
    paper = pd.read_csv(
        Path(__file__).parents[1] / "reference" / "fraenkel_a2_numeration.csv", dtype=str
    )
    p = exported[exported.system == "p"].set_index("n")["digits"]
    q = exported[exported.system == "q"].set_index("n")["digits"]
    for row in paper.itertuples():
        assert p[int(row.N)] == row.p_digits and q[int(row.N)] == row.q_digits


def test_the_build_records_provenance_and_its_checks(small_build):
    info = {r["key"]: r["value"] for r in query(small_build, "SELECT key, value FROM build_info")}
    assert info["version"] and re.match(r"\d{4}-\d\d-\d\dT", info["date"])
    assert json.loads(info["configuration"])["terms"] == 400
    failed = query(small_build, "SELECT count(*) AS n FROM verifications WHERE NOT passed")
    assert failed[0]["n"] == "0"
    checked_games = query(
        small_build,
        "SELECT count(DISTINCT subject) AS n FROM verifications "
        "WHERE subject IN (SELECT id FROM games)",
    )
    games = query(small_build, "SELECT count(*) AS n FROM games")
    assert checked_games[0]["n"] == games[0]["n"]


def test_the_crossrefs_link_the_identities_and_the_oeis(small_build):
    rows = query(small_build, "SELECT sequence_id, target, shift FROM crossrefs")
    links = {(r["sequence_id"], r["target"]) for r in rows}
    assert ("wythoff-a", "fraenkel-a1-a") in links
    assert ("connell-k3-u1", "larsson-m1-p3-a") in links
    assert ("larsson-m2-p1-a", "fraenkel-a2-a") in links
    oeis = {(r["sequence_id"], r["target"]): r["shift"] for r in rows if r["target"][0] == "A"}
    assert oeis[("wythoff-a", "A000201")] == "1"  # A000201 starts at our a(1)
    assert oeis[("fraenkel-a2-p", "A001333")] == "-1"  # A001333 has one more leading 1


def test_a_failed_check_is_reported_not_stored():
    record = families.resolve_game("connell-k2")
    board = solver.solve(record.rules, 40)
    board[3, 5] = 1 - board[3, 5]  # a wrong board: the solver would never say this
    checks = game_checks(record, board, strategy_board=10)
    assert not all(c.passed for c in checks)
    assert any("solver only" in c.detail or "formula only" in c.detail for c in checks)


def test_a_strategy_without_enough_winning_moves_is_reported():
    """An N-position where the strategy finds no move, and, in a game with blocking, an
    N-position where it offers fewer moves than the blocker can forbid plus one."""
    for game_id, answer, expected in [
        ("larsson-modulo-m2-p3-l0", lambda moves: [], "no winning move from"),
        ("larsson-blocking-m2-p3", lambda moves: moves[:1], "not enough winning moves"),
    ]:
        record = families.resolve_game(game_id)
        right = record.formula()

        class Short(BeattyPairStrategy):
            def winning_moves(self, x, y, answer=answer):
                return answer(super().winning_moves(x, y))

        short = Short(right.rules, right.theta, right.gap, right.orientation)
        broken = dataclasses.replace(record, strategy=lambda short=short: short)
        board = solver.solve(record.rules, 60)
        assert all(c.passed for c in game_checks(record, board, 24))
        failed = [c for c in game_checks(broken, board, 24) if not c.passed]
        assert failed and expected in failed[0].detail, game_id


def test_a_wrong_move_for_one_choice_is_reported():
    """In Larsson's 2x3WN the answer for each rectangle the second player may choose is
    checked in that game: a strategy that answers the choice x < 4, y < 2 with the moves
    of the game without a rectangle fails, though its P-positions are right."""
    record = families.resolve_game("larsson-choice-m2-p3")
    right = record.formula()
    variants = [solver.solve(v.rules, 60) for v in right.variants]
    board = np.maximum.reduce(variants)
    assert all(c.passed for c in game_checks(record, board, 24, variants))
    first, middle, third = right.variants

    class ToTheCorner(BeattyPairStrategy):
        def winning_moves(self, x, y):  # right P-positions, a move into the rectangle
            return [(0, 0)] if super().winning_moves(x, y) else []

    wrong_middle = ToTheCorner(middle.rules, middle.theta, middle.gap, middle.orientation)
    wrong = ChoiceStrategy(right.rules, (first, wrong_middle, third), right.listing)
    broken = dataclasses.replace(record, strategy=lambda: wrong)
    failed = [c for c in game_checks(broken, board, 24, variants) if not c.passed]
    assert failed and "(4, 2)" in failed[0].detail


# ----------------------------------------------------------------------------- exports


def test_exports_are_the_database_in_files(small_build):
    out = small_build.output
    bfile = (out / "bfiles" / "wythoff-a.txt").read_text().splitlines()
    data = [line for line in bfile if not line.startswith("#")]
    assert data[:4] == ["0 0", "1 1", "2 3", "3 4"]
    assert len(data) == 400
    metadata = json.loads((out / "metadata.json").read_text())
    assert metadata["version"] and metadata["date"] and metadata["papers"]
    with zipfile.ZipFile(out / "wythoff-data.zip") as archive:
        names = set(archive.namelist())
    assert {"csv/sequences/wythoff-a.csv", "metadata.json", "datapackage.json"} <= names
    assert not any(name.startswith("bfiles/") for name in names)  # the pages make them
    games = pd.read_csv(out / "csv" / "games" / "connell-k2.csv")
    assert list(games.columns) == ["n", "x", "y", "class"]
    assert ((games.x == 4) & (games.y == 11) & (games["class"] == 1)).any()


def test_parquet_files_hold_the_tables_exactly(small_build):
    """pandas reads the Parquet exports with exact integer columns (Int64 with <NA>
    beyond 64 bits, never floats), the rows that ``wythoff sql`` answers."""
    folder = small_build.output / "parquet"
    terms = pd.read_parquet(folder / "terms.parquet")
    assert list(terms.columns) == ["sequence_id", "n", "value", "value_text"]
    assert str(terms["value"].dtype) == "Int64" and str(terms["n"].dtype) == "int64"
    with sqlite3.connect(small_build.database) as connection:
        stored = connection.execute(
            "SELECT sequence_id, n, value, value_text FROM terms ORDER BY sequence_id, n"
        ).fetchall()
        positions = connection.execute(
            'SELECT game_id, x, y, n, "class" FROM p_positions ORDER BY game_id, x, y'
        ).fetchall()
    read = [
        (s, int(n), None if pd.isna(v) else int(v), t)
        for s, n, v, t in terms.itertuples(index=False)
    ]
    assert sorted(read) == stored  # in the build's order: each sequence's terms in a run
    runs = [
        s for i, s in enumerate(terms["sequence_id"]) if i == 0 or terms["sequence_id"][i - 1] != s
    ]
    assert len(runs) == len(set(runs))
    huge = terms[terms["value"].isna()]
    assert len(huge) > 0 and all(int(t) >= 2**63 for t in huge["value_text"])
    games = pd.read_parquet(folder / "p_positions.parquet")
    assert str(games["class"].dtype) == "Int32"
    as_read = [
        (g, int(x), int(y), int(n), None if pd.isna(c) else int(c))
        for g, x, y, n, c in games.itertuples(index=False)
    ]
    assert as_read == positions


def test_the_compressed_database_restores_byte_for_byte(small_build):
    import zstandard

    compressed = small_build.output / "wythoff.sqlite.zst"
    restored = zstandard.ZstdDecompressor().stream_reader(compressed.open("rb")).read()
    assert restored == small_build.database.read_bytes()
    assert compressed.stat().st_size < len(restored) / 3


def test_a_rebuild_gives_byte_identical_csv_files_and_replaces_the_database(tmp_path, tiny_build):
    config = copy_of_tiny_build(tiny_build, tmp_path)  # the first build, made elsewhere
    first = {**digest(tmp_path / "data" / "csv"), **digest(tmp_path / "data" / "bfiles")}
    counts = in_process("sql", "SELECT count(*) FROM terms", "--config", str(config)).stdout
    wythoff("build", "--config", str(config), "--quiet")
    second = {**digest(tmp_path / "data" / "csv"), **digest(tmp_path / "data" / "bfiles")}
    assert first == second and len(first) > 50
    assert in_process("sql", "SELECT count(*) FROM terms", "--config", str(config)).stdout == counts
    assert not list((tmp_path / "data").rglob("*.building"))
    assert len(list((tmp_path / "data" / ".builds").iterdir())) == 1  # the published one


def test_killing_a_build_leaves_the_previous_database_intact(tmp_path, tiny_build):
    config = copy_of_tiny_build(tiny_build, tmp_path)  # the previous build
    database = tmp_path / "data" / "wythoff.sqlite"
    before = hashlib.sha256(database.read_bytes()).hexdigest()
    bigger = tiny_config(tmp_path, terms=1_000_000)  # long enough to kill while loading
    process = subprocess.Popen(
        [WYTHOFF, "build", "--config", str(bigger), "--quiet", "--workers", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=unmeasured(),
    )
    deadline = time.monotonic() + 120
    staged = ".builds/*/*.building"  # the new build's database, in its own folder
    while not list(database.parent.glob(staged)) and time.monotonic() < deadline:
        assert process.poll() is None, "the build ended before it could be killed"
        time.sleep(0.05)
    assert list(database.parent.glob(staged)), "the build never started writing"
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert hashlib.sha256(database.read_bytes()).hexdigest() == before
    rows = in_process("sql", "SELECT count(*) AS n FROM sequences", "--config", str(config)).stdout
    assert rows.splitlines()[1] != "0"


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("[families]\nconell = { k = [1, 2] }\n", "unknown family 'conell'"),
        ("[families]\nconnell = { k = [0, 3] }\n", "must start at 1"),
        ("[families]\nconnell = { k = [5, 2] }\n", "inverted"),
        ("[families]\nconnell = { kk = [1, 2] }\n", "has no parameter 'kk'"),
        ("termz = 10\n[families]\nwythoff = {}\n", "unknown key 'termz'"),
        (
            "terms = 'many'\n[families]\nwythoff = {}\n",
            "terms (terms per sequence) must be a positive",
        ),
        ("terms = 1.5\n[families]\nwythoff = {}\n", "must be a positive integer"),
        ("[families]\nconnell = { k = [1, 2.5] }\n", "range [low, high] of two integers"),
        ("terms = [1\n", "not valid TOML"),
        ("terms = 1_000_000_000_000\n[families]\nwythoff = {}\n", "this build would need about"),
    ],
)
def test_bad_configuration_is_one_clear_line(tmp_path, setting, message):
    config = tmp_path / "bad.toml"
    config.write_text(setting)
    started = time.monotonic()
    result = wythoff("build", "--config", str(config), check=False)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr
    assert time.monotonic() - started < 30  # refused before any work


def test_a_missing_config_file_is_one_line(tmp_path):
    result = wythoff("build", "--config", str(tmp_path / "none.toml"), check=False)
    assert result.returncode == 2 and "does not exist" in result.stderr


def test_sql_refuses_a_write_to_a_view_in_one_line(small_build):
    result = wythoff("sql", "DELETE FROM terms", "--config", str(small_build.config), check=False)
    assert result.returncode == 2
    assert result.stderr == "wythoff: error: cannot modify terms because it is a view\n"


@pytest.mark.parametrize(
    "sql",
    [
        "DELETE FROM term_values",
        "DROP TABLE sequences",
        "INSERT INTO build_info VALUES ('x', 'y')",
        "UPDATE games SET name = 'x'",
        "CREATE TABLE evil (x)",
    ],
)
def test_sql_refuses_every_write(small_build, sql):
    result = wythoff("sql", sql, "--config", str(small_build.config), check=False)
    assert result.returncode == 2
    # refused when SQLite prepares it, so the statement never ran ("returns no rows"
    # would come only after running it)
    assert result.stderr == (
        "wythoff: error: refused: only queries (SELECT, WITH) are allowed on this database\n"
    )
    count = in_process("sql", "SELECT count(*) FROM terms", "--config", str(small_build.config))
    assert int(count.stdout.splitlines()[1]) > 0


def test_a_malformed_query_gives_sqlites_message(small_build):
    result = wythoff("sql", "SELEC x FROM terms", "--config", str(small_build.config), check=False)
    assert result.returncode == 2
    assert result.stderr == 'wythoff: error: near "SELEC": syntax error\n'


def test_sql_output_is_csv_with_exact_values(small_build):
    result = wythoff(
        "sql",
        "SELECT n, value_text FROM terms WHERE sequence_id = 'fraenkel-a1-p' "
        "ORDER BY n DESC LIMIT 1",
        "--config",
        str(small_build.config),
    )
    header, row = result.stdout.splitlines()
    assert header == "n,value_text"
    n, value = row.split(",")
    assert int(value) == int(families.resolve_sequence("fraenkel-a1-p").terms(int(n), 1)[0])


def test_sql_without_a_database_says_how_to_build_one(tmp_path):
    config = tiny_config(tmp_path)
    result = wythoff("sql", "SELECT 1", "--config", str(config), check=False)
    assert result.returncode == 2 and "wythoff build" in result.stderr


def test_site_without_a_database_says_how_to_build_one(tmp_path):
    config = tiny_config(tmp_path)
    result = wythoff("site", "--config", str(config), check=False)
    assert result.returncode == 2 and "wythoff build" in result.stderr


def test_the_site_pages_hold_the_databases_numbers(small_build):
    page = (small_build.site / "sequences" / "fraenkel-a2-a" / "index.html").read_text()
    assert "0, 1, 2, 4, 5, 7, 8, 9, 11, 12, 14" in page
    assert np.array_equal(
        families.resolve_sequence("fraenkel-a2-a").terms(0, 11),
        [0, 1, 2, 4, 5, 7, 8, 9, 11, 12, 14],
    )


def test_a_build_links_to_the_oeis_files_a_user_supplies(tmp_path):
    """The full OEIS files are accepted by option (gzipped as downloaded): an entry
    that exists only in the user's file is linked, with its name and shift."""
    import gzip

    lower = [int(v) for v in families.resolve_sequence("wythoff-a").terms(1, 60)]
    stripped, names = tmp_path / "stripped.gz", tmp_path / "names.gz"
    with gzip.open(stripped, "wt") as handle:
        handle.write("# OEIS stripped\nA999990 ," + ",".join(map(str, lower)) + ",\n")
    with gzip.open(names, "wt") as handle:
        handle.write("# OEIS names\nA999990 A test entry equal to floor(n*phi), n >= 1.\n")
    config = brief_config(tmp_path)  # Wythoff's family among two: what the files link
    config.write_text(
        config.read_text().replace(
            "[families]", f'oeis_stripped = "{stripped}"\noeis_names = "{names}"\n[families]'
        )
    )
    wythoff("build", "--config", str(config), "--quiet")
    rows = in_process(
        "sql",
        "SELECT sequence_id, shift, note FROM crossrefs WHERE target = 'A999990' "
        "ORDER BY sequence_id",
        "--config",
        str(config),
    ).stdout.splitlines()
    assert 'wythoff-a,1,"A test entry equal to floor(n*phi), n >= 1."' in rows
    source = in_process(
        "sql", "SELECT value FROM build_info WHERE key = 'oeis_source'", "--config", str(config)
    ).stdout
    assert str(stripped) in source
    # the shipped excerpt is not used then: A000201 is not in the user's file
    assert (
        "A000201"
        not in in_process("sql", "SELECT target FROM crossrefs", "--config", str(config)).stdout
    )


def test_games_with_the_same_rules_and_formula_share_one_strategy_check():
    """In the build, Larsson's modulo games with l = 0 and l = 1 (the same rules, the
    same formula) are checked once; the second says where.  Which game is checked
    follows the catalog's order, whatever process checks it."""
    first, second = (families.resolve_game(f"larsson-modulo-m2-p3-l{i}") for i in (0, 1))
    assert first.rules == second.rules
    records = families.build(configuration.load(None).families)
    shared = shared_strategy_checks(records.games.values())
    assert shared["larsson-modulo-m2-p3-l1"] == "larsson-modulo-m2-p3-l0"
    assert shared["larsson-blocking-m2-p1"] == "fraenkel-a2"  # Fraenkel's family comes first
    assert "larsson-modulo-m2-p3-l0" not in shared and "fraenkel-a2" not in shared
    for game_id, checked in shared.items():
        game, other = records.games[game_id], records.games[checked]
        assert strategy_key(game) == strategy_key(other) and game_id != checked
    board = solver.solve(first.rules, 60)
    checks = game_checks(second, board, 24, same_as=first.id)
    (refers,) = [c for c in checks if "strategy" in c.check]
    assert refers.passed and "as larsson-modulo-m2-p3-l0, checked there" in refers.method
    (full,) = [c for c in game_checks(second, board, 24) if "strategy" in c.check]
    assert "corner" in full.method


def test_a_lying_cache_changes_nothing_the_build_stores(tiny_build):
    # the tiny build ran with rows of Wythoff's game in its cache folder, sealed as this
    # code seals them, row 5 wrong: the build proves its own, the definition's values
    lie = kept_rows.load(caches.WYTHOFF, tiny_build.root / "lying-cache" / "grundy-rows")
    assert lie[caches.WRONG_ROW].period == 2 * 24  # there, and wrong (row 5's period: 24)
    columns = 1500
    truth = plain_mex_strip(caches.ROWS, columns, 1)
    query = grundy_store.VALUE_SQL
    with sqlite3.connect(tiny_build.database) as connection:
        for x in range(caches.ROWS):
            stored = [
                connection.execute(query, {"game_id": "wythoff", "x": x, "y": y}).fetchone()[0]
                for y in range(columns)
            ]
            assert stored == truth[x].tolist(), x
