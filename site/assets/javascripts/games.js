// Rules and strategies of the two-pile games, for the position checker.
//
// Ports of the Python engine: builder/core/games/rules.py (what a legal move
// is), builder/core/games/strategy.py (BeattyPairStrategy and the solved-board
// strategy) and the misère and finite-set strategies of the Wythoff and
// Modular families. Positions are [x, y] pairs of BigInts; nothing here
// touches the DOM, so Node can test it.

import { ceilDiv, floorDiv, floorTimes, fromTheta, mod, plus, preimage, toBigInt } from "./exact.js";

// ----------------------------------------------------------------------------- rules

// The rules object of the site's data on a game ({rook_modulus, rook_residues, bishop, modular,
// blocking, blocking_reach, rect, rectangle_choices, misere}) with BigInt numbers.
// `reach`: one-pile moves shorter than this cannot be forbidden (by default the
// bishop's m); `choices`: the rectangles the second player chooses between
// before the first move.
export function parseRules(rules) {
  const [w, h] = rules.rect ?? [0, 0];
  const bishop = toBigInt(rules.bishop ?? 0);
  return {
    rookModulus: toBigInt(rules.rook_modulus ?? 1),
    rookResidues: (rules.rook_residues ?? [0]).map(toBigInt),
    bishop,
    modular: toBigInt(rules.modular ?? 0),
    blocking: toBigInt(rules.blocking ?? 1),
    reach: rules.blocking_reach === null || rules.blocking_reach === undefined ? bishop : toBigInt(rules.blocking_reach),
    ownReach: rules.blocking_reach !== null && rules.blocking_reach !== undefined,
    rect: [toBigInt(w), toBigInt(h)],
    choices: (rules.rectangle_choices ?? []).map(([cw, ch]) => [toBigInt(cw), toBigInt(ch)]),
    misere: Boolean(rules.misere),
  };
}

// The rules once the second player has chosen the rectangle `rect`.
export function chosenRules(rules, rect) {
  return { ...rules, rect, choices: [] };
}

// Whether (x, y) is on the board: non-negative and outside the removed rectangle
// (of some choice, when the second player chooses one).
export function onBoard(rules, x, y) {
  if (rules.choices.length) return rules.choices.some((rect) => onBoard(chosenRules(rules, rect), x, y));
  const [w, h] = rules.rect;
  return x >= 0n && y >= 0n && !(x < w && y < h);
}

// Whether a one-pile move may take `length` counters (its residue is allowed).
function rookLengthAllowed(rules, length) {
  return length > 0n && rules.rookResidues.includes(mod(length, rules.rookModulus));
}

// Taking k from the first pile and l from the second is an m-bishop move (|k - l| < m).
export function isBishopMove(rules, k, l) {
  const difference = k > l ? k - l : l - k;
  return rules.bishop > 0n && k >= 0n && l >= 0n && k + l > 0n && difference < rules.bishop;
}

// Taking k and l is a rook move: from exactly one pile, an allowed length.
export function isRookMove(rules, k, l) {
  if (k < 0n || l < 0n || (k > 0n) === (l > 0n)) return false;
  return rookLengthAllowed(rules, k + l);
}

// Taking k > 0 and l > 0 with k = l (mod m) is a modular move.
export function isModularMove(rules, k, l) {
  return rules.modular > 0n && k > 0n && l > 0n && mod(k - l, rules.modular) === 0n;
}

// Whether one move takes `start` to `target` (both on the board).
export function isLegal(rules, [x, y], [x2, y2]) {
  if (!onBoard(rules, x, y) || !onBoard(rules, x2, y2)) return false;
  const [k, l] = [x - x2, y - y2];
  return isRookMove(rules, k, l) || isBishopMove(rules, k, l) || isModularMove(rules, k, l);
}

// Whether the previous player may forbid this move (blocking games): a rook
// move of `reach` counters or more (by default: one that is not also a bishop move).
export function isBlockable(rules, [x, y], [x2, y2]) {
  const [k, l] = [x - x2, y - y2];
  return rules.blocking > 1n && isRookMove(rules, k, l) && k + l >= rules.reach;
}

