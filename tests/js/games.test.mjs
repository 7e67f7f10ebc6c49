// games.js: the strategies of every small game against a brute-force solution
// of its board (from the rules alone), and the worked examples of the papers.
// The data is assets/data/games.json and the CSV files as the build writes them,
// made from the catalog by tests/e2e/test_js.py.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { floorTimes, fromTheta } from "../../site/assets/javascripts/exact.js";
import {
  analysePosition, answerOrder, chosenRules, describeMove, describeRules, isBlockable, isLegal, makeStrategy, onBoard,
  pairsStrategy, parsePileSize, parsePositionsCsv, parseRules,
} from "../../site/assets/javascripts/games.js";
import { answerPosition, findGame, indexSql, reachableSql, reachedIndex, readQuery } from "../../site/assets/javascripts/position-checker.js";
import { runQuery } from "../../site/assets/javascripts/sql-query.js";
import { fixtureDatabase, fixtures } from "./fixtures.mjs";



const SITE = fixtures();
const GAMES = JSON.parse(readFileSync(join(SITE, "assets", "data", "games.json"), "utf8")).games;
const BOARD = 18n;

// The game of games.json with this ID, and its strategy (reading its CSV if needed).
function game(id) {
  const found = GAMES.find((entry) => entry.id === id);
  assert.ok(found, `${id} is in games.json`);
  return found;
}
function strategyOf(entry) {
  return makeStrategy(entry, entry.strategy ? null : parsePositionsCsv(readFileSync(join(SITE, entry.csv), "utf8")));
}

// Every move from (x, y) to a P-position of a solved board (solveBoard's).
function pOptionsOn(rules, status, x, y) {
  const found = [];
  for (let x2 = 0n; x2 <= x; x2++) {
    for (let y2 = 0n; y2 <= y; y2++) {
      if (isLegal(rules, [x, y], [x2, y2]) && status.get(`${x2},${y2}`) === "P") found.push(`${x2},${y2}`);
    }
  }
  return found.sort();
}

// Largest first, comparing first the pile that is the smaller at (x, y): the order the
// page and the command line promise, checked on its own.
function inStatedOrder(x, y, targets) {
  const keys = targets.map(([a, b]) => (x <= y ? [a, b] : [b, a]));
  return keys.every((k, i) => i === 0 || k[0] < keys[i - 1][0] || (k[0] === keys[i - 1][0] && k[1] < keys[i - 1][1]));
}

// P or N at every position of the board, by brute force from the rules: N when
// a P-option cannot be forbidden or there are at least `blocking` of them; a
// position without moves is P in normal play and N in misère play.
function solveBoard(rules, size) {
  if (rules.choices.length) {
    // the second player chooses the rectangle: P when some choice makes it P
    const boards = rules.choices.map((rect) => solveBoard(chosenRules(rules, rect), size));
    const status = new Map();
    for (const board of boards) {
      for (const [where, value] of board) if (status.get(where) !== "P") status.set(where, value);
    }
    return status;
  }
  const status = new Map();
  for (let x = 0n; x < size; x++) {
    for (let y = 0n; y < size; y++) {
      if (!onBoard(rules, x, y)) continue;
      let moves = 0;
      const pOptions = [];
      for (let x2 = 0n; x2 <= x; x2++) {
        for (let y2 = 0n; y2 <= y; y2++) {
          if (!isLegal(rules, [x, y], [x2, y2])) continue;
          moves += 1;
          if (status.get(`${x2},${y2}`) === "P") pOptions.push([x2, y2]);
        }
      }
      const winning = pOptions.some((t) => !isBlockable(rules, [x, y], t)) || pOptions.length >= Number(rules.blocking);
      status.set(`${x},${y}`, moves === 0 ? (rules.misere ? "N" : "P") : winning ? "N" : "P");
    }
  }
  return status;
}

test("the fixture has every kind of game", () => {
  const kinds = new Set(GAMES.map((entry) => entry.strategy?.kind ?? "table"));
  assert.deepEqual([...kinds].sort(), ["beatty-pair", "choice", "finite", "misere", "table"]);
  assert.ok(GAMES.some((entry) => entry.rules.blocking_reach !== null));
  assert.ok(GAMES.some((entry) => entry.rules.blocking > 1));
  assert.ok(GAMES.some((entry) => entry.strategy?.orientation));
});

