"""The browser tools' JavaScript (site/assets/javascripts), checked against the engine.

Runs Node's own test runner on ``tests/js/`` and cross-checks the JavaScript
strategies with the Python ones: exact floors of random multiples up to 10**40,
every position of a 30 x 30 board of every small game, and positions with a
thousand digits.  The JavaScript gets its data as the site build provides it
(``assets/data/games.json``, ``terms.json``, each game's P-positions as CSV, the
database), written here from the catalog by :func:`write_fixtures`; run this
file as a script (``python tests/e2e/test_js.py DIR``) to write them for
``node --test tests/js/`` alone.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from wythoff import families
from wythoff.core.games import solver, unsolved
from wythoff.core.games.strategy import BoardStrategy, ChoiceStrategy
from wythoff.core.quadratic import QuadraticIrrational
from wythoff.db import vocabulary
from wythoff.website import data as site_data
from wythoff.website import paths

from tests.helpers.data import SMALL_RANGES, narrowed

REPO = Path(__file__).resolve().parents[2]
JAVASCRIPTS = REPO / "site" / "assets" / "javascripts"
NODE = shutil.which("node")
NODE_FLAGS = ["--disable-warning=MODULE_TYPELESS_PACKAGE_JSON"]  # package.json has no "type"

# Small parameters: every game here is cross-checked on a whole board.
JS_RANGES = narrowed(SMALL_RANGES, 3)
PPOSITIONS_MAX = 100  # P-positions stored per game, as the build's ppositions_max
SOLVER_BOARD = 400  # board that settles the games without formula (complete beyond 30)
TERMS = 200  # terms per sequence in terms.json
# not needed here: read off a solved board; a row's period, each term a proof
UNLISTED = (vocabulary.BOARD, vocabulary.ROWS)
BOARD = 30  # the cross-checked corner

pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


# ----------------------------------------------------------------------------- fixtures


def python_strategy(record: families.GameRecord):
    """The engine's strategy: the formula, or the solved board for games without one."""
    if record.solved:
        return record.strategy()
    return BoardStrategy(record.rules, solver.solve(record.rules, SOLVER_BOARD))


def game_rows(record: families.GameRecord) -> tuple[list[tuple], int]:
    """The CSV rows (n, x, y, class) of a game and the bound they are complete to,
    computed as the build does."""
    if record.solved:
        rows = [tuple(p) for p in record.strategy().indexed_p_positions(PPOSITIONS_MAX)]
        return rows, PPOSITIONS_MAX
    board = solver.solve(record.rules, SOLVER_BOARD)
    if not record.sequences:  # every P-position of the board, as the build stores them
        stored = BoardStrategy(record.rules, board).indexed_p_positions(PPOSITIONS_MAX)
        return [(p.n, p.x, p.y, None) for p in stored], PPOSITIONS_MAX
    complete = min(unsolved.conjecture_test(board, record.rules).complete_below - 1, PPOSITIONS_MAX)
    pairs = unsolved.pairs_from_board(board, record.rules)
    return [(n, x, y, None) for n, (x, y) in enumerate(pairs) if y <= complete], complete


def game_entry(record: families.GameRecord, limit: int) -> dict:
    """One game of assets/data/games.json."""
    rules = record.rules
    return {
        "id": record.id,
        "name": record.name,
        "family": record.family,
        "symmetric": rules.symmetric,
        "rules": {
            "rook_modulus": rules.rook_modulus,
            "rook_residues": list(rules.rook_residues),
            "bishop": rules.bishop,
            "modular": rules.modular,
            "blocking": rules.blocking,
            "rect": list(rules.rectangle),
            "misere": rules.misere,
            "blocking_reach": rules.blocking_reach,
            "rectangle_choices": [list(r) for r in rules.rectangle_choices],
        },
        "strategy": record.strategy().describe() if record.solved else None,
        "ppositions_max": limit,
        "csv": paths.game_csv(record.id),
    }