// A legal move in words, with its kind: "take 37 from the second pile (a one-pile move)".
export function describeMove(rules, [x, y], [x2, y2]) {
  const [k, l] = [x - x2, y - y2];
  const onePile = k === 0n || l === 0n;
  const take = onePile ? `take ${k + l} from the ${k ? "first" : "second"} pile`
    : k === l ? `take ${k} from both piles` : `take ${k} from the first pile and ${l} from the second`;
  let kind;
  const blockable = isBlockable(rules, [x, y], [x2, y2]);
  if (isBishopMove(rules, k, l)) {
    if (onePile) {
      kind = isRookMove(rules, k, l) ? "a one-pile move" : `a one-pile move allowed by |k − l| < ${rules.bishop}`;
      if (blockable) kind += ", which the opponent may forbid";
      else if (rules.blocking > 1n) kind += ` shorter than ${rules.reach}, so it cannot be forbidden`;
    } else {
      kind = k === l ? "a diagonal move" : `a two-pile move with |k − l| < ${rules.bishop}`;
    }
  } else if (isRookMove(rules, k, l)) {
    kind = blockable ? "a one-pile move, which the opponent may forbid"
      : rules.blocking > 1n ? `a one-pile move shorter than ${rules.reach}, which cannot be forbidden` : "a one-pile move";
  } else {
    kind = `a two-pile move with k ≡ l (mod ${rules.modular})`;
  }
  return `${take} (${kind})`;
}

// The rules in words (a port of Rules.describe), shown under the game's name.
export function describeRules(rules) {
  const parts = [];
  if (rules.rookResidues.length) {
    const m = rules.rookModulus;
    let amount = `a positive number congruent to one of ${rules.rookResidues.join(", ")} modulo ${m}`;
    if (m === 1n) amount = "any positive number";
    else if (rules.rookResidues.length === 1 && rules.rookResidues[0] === 0n) amount = `a positive multiple of ${m}`;
    parts.push(`take ${amount} from one pile`);
  }
  if (rules.bishop === 1n) parts.push("the same number from both piles");
  else if (rules.bishop > 1n) parts.push(`k from one pile and l from the other with k + l > 0 and |k − l| < ${rules.bishop}`);
  if (rules.modular) parts.push(`k > 0 from one pile and l > 0 from the other with k ≡ l (mod ${rules.modular})`);
  let text = parts.join(", or ");
  text = text[0].toUpperCase() + text.slice(1) + ".";
  if (rules.blocking > 1n) {
    const forbid = ` Before each move the previous player may forbid up to ${rules.blocking - 1n}`;
    if (!rules.ownReach) {
      const which = rules.bishop > 1n ? ` (those that take ${rules.bishop} or more)` : "";
      text += `${forbid} of the mover's one-pile moves that are not also moves of the second kind${which}.`;
    } else if (rules.reach <= 1n) {
      text += `${forbid} of the mover's one-pile moves.`;
    } else {
      text += `${forbid} of the mover's one-pile moves that take ${rules.reach} or more.`;
    }
  }
  const [w, h] = rules.rect;
  if (w && h) text += ` No move may enter the rectangle x < ${w}, y < ${h}.`;
  if (rules.choices.length) {
    const listed = rules.choices.map(([cw, ch]) => (cw && ch ? `x < ${cw}, y < ${ch}` : "none")).join(", or ");
    text += " Before the first move the second player chooses the rectangle that no move " +
      `may enter for the rest of the game: ${listed}.`;
  }
  if (rules.misere) text += " The player who takes the last counter loses (misère play).";
  return text;
}

// Refuse positions that are not on the board, with the engine's messages.
export function checkPosition(rules, x, y) {
  if (x < 0n || y < 0n) throw new RangeError("pile sizes must be non-negative");
  if (!onBoard(rules, x, y)) {
    const [w, h] = rules.rect;
    throw new RangeError(`(${x}, ${y}) lies in the removed rectangle x < ${w}, y < ${h}`);
  }
}

// The moves a winner needs among the P-options: one that cannot be forbidden,
// else `blocking` forbiddable ones (the opponent can forbid all but one).
function movesToPlay(rules, position, options) {
  const unblockable = options.filter((target) => !isBlockable(rules, position, target));
  if (unblockable.length) return unblockable.slice(0, 1);
  if (options.length >= Number(rules.blocking)) return options.slice(0, Number(rules.blocking));
  throw new Error(`(${position[0]}, ${position[1]}) is not a P-position but has no winning move`);
}