test("every small game agrees with a brute-force solution of its board", () => {
  for (const entry of GAMES) {
    const rules = parseRules(entry.rules);
    const strategy = strategyOf(entry);
    const solved = solveBoard(rules, BOARD);
    // each rectangle's own game, solved once for all the positions of this board
    const solvedChoice = new Map(rules.choices.map((rect) => [rect.join(","), solveBoard(chosenRules(rules, rect), BOARD)]));
    for (let x = 0n; x < BOARD; x++) {
      for (let y = 0n; y < BOARD; y++) {
        const where = `${entry.id} (${x}, ${y})`;
        if (!onBoard(rules, x, y)) {
          assert.throws(() => strategy.isP(x, y), /removed rectangle/, where);
          continue;
        }
        const { status, moves } = analysePosition(rules, strategy, x, y);
        assert.equal(status, solved.get(`${x},${y}`), where);
        if (status === "P") continue;
        if (!moves.length) {
          assert.ok(rules.misere && x === 0n && y === 0n, `${where}: an N-position without a move`);
          continue;
        }
        if (rules.choices.length) {
          // every winning move for each rectangle the second player may have chosen, in that game
          const possible = rules.choices.filter((rect) => onBoard(chosenRules(rules, rect), x, y));
          for (const rect of possible) {
            const chosen = chosenRules(rules, rect);
            const mine = moves.filter((move) => String(move.choice) === String(rect)).map((move) => move.target);
            const expected = pOptionsOn(chosen, solvedChoice.get(rect.join(",")), x, y);
            assert.deepEqual(mine.map(String).sort(), expected, `${where} with ${rect}`);
            assert.ok(inStatedOrder(x, y, mine), `${where} with ${rect}: ${mine}`);
          }
          assert.equal(new Set(moves.map((move) => String(move.choice))).size, possible.length, where);
          continue;
        }
        // every move to a P-position, each once, in the stated order
        const targets = moves.map((move) => move.target);
        assert.deepEqual(targets.map(String).sort(), pOptionsOn(rules, solved, x, y), where);
        assert.ok(inStatedOrder(x, y, targets), `${where}: ${targets}`);
        assert.deepEqual(moves.map((move) => move.blockable), targets.map((t) => isBlockable(rules, [x, y], t)), where);
      }
    }
  }
});

test("(14, 48) in connell-k3 is answered correctly", () => {
  const entry = game("connell-k3");
  const rules = parseRules(entry.rules);
  const strategy = strategyOf(entry);
  assert.deepEqual(analysePosition(rules, strategy, 14n, 48n),
    { status: "P", moves: [], why: "every move leads to an N-position" });
  const answer = analysePosition(rules, strategy, 11n, 48n);
  assert.equal(answer.status, "N");
  assert.equal(answer.moves.length, 1);
  const [target] = answer.moves.map((move) => move.target);
  assert.ok(isLegal(rules, [11n, 48n], target));
  assert.ok(strategy.isP(...target));
  assert.match(answer.moves[0].words, /^take \d+ from/);
});

test("every winning move from (1234567, 1997546) in Wythoff's game, and their mirror images from (1997546, 1234567)", () => {
  const entry = game("wythoff");
  const rules = parseRules(entry.rules);
  const strategy = strategyOf(entry);
  const targets = (x, y) => analysePosition(rules, strategy, x, y).moves.map((move) => move.target);
  assert.deepEqual(targets(1234567n, 1997546n), [[1234567n, 763004n], [1234551n, 1997546n], [1234525n, 1997504n]]);
  assert.deepEqual(targets(1997546n, 1234567n), [[763004n, 1234567n], [1997546n, 1234551n], [1997504n, 1234525n]]);
});

