"""The checks of a database, one kind after another, read through a connection.

Every query is plain SQL on the documented tables, so that what is checked is what
any reader of the file sees.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

import numpy as np
from sqlalchemy import text

from wythoff.audit import board as boards
from wythoff.audit import grundy, mex, terms
from wythoff.audit.moves import Moves
from wythoff.audit.report import Difference, Report

POSITIONS = "P-positions"
TERMS = "terms"
RELATIONS = "relations"
SQUARE = 256
"""The side of the table of Wythoff's values that its diagonal and value pairs are
checked on."""

T = TypeVar("T")
Progress = Callable[[Iterable[T], str, int], Iterator[T]]


def quietly(items: Iterable[T], _description: str, _total: int) -> Iterator[T]:
    yield from items


def verify(connection: Any, board: int | None, progress: Progress[Any] = quietly) -> Report:
    """Every check of the database behind ``connection``; ``board`` caps the side of
    the boards the P-positions are solved on (None: each game's stored extent)."""
    report = Report()
    games = _rows(connection, "SELECT * FROM games ORDER BY key")
    solved = _positions(report, connection, games, board, progress)
    _grundy(report, connection, games, progress)
    _terms(report, connection, games, solved, progress)
    _relations(report, connection, progress)
    return report


def _rows(connection: Any, sql: str, **params: object) -> list[dict[str, Any]]:
    return [dict(row._mapping) for row in connection.execute(text(sql), params)]


# -- P-positions ------------------------------------------------------------------


def _positions(
    report: Report,
    connection: Any,
    games: list[dict[str, Any]],
    board: int | None,
    progress: Progress[Any],
) -> dict[str, np.ndarray]:
    """Each game's stored P-positions within its board against the board solved;
    the boards, by game ID, for the sequences of coordinates."""
    kind = report.kind(POSITIONS)
    solved = {}
    sides = set()
    for game in progress(games, "P-positions", len(games)):
        side = int(game["ppositions_max"]) + 1
        if board is not None:
            side = min(side, board)
        sides.add(side)
        found = boards.p_board(Moves.from_row(game), side)
        solved[game["id"]] = found
        mine = np.argwhere(found == boards.P)
        if game["is_symmetric"]:
            mine = mine[mine[:, 0] <= mine[:, 1]]
        stored = np.array(
            [
                (row[0], row[1])
                for row in connection.execute(
                    text(
                        "SELECT x, y FROM game_positions WHERE game_key = :key AND x < :side "
                        "AND y < :side ORDER BY x, y"
                    ),
                    {"key": game["key"], "side": side},
                )
            ],
            dtype=np.int64,
        ).reshape(-1, 2)
        mine_set, stored_set = set(map(tuple, mine.tolist())), set(map(tuple, stored.tolist()))
        if mine_set == stored_set and len(stored) == len(stored_set):
            kind.passed(game["id"], len(stored))
            continue
        extra, missing = sorted(stored_set - mine_set), sorted(mine_set - stored_set)
        if extra:
            x, y = extra[0]
            kind.differs(Difference("p_positions", game["id"], f"({x}, {y})", "P", "N"))
        else:
            x, y = missing[0] if missing else stored[0]
            kind.differs(Difference("p_positions", game["id"], f"({x}, {y})", "not P", "P"))
    if sides:
        kind.reach.append(f"boards of side {_span(sides)}")
    return solved


def _span(values: set[int]) -> str:
    low, high = min(values), max(values)
    return f"{low:,}" if low == high else f"{low:,} to {high:,}"


# -- Sprague–Grundy ------------------------------------------------------------------


def _grundy(
    report: Report, connection: Any, games: list[dict[str, Any]], progress: Progress[Any]
) -> None:
    periods: dict[tuple[str, str], list[grundy.Period]] = defaultdict(list)
    for row in _rows(connection, "SELECT * FROM grundy_periods"):
        periods[row["game_id"], row["axis"]].append(
            grundy.Period(
                row["row"],
                row["preperiod"],
                row["period"],
                row["increment"],
                row["verified_to"],
                row["evidence"],
                row["proof_from"],
                row["proof_period"],
            )
        )
    stored: dict[tuple[str, str], dict[int, tuple[int, int, bytes, bytes | None]]] = defaultdict(
        dict
    )
    for row in _rows(connection, "SELECT * FROM grundy_values"):
        stored[row["game_id"], row["axis"]][row["row"]] = (
            row["shift"],
            row["high_bits"],
            bytes(row["low"]),
            None if row["high"] is None else bytes(row["high"]),
        )
    by_id = {game["id"]: game for game in games}
    lines = sorted(set(periods) | set(stored))
    for game_id, axis in progress(lines, "Grundy", len(lines)):
        if game_id not in by_id:
            report.kind(grundy.PERIODS).differs(
                Difference("grundy_periods", game_id, axis, "rows", "no such game")
            )
            continue
        moves = Moves.from_row(by_id[game_id])
        grundy.check_game(
            report, game_id, moves, axis, periods[game_id, axis], stored[game_id, axis]
        )


# -- terms ------------------------------------------------------------------------


def _terms(
    report: Report,
    connection: Any,
    games: list[dict[str, Any]],
    solved: dict[str, np.ndarray],
    progress: Progress[Any],
) -> None:
    kind = report.kind(TERMS)
    sequences = _rows(
        connection, 'SELECT id, key, "offset", game_id, coordinate, growth FROM sequences'
    )
    by_id = {game["id"]: game for game in games}
    periods = {
        (row["game_id"], row["row"]): row
        for row in _rows(connection, "SELECT * FROM grundy_periods WHERE axis = 'row'")
    }
    tables: dict[tuple[int, int, int], np.ndarray] = {}
    coordinates = {
        (row["game_id"], row["coordinate"]): row["key"]
        for row in sequences
        if row["growth"] == "board"
    }
    for sequence in progress(sequences, "terms", len(sequences)):
        ns, values = _stored_terms(connection, sequence["key"])
        partner = coordinates.get((sequence["game_id"], 1 - (sequence["coordinate"] or 0)))
        other = _stored_terms(connection, partner)[1] if partner is not None else None
        checker = _checker(sequence, by_id, solved, periods, tables, other)
        if checker is None:
            kind.unchecked += 1
            continue
        found = checker(ns, values)
        if isinstance(found, tuple):
            at, expected = found
            kind.differs(
                Difference("terms", sequence["id"], f"n = {ns[at]}", str(values[at]), expected)
            )
        else:
            kind.passed(sequence["id"], found, len(ns))


def _stored_terms(connection: Any, key: int) -> tuple[list[int], list[int]]:
    rows = connection.execute(
        text("SELECT n, value FROM term_values WHERE sequence_key = :key ORDER BY n"), {"key": key}
    ).all()
    ns = [int(row[0]) for row in rows]
    values: list[int | None] = [None if row[1] is None else int(row[1]) for row in rows]
    if any(v is None for v in values):
        texts = dict(
            connection.execute(
                text("SELECT n, value_text FROM term_texts WHERE sequence_key = :key"),
                {"key": key},
            ).all()
        )
        values = [int(texts[n]) if v is None else v for n, v in zip(ns, values, strict=True)]
    return ns, [int(v) for v in values if v is not None]


Outcome = int | tuple[int, str]
"""The terms checked, or the position of the first wrong one and its right value."""


def _checker(
    sequence: dict[str, Any],
    games: dict[str, dict[str, Any]],
    solved: dict[str, np.ndarray],
    periods: dict[tuple[str, int], dict[str, Any]],
    tables: dict[tuple[int, int, int], np.ndarray],
    other: list[int] | None,
) -> Callable[[list[int], list[int]], Outcome] | None:
    sid = sequence["id"]
    if (form := terms.bracket(sid)) is not None:
        return lambda ns, values: _by_bracket(sid, form, ns, values)
    if re.fullmatch(r"fraenkel-a\d+-(p|q)", sid):
        return lambda ns, values: _by_recurrence(sid, ns, values)
    if sequence["growth"] == "board" and sequence["game_id"] in solved and other is not None:
        on_board = solved[sequence["game_id"]]
        symmetric = bool(games[sequence["game_id"]]["is_symmetric"])
        coordinate = int(sequence["coordinate"])
        partner = other
        return lambda ns, values: _by_board(on_board, symmetric, coordinate, partner, values)
    if found := re.fullmatch(r"(wythoff|fraenkel-a\d+)-grundy-(preperiod|period)", sid):
        game, which = found[1], found[2]
        return lambda ns, values: _by_periods(game, which, periods, ns, values)
    if found := re.fullmatch(r"wythoff-grundy-row(\d+)", sid):
        row = int(found[1])
        return lambda ns, values: _by_strip(_wythoff(tables, row + 1, len(ns)), row, ns, values)
    if sid == "wythoff-grundy-diagonal":
        return lambda ns, values: _by_diagonal(_wythoff(tables, SQUARE, SQUARE), ns, values)
    if found := re.fullmatch(r"wythoff-grundy-value(\d+)-(a|b)", sid):
        value, which = int(found[1]), found[2] == "b"
        table = _wythoff(tables, SQUARE, SQUARE)
        return lambda ns, values: _by_value_pairs(table, value, which, ns, values)
    return None


def _by_bracket(sid: str, form: terms.Bracket, ns: list[int], values: list[int]) -> Outcome:
    fixed = terms.EXCEPTIONS.get(sid, {})
    for i, n in enumerate(ns):
        if n in fixed and values[i] != fixed[n]:
            return i, str(fixed[n])
    keep = [i for i, n in enumerate(ns) if n not in fixed]
    bad = terms.first_bad_bracket(form, [ns[i] for i in keep], [values[i] for i in keep])
    if bad is None:
        return len(ns)
    i = keep[bad]
    near = [values[i] + d for d in range(-4, 5)]  # the term the brackets hold, if near
    right = [v for v in near if terms.first_bad_bracket(form, [ns[i]], [v]) is None]
    return i, str(right[0]) if right else "a term outside these brackets"


def _by_recurrence(sid: str, ns: list[int], values: list[int]) -> Outcome:
    expected = terms.convergents(sid, len(ns))
    assert expected is not None
    for i, (n, value) in enumerate(zip(ns, values, strict=True)):
        if n != i or value != expected[i]:
            return i, str(expected[i])
    return len(ns)


def _by_board(
    found: np.ndarray, symmetric: bool, coordinate: int, other: list[int], values: list[int]
) -> Outcome:
    """The pairs ``(c_n, d_n)``, ``c <= d``, by ``c`` then ``d`` (``values`` one of
    them, ``other`` the other): those that lie on the board are its P-positions, in
    order; the terms of those pairs are checked."""
    side = found.shape[0]
    mine = np.argwhere(found == boards.P)
    if symmetric:
        mine = mine[mine[:, 0] <= mine[:, 1]]
    mine = mine[np.lexsort((mine[:, 1], mine[:, 0]))].tolist()
    pairs = [
        (value, partner) if coordinate == 0 else (partner, value)
        for value, partner in zip(values, other, strict=False)
    ]
    on_board = [(i, pair) for i, pair in enumerate(pairs) if max(pair) < side]
    for j, (i, pair) in enumerate(on_board):
        expected = mine[j] if j < len(mine) else None
        if expected is None or list(pair) != expected:
            said = "no pair there" if expected is None else str(expected[coordinate])
            return i, f"{said} (the pair {tuple(expected) if expected else None} of the board)"
    if len(mine) > len(on_board) and pairs and list(pairs[-1]) > mine[len(on_board)]:
        at = len(on_board)  # the stored pairs run past a pair of the board they lack
        index = on_board[-1][0] + 1 if on_board else 0
        return min(index, len(values) - 1), f"the pair {tuple(mine[at])} of the board"
    return len(on_board)


def _by_periods(
    game: str,
    which: str,
    periods: dict[tuple[str, int], dict[str, Any]],
    ns: list[int],
    values: list[int],
) -> Outcome:
    """A row's preperiod or period, as ``grundy_periods`` states it for the game (whose
    rows are checked on their own): the terms of the rows it holds."""
    checked = 0
    for i, (n, value) in enumerate(zip(ns, values, strict=True)):
        row = periods.get((game, n))
        if row is None or row[which] is None:
            continue
        if value != row[which]:
            return i, f"{row[which]} (grundy_periods, {game} row {n})"
        checked += 1
    return checked


def _wythoff(tables: dict[tuple[int, int, int], np.ndarray], rows: int, columns: int) -> np.ndarray:
    """Wythoff's values on a strip (kept for the next sequence that reads it)."""
    for (r, c, _), table in tables.items():
        if r >= rows and c >= columns:
            return table
    table = mex.values(Moves(1, (0,), 1, 0, 1, 1, (0, 0), False, ()), rows, columns)
    tables[rows, columns, 1] = table
    return table


def _by_strip(table: np.ndarray, row: int, ns: list[int], values: list[int]) -> Outcome:
    expected = table[row, np.array(ns, dtype=np.int64)]
    bad = np.flatnonzero(np.array(values, dtype=np.int64) != expected)
    return (int(bad[0]), str(expected[bad[0]])) if bad.size else len(ns)


def _by_diagonal(table: np.ndarray, ns: list[int], values: list[int]) -> Outcome:
    checked = 0
    for i, (n, value) in enumerate(zip(ns, values, strict=True)):
        if n >= table.shape[0]:
            break
        if value != table[n, n]:
            return i, str(table[n, n])
        checked += 1
    return checked


def _by_value_pairs(
    table: np.ndarray, value: int, second: bool, ns: list[int], values: list[int]
) -> Outcome:
    """The positions (a, b), a <= b, of one value, by a: each row not yet a larger
    coordinate gives the pair with the least b >= a of that value."""
    pairs, larger = [], set()
    for x in range(table.shape[0]):
        if x in larger:
            continue
        ys = np.flatnonzero(table[x, x:] == value)
        if not ys.size:
            break
        larger.add(x + int(ys[0]))
        pairs.append((x, x + int(ys[0])))
    checked = 0
    for i, stored in enumerate(values):
        if i >= len(pairs):
            break
        expected = pairs[i][second]
        if stored != expected:
            return i, str(expected)
        checked += 1
    return checked


# -- relations -----------------------------------------------------------------------


def _relations(report: Report, connection: Any, progress: Progress[Any]) -> None:
    """The relations between stored sequences against the terms they cite, and a
    near miss's term of ours."""
    kind = report.kind(RELATIONS)
    keys = {row["id"]: row["key"] for row in _rows(connection, "SELECT id, key FROM sequences")}
    rows = _rows(connection, "SELECT * FROM crossrefs")
    cache: dict[int, dict[int, int]] = {}

    def stored(sequence_id: str) -> dict[int, int]:
        key = keys[sequence_id]
        if key not in cache:
            ns, values = _stored_terms(connection, key)
            cache.clear()  # two sequences at a time at most
            cache[key] = dict(zip(ns, values, strict=True))
        return cache[key]

    for row in progress(rows, "relations", len(rows)):
        source, target = row["sequence_id"], row["target"]
        problem = None
        if row["kind"] == "equal" and target in keys:
            ours, theirs = dict(stored(source)), stored(target)
            upto = row["verified_up_to"]
            problem = next(
                (
                    (f"n = {n}", str(v), str(theirs.get(n)))
                    for n, v in sorted(ours.items())
                    if n <= upto and theirs.get(n) != v
                ),
                None,
            )
        elif row["kind"] in ("complementary", "p-complementary") and target in keys:
            problem = _complementary(row, dict(stored(source)), stored(target))
        elif row["kind"] == "near miss" and row["differs_at"] is not None:
            ours = stored(source)
            at = row["differs_at"]
            if str(ours.get(at)) != row["differs_ours"]:
                problem = (f"n = {at}", row["differs_ours"], str(ours.get(at)))
        else:
            kind.unchecked += 1
            continue
        if problem is None:
            kind.passed(source, 1)
        else:
            index, said, found = problem
            kind.differs(
                Difference("crossrefs", f"{source} ({row['kind']} {target})", index, said, found)
            )


SIDE = re.compile(r"(\w+)\((?:\w+, )?n(?: - (\d+))?\), n >= (\d+)")
"""One side of a stated complementarity: ``v(i, n - 1), n >= 1`` (its terms from index 0)."""


def _complementary(
    row: dict[str, Any], ours: dict[int, int], theirs: dict[int, int]
) -> tuple[str, str, str] | None:
    """The two sequences' terms from the indices the claim states hold each value from
    1 up to the bound ``checked`` states the number of times the claim says (once for
    a partition)."""
    claim = row["claim"] or ""
    sides = SIDE.findall(claim)
    firsts = [int(n0) - int(back or 0) for _, back, n0 in sides] if len(sides) == 2 else [1, 1]
    if len(sides) == 2:  # the claim may name the target first
        letter = row["sequence_id"].rsplit("-", 1)[-1]
        if letter.startswith(sides[1][0]) and not letter.startswith(sides[0][0]):
            firsts.reverse()
    times = re.match(r"(\d+)-complementary", claim)
    each = int(times[1]) if times else 1
    found = re.search(r"values <= ([\d,]+)", row["checked"] or "")
    top = int(found[1].replace(",", "")) if found else min(max(ours.values()), max(theirs.values()))
    seen: dict[int, int] = defaultdict(int)
    for first, values in zip(firsts, (ours, theirs), strict=True):
        for n, v in values.items():
            if n >= first and 1 <= v <= top:
                seen[v] += 1
    for v in range(1, top + 1):
        if seen[v] != each:
            return f"value {v}", f"held {each} times", f"held {seen[v]} times"
    return None