const key = ([x, y]) => `${x},${y}`;

// `moves` from (x, y), each once, largest first, comparing first the pile that is the
// smaller at (x, y) (the first when x = y): so (y, x) lists the mirror images of the
// moves of (x, y) in the same order (a port of strategy.answer_order, which the
// command line uses: the two answer alike).
export function answerOrder(x, y, moves) {
  const unique = [...new Map(moves.map((move) => [key(move), move])).values()];
  const ranked = x <= y ? ([a, b]) => [a, b] : ([a, b]) => [b, a];
  return unique.sort((s, t) => {
    const [[a, b], [c, d]] = [ranked(s), ranked(t)];
    return a === c ? compare(d, b) : compare(c, a);
  });
}

// Every winning move of a strategy with isP and pOptions: each move to a P-position
// (in a game with blocking, the mover plays whichever the opponent left allowed), in
// answerOrder; none from a P-position (whose P-options, in a game with blocking, the
// opponent may forbid all).
function everyWinningMove(strategy) {
  return (x, y) => (strategy.isP(x, y) ? [] : answerOrder(x, y, strategy.pOptions(x, y)));
}

// ----------------------------------------------------------------------------- strategies
// Every strategy has isP(x, y) and winningMoves(x, y) (empty for P-positions and
// for N-positions without a move), both refusing positions off the board.

// P-positions (a_j, b_j), a_j = floor(j theta), b_j = a_j + gap*j, and mirror
// images; with orientation [p, l] only (a_j, b_j) for j = l mod p and (b_j, a_j)
// for j = -l mod p, j > 0 (a port of BeattyPairStrategy).
export function beattyPairStrategy(rules, { theta, gap, orientation }) {
  const lower = fromTheta(theta);
  const g = toBigInt(gap);
  const upper = plus(lower, g);
  const [p, l] = orientation ? orientation.map(toBigInt) : [null, null];
  const forward = (j) => p === null || mod(j, p) === l; // (a_j, b_j) is a P-position
  const mirror = (j) => p === null || (j > 0n && mod(j + l, p) === 0n); // (b_j, a_j) is
  const a = (j) => floorTimes(lower, j);
  const b = (j) => a(j) + g * j;

  function isP(x, y) {
    checkPosition(rules, x, y);
    if (y >= x && mod(y - x, g) === 0n) {
      const j = (y - x) / g;
      if (forward(j) && a(j) === x) return true;
    }
    if (x >= y && mod(x - y, g) === 0n) {
      const j = (x - y) / g;
      if (mirror(j) && a(j) === y) return true;
    }
    return false;
  }

  // The P-positions one legal move away: only the two lines through (x, y)
  // and the few diagonals a two-pile move reaches can hold one.
  function pOptions(x, y) {
    checkPosition(rules, x, y);
    const candidates = [];
    for (const j of preimage(lower, x)) if (forward(j)) candidates.push([x, b(j)]);
    for (const j of preimage(upper, x)) if (mirror(j)) candidates.push([x, a(j)]);
    for (const j of preimage(upper, y)) if (forward(j)) candidates.push([a(j), y]);
    for (const j of preimage(lower, y)) if (mirror(j)) candidates.push([b(j), y]);
    if (rules.bishop) {
      const d = y - x;
      const [low, high] = [d - rules.bishop + 1n, d + rules.bishop - 1n]; // window for y' - x'
      for (let j = max(0n, ceilDiv(low, g)); j <= floorDiv(high, g); j++) {
        if (forward(j)) candidates.push([a(j), b(j)]);
      }
      for (let j = max(0n, ceilDiv(-high, g)); j <= floorDiv(-low, g); j++) {
        if (mirror(j)) candidates.push([b(j), a(j)]);
      }
    }
    const seen = new Map();
    for (const target of candidates) {
      if (!(target[0] === x && target[1] === y) && isLegal(rules, [x, y], target)) {
        if (!seen.has(key(target))) seen.set(key(target), target);
      }
    }
    return [...seen.values()];
  }

  function winningMoves(x, y) {
    return isP(x, y) ? [] : movesToPlay(rules, [x, y], pOptions(x, y));
  }

  // Index j of the pair (a_j, b_j) that (x, y) or its mirror image is, or null.
  function indexOf(x, y) {
    const [small, large] = x <= y ? [x, y] : [y, x];
    return mod(large - small, g) === 0n && a((large - small) / g) === small ? (large - small) / g : null;
  }

  const strategy = { kind: "formula", isP, pOptions, winningMoves, indexOf };
  return { ...strategy, everyWinningMove: everyWinningMove(strategy) };
}