test("a mirror image gets the mirror images of the moves, in the same order", () => {
  // (a choice game lists its moves rectangle by rectangle, each choice in its own order)
  for (const entry of GAMES.filter((candidate) => candidate.symmetric && candidate.strategy?.kind !== "choice")) {
    const rules = parseRules(entry.rules);
    const strategy = strategyOf(entry);
    for (let x = 0n; x < BOARD; x++) {
      for (let y = x + 1n; y < BOARD; y++) {
        if (!onBoard(rules, x, y)) continue;
        const { moves } = analysePosition(rules, strategy, x, y);
        const mirrored = analysePosition(rules, strategy, y, x).moves;
        assert.deepEqual(mirrored.map((move) => move.target), moves.map(({ target: [a, b] }) => [b, a]), `${entry.id} (${x}, ${y})`);
      }
    }
  }
});

test("answerOrder: largest first, the smaller pile of the position compared first", () => {
  assert.deepEqual(answerOrder(4n, 5n, [[1n, 2n], [3n, 5n], [1n, 2n]]), [[3n, 5n], [1n, 2n]]);
  assert.deepEqual(answerOrder(5n, 4n, [[2n, 1n], [5n, 3n]]), [[5n, 3n], [2n, 1n]]);
});

test("a P-position of a game with blocking says why, though it has a move to a P-position", () => {
  // Larsson's Example 1: (0, 2) of 2WN^(2) is P and moves to (0, 0), which the previous player forbids
  const entry = game("larsson-blocking-m2-p2");
  const rules = parseRules(entry.rules);
  const strategy = strategyOf(entry);
  assert.equal(strategy.isP(0n, 0n), true);
  const answer = analysePosition(rules, strategy, 0n, 2n);
  assert.equal(answer.status, "P");
  assert.deepEqual(answer.moves, []);
  assert.match(answer.why, /^the only move to a P-position, to \(0, 0\), is a one-pile move that the previous player may forbid/);
  assert.doesNotMatch(answer.why, /^every move leads to an N-position/);
});

test("a P-position of a choice game names the choice that makes it P", () => {
  const entry = GAMES.find((candidate) => candidate.strategy?.kind === "choice");
  const rules = parseRules(entry.rules);
  const strategy = strategyOf(entry);
  for (let x = 0n; x < BOARD; x++) {
    for (let y = 0n; y < BOARD; y++) {
      if (!onBoard(rules, x, y) || !strategy.isP(x, y)) continue;
      const { why } = analysePosition(rules, strategy, x, y);
      assert.match(why, /^the second player chooses (the rectangle x < \d+, y < \d+|no rectangle) before the first move, and in that game /);
    }
  }
});

test("piles with a thousand digits are answered exactly", () => {
  for (const id of ["wythoff", "wythoff-misere", "connell-k3", "fraenkel-a3", "larsson-blocking-m2-p3", "larsson-shifted-m2-p3-l1", "modular-m3"]) {
    const entry = game(id);
    const rules = parseRules(entry.rules);
    const strategy = strategyOf(entry);
    const pair = entry.strategy.pair ?? entry.strategy;
    let [x, y] = [10n ** 999n + 12345n, 3n * 10n ** 999n + 7n];
    if (pair.theta) {
      // a P-position of the formula with index j = l (mod p)
      const [p, l] = (pair.orientation ?? [1, 0]).map(BigInt);
      const j = 10n ** 999n * p + l;
      x = floorTimes(fromTheta(pair.theta), j);
      y = x + BigInt(pair.gap) * j;
    }
    for (const [a, b] of [[x, y], [x + 1n, y], [x, y + 2n], [y, x + 3n]]) {
      const { status, moves } = analysePosition(rules, strategy, a, b);
      if (pair.theta && a === x && b === y) assert.equal(status, "P", id);
      for (const { target } of moves) {
        assert.ok(isLegal(rules, [a, b], target));
        assert.ok(strategy.isP(...target));
      }
    }
  }
});

test("pile sizes: non-negative integers of any size, anything else refused with a message", () => {
  assert.equal(parsePileSize("48"), 48n);
  assert.equal(parsePileSize(" 1 000 000 "), 1000000n);
  assert.equal(parsePileSize("9".repeat(1000)), 10n ** 1000n - 1n);
  for (const bad of ["-3", "1.5", "abc", "", "1e9", "0x10"]) {
    assert.throws(() => parsePileSize(bad), (error) => error instanceof RangeError && /non-negative whole number/.test(error.message), bad);
  }
});

