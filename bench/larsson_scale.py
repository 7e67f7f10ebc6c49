"""The Larsson family at large parameters: each speed-up against its baseline, same work.

A build of the Larsson family with m, p <= 16 (4848 games, 4478 sequences, 45 M
terms) spends its time in the parts below; each is timed here twice in one run, by
the method it replaced (written out below, as it was) and by the build's own
code, on the same inputs, and the results are compared before the ratio is printed:

* **strategy checks** (:func:`wythoff.pipeline.verify._strategy_problem`) of solved games:
  baseline, ``Rules.is_legal`` as a chain of method calls and a Beatty-pair
  strategy that computes the indices of a line again at every position;
* **boards** of one (m, p) block of games, in the build's order: baseline, one
  solve a game; ours, a game with the rules of the game before it reuses its board;
* **exports** of the terms (CSV files, b-files, Parquet) from a database of real
  terms: baseline, one ``ORDER BY sequence_id, n`` query read through SQLAlchemy's
  result rows, each line formatted twice; ours, from the arrays the build has just
  loaded (:func:`wythoff.pipeline.export.terms.write_terms`), the Parquet columns as Arrow
  arrays made from numpy;
* **games' CSV files** (``n,x,y,class``) from a database of the P-positions of
  solved games: baseline, a pandas DataFrame a game written by ``to_csv``; ours,
  the driver's rows formatted a line at a time (:func:`wythoff.pipeline.export.tables.write_games`);
* **P-positions of a board**: baseline, the two-dimensional ``np.nonzero``; ours,
  :func:`wythoff.core.games.solver.p_cells` on the flat board;
* **OEIS matching** of each sequence (matches and near misses): baseline, every term
  converted and passed; ours, the terms the matcher can read
  (:meth:`wythoff.oeis.index.OeisIndex.terms_looked_at`);
* **Larsson's questions** on the proven pairs of games without a formula
  (:func:`wythoff.core.games.observations.observe`): baseline, Python integers term
  by term and each period tried in turn; ours, exact int64 sums where they provably
  fit and the candidate periods found at once;
* **loading** the terms into SQLite: baseline, a tuple a row through
  ``executemany`` (:func:`wythoff.db.store.bulk_insert`, still the path for terms
  beyond 64 bits); ours, a sequence at a time as one JSON array read by
  ``json_each`` (:func:`wythoff.pipeline.load.insert_terms`).

Run: ``python bench/larsson_scale.py [--sequences N] [--games N]``.
"""

from __future__ import annotations

import argparse
import filecmp
import itertools
import operator
import random
import sqlite3
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pyarrow.parquet as pq
from wythoff import families
from wythoff.core.games import observations, solver, sparse
from wythoff.core.games.rules import Position, Rules
from wythoff.core.games.strategy import BeattyPairStrategy
from wythoff.db import models, read, store
from wythoff.db.read import frame
from wythoff.oeis.index import OeisIndex
from wythoff.pipeline import coincidences, compute, provenance, verify
from wythoff.pipeline import load as loading
from wythoff.pipeline.export import parquet, tables
from wythoff.pipeline.export import terms as terms_files
from wythoff.pipeline.results import GameResult

STRATEGY_BOARD = 48  # the build's default corner


# ----------------------------------------------------------------------------- baselines


class BaselineRules(Rules):
    """Legality as it was: each kind of move asked by its own method."""

    def is_legal(self, start: Position, target: Position) -> bool:
        (x, y), (x2, y2) = start, target
        if not (self.on_board(x, y) and self.on_board(x2, y2)):
            return False
        k, l = x - x2, y - y2  # noqa: E741
        return self.is_rook_move(k, l) or self.is_bishop_move(k, l) or self.is_modular_move(k, l)

    def is_blockable(self, start: Position, target: Position) -> bool:
        (x, y), (x2, y2) = start, target
        k, l = x - x2, y - y2  # noqa: E741
        return self.blocking > 1 and self.is_rook_move(k, l) and not self.is_bishop_move(k, l)


