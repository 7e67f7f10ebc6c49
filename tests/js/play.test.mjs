// play.js: the computer's moves and forbids in every small game, whole games played
// by two perfect players, the person's moves refused when illegal, and the starts.
// The data is assets/data/games.json and the CSV files as the build writes them
// (tests/e2e/test_js.py makes them from the catalog).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { isLegal, onBoard, parsePositionsCsv } from "../../site/assets/javascripts/games.js";
import {
  computerChoice, computerForbids, computerMove, forbiddable, labelStep, legalMoves, Match, prepare, randomStart,
  readStart, refereeFor, startFromQuery, startLimit,
} from "../../site/assets/javascripts/play.js";
import { fixtures } from "./fixtures.mjs";

const SITE = fixtures();
const GAMES = JSON.parse(readFileSync(join(SITE, "assets", "data", "games.json"), "utf8")).games;
const SIDE = 12; // every start with both piles at most SIDE is played

function prepared(entry) {
  const positions = entry.strategy ? null : parsePositionsCsv(readFileSync(join(SITE, entry.csv), "utf8"));
  return prepare(entry, positions);
}

// The referees of a game: one, or one per rectangle for a game of choice.
function referees(entry) {
  const ready = prepared(entry);
  return ready.variants ? ready.variants.map((_, i) => refereeFor(ready, i)) : [refereeFor(ready)];
}

function* starts(referee) {
  for (let x = 0; x <= SIDE; x++) {
    for (let y = 0; y <= SIDE; y++) {
      if (onBoard(referee.rules, BigInt(x), BigInt(y))) yield [x, y];
    }
  }
}

test("legal moves are exactly the positions isLegal accepts", () => {
  for (const entry of GAMES) {
    for (const referee of referees(entry)) {
      for (const [x, y] of [[7, 9], [12, 5], [3, 3]]) {
        const brute = [];
        for (let a = 0; a <= x; a++) {
          for (let b = 0; b <= y; b++) {
            if (isLegal(referee.rules, [BigInt(x), BigInt(y)], [BigInt(a), BigInt(b)])) brute.push(`${a},${b}`);
          }
        }
        const found = legalMoves(referee.rules, x, y).map(([a, b]) => `${a},${b}`);
        assert.deepEqual([...found].sort(), brute.sort(), `${entry.id} from (${x}, ${y})`);
        assert.equal(new Set(found).size, found.length, `${entry.id}: no move twice`);
      }
    }
  }
});

test("from an N-position the computer moves to a P-position; from a P-position to its slowest option", () => {
  for (const entry of GAMES) {
    for (const referee of referees(entry)) {
      for (const [x, y] of starts(referee)) {
        const target = computerMove(referee, [x, y]);
        const options = referee.moves(x, y);
        if (!options.length) {
          assert.equal(target, null);
          continue;
        }
        assert.ok(options.some(([a, b]) => a === target[0] && b === target[1]), `${entry.id}: a legal move`);
        const winning = options.filter(([a, b]) => referee.isP(a, b));
        if (winning.length) {
          assert.ok(referee.isP(...target), `${entry.id} (${x}, ${y}): the computer wins`);
          const fastest = Math.min(...winning.map(([a, b]) => referee.remoteness(a, b)));
          assert.equal(referee.remoteness(...target), fastest, `${entry.id} (${x}, ${y}): fastest win`);
        } else {
          const slowest = Math.max(...options.map(([a, b]) => referee.remoteness(a, b)));
          assert.equal(referee.remoteness(...target), slowest, `${entry.id} (${x}, ${y}): slowest loss`);
        }
      }
    }
  }
});

test("remoteness is even exactly at the P-positions of the normal-play games without blocking", () => {
  for (const entry of GAMES.filter((game) => !game.rules.misere && Number(game.rules.blocking) === 1)) {
    for (const referee of referees(entry)) {
      for (const [x, y] of starts(referee)) {
        assert.equal(referee.remoteness(x, y) % 2 === 0, referee.isP(x, y), `${entry.id} (${x}, ${y})`);
      }
    }
  }
});

// Both sides played by the computer (moves and forbids): the side to move first wins
// exactly when the start is an N-position.
test("two perfect players: the first wins exactly from the N-positions, blocking and misère included", () => {
  for (const entry of GAMES) {
    const ready = prepared(entry);
    for (const [i, referee] of referees(entry).entries()) {
      for (const start of starts(referee)) {
        const match = new Match(referee, start, false);
        let moves = 0;
        while (!match.over) {
          if (match.mover === "you") match.play(computerMove(referee, match.position, new Set(match.forbidden.map(String))));
          else {
            // the person, as the previous player, forbids what the computer would
            for (const target of computerForbids(referee, match.position)) match.toggleForbidden(target);
            match.reply();
          }
          assert.ok(++moves <= 2 * SIDE + 2, `${entry.id}: the game ends`);
        }
        const firstWins = !referee.isP(...start);
        assert.equal(match.winner(), firstWins ? "you" : "computer",
          `${entry.id}${ready.variants ? ` (choice ${i})` : ""} from (${start}): ${match.history.map((m) => `(${m.to})`).join(" ")}`);
      }
    }
  }
});