const max = (a, b) => (a > b ? a : b);

// Misère play: normal play's P-positions with index j >= 2, plus the
// exceptions and their mirrors; (0, 0) is an N-position with no move.
export function misereStrategy(rules, { pair, exceptions }) {
  const normal = beattyPairStrategy(rules, pair);
  const extra = exceptions.map((position) => position.map(toBigInt));
  const extraKeys = new Set(extra.flatMap(([x, y]) => [key([x, y]), key([y, x])]));

  function isP(x, y) {
    checkPosition(rules, x, y);
    if (extraKeys.has(key([x, y]))) return true;
    const j = normal.indexOf(x, y);
    return j !== null && j >= 2n && normal.isP(x, y);
  }

  // the misère P-positions one move away: normal play's that stay P, and the exceptions
  function pOptions(x, y) {
    checkPosition(rules, x, y);
    const candidates = [...normal.pOptions(x, y), ...extra, ...extra.map(([a, b]) => [b, a])];
    return candidates.filter((target) => isLegal(rules, [x, y], target) && isP(...target));
  }

  function winningMoves(x, y) {
    if (isP(x, y) || (x === 0n && y === 0n)) return [];
    const move = pOptions(x, y)[0];
    if (!move) throw new Error(`(${x}, ${y}) is not a P-position but has no winning move`);
    return [move];
  }

  const strategy = { kind: "formula", isP, pOptions, winningMoves };
  return { ...strategy, everyWinningMove: everyWinningMove(strategy) };
}

// A finite P-set (both orientations listed): P iff listed; a winning move is a
// legal move to a member (the Modular Wythoff strategy).
export function finiteStrategy(rules, { positions }) {
  const members = positions.map((position) => position.map(toBigInt));
  const memberKeys = new Set(members.map(key));

  function isP(x, y) {
    checkPosition(rules, x, y);
    return memberKeys.has(key([x, y]));
  }

  function pOptions(x, y) {
    checkPosition(rules, x, y);
    return members.filter((target) => isLegal(rules, [x, y], target));
  }

  function winningMoves(x, y) {
    return isP(x, y) ? [] : movesToPlay(rules, [x, y], pOptions(x, y));
  }

  const strategy = { kind: "formula", isP, pOptions, winningMoves };
  return { ...strategy, everyWinningMove: everyWinningMove(strategy) };
}

// A game without a formula: its P-positions are the rows given (from the
// database's p_positions), complete for both coordinates <= limit (symmetric
// games list x <= y only).
export function tableStrategy(rules, rows, limit, symmetric) {
  const bound = toBigInt(limit);
  const positions = rows.map((row) => row.map(toBigInt));
  if (symmetric) positions.push(...positions.map(([x, y]) => [y, x]));
  const listed = new Map(positions.map((position) => [key(position), position]));

  function check(x, y) {
    checkPosition(rules, x, y);
    if (x > bound || y > bound) {
      throw beyond(`(${x}, ${y}) is beyond the known P-positions: this game has no formula, and its ` +
        `P-positions are known here only for both piles at most ${bound}`);
    }
  }

  return { kind: "table", ...listedAnswers(rules, listed, check) };
}

// isP, pOptions, winningMoves and everyWinningMove of a game answered from `listed`
// P-positions (key -> [x, y]), once `check(x, y)` has said the list decides the position.
function listedAnswers(rules, listed, check) {
  function isP(x, y) {
    check(x, y);
    return listed.has(key([x, y]));
  }

  function pOptions(x, y) {
    check(x, y);
    return [...listed.values()]
      .filter((target) => isLegal(rules, [x, y], target))
      .sort(([a, b], [c, d]) => (a === c ? compare(d, b) : compare(c, a))); // largest first, as the engine
  }

  function winningMoves(x, y) {
    return isP(x, y) ? [] : movesToPlay(rules, [x, y], pOptions(x, y));
  }

  const strategy = { isP, pOptions, winningMoves };
  return { ...strategy, everyWinningMove: everyWinningMove(strategy) };
}