test("positions in the removed rectangle are refused with the engine's message", () => {
  const entry = game("larsson-shifted-m2-p3-l1");
  const strategy = strategyOf(entry);
  assert.throws(() => strategy.isP(3n, 1n), { message: "(3, 1) lies in the removed rectangle x < 4, y < 2" });
  assert.throws(() => strategy.winningMoves(0n, 0n), RangeError);
  assert.doesNotThrow(() => strategy.isP(4n, 1n));
});

test("games without a formula refuse positions beyond their table", () => {
  const entry = GAMES.find((candidate) => candidate.strategy === null);
  const strategy = strategyOf(entry);
  const limit = BigInt(entry.ppositions_max);
  assert.doesNotThrow(() => strategy.isP(limit, limit));
  assert.throws(() => strategy.isP(0n, limit + 1n), /beyond the known P-positions/);
  assert.throws(() => makeStrategy(entry), /P-positions are needed/);
});

test("a game's stored pairs (c, d) decide every position up to their last settled line, as the board's brute force", () => {
  const symmetric = GAMES.filter((entry) => entry.strategy === null && entry.symmetric);
  assert.ok(symmetric.length >= 2);
  for (const entry of symmetric) {
    const rules = parseRules(entry.rules);
    const solved = solveBoard(rules, BOARD);
    const pairs = parsePositionsCsv(readFileSync(join(SITE, entry.csv), "utf8"))
      .filter(([x, y]) => x <= y)
      .sort(([a, b], [c, d]) => (a === c ? Number(b - d) : Number(a - c)));
    // the first pairs up to the one whose c is 9, as the solver stores them: line 9 may miss some
    const stored = pairs.slice(0, pairs.findIndex(([c]) => c > 9n));
    const settled = stored.at(-1)[0] - 1n;
    const strategy = pairsStrategy(rules, stored, settled);
    for (let x = 0n; x < BOARD; x++) {
      for (let y = 0n; y < BOARD; y++) {
        const where = `${entry.id} (${x}, ${y})`;
        if (!onBoard(rules, x, y)) continue;
        if ((x < y ? x : y) > settled) {
          assert.throws(() => strategy.isP(x, y), (error) => error.beyond && /smaller pile of at most/.test(error.message), where);
          continue;
        }
        const { status, moves } = analysePosition(rules, strategy, x, y);
        assert.equal(status, solved.get(`${x},${y}`), where);
        for (const { target } of moves) assert.equal(solved.get(target.join(",")), "P", `${where} -> ${target}`);
        if (status === "N") assert.ok(moves.length > 0, `${where}: a winning move`);
      }
    }
  }
});