test("the computer forbids only what the rules let it forbid, at most k - 1 moves, winning ones first", () => {
  const blocking = GAMES.filter((game) => Number(game.rules.blocking) > 1);
  assert.ok(blocking.length >= 4, "the small catalog has blocking games");
  for (const entry of blocking) {
    const [referee] = referees(entry);
    for (const [x, y] of starts(referee)) {
      const forbids = computerForbids(referee, [x, y]);
      assert.ok(forbids.length <= Number(entry.rules.blocking) - 1);
      for (const target of forbids) {
        assert.ok(forbiddable(referee.rules, [x, y], target), `${entry.id}: (${target}) may be forbidden`);
        assert.ok(referee.isP(...target), `${entry.id}: a winning move is forbidden`);
      }
    }
  }
});

test("the person cannot play a forbidden or illegal move, nor forbid more than k - 1", () => {
  const entry = GAMES.find((game) => game.id === "larsson-blocking-m1-p3");
  const [referee] = referees(entry);
  // (4, 7) is N; the computer, moving second, forbids two of the winning one-pile moves
  const match = new Match(referee, [4, 7], false);
  assert.ok(match.forbidden.length > 0);
  for (const target of match.forbidden) assert.throws(() => match.play(target), RangeError);
  assert.throws(() => match.play([2, 6]), /not a move you may play/); // takes 2 and 1: no move of this game
  match.play(match.allowed()[0]);
  const candidates = match.forbiddableNow();
  for (const target of candidates) match.toggleForbidden(target);
  assert.ok(match.forbidden.length <= 2);
  assert.throws(() => match.play([0, 0]), /computer's turn/);
});

test("undo returns to the person's previous turn", () => {
  const [referee] = referees(GAMES.find((game) => game.id === "wythoff"));
  const match = new Match(referee, [9, 12], false);
  assert.equal(match.canUndo, false);
  match.play([9, 5]);
  match.reply();
  const after = match.position;
  match.play(match.allowed()[0]);
  match.reply();
  match.undo();
  assert.deepEqual(match.position, after);
  assert.equal(match.history.length, 2);
  match.undo();
  assert.deepEqual(match.position, [9, 12]);
  assert.equal(match.history.length, 0);
  assert.equal(match.mover, "you");
});

test("in a game of choice the computer, moving second, chooses a rectangle that makes the start P", () => {
  for (const entry of GAMES.filter((game) => game.strategy?.kind === "choice")) {
    const ready = prepared(entry);
    for (let x = 0; x <= SIDE; x++) {
      for (let y = 0; y <= SIDE; y++) {
        const onSome = ready.variants.filter((v) => v.strategy && isOn(v, x, y));
        if (!onSome.length) continue;
        const chosen = ready.variants[computerChoice(ready.variants, [x, y])];
        const anyP = onSome.some((v) => v.strategy.isP(BigInt(x), BigInt(y)));
        assert.equal(chosen.strategy.isP(BigInt(x), BigInt(y)), anyP, `${entry.id} (${x}, ${y})`);
      }
    }
  }
});

function isOn(variant, x, y) {
  const [w, h] = variant.rules.rect;
  return !(BigInt(x) < w && BigInt(y) < h);
}

test("starts: typed, random, limited to the board and to the known P-positions", () => {
  const wythoff = prepared(GAMES.find((game) => game.id === "wythoff"));
  assert.deepEqual(readStart(wythoff.game, wythoff.rules, " 7", "12 "), [7, 12]);
  assert.throws(() => readStart(wythoff.game, wythoff.rules, "51", "3"), /at most 50/);
  assert.throws(() => readStart(wythoff.game, wythoff.rules, "x", "3"), /non-negative whole number/);
  const table = GAMES.find((game) => !game.strategy && Number(game.ppositions_max) < 50);
  assert.ok(table, "a game without formula is known only below 50 (larsson-modulo-m3-p3-l0: 39)");
  const bound = Number(table.ppositions_max);
  assert.equal(startLimit(table), bound);
  const known = prepared(table);
  assert.deepEqual(readStart(table, known.rules, String(bound), "3"), [bound, 3]);
  assert.throws(() => readStart(table, known.rules, String(bound + 1), "3"),
    new RegExp(`at most ${bound} here, because this game has no formula and its P-positions are published only up to ${bound}`));
  const rectangle = GAMES.find((game) => !game.strategy && game.rules.rect[0] > 1 && game.rules.rect[1] > 1);
  const ready = prepared(rectangle);
  assert.throws(() => readStart(rectangle, ready.rules, "0", "0"), /removed rectangle/);
  let seed = 1;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < 200; i++) {
    const [x, y] = randomStart(ready.game, ready.rules, random);
    assert.ok(x >= 4 && y >= 4 && x <= 16 && y <= 16);
    assert.ok(legalMoves(ready.rules, x, y).length > 0);
  }
  assert.deepEqual(startFromQuery("?x=3&y=14"), [3, 14]);
  assert.equal(startFromQuery("?x=3"), null);
  assert.equal(startFromQuery("?x=-1&y=2"), null);
});

test("the axes number every square from 18 pixels on, fewer below, never overlapping", () => {
  assert.deepEqual([32, 18, 17.9, 10, 8.7, 4, 3].map(labelStep), [1, 1, 2, 2, 5, 5, 10]);
  // two digits at 0.7em of 20 px take about 16 px: the labels shown are at least that far apart
  for (const square of [3, 5, 8.7, 12, 18, 32]) assert.ok(square * labelStep(square) >= 17.4, square);
});