const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

// The error of a position the data cannot decide (`beyond` set: the checker then says
// what the command line would do).
function beyond(message) {
  return Object.assign(new RangeError(message), { beyond: true });
}

// A game without a formula on a symmetric board, answered from its pairs (c(n), d(n)),
// c <= d, sorted by (c, d): the sequences <game>-c and <game>-d of the database. The
// solver settles the lines x = 0, 1, 2, ... and stores the first pairs it found, so
// every pair whose c is below the last stored pair's c is there, and line c_last may
// miss some: `settled` = c_last - 1, as the engine's SparseSolver.settled says of its
// lines. A position is decided when its smaller pile is at most `settled`: its
// P-options lie on lines no higher. `rows` are [c, d] pairs, at least those a move
// from the position asked can reach.
export function pairsStrategy(rules, rows, settled) {
  const bound = toBigInt(settled);
  const pairs = rows.map((row) => row.map(toBigInt));
  const listed = new Map(pairs.flatMap(([c, d]) => [[key([c, d]), [c, d]], [key([d, c]), [d, c]]]));

  function check(x, y) {
    checkPosition(rules, x, y);
    if ((x < y ? x : y) > bound) {
      throw beyond(`(${x}, ${y}) is beyond the stored pairs: this game has no formula, and its ` +
        `P-positions are known here only for a smaller pile of at most ${bound}`);
    }
  }

  return { kind: "pairs", ...listedAnswers(rules, listed, check), settled: bound };
}

// The rows [x, y] of a game's CSV export (columns n,x,y,class, with a header).
export function parsePositionsCsv(text) {
  const lines = text.trim().split(/\r?\n/);
  const header = lines.shift().split(",");
  const [ix, iy] = [header.indexOf("x"), header.indexOf("y")];
  return lines.filter((line) => line.trim()).map((line) => {
    const cells = line.split(",");
    return [BigInt(cells[ix]), BigInt(cells[iy])];
  });
}

// The strategy of one game of the site's data; `positions` ([x, y] pairs of its stored
// P-positions, at least those a move from the position asked can reach) is needed
// (only) when the game has no formula ("strategy": null).
export function makeStrategy(game, positions = null, rules = parseRules(game.rules)) {
  const data = game.strategy;
  if (data === null || data === undefined) {
    if (positions === null) throw new Error(`${game.id} has no formula: its P-positions are needed`);
    return tableStrategy(rules, positions, game.ppositions_max, game.symmetric);
  }
  if (!Object.hasOwn(STRATEGIES, data.kind)) {
    throw new Error(`${game.id}: unknown kind of strategy ${JSON.stringify(data.kind)}`);
  }
  return STRATEGIES[data.kind](rules, data);
}

// The strategies of a formula by the kind the site's data gives it (the database's
// games.strategy, whose kinds wythoff.db.vocabulary.STRATEGY_KINDS names: the tests
// hold the two to each other).
export const STRATEGIES = Object.freeze({
  "beatty-pair": beattyPairStrategy,
  misere: misereStrategy,
  finite: finiteStrategy,
  choice: choiceStrategy,
});

// The games the second player chooses between, each as {rules, strategy}: the rules
// with the chosen rectangle, and that game's strategy.
export function choiceVariants(rules, variants) {
  return variants.map(({ rectangle, strategy }) => {
    const chosen = chosenRules(rules, rectangle.map(toBigInt));
    return { rules: chosen, strategy: makeStrategy({ id: "choice", rules: {}, strategy }, null, chosen) };
  });
}