def write_fixtures(root: Path) -> Path:
    """Write the site's data files for the small catalog under ``root``."""
    records = families.build(JS_RANGES)
    data = root / "assets" / "data"
    data.mkdir(parents=True, exist_ok=True)
    games, all_rows = [], {}
    for record in records.games.values():
        rows, limit = game_rows(record)
        all_rows[record.id] = rows
        games.append(game_entry(record, limit))
        csv = root / paths.game_csv(record.id)
        csv.parent.mkdir(parents=True, exist_ok=True)
        ordered = sorted(rows, key=lambda r: r[1:3])
        csv.write_text(site_data.positions_csv((x, y, n, c) for n, x, y, c in ordered))
    (data / "games.json").write_text(json.dumps({"games": games}))
    sequences = [
        {
            "id": s.id,
            "name": s.name,
            "offset": s.offset,
            "terms": [str(int(v)) for v in s.terms(s.offset, TERMS)],
        }
        for s in records.sequences.values()
        if s.growth not in UNLISTED
    ]
    (data / "terms.json").write_text(json.dumps({"sequences": sequences}))
    write_database(data / "wythoff.sqlite", all_rows, records)
    return root


def write_database(
    path: Path, rows_by_game: dict[str, list[tuple]], records: families.Catalog
) -> None:
    """A small database with the real schema, as the site publishes it: the
    P-positions, and TERMS terms of every sequence (value NULL beyond 64 bits),
    stored under the integer keys that the views ``p_positions`` and ``terms`` join."""
    from sqlalchemy import create_engine
    from wythoff.db import schema
    from wythoff.db.models import INT64_MAX, Base, Game

    path.unlink(missing_ok=True)
    engine = create_engine(f"sqlite:///{path}")
    Base.metadata.create_all(engine)
    engine.dispose()
    sequences = [s for s in records.sequences.values() if s.growth not in UNLISTED]
    columns = [c.name for c in Game.__table__.columns]
    with sqlite3.connect(path) as connection:
        connection.executemany(
            "INSERT INTO schema_columns (table_name, position, column_name, kind, description) "
            "VALUES (:table_name, :position, :column_name, :kind, :description)",
            schema.rows(),
        )
        for key, game in enumerate(rows_by_game, start=1):
            # only the ID and the key matter to the browser's queries
            row = {c: "" for c in columns} | {"id": game, "key": key}
            marks = ", ".join("?" * len(columns))
            connection.execute(f"INSERT INTO games VALUES ({marks})", [row[c] for c in columns])
            connection.executemany(
                'INSERT INTO game_positions (game_key, n, x, y, "class") VALUES (?, ?, ?, ?, ?)',
                [(key, *row) for row in rows_by_game[game]],
            )
        connection.executemany(
            'INSERT INTO sequences (id, key, family, name, "offset", formula, paper, keywords, '
            "params, growth, terms_count, data) "
            "VALUES (?, ?, ?, ?, ?, '', '', '', '{}', ?, ?, '')",
            [
                (s.id, key, s.family, s.name, s.offset, s.growth, TERMS)
                for key, s in enumerate(sequences, start=1)
            ],
        )
        rows = [
            (key, n, int(v))
            for key, s in enumerate(sequences, start=1)
            for n, v in enumerate(s.terms(s.offset, TERMS), start=s.offset)
        ]
        connection.executemany(
            "INSERT INTO term_values (sequence_key, n, value) VALUES (?, ?, ?)",
            [(key, n, v if abs(v) <= INT64_MAX else None) for key, n, v in rows],
        )
        connection.executemany(
            "INSERT INTO term_texts (sequence_key, n, value_text) VALUES (?, ?, ?)",
            [(key, n, str(v)) for key, n, v in rows if abs(v) > INT64_MAX],
        )


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return write_fixtures(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def records() -> families.Catalog:
    return families.build(JS_RANGES)


def run_node(script: str, payload) -> object:
    """Run an ES module script with ``payload`` as JSON on stdin; its JSON stdout."""
    done = subprocess.run(
        [NODE, *NODE_FLAGS, "--input-type=module", "-e", script],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=600,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


READ_STDIN = """
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const input = JSON.parse(chunks.join(""));
"""


# ----------------------------------------------------------------------------- node --test


def test_node_test_suite(site):
    env = {**os.environ, "WYTHOFF_JS_FIXTURES": str(site)}
    done = subprocess.run(
        [NODE, *NODE_FLAGS, "--test", "tests/js/"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=REPO,
        env=env,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert "# fail 0" in done.stdout


# ----------------------------------------------------------------------------- exact.js


def numbers_to_check(records) -> list[QuadraticIrrational]:
    """Every slope of the small catalog, their reciprocals, and a few of other signs."""
    thetas = {QuadraticIrrational(0, 2, 1), QuadraticIrrational(3, 5, 2, -1)}
    for record in records.games.values():
        data = record.strategy().describe() if record.solved else None
        while data and data.get("kind") == vocabulary.MISERE:
            data = data["pair"]
        if data and data["kind"] == vocabulary.BEATTY_PAIR:
            theta = QuadraticIrrational(*data["theta"])
            thetas.update({theta, theta.reciprocal, theta.plus(data["gap"])})
    return sorted(thetas, key=str)


def test_floor_times_and_preimage_match_python(records):
    rng = random.Random(20261121)
    phi, sqrt2 = QuadraticIrrational(1, 5, 2), QuadraticIrrational(0, 2, 1)
    cases = [(phi, 102334155), (sqrt2, 93222358), (sqrt2, -1), (phi, 0)]
    for theta in numbers_to_check(records):
        for digits in (1, 5, 12, 20, 40):
            for _ in range(8):
                cases.append((theta, rng.randrange(-(10**digits), 10**digits + 1)))
    floors = [
        {"theta": [t.c, t.d, t.e, t.sign], "n": str(n), "expected": str(t.floor_times(n))}
        for t, n in cases
    ]
    preimages = [
        {"theta": [t.c, t.d, t.e, t.sign], "x": str(x), "expected": [str(j) for j in t.preimage(x)]}
        for t in numbers_to_check(records)
        if t.is_positive
        for x in [0, 1, 2, 3, *(rng.randrange(10**d) for d in (3, 10, 40))]
    ]
    script = (
        f'import * as exact from "{(JAVASCRIPTS / "exact.js").as_uri()}";'
        + READ_STDIN
        + """
const floors = input.floors.map(({theta, n}) =>
  exact.floorTimes(exact.fromTheta(theta), BigInt(n)).toString());
const preimages = input.preimages.map(({theta, x}) =>
  exact.preimage(exact.fromTheta(theta), BigInt(x)).map(String));
console.log(JSON.stringify({floors, preimages}));
"""
    )
    answer = run_node(script, {"floors": floors, "preimages": preimages})
    assert answer["floors"] == [case["expected"] for case in floors]
    assert answer["preimages"] == [case["expected"] for case in preimages]
    assert answer["floors"][:2] == ["165580140", "131836322"]  # where float64 goes wrong


# ----------------------------------------------------------------------------- runs.js

RUNS = """
import {{ runsSql }} from "{runs}";
import {{ runQuery }} from "{query}";
import {{ fixtureDatabase }} from "{fixtures}";
{read}
const {{ sqlite3, db }} = await fixtureDatabase(input.site, "runs");
const answers = input.runs.map((run) => {{
  const sql = runsSql(run.map(BigInt), {{ narrowing: true }});
  return sql === null ? null : runQuery(sqlite3, db, sql).rows.map(([id, n]) => [id, Number(n)]);
}});
console.log(JSON.stringify(answers));
"""


def runs_to_find(records) -> list[list[int]]:
    """Runs of five terms of a few sequences, at their start, middle and end (with
    terms beyond 64 bits among them), and a few runs of small, common values."""
    runs = [[1, 2, 3], [0, 1, 2], [5, 4, 3, 2, 1, 0, 7], [2, 2, 2]]
    for sequence_id in ("wythoff-a", "wythoff-b", "fraenkel-a3-p", "connell-k2-u1"):
        record = records.sequences[sequence_id]
        terms = [int(v) for v in record.terms(record.offset, TERMS)]
        runs += [terms[at : at + 5] for at in (0, TERMS // 2, TERMS - 5)]
    return runs


def test_the_browsers_runs_are_the_commands_sequences_containing(site, records):
    """The query of the term search and Identify (runs.js) finds, on the same database,
    what ``wythoff identify`` finds (:func:`wythoff.identify.catalog.sequences_containing`);
    a run whose every term is beyond 64 bits it leaves to the SQL console (no index)."""
    from sqlalchemy import create_engine
    from wythoff.identify import catalog

    runs = runs_to_find(records)
    script = RUNS.format(
        runs=(JAVASCRIPTS / "runs.js").as_uri(),
        query=(JAVASCRIPTS / "sql-query.js").as_uri(),
        fixtures=(REPO / "tests" / "js" / "fixtures.mjs").as_uri(),
        read=READ_STDIN,
    )
    payload = {"site": str(site), "runs": [[str(term) for term in run] for run in runs]}
    answers = run_node(script, payload)
    engine = create_engine(f"sqlite:///{site / 'assets' / 'data' / 'wythoff.sqlite'}")
    with engine.connect() as connection:
        expected = [catalog.sequences_containing(connection, run) for run in runs]
    engine.dispose()
    indexed = 0
    for run, answer, command in zip(runs, answers, expected, strict=True):
        if all(abs(term) >= 2**63 for term in run):
            assert answer is None, run
            continue
        assert [tuple(row) for row in answer] == command, run
        indexed += 1
    assert indexed >= 12 and any(answers) and [] in answers


# ----------------------------------------------------------------------------- games.js

CHECK_POSITIONS = """
import {{ readFileSync }} from "node:fs";
import * as games from "{games}";
{read}
const site = input.site;
const byId = new Map(JSON.parse(readFileSync(site + "/assets/data/games.json", "utf8")).games
  .map((game) => [game.id, game]));
const strategies = new Map();
function strategyOf(game) {{
  if (!strategies.has(game.id)) {{
    const csv = game.strategy ? null : readFileSync(site + "/" + game.csv, "utf8");
    strategies.set(game.id, games.makeStrategy(game, csv && games.parsePositionsCsv(csv)));
  }}
  return strategies.get(game.id);
}}
const answers = input.positions.map(([id, x, y]) => {{
  const game = byId.get(id);
  const rules = games.parseRules(game.rules);
  try {{
    const answer = games.analysePosition(rules, strategyOf(game), BigInt(x), BigInt(y));
    return {{
      status: answer.status,
      moves: answer.moves.map((move) => move.target.map(String)),
      blockable: answer.moves.map((move) => move.blockable),
    }};
  }} catch (error) {{
    if (!(error instanceof RangeError)) throw error;
    return {{ error: error.message }};
  }}
}});
console.log(JSON.stringify({{ answers }}));
"""


def js_answers(site: Path, positions: list[tuple[str, int, int]]) -> list[dict]:
    """The JavaScript's answer at each (game, x, y)."""
    script = CHECK_POSITIONS.format(games=(JAVASCRIPTS / "games.js").as_uri(), read=READ_STDIN)
    payload = {"site": str(site), "positions": [(g, str(x), str(y)) for g, x, y in positions]}
    result = run_node(script, payload)
    return result["answers"]


def assert_agrees(record, strategy, x: int, y: int, answer: dict) -> None:
    """The JavaScript answer is the engine's: same status; the same winning moves in the
    same order (the command line's ``moves``: every move to a P-position; with a choice
    of rectangle, every winning move of each choice in turn), of the same kinds."""
    where = f"{record.id} ({x}, {y})"
    try:
        is_p = strategy.is_p(x, y)
    except ValueError:
        assert "error" in answer, f"{where}: the engine refuses it, the JavaScript does not"
        return
    assert "error" not in answer, f"{where}: {answer.get('error')}"
    assert answer["status"] == ("P" if is_p else "N"), where
    moves = [(int(a), int(b)) for a, b in answer["moves"]]
    if isinstance(strategy, ChoiceStrategy):
        each = [(rules, move) for rules, won in strategy.every_response(x, y) for move in won]
        assert moves == [move for _, move in each], where
        blockable = [rules.is_blockable((x, y), move) for rules, move in each]
        assert answer["blockable"] == blockable, where
        return
    assert moves == strategy.every_winning_move(x, y), f"{where}: {moves}"
    assert answer["blockable"] == [record.rules.is_blockable((x, y), t) for t in moves], where


def test_every_small_game_agrees_on_the_board(site, records):
    positions = [(g, x, y) for g in records.games for x in range(BOARD) for y in range(BOARD)]
    answers = js_answers(site, positions)
    strategies = {g: python_strategy(r) for g, r in records.games.items()}
    for (game_id, x, y), answer in zip(positions, answers, strict=True):
        assert_agrees(records.games[game_id], strategies[game_id], x, y, answer)


def test_games_without_formula_refuse_positions_beyond_their_table(site, records):
    listed = json.loads((site / "assets" / "data" / "games.json").read_text())["games"]
    unsolved_games = [g for g in listed if g["strategy"] is None]
    assert unsolved_games
    beyond = [(g["id"], 0, g["ppositions_max"] + 1) for g in unsolved_games]
    inside = [(g["id"], g["ppositions_max"], g["ppositions_max"]) for g in unsolved_games]
    answers = js_answers(site, beyond + inside)
    for answer in answers[: len(beyond)]:
        assert "beyond the known P-positions" in answer["error"]
    for (game_id, x, y), answer in zip(inside, answers[len(beyond) :], strict=True):
        assert_agrees(records.games[game_id], python_strategy(records.games[game_id]), x, y, answer)


def huge_positions(record, rng: random.Random) -> list[tuple[int, int]]:
    """Positions with about a thousand digits: P-positions of the formula and neighbours."""
    data = record.strategy().describe()
    if data["kind"] == vocabulary.FINITE:
        big = 10**999 + rng.randrange(10**999)
        return [(big, big + 7), (big, 3), (5, big), (big, big)]
    if data["kind"] == vocabulary.MISERE:
        data = data["pair"]
    if data["kind"] == vocabulary.CHOICE:  # the P-positions of every choice together: both orders
        data = {**data["variants"][0]["strategy"], "orientation": None}
    theta, gap = QuadraticIrrational(*data["theta"]), data["gap"]
    p, l = data["orientation"] or (1, 0)  # noqa: E741
    positions = []
    for _ in range(3):
        j = 10**999 + rng.randrange(10**999)
        forward, mirrored = j - (j - l) % p, j - (j + l) % p  # j = l and j = -l (mod p)
        for k, flip in ((forward, False), (mirrored, True)):
            a = theta.floor_times(k)
            b = a + gap * k
            x, y = (b, a) if flip else (a, b)
            positions += [(x, y), (y, x), (x + 1, y), (x, y + 1), (x - 1, y), (x, y - 5)]
            positions += [(x, y + 3 * gap + 1), (x + 10**998, y), (x, 2 * y)]
        positions.append((rng.randrange(10**1000), rng.randrange(10**1000)))
    return positions


def test_thousand_digit_positions_agree(site, records):
    rng = random.Random(1000)
    chosen = [g for g, r in records.games.items() if r.solved]
    positions = [(g, x, y) for g in chosen for x, y in huge_positions(records.games[g], rng)]
    answers = js_answers(site, positions)
    for (game_id, x, y), answer in zip(positions, answers, strict=True):
        record = records.games[game_id]
        assert_agrees(record, record.strategy(), x, y, answer)


def test_games_js_plays_every_kind_of_strategy_of_the_vocabulary_and_no_other():
    """The kinds of ``games.strategy`` are a contract between the database and games.js:
    its table of strategies has exactly the vocabulary's, and no script tests another."""
    script = f'import {{ STRATEGIES }} from "{(JAVASCRIPTS / "games.js").as_uri()}";'
    script += "console.log(JSON.stringify(Object.keys(STRATEGIES)));"
    assert sorted(run_node(script, None)) == sorted(vocabulary.STRATEGY_KINDS)
    for source in JAVASCRIPTS.glob("*.js"):
        for kind in re.findall(r'strategy\??\.kind === "([^"]*)"', source.read_text()):
            assert kind in vocabulary.STRATEGY_KINDS, f"{source.name}: {kind}"


def test_connell_k3_examples(site, records):
    p_answer, n_answer = js_answers(site, [("connell-k3", 14, 48), ("connell-k3", 11, 48)])
    assert p_answer["status"] == "P"
    assert n_answer["status"] == "N"
    record = records.games["connell-k3"]
    assert_agrees(record, record.strategy(), 11, 48, n_answer)


if __name__ == "__main__":  # python tests/e2e/test_js.py DIR: the fixtures for node --test alone
    if len(sys.argv) != 2:
        sys.exit("usage: python tests/e2e/test_js.py DIRECTORY")
    print(write_fixtures(Path(sys.argv[1])))


# ----------------------------------------------------------------------------- grundy-picture.js

GRUNDY = """
import {{ parseRules }} from "{games}";
import {{ makeTable }} from "{picture}";
{read}
const answers = input.games.map(({{ rules, side, words }}) => {{
  const table = makeTable(parseRules(rules), side, words);
  const out = [];
  for (let x = side - 1; x >= 0; x--) {{
    out[x] = Array.from({{ length: side }}, (_, y) => table.value(x, y));
  }}
  return out;
}});
console.log(JSON.stringify(answers));
"""


def test_the_pictures_readout_computes_the_builds_grundy_values(records):
    """grundy-picture.js's sweep gives grundy_table's values on every game of the small
    catalog with values and on rules of each kind of move (rook residues, m-bishops
    with m past the band, modular moves, a removed rectangle), with bitsets of one
    word at first (a value past them starts the sweep again with more)."""
    from wythoff.core.games import grundy
    from wythoff.core.games.rules import Rules

    rules = [r.rules for r in records.games.values() if grundy.undefined_reason(r.rules) is None]
    rules += [
        Rules(rook_modulus=3, rook_residues=(1, 2), bishop=1),
        Rules(bishop=9, rectangle=(4, 2)),
        Rules(rook_modulus=2, rook_residues=(1,), bishop=8, modular=4, rectangle=(9, 3)),
        Rules(bishop=13),
        Rules(rook_modulus=2, rook_residues=(0,), modular=3, rectangle=(2, 5)),
        Rules(rook_residues=(), modular=2),
    ]
    side = 40
    games = [
        {"rules": site_data._rules_entry(r), "side": side, "words": 1 + i % 2}
        for i, r in enumerate(rules)
    ]
    script = GRUNDY.format(
        games=(JAVASCRIPTS / "games.js").as_uri(),
        picture=(JAVASCRIPTS / "grundy-picture.js").as_uri(),
        read=READ_STDIN,
    )
    answers = run_node(script, {"games": games})
    assert len(rules) > 10
    for r, answer in zip(rules, answers, strict=True):
        table = grundy.grundy_table(r, side).astype(int)
        table[table == grundy.OFF_BOARD] = -1
        assert answer == table.tolist(), r