class BaselineStrategy(BeattyPairStrategy):
    """The strategy as it was: a line's indices computed at every position, every
    index of a line or diagonal tried (even those of pairs that are not P-positions in
    Larsson's shifted games, or lie beyond the position), and every P-option found
    where the first is the move."""

    def _in_line_x(self, x: int) -> Iterator[Position]:
        for j in self.theta.preimage(x):
            if self.forward(j):
                yield x, self.b(j)
        for j in self.upper.preimage(x):
            if self.mirror(j):
                yield x, self.a(j)

    def _in_line_y(self, y: int) -> Iterator[Position]:
        for j in self.upper.preimage(y):
            if self.forward(j):
                yield self.a(j), y
        for j in self.theta.preimage(y):
            if self.mirror(j):
                yield self.b(j), y

    def _on_diagonals(self, x: int, y: int, width: int) -> Iterator[Position]:
        d = y - x
        low, high = d - width + 1, d + width - 1
        for j in range(max(0, -(-low // self.gap)), min(high, y) // self.gap + 1):
            if self.forward(j):
                yield self.a(j), self.b(j)
        for j in range(max(0, -(high // self.gap)), min(-low, x) // self.gap + 1):
            if self.mirror(j):
                yield self.b(j), self.a(j)

    def p_options(self, x: int, y: int) -> list[Position]:
        self.check_position(x, y)
        candidates = [*self._in_line_x(x), *self._in_line_y(y)]
        if self.rules.bishop:
            candidates.extend(self._on_diagonals(x, y, self.rules.bishop))
        seen: dict[Position, None] = {}
        for target in candidates:
            if target != (x, y) and self.rules.is_legal((x, y), target):
                seen.setdefault(target)
        return list(seen)

    def winning_moves(self, x: int, y: int) -> list[Position]:
        """Every P-option found, then the winner's move chosen among them."""
        if self.is_p(x, y):
            return []
        options = self.p_options(x, y)
        unblockable = [t for t in options if not self.rules.is_blockable((x, y), t)]
        if unblockable:
            return unblockable[:1]
        return options[: self.rules.blocking]


def baseline_write_sequences(connection: Any, root: Path) -> None:
    """CSV files and b-files as they were written: one query, SQLAlchemy result rows."""
    (root / "csv" / "sequences").mkdir(parents=True)
    (root / "bfiles").mkdir()
    info = dict(connection.exec_driver_sql("SELECT key, value FROM build_info").all())
    header = "".join(
        f"{line}\n"
        for line in provenance.file_header(info.get("version", ""), info.get("git_commit", ""))
    )
    names = dict(connection.exec_driver_sql("SELECT id, name FROM sequences ORDER BY id").all())
    rows = connection.exec_driver_sql(
        "SELECT sequence_id, n, value_text FROM terms ORDER BY sequence_id, n"
    )
    for sequence_id, group in itertools.groupby(rows, key=operator.itemgetter(0)):
        terms = [(n, value) for _, n, value in group]
        name = names[sequence_id]
        with open(root / "csv" / "sequences" / f"{sequence_id}.csv", "w", newline="\n") as out:
            out.write("n,value\n")
            out.writelines(f"{n},{value}\n" for n, value in terms)
        with open(root / "bfiles" / f"{sequence_id}.txt", "w", newline="\n") as out:
            out.write(f"# {sequence_id}: {name}\n")
            out.write(header)
            out.writelines(f"{n} {value}\n" for n, value in terms)


def baseline_write_parquet(connection: Any, folder: Path) -> None:
    """The terms' Parquet file as it was written: one query, SQLAlchemy result rows."""
    import pandas as pd
    import pyarrow as pa

    folder.mkdir()
    sql, dtypes = parquet.TABLES["terms"]
    empty = pd.DataFrame({column: pd.Series(dtype=kind) for column, kind in dtypes.items()})
    schema = pa.Schema.from_pandas(empty, preserve_index=False)
    rows = connection.exec_driver_sql(sql)
    with pq.ParquetWriter(
        folder / "terms.parquet", schema, compression="zstd", use_dictionary=["sequence_id"]
    ) as writer:
        while batch := rows.fetchmany(parquet.BATCH):
            columns = zip(*batch, strict=True)
            arrays = [pa.array(v, type=f.type) for v, f in zip(columns, schema, strict=True)]
            writer.write_table(pa.Table.from_arrays(arrays, schema=schema))


def baseline_observe(solver_: Any, pairs: int, modulus: int, lengths: int) -> Any:
    """Larsson's questions on the data as they were measured: in Python integers, term
    by term, and each period tried in turn."""
    solver_.settle_pairs(pairs)
    cs, ds = (a[:pairs].tolist() for a in solver_.pairs())
    count, half = len(cs), len(cs) // 2
    ratios = [d / c for c, d in zip(cs[half:], ds[half:], strict=True) if c > 0]

    def slope(values: list[int]) -> Fraction:
        top = sum(n * v for n, v in enumerate(values))
        bottom = sum(n * n for n in range(len(values)))
        return Fraction(top, bottom) if bottom else Fraction(0)

    def distances(values: list[int], fraction: Fraction) -> tuple[float, float]:
        top, bottom = fraction.numerator, fraction.denominator
        gaps = [abs(v * bottom - top * n) for n, v in enumerate(values)]
        return max(gaps[:half], default=0) / bottom, max(gaps[half:], default=0) / bottom

    def period(values: list[int]) -> int | None:
        data = np.asarray(values, dtype=np.int64)
        for q in range(1, min(observations.MAX_PERIOD, len(values) // 3) + 1):
            head = min(32, len(data) - q)
            if np.array_equal(data[:head], data[q : q + head]) and np.array_equal(
                data[:-q], data[q:]
            ):
                return q
        return None

    slope_c, slope_d = slope(cs), slope(ds)
    per_line = solver_.line_counts(solver_.settled + 1).tolist()
    exceptions = [v for v, k in enumerate(per_line) if k != modulus]
    differences = [d - c for c, d in zip(cs, ds, strict=True)]
    return observations.Observations(
        pairs=count,
        settled=solver_.settled,
        ratio_last=ratios[-1] if ratios else 0.0,
        ratio_low=min(ratios, default=0.0),
        ratio_high=max(ratios, default=0.0),
        slope_c=float(slope_c),
        slope_d=float(slope_d),
        distance_c=distances(cs, slope_c),
        distance_d=distances(ds, slope_d),
        difference_period=period(
            [b - a for a, b in zip(differences, differences[1:], strict=False)][half:]
        ),
        line_counts=dict(sorted(Counter(per_line).items())),
        bound=modulus - max(lengths, 1) + 1,
        first_exception=exceptions[0] if exceptions else None,
    )


# ----------------------------------------------------------------------------- the work


def timed(function: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds of one call (the machine is shared: wall time would measure the others)."""
    started = time.process_time()
    result = function()
    return time.process_time() - started, result


def strategy_checks(count: int, board_size: int) -> tuple[float, float]:
    """Both strategies on ``count`` solved Larsson games drawn from m, p <= 16."""
    records = families.build({"larsson": {"m": (1, 16), "p": (1, 16)}})
    # Beatty-pair strategies (the choice games' are made of them, checked as their own games)
    solved = [g for g in records.games.values() if g.solved and not g.rules.rectangle_choices]
    old_total = new_total = 0.0
    for record in random.Random(13).sample(solved, count):
        old, new = check_both(record, board_size)
        old_total += old
        new_total += new
    return old_total, new_total


def check_both(record: Any, board_size: int) -> tuple[float, float]:
    """One game's strategy check as the build runs it, by both strategies."""
    board = solver.solve(record.rules, board_size)
    corner = range(STRATEGY_BOARD)
    rng = random.Random(record.id)
    positions = [(x, y) for x in corner for y in corner]
    positions += [(rng.randrange(board_size), rng.randrange(board_size)) for _ in range(100)]
    ours = record.formula()
    assert isinstance(ours, BeattyPairStrategy)
    rules = BaselineRules(**{f: getattr(record.rules, f) for f in Rules.__dataclass_fields__})
    old = BaselineStrategy(rules, ours.theta, ours.gap, ours.orientation)
    stand_in = SimpleNamespace(rules=rules)
    old_seconds, old_problem = timed(
        lambda: verify._strategy_problem(stand_in, old, board, positions)  # type: ignore[arg-type]
    )
    new_seconds, new_problem = timed(
        lambda: verify._strategy_problem(record, record.formula(), board, positions)
    )
    assert old_problem is None and new_problem is None, (record.id, old_problem)
    return old_seconds, new_seconds


def observed(count: int, pairs: int) -> tuple[float, float]:
    """Larsson's questions on ``pairs`` proven pairs of ``count`` games without a formula
    (m, p <= 16), both ways, from the same settled solvers; the answers compared."""
    records = families.build({"larsson": {"m": (1, 16), "p": (1, 16)}})
    unsolved = [g for g in records.games.values() if not g.solved and g.sequences]
    old_total = new_total = 0.0
    for record in random.Random(17).sample(unsolved, count):
        deep = sparse.SparseSolver(record.rules)
        deep.settle_pairs(pairs)
        modulus, lengths = record.rules.rook_modulus, record.param("l")
        old_seconds, old = timed(lambda: baseline_observe(deep, pairs, modulus, lengths))  # noqa: B023
        new_seconds, new = timed(lambda: observations.observe(deep, pairs, modulus, lengths))  # noqa: B023
        assert old == new, record.id
        old_total += old_seconds
        new_total += new_seconds
    return old_total, new_total


def baseline_p_positions(board: Any, symmetric: bool) -> list[tuple[int, int]]:
    """A board's P-positions as they were found: the two-dimensional ``np.nonzero``."""
    xs, ys = np.nonzero(board == solver.P_POSITION)
    pairs = [(int(x), int(y)) for x, y in zip(xs, ys, strict=True)]
    return sorted((x, y) for x, y in pairs if x <= y or not symmetric)


def board_positions(count: int, board_size: int) -> tuple[float, float]:
    """The P-positions of ``count`` boards of Larsson's games, both ways, compared."""
    records = families.build({"larsson": {"m": (1, 16), "p": (1, 16)}})
    games = random.Random(19).sample(list(records.games.values()), count)
    old_total = new_total = 0.0
    for record in games:
        board = solver.solve(record.rules, board_size)
        symmetric = record.rules.symmetric
        old_seconds, old = timed(lambda: baseline_p_positions(board, symmetric))  # noqa: B023
        new_seconds, new = timed(lambda: solver.p_positions(board, symmetric))  # noqa: B023
        assert old == new, record.id
        old_total += old_seconds
        new_total += new_seconds
    return old_total, new_total


def oeis_matching(sequences: int, terms: int) -> tuple[float, float]:
    """OEIS matches and near misses of ``sequences`` sequences of ``terms`` terms
    (Larsson's, m, p <= 16), as the build asks them: baseline, every term converted
    and passed; ours, only the terms the matcher can read.  The answers compared."""
    chosen, values = real_terms(sequences, terms)
    index = OeisIndex.load()
    looked_at = index.terms_looked_at()

    def ask(kept: int | None) -> list[Any]:
        answers = []
        for record in chosen:
            listed = values[record.id][1][:kept].tolist()
            answers.append((index.matches(listed), index.near_misses(listed)))
        return answers

    old_seconds, old = timed(lambda: ask(None))
    new_seconds, new = timed(lambda: ask(looked_at))
    assert old == new
    return old_seconds, new_seconds


def boards(m: int, p: int, board_size: int) -> tuple[float, float, int]:
    """Every board of the games of one (m, p), in the build's order, both ways."""
    records = families.build({"larsson": {"m": (m, m), "p": (p, p)}})
    rules = [g.rules for g in records.games.values()]
    old_seconds, old_boards = timed(lambda: [solver.solve(r, board_size) for r in rules])
    compute.solved_board.cache_clear()
    new_seconds, new_boards = timed(lambda: [compute.solved_board(r, board_size) for r in rules])
    assert all((a == b).all() for a, b in zip(old_boards, new_boards, strict=True))
    return old_seconds, new_seconds, len(rules)


Terms = dict[str, tuple[int, Any]]  # sequence ID -> (offset, values), as the build has them


def real_terms(sequences: int, terms: int) -> tuple[list[Any], Terms]:
    """The first ``sequences`` formula sequences of Larsson's family (m, p <= 16),
    ``terms`` each, and one sequence beyond 64 bits (Fibonacci numbers), as the build
    computes them."""
    records = families.build({"larsson": {"m": (1, 16), "p": (1, 16)}})
    chosen = [s for s in records.sequences.values() if s.growth != "board"][:sequences]
    values = {s.id: (s.offset, s.terms(s.offset, terms)) for s in chosen}
    big = [1, 1]
    while len(big) < 200:
        big.append(big[-1] + big[-2])
    chosen.append(SimpleNamespace(id="zz-big", offset=1))
    values["zz-big"] = (1, np.array(big, dtype=object))
    return chosen, values


def sequence_row(key: int, record: Any, values: Any) -> dict[str, object]:
    """A row of ``sequences`` with what the exports read (the ID, the name, the key)."""
    return {
        "id": record.id,
        "key": key,
        "family": "larsson",
        "name": record.id,
        "offset": record.offset,
        "terms_count": len(values),
        "formula": "",
        "paper": "",
        "keywords": "",
        "data": "",
        "growth": "linear",
        "params": "{}",
    }


def load_both(scratch: Path, sequences: int, terms: int) -> tuple[float, float, int]:
    """The terms loaded into two fresh databases, both ways; their rows must agree."""
    chosen, values = real_terms(sequences, terms)
    seconds = []
    for name, insert in (
        ("rows.sqlite", baseline_insert_terms),
        ("json.sqlite", loading.insert_terms),
    ):
        path = scratch / name
        with store.atomic_build(f"sqlite:///{path}", path) as connection:
            store.insert_named(
                connection,
                models.Sequence,
                [sequence_row(key, s, values[s.id][1]) for key, s in enumerate(chosen, start=1)],
            )
            late = store.LateIndexes(connection, models.TermValue)
            started = time.process_time()
            for key, record in enumerate(chosen, start=1):
                offset, array = values[record.id]
                insert(connection, key, offset, array)
            seconds.append(time.process_time() - started)
            late.build()
    query = (
        "SELECT sequence_key, n, value, value_text, typeof(value) FROM term_values ORDER BY 1, 2"
    )
    with (
        closing(sqlite3.connect(scratch / "rows.sqlite")) as old,
        closing(sqlite3.connect(scratch / "json.sqlite")) as new,
    ):
        old_rows, new_rows = old.execute(query).fetchall(), new.execute(query).fetchall()
    assert old_rows == new_rows, "the loaded terms differ"
    return seconds[0], seconds[1], len(new_rows)


def baseline_insert_terms(connection: Any, key: int, offset: int, values: Any) -> None:
    """A tuple a row through executemany, as every term was loaded."""
    rows = loading._term_rows(key, offset, values)
    store.bulk_insert(connection, models.TermValue, loading.TERM_COLUMNS, rows)


def term_database(path: Path, chosen: list[Any], values: Terms) -> int:
    """A database of ``values``, loaded as the build loads them."""
    with store.atomic_build(f"sqlite:///{path}", path) as connection:
        store.insert_named(
            connection,
            models.Sequence,
            [sequence_row(key, s, values[s.id][1]) for key, s in enumerate(chosen, start=1)],
        )
        store.insert_named(connection, models.BuildInfo, [{"key": "version", "value": "bench"}])
        for key, record in enumerate(chosen, start=1):
            loading.insert_terms(connection, key, *values[record.id])
        return store.table_counts(connection)["terms"]


def exports(scratch: Path, sequences: int, terms: int) -> list[tuple[float, int]]:
    """The terms' files written from one database as they were (SQLAlchemy rows), and
    from the arrays the database was loaded from, as the build's writer process writes
    them (:func:`wythoff.pipeline.export.terms.write_terms`); the files must agree."""
    chosen, values = real_terms(sequences, terms)
    database = scratch / "terms.sqlite"
    rows = term_database(database, chosen, values)
    old_root, new_root = scratch / "sqlalchemy", scratch / "arrays"
    new_root.mkdir()
    with read.connect(f"sqlite:///{database}", database) as connection:
        info = dict(connection.exec_driver_sql("SELECT key, value FROM build_info").all())
        names = dict(connection.exec_driver_sql("SELECT id, name FROM sequences ORDER BY id").all())
        old_seconds, _ = timed(
            lambda: (
                baseline_write_sequences(connection, old_root),
                baseline_write_parquet(connection, old_root / "parquet"),
            )
        )
    new_seconds, _ = timed(
        lambda: terms_files.write_terms(new_root, names, info, sorted(values.items()))
    )
    for folder in ("csv/sequences", "bfiles"):
        listed = sorted(p.name for p in (old_root / folder).iterdir())
        _, mismatch, errors = filecmp.cmpfiles(
            old_root / folder, new_root / folder, listed, shallow=False
        )
        assert not mismatch and not errors, (folder, mismatch[:3], errors[:3])
    old_table = pq.read_table(old_root / "parquet" / "terms.parquet")
    assert old_table.equals(pq.read_table(new_root / "parquet" / "terms.parquet")), (
        "Parquet differs"
    )
    return [(old_seconds, rows), (new_seconds, rows)]


def baseline_write_games(connection: Any, root: Path) -> None:
    """Games' CSV files as they were written: a DataFrame a game."""
    (root / "csv" / "games").mkdir(parents=True)
    for game_id in frame(connection, "SELECT id FROM games ORDER BY id")["id"]:
        rows = frame(
            connection,
            'SELECT n, x, y, "class" FROM p_positions WHERE game_id = :id ORDER BY x, y',
            dtype={"n": "int64", "x": "int64", "y": "int64", "class": "Int64"},
            id=game_id,
        )
        rows.to_csv(root / "csv" / "games" / f"{game_id}.csv", **tables.CSV_OPTIONS)


def games_csv(scratch: Path, count: int) -> tuple[float, float, int]:
    """The games' CSV files written both ways from one database of ``count`` solved
    games' P-positions (both coordinates up to 1000); the files must agree."""
    records = families.build({"larsson": {"m": (1, 16), "p": (1, 16)}})
    solved = [g for g in records.games.values() if g.solved][:count]
    path = scratch / "games.sqlite"
    with store.atomic_build(f"sqlite:///{path}", path) as connection:
        results = {}
        for record in solved:
            stored = record.formula().indexed_p_positions(1000)
            rows = [(p.n, p.x, p.y, p.cls) for p in stored]
            results[record.id] = GameResult(record.id, rows, 1000, [])
        game_rows = [
            loading._game_row(key, g, results[g.id], coincidences.alone(g.id, 1000))
            for key, g in enumerate(solved, start=1)
        ]
        store.insert_named(connection, models.Game, game_rows)
        for key, record in enumerate(solved, start=1):
            positions = [(key, *row) for row in results[record.id].rows]
            store.bulk_insert(
                connection, models.GamePosition, ("game_key", "n", "x", "y", "class"), positions
            )
        positions_count = store.table_counts(connection)["p_positions"]
    old_root, new_root = scratch / "pandas", scratch / "rows"
    (new_root / "csv").mkdir(parents=True)
    with read.connect(f"sqlite:///{path}", path) as connection:
        old_seconds, _ = timed(lambda: baseline_write_games(connection, old_root))
        new_seconds, _ = timed(lambda: tables.write_games(connection, new_root, lambda _: None))
    folder = "csv/games"
    names = sorted(p.name for p in (old_root / folder).iterdir())
    _, mismatch, errors = filecmp.cmpfiles(
        old_root / folder, new_root / folder, names, shallow=False
    )
    assert not mismatch and not errors and len(names) == count, (mismatch[:3], errors[:3])
    return old_seconds, new_seconds, positions_count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="solved games for the checks")
    parser.add_argument("--sequences", type=int, default=200, help="sequences to export")
    parser.add_argument("--terms", type=int, default=10_000, help="terms per sequence")
    parser.add_argument("--games-csv", type=int, default=500, help="games' CSV files to write")
    parser.add_argument("--board", type=int, default=1000, help="the solver's board")
    args = parser.parse_args()
    solver.solve(Rules(bishop=1), 16)  # compile once, outside the timings
    print(f"{'work':<52} {'baseline s':>10} {'ours s':>8} {'ratio':>6}  (CPU seconds)")

    def line(label: str, old: float, new: float) -> None:
        print(f"{label:<52} {old:10.2f} {new:8.2f} {old / new:6.2f}")

    old, new = strategy_checks(args.games, args.board)
    line(f"strategy checks, {args.games} solved games", old, new)
    old, new = observed(args.games, args.terms)
    line(f"Larsson's questions on {args.terms:,} pairs, {args.games} games", old, new)
    old, new, count = boards(16, 16, args.board)
    line(f"boards of the {count} games of m = p = 16", old, new)
    old, new = board_positions(args.games, args.board)
    line(f"P-positions of {args.games} boards", old, new)
    old, new = oeis_matching(args.sequences, args.terms)
    line(f"OEIS matching of {args.sequences} sequences of {args.terms:,} terms", old, new)
    with tempfile.TemporaryDirectory() as scratch:
        (rows_old, rows), (arrays, _) = exports(Path(scratch), args.sequences, args.terms)
    line(f"CSV, b-files, Parquet of {rows:,} terms: arrays", rows_old, arrays)
    with tempfile.TemporaryDirectory() as scratch:
        old, new, rows = load_both(Path(scratch), args.sequences, args.terms)
    line(f"loading {rows:,} terms into SQLite", old, new)
    with tempfile.TemporaryDirectory() as scratch:
        old, new, rows = games_csv(Path(scratch), args.games_csv)
    line(f"games' CSV files, {args.games_csv} games, {rows:,} positions", old, new)


if __name__ == "__main__":
    main()