test("rules and moves in words", () => {
  assert.equal(describeRules(parseRules(game("connell-k3").rules)),
    "Take a positive multiple of 3 from one pile, or the same number from both piles.");
  const blocking = parseRules(game("larsson-blocking-m2-p3").rules);
  assert.match(describeRules(blocking), /may forbid up to 2 of the mover's one-pile moves/);
  assert.equal(describeMove(blocking, [0n, 9n], [0n, 4n]), "take 5 from the second pile (a one-pile move, which the opponent may forbid)");
  assert.match(describeMove(blocking, [0n, 9n], [0n, 8n]), /cannot be forbidden/);
  assert.equal(describeMove(blocking, [5n, 9n], [3n, 6n]), "take 2 from the first pile and 3 from the second (a two-pile move with |k − l| < 2)");
  const modular = parseRules(game("modular-m2").rules);
  assert.equal(describeMove(modular, [9n, 9n], [3n, 5n]), "take 6 from the first pile and 4 from the second (a two-pile move with k ≡ l (mod 2))");
  const misere = game("wythoff-misere");
  const answer = analysePosition(parseRules(misere.rules), strategyOf(misere), 0n, 0n);
  assert.deepEqual(answer, { status: "N", moves: [] });
});

test("the position checker's form: game by ID or name, query string, answers and messages", () => {
  assert.equal(findGame(GAMES, " connell-k3 ").id, "connell-k3");
  assert.equal(findGame(GAMES, game("fraenkel-a2").name.toUpperCase()).id, "fraenkel-a2");
  assert.equal(findGame(GAMES, "connell-k99"), null);
  assert.deepEqual(readQuery("?game=connell-k3&x=14&y=48"), { game: "connell-k3", x: "14", y: "48" });
  assert.deepEqual(readQuery(""), { game: "", x: "", y: "" });

  const answer = answerPosition(game("connell-k3"), "14", "48");
  assert.deepEqual([answer.status, answer.x, answer.y, answer.method], ["P", 14n, 48n, "formula"]);
  assert.match(answerPosition(game("connell-k3"), "14", "-1").error, /^The second pile \(y\) must be a non-negative whole number/);
  assert.match(answerPosition(game("larsson-shifted-m2-p3-l1"), "0", "0").error, /^\(0, 0\) lies in the removed rectangle/);
  const table = GAMES.find((entry) => entry.strategy === null);
  const csv = parsePositionsCsv(readFileSync(join(SITE, table.csv), "utf8"));
  assert.equal(answerPosition(table, "0", "0", csv).method, "table");
  assert.match(answerPosition(table, "0", String(table.ppositions_max + 1), csv).error, /^\(0, \d+\) is beyond the known P-positions/);
});

const opened = await fixtureDatabase(SITE, "games");

test("games without formula: the P-positions read from the database decide as the whole table does", { skip: !opened && "sqlite-wasm-http is not installed" }, () => {
  const tables = GAMES.filter((entry) => entry.strategy === null);
  assert.ok(tables.length >= 2);
  let read = 0;
  for (const entry of tables) {
    const all = parsePositionsCsv(readFileSync(join(SITE, entry.csv), "utf8"));
    const limit = BigInt(entry.ppositions_max);
    for (const [x, y] of [[0n, 0n], [3n, 9n], [9n, 3n], [limit, limit], [limit - 7n, limit], [limit, 11n], [17n, 29n]]) {
      const sql = reachableSql(entry, x, y);
      const rows = runQuery(opened.sqlite3, opened.db, sql).rows;
      if (x + y < limit) assert.ok(rows.length < all.length, `${entry.id} (${x}, ${y}) reads only what it needs`);
      read += rows.length;
      const fromDatabase = answerPosition(entry, String(x), String(y), rows);
      const fromTable = answerPosition(entry, String(x), String(y), all);
      assert.deepEqual(fromDatabase, fromTable, `${entry.id} (${x}, ${y})`);
    }
    assert.equal(reachableSql(entry, limit + 1n, 0n), null, "beyond the bound: nothing to read");
    assert.match(answerPosition(entry, String(limit + 1n), "0", []).error, new RegExp(`at most ${limit}$`));
  }
  assert.ok(read > 0);
});

test("a winning move's P-position is named by its index n in the game's coordinate sequences", () => {
  const wythoff = { id: "wythoff", symmetric: true, ppositions_max: 100, coordinates: [["wythoff-a", "wythoff-b"]] };
  assert.equal(indexSql(wythoff, [[5n, 3n], [1n, 2n], [200n, 3n]]),
    "SELECT x, y, n, class FROM p_positions WHERE game_id = 'wythoff' AND ((x = 3 AND y = 5) OR (x = 1 AND y = 2))");
  assert.equal(indexSql(wythoff, [[101n, 3n]]), null);
  const rows = [[3n, 5n, 2n, null], [1n, 2n, 1n, null]];
  assert.deepEqual(reachedIndex(wythoff, [3n, 5n], rows), { n: "2", lower: "wythoff-a", upper: "wythoff-b", cls: null });
  assert.deepEqual(reachedIndex(wythoff, [5n, 3n], rows), { n: "2", lower: "wythoff-b", upper: "wythoff-a", cls: null });
  assert.equal(reachedIndex(wythoff, [4n, 7n], rows), null);
  const connell = { id: "connell-k3", symmetric: true, ppositions_max: 100,
    coordinates: [["connell-k3-u0", "connell-k3-v0"], ["connell-k3-u1", "connell-k3-v1"]] };
  assert.deepEqual(reachedIndex(connell, [5n, 1n], [[1n, 5n, 1n, 1n]]),
    { n: "1", lower: "connell-k3-v1", upper: "connell-k3-u1", cls: "1" });
});