// The second player chooses one of several games before the first move (Larsson's
// m x p WN): P when some choice makes the position P; from an N-position the winning
// move depends on the choice, so `responses` gives one for each (a port of ChoiceStrategy).
export function choiceStrategy(rules, { variants }) {
  const choices = choiceVariants(rules, variants);

  function isP(x, y) {
    checkPosition(rules, x, y);
    return choices.some((choice) => onBoard(choice.rules, x, y) && choice.strategy.isP(x, y));
  }

  // for each choice the game can start in, every winning move in it (`target`: the first)
  function responses(x, y) {
    if (isP(x, y)) return [];
    // a choice whose removed rectangle holds the position is no choice: the game cannot start there
    return choices.filter((choice) => onBoard(choice.rules, x, y)).map((choice) => {
      const targets = choice.strategy.everyWinningMove(x, y);
      return { rules: choice.rules, target: targets[0], targets };
    });
  }

  // the choice the second player makes to win from the P-position (x, y): {rules, strategy}
  function choiceFor(x, y) {
    return choices.find((choice) => onBoard(choice.rules, x, y) && choice.strategy.isP(x, y)) ?? null;
  }

  // the moves to a P-position of some choice the game can start in
  function pOptions(x, y) {
    checkPosition(rules, x, y);
    return choices.filter((choice) => onBoard(choice.rules, x, y))
      .flatMap((choice) => choice.strategy.pOptions(x, y));
  }

  function winningMoves(x, y) {
    const seen = new Map(responses(x, y).map(({ target }) => [key(target), target]));
    return [...seen.values()];
  }

  const strategy = { kind: "formula", isP, pOptions, winningMoves, responses, choiceFor };
  return { ...strategy, everyWinningMove: everyWinningMove(strategy) };
}

// A pile size typed by the user: digits only (spaces ignored), any length.
export function parsePileSize(text, label = "pile") {
  const digits = String(text).replace(/\s+/g, "");
  if (!/^\d+$/.test(digits)) {
    const shown = digits === "" ? "nothing" : `"${digits.length > 40 ? digits.slice(0, 40) + "…" : digits}"`;
    throw new RangeError(`The ${label} must be a non-negative whole number written with the digits 0–9 (got ${shown}).`);
  }
  return BigInt(digits);
}

// The answer for (x, y): {status: "P" | "N", moves: [{target, words, blockable}], why}:
// every winning move, in answerOrder (the command line's `moves`), and for a P-position
// why the previous player wins (whyP).  In a game where the second player chooses a
// rectangle, every winning move for each choice, each with `choice` (the rectangle).
// An N-position without moves (misère (0, 0)) has status "N" and no moves.
// Throws a RangeError with a message for positions off the board or beyond a table.
export function analysePosition(rules, strategy, x, y) {
  if (strategy.isP(x, y)) return { status: "P", moves: [], why: whyP(rules, strategy, x, y) };
  if (strategy.responses) {
    // every winning move for each rectangle the second player may have chosen
    const moves = strategy.responses(x, y).flatMap(({ rules: chosen, targets }) =>
      targets.map((target) => ({
        target,
        words: `if the second player chose ${rectangleWords(chosen.rect)}: ${describeMove(chosen, [x, y], target)}`,
        blockable: isBlockable(chosen, [x, y], target),
        choice: chosen.rect,
      })));
    return { status: "N", moves };
  }
  const moves = strategy.everyWinningMove(x, y).map((target) => ({
    target,
    words: describeMove(rules, [x, y], target),
    blockable: isBlockable(rules, [x, y], target),
  }));
  return { status: "N", moves };
}

const rectangleWords = ([w, h]) => (w && h ? `the rectangle x < ${w}, y < ${h}` : "no rectangle");

// Why the previous player wins from the P-position (x, y), in words true of the game's
// kind: in normal and misère play every move leads to an N-position; in a game with
// blocking a move may reach a P-position, but the previous player may forbid every such
// move (Larsson's Example 1: (0, 2) of 2WN^(2) is P, with a move to (0, 0)); where the
// second player chooses a rectangle, the choice that makes (x, y) a P-position.
export function whyP(rules, strategy, x, y) {
  if (strategy.choiceFor) {
    const { rules: chosen, strategy: game } = strategy.choiceFor(x, y);
    return `the second player chooses ${rectangleWords(chosen.rect)} before the first move, and in ` +
      `that game ${whyP(chosen, game, x, y)}`;
  }
  const options = rules.blocking > 1n ? answerOrder(x, y, strategy.pOptions(x, y)) : [];
  if (!options.length) return "every move leads to an N-position";
  const listed = options.map(([a, b]) => `(${a}, ${b})`).join(", ");
  const which = options.length === 1 ? `the only move to a P-position, to ${listed}, is a one-pile move`
    : `the ${options.length} moves to P-positions, to ${listed}, are one-pile moves`;
  return `${which} that the previous player may forbid (up to ${rules.blocking - 1n} before each move): ` +
    `they forbid ${options.length === 1 ? "it" : "them all"}, and every move left leads to an N-position`;
}
