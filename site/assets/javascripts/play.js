// Play a game of the catalog against perfect play: on each game page (#play, the
// game's rules and strategy embedded in the page) and on /play/ for any game by ID
// (from the site's data on every game).
//
// The computer's strategy is the game's own (games.js: its formula, or for a game
// without one the P-positions of its CSV file beside its page): from an N-position
// it moves to a P-position, the fastest win when there are several; from a
// P-position every move loses, and it takes the slowest (the option of greatest
// remoteness). In a blocking game each player, before the other moves, forbids up
// to k - 1 of the other's one-pile moves that the rules let it forbid. The logic
// above the "page" line touches no DOM, so Node tests it.

import {
  choiceVariants, describeMove, describeRules, isBlockable, isLegal, makeStrategy, onBoard,
  parsePileSize, parsePositionsCsv, parseRules,
} from "./games.js";
import { mountTool } from "./mount.js";
import * as routes from "./routes.js";
import { element } from "./dom.js";

export const PLAY_MAX = 50; // the largest pile a board is drawn for
const RANDOM_LOW = 4; // random starts have both piles in RANDOM_LOW .. RANDOM_HIGH
const RANDOM_HIGH = 16;

export const MIN_SQUARE = 32; // pixels: the board zooms to keep its squares at least this wide (tools.css)

// Which numbers label an axis of squares `square` pixels wide: every one from 18
// pixels on, else every 2nd, 5th or 10th, so that labels never overlap.
export function labelStep(square) {
  return square >= 18 ? 1 : square >= 10 ? 2 : square >= 4 ? 5 : 10;
}

const key = (x, y) => `${x},${y}`;
const big = (x, y) => [BigInt(x), BigInt(y)];

// ----------------------------------------------------------------------------- rules on a board

// Every position one legal move from (x, y), with small Number coordinates: each
// candidate the move kinds can reach, kept when games.js's isLegal accepts it.
export function legalMoves(rules, x, y) {
  const out = [];
  const consider = (x2, y2) => {
    if (isLegal(rules, big(x, y), big(x2, y2))) out.push([x2, y2]);
  };
  for (let x2 = x - 1; x2 >= 0; x2--) consider(x2, y);
  for (let y2 = y - 1; y2 >= 0; y2--) consider(x, y2);
  const [bishop, modular] = [Number(rules.bishop), Number(rules.modular)];
  for (let k = 1; k <= x; k++) {
    for (let l = 1; l <= y; l++) {
      if ((bishop && Math.abs(k - l) < bishop) || (modular && (k - l) % modular === 0)) consider(x - k, y - l);
    }
  }
  return out;
}

// Why a game has no Sprague–Grundy values, in the order of the build's
// wythoff.core.games.grundy.undefined_reason: "misere", "blocking" or "choice" (the
// keys of the reasons the page carries); null when it has them.
export function noValuesKind(rules) {
  if (rules.misere) return "misere";
  if (rules.blocking > 1n) return "blocking";
  if (rules.choices.length) return "choice";
  return null;
}

// The referee of one game: P or N of each position (from the strategy), the legal
// moves, Smith's remoteness (the number of moves left when the winner wins as
// fast as it can and the loser loses as slowly as it can; 0 when there is no move)
// and the Sprague–Grundy value (the mex of the options' values: exact for the games
// that have values, whose moves are all in `moves`; it is asked only of those).
// Every answer is remembered: a board of side 50 has 2,601 positions.
export function makeReferee(rules, strategy) {
  const pMemo = new Map();
  const movesMemo = new Map();
  const farMemo = new Map();
  const valueMemo = new Map();
  const remember = (memo, x, y, compute) => {
    const k = key(x, y);
    if (!memo.has(k)) memo.set(k, compute());
    return memo.get(k);
  };
  const isP = (x, y) => remember(pMemo, x, y, () => strategy.isP(...big(x, y)));
  const moves = (x, y) => remember(movesMemo, x, y, () => legalMoves(rules, x, y));
  function remoteness(x, y) {
    return remember(farMemo, x, y, () => {
      const options = moves(x, y);
      if (!options.length) return 0;
      const winning = isP(x, y) ? [] : options.filter(([a, b]) => isP(a, b));
      const far = (winning.length ? winning : options).map(([a, b]) => remoteness(a, b));
      return 1 + (winning.length ? Math.min(...far) : Math.max(...far));
    });
  }
  function grundy(x, y) {
    return remember(valueMemo, x, y, () => {
      const seen = new Set(moves(x, y).map(([a, b]) => grundy(a, b)));
      let value = 0;
      while (seen.has(value)) value++;
      return value;
    });
  }
  return { rules, isP, moves, remoteness, grundy };
}

// Whether the player who just moved may forbid the move (x, y) -> target.
export function forbiddable(rules, [x, y], target) {
  return isBlockable(rules, big(x, y), big(...target));
}

// The computer's move from (x, y), not one of `forbidden` (keys "x,y"): the winning
// move of least remoteness when it has one, else the losing move of greatest
// remoteness (ties: the one that takes the fewest counters); null without a move.
export function computerMove(referee, [x, y], forbidden = new Set()) {
  const allowed = referee.moves(x, y).filter(([a, b]) => !forbidden.has(key(a, b)));
  if (!allowed.length) return null;
  const winning = allowed.filter(([a, b]) => referee.isP(a, b));
  const pool = winning.length ? winning : allowed;
  const sign = winning.length ? 1 : -1;
  const cost = ([a, b]) => [sign * referee.remoteness(a, b), x + y - a - b];
  let best = pool[0];
  for (const target of pool.slice(1)) {
    const [c1, c2] = [cost(target), cost(best)];
    if (c1[0] < c2[0] || (c1[0] === c2[0] && c1[1] < c2[1])) best = target;
  }
  return best;
}

// The moves the computer forbids before the person moves from (x, y): up to k - 1
// of those the rules let it forbid, the winning ones (to P-positions) first.
export function computerForbids(referee, [x, y]) {
  const count = Number(referee.rules.blocking) - 1;
  if (count <= 0) return [];
  const candidates = referee.moves(x, y).filter((target) => forbiddable(referee.rules, [x, y], target));
  const winning = candidates.filter(([a, b]) => referee.isP(a, b));
  return winning.sort(([a, b], [c, d]) => referee.remoteness(a, b) - referee.remoteness(c, d)).slice(0, count);
}

// The rectangle the computer chooses as the second player of a game of choice
// (Larsson's m x p WN): one that makes the start a P-position if there is one,
// else the first that keeps the start on the board. Returns the variant's index.
export function computerChoice(variants, [x, y]) {
  const onIt = variants.map((variant, i) => [variant, i]).filter(([v]) => onBoard(v.rules, ...big(x, y)));
  const winning = onIt.find(([v]) => v.strategy.isP(...big(x, y)));
  return (winning ?? onIt[0])[1];
}

// The largest start a game can be played from: PLAY_MAX, or less for a game without
// a formula, whose P-positions are known only up to its ppositions_max.
export function startLimit(game) {
  return game.strategy ? PLAY_MAX : Math.min(PLAY_MAX, Number(game.ppositions_max));
}

// A start position typed by the person, as [x, y] Numbers; a RangeError with a
// message when it cannot be played (off the board, or beyond what is known).
export function readStart(game, rules, xText, yText) {
  const x = parsePileSize(xText, "first pile (x)");
  const y = parsePileSize(yText, "second pile (y)");
  const limit = startLimit(game);
  if (x > BigInt(limit) || y > BigInt(limit)) {
    const why = game.strategy ? "so that the board fits the page"
      : `because this game has no formula and its P-positions are published only up to ${game.ppositions_max}`;
    throw new RangeError(`Both piles must be at most ${limit} here, ${why}.`);
  }
  if (!onBoard(rules, x, y)) {
    const [w, h] = rules.rect;
    throw new RangeError(`(${x}, ${y}) lies in the removed rectangle x < ${w}, y < ${h}: choose a start outside it.`);
  }
  return [Number(x), Number(y)];
}

// A random start with both piles in 4 .. 16 (less for a small table), on the board
// and with at least one move. `random` returns numbers in [0, 1).
export function randomStart(game, rules, random = Math.random) {
  const high = Math.min(RANDOM_HIGH, startLimit(game));
  const low = Math.min(RANDOM_LOW, high);
  for (;;) {
    const [x, y] = [0, 0].map(() => low + Math.floor(random() * (high - low + 1)));
    if (onBoard(rules, ...big(x, y)) && legalMoves(rules, x, y).length) return [x, y];
  }
}

// One game played between "you" and "computer". The mover plays one of its allowed
// moves (legal and not forbidden); before each move in a blocking game the other
// player forbids some. `history` lists the moves in order as {by, from, to, words,
// forbidden}; undo returns to the person's previous turn.
export class Match {
  constructor(referee, start, computerFirst) {
    this.referee = referee;
    this.rules = referee.rules;
    this.start = start;
    this.position = start;
    this.mover = computerFirst ? "computer" : "you";
    this.forbidden = computerFirst ? [] : computerForbids(referee, start);
    this.history = [];
    this.snapshots = [];
  }

  // The mover's legal moves that are not forbidden.
  allowed() {
    const banned = new Set(this.forbidden.map(([a, b]) => key(a, b)));
    return this.referee.moves(...this.position).filter(([a, b]) => !banned.has(key(a, b)));
  }

  // The mover's allowed moves to P-positions: its winning moves (the hint).
  winningMoves() {
    return this.allowed().filter(([a, b]) => this.referee.isP(a, b));
  }

  get over() {
    return this.allowed().length === 0;
  }

  // Who won once the mover cannot move: in normal play the mover loses, in misère
  // play (the last counter loses) the mover wins.
  winner() {
    if (!this.over) return null;
    const other = this.mover === "you" ? "computer" : "you";
    return this.rules.misere ? this.mover : other;
  }

  // The moves the person may forbid now: the computer is to move, the rules allow
  // forbidding, and fewer than k - 1 are forbidden (a forbidden one may be allowed again).
  forbiddableNow() {
    if (this.mover !== "computer") return [];
    return this.referee.moves(...this.position).filter((target) => forbiddable(this.rules, this.position, target));
  }

  toggleForbidden(target) {
    const limit = Number(this.rules.blocking) - 1;
    const isTarget = ([a, b]) => a === target[0] && b === target[1];
    if (this.forbidden.some(isTarget)) {
      this.forbidden = this.forbidden.filter((t) => !isTarget(t));
    } else if (this.forbiddableNow().some(isTarget) && this.forbidden.length < limit) {
      this.forbidden = [...this.forbidden, target];
    }
  }

  #apply(by, target) {
    const [from, rules] = [this.position, this.rules];
    this.history.push({ by, from, to: target, words: describeMove(rules, big(...from), big(...target)), forbidden: this.forbidden });
    this.position = target;
    this.mover = by === "you" ? "computer" : "you";
    this.forbidden = by === "computer" ? computerForbids(this.referee, target) : [];
  }

  // The person's move; a RangeError when it is not the person's turn or not allowed.
  play(target) {
    if (this.mover !== "you") throw new RangeError("It is the computer's turn.");
    if (!this.allowed().some(([a, b]) => a === target[0] && b === target[1])) {
      throw new RangeError(`(${target[0]}, ${target[1]}) is not a move you may play from (${this.position.join(", ")}).`);
    }
    this.snapshots.push({ position: this.position, forbidden: this.forbidden, moves: this.history.length });
    this.#apply("you", target);
  }

  // The computer's move (none when it cannot move).
  reply() {
    if (this.mover !== "computer") throw new RangeError("It is your turn.");
    const banned = new Set(this.forbidden.map(([a, b]) => key(a, b)));
    const target = computerMove(this.referee, this.position, banned);
    if (target !== null) this.#apply("computer", target);
    return target;
  }

  get canUndo() {
    return this.snapshots.length > 0;
  }

  // Back to the person's previous turn (the person's last move and any reply undone).
  undo() {
    const last = this.snapshots.pop();
    if (!last) return;
    this.position = last.position;
    this.forbidden = last.forbidden;
    this.history.length = last.moves;
    this.mover = "you";
  }
}

// What a game needs to be played: its rules, and for a game of choice the
// variants (one per rectangle); `positions` are the P-positions of a game without
// formula (parsed from its CSV).
export function prepare(game, positions = null) {
  const rules = parseRules(game.rules);
  const variants = game.strategy?.kind === "choice" ? choiceVariants(rules, game.strategy.variants) : null;
  const strategy = variants ? null : makeStrategy(game, positions, rules);
  return { game, rules, variants, strategy };
}

// A referee for the prepared game, with the variant chosen (games of choice).
export function refereeFor(prepared, variantIndex = null) {
  if (prepared.variants) {
    const variant = prepared.variants[variantIndex ?? 0];
    return makeReferee(variant.rules, variant.strategy);
  }
  return makeReferee(prepared.rules, prepared.strategy);
}

// "the rectangle x < 2, y < 1" or "no rectangle".
export function rectangleWords([w, h]) {
  return w && h ? `the rectangle x < ${w}, y < ${h}` : "no rectangle";
}

// ----------------------------------------------------------------------------- page

const who = (by) => (by === "you" ? "You" : "The computer");

// "tap" where the screen is touched (no hover), "click" where a pointer hovers.
const press = () => (globalThis.matchMedia?.("(hover: none)").matches ? "tap" : "click");

// Whether the board shows the Sprague–Grundy values: asked for, and the game has them.
const showsValues = (ui) => ui.options.values && ui.noValues === null;

// The board: (start x + 1) by (start y + 1) cells, y upwards; the mover's allowed
// moves are buttons (a roving tab stop: arrow keys move between them), other cells
// are drawn only. Classes mark the queen, the removed rectangle, forbidden moves,
// P-positions and hints; with the values shown, each square but the queen's holds
// its value (the board's data-digits: the longest value's digits, for the font).
function drawBoard(ui) {
  const { match, board, options } = ui;
  const [sx, sy] = match.start;
  const [x, y] = match.position;
  const referee = match.referee;
  const allowed = new Set(match.allowed().map(([a, b]) => key(a, b)));
  const forbidden = new Set(match.forbidden.map(([a, b]) => key(a, b)));
  const toForbid = new Set(match.forbiddableNow().map(([a, b]) => key(a, b)));
  const personMoves = match.mover === "you" && !match.over;
  const hints = new Set(options.hint && personMoves ? match.winningMoves().map(([a, b]) => key(a, b)) : []);
  const computerOptions = new Set(match.mover === "computer" ? referee.moves(x, y).map(([a, b]) => key(a, b)) : []);
  const hadFocus = ui.keepFocus || board.contains(document.activeElement);
  ui.keepFocus = false;
  board.style.setProperty("--columns", sx + 1);
  board.style.setProperty("--rows", sy + 1);
  board.setAttribute("aria-label", `Board from (0, 0) to (${sx}, ${sy}); the queen is at (${x}, ${y}). ` +
    (personMoves ? "Use the arrow keys to choose a move, Enter to play it." : ""));
  const values = showsValues(ui);
  let largest = 0;
  const cells = [];
  for (let row = sy; row >= 0; row--) {
    for (let column = 0; column <= sx; column++) {
      const k = key(column, row);
      const classes = ["wy-play-cell"];
      const removed = !onBoard(match.rules, ...big(column, row));
      const isQueen = column === x && row === y;
      const value = values && !removed ? referee.grundy(column, row) : null;
      const valueWords = value === null ? "" : `, Grundy value ${value}`;
      if (value !== null) largest = Math.max(largest, value);
      if (removed) classes.push("is-removed");
      if (options.showP && !removed && referee.isP(column, row)) classes.push("is-p");
      if (isQueen) classes.push("is-queen");
      let cell;
      const words = () => describeMove(match.rules, big(x, y), big(column, row));
      if (personMoves && allowed.has(k)) {
        classes.push("is-target");
        if (hints.has(k)) classes.push("is-hint");
        const state = hints.has(k) ? ", a winning move" : "";
        cell = element("button", { type: "button", tabIndex: -1, className: classes.join(" ") });
        cell.setAttribute("aria-label", `Move to (${column}, ${row})${valueWords}: ${words()}${state}`);
        cell.dataset.action = "move";
      } else if (toForbid.has(k)) {
        classes.push("is-forbiddable");
        if (forbidden.has(k)) classes.push("is-forbidden");
        cell = element("button", { type: "button", tabIndex: -1, className: classes.join(" ") });
        cell.setAttribute("aria-pressed", String(forbidden.has(k)));
        cell.setAttribute("aria-label", `Forbid the computer's move to (${column}, ${row})${valueWords}: ${words()}`);
        cell.dataset.action = "forbid";
      } else {
        if (forbidden.has(k)) classes.push("is-forbidden");
        if (computerOptions.has(k)) classes.push("is-option");
        cell = element("span", { className: classes.join(" ") });
        if (isQueen) {
          cell.setAttribute("role", "img");
          cell.setAttribute("aria-label", `the queen at (${x}, ${y})${valueWords}`);
          cell.textContent = "♛";
        } else if (forbidden.has(k)) {
          cell.setAttribute("role", "img");
          cell.setAttribute("aria-label", `(${column}, ${row})${valueWords}: forbidden`);
        } else {
          cell.setAttribute("aria-hidden", "true");
        }
      }
      if (value !== null && !isQueen) cell.append(element("span", { className: "wy-play-value" }, String(value)));
      Object.assign(cell.dataset, { x: column, y: row });
      cells.push(cell);
    }
  }
  board.classList.toggle("shows-values", values);
  if (values) board.dataset.digits = String(largest).length;
  else delete board.dataset.digits;
  board.replaceChildren(...cells);
  const buttons = board.querySelectorAll("button");
  const first = board.querySelector(`button[data-x="${ui.focus?.[0]}"][data-y="${ui.focus?.[1]}"]`) ?? buttons[0];
  if (first) {
    first.tabIndex = 0;
    if (hadFocus) first.focus();
  } else if (hadFocus) {
    ui.status.focus(); // the game is over: its result is read next
  }
}

// Arrow keys: to the nearest button in that direction (the same row or column first).
function moveFocus(board, from, direction) {
  const [fx, fy] = [Number(from.dataset.x), Number(from.dataset.y)];
  const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[direction];
  let best = null;
  let bestScore = Infinity;
  for (const button of board.querySelectorAll("button")) {
    const [bx, by] = [Number(button.dataset.x) - fx, Number(button.dataset.y) - fy];
    const along = bx * dx + by * dy;
    if (along <= 0) continue;
    const across = Math.abs(bx * dy) + Math.abs(by * dx);
    const score = along + 4 * across;
    if (score < bestScore) [best, bestScore] = [button, score];
  }
  if (best) {
    from.tabIndex = -1;
    best.tabIndex = 0;
    best.focus();
  }
}

function describeStatus(ui) {
  const { match, prepared } = ui;
  const [x, y] = match.position;
  const position = `(${x}, ${y})`;
  if (match.over) {
    const winner = match.winner();
    const you = match.mover === "you";
    const why = match.rules.misere ? "cannot move, and so wins: the other player took the last counter (misère play)"
      : match.forbidden.length ? `${you ? "have" : "has"} no move left that is not forbidden` : "cannot move";
    return `${you ? "You" : "The computer"} ${why} at ${position}. ${winner === "you" ? "You win!" : "The computer wins."}`;
  }
  const last = match.history.at(-1);
  const before = last && last.by === "computer" ? `The computer played (${last.from.join(", ")}) → (${last.to.join(", ")}). ` : "";
  if (match.mover === "computer") {
    const limit = Number(match.rules.blocking) - 1;
    return `Before the computer moves from ${position} you may forbid up to ${limit} of its one-pile moves ` +
      `that the rules let you forbid (the outlined squares): ${press()} them, then press Let the computer move.`;
  }
  const forbids = match.forbidden.length
    ? `It forbids ${match.forbidden.map(([a, b]) => `(${a}, ${b})`).join(", ")}. ` : "";
  const chosen = prepared.variants ? ` Played with ${rectangleWords(ui.variantRules.rect.map(Number))}.` : "";
  let hint = "";
  if (ui.options.hint) {
    const winning = match.winningMoves();
    hint = winning.length
      ? ` Hint: ${winning.map(([a, b]) => `(${a}, ${b})`).join(" or ")} wins (ringed in green).`
      : ` Hint: no move wins here: ${position} is a P-position, and every move loses against perfect play.`;
  }
  const value = showsValues(ui) ? ` G${position} = ${match.referee.grundy(x, y)}.` : "";
  return `${before}${forbids}Your move from ${position}: ${press()} a highlighted square.${chosen}${hint}${value}`;
}

// The line beside the values' toggle: why the game has no values, or, with the values
// on, that the squares are too small to show them (the style sheet hides a value in a
// square too narrow for its digits to be read).
function noteValues(ui) {
  const { valuesNote, board } = ui;
  let note = ui.noValues;
  if (note === null && showsValues(ui)) {
    const sample = board.querySelector(".wy-play-value");
    const hidden = sample !== null && getComputedStyle(sample).display === "none";
    note = hidden ? "The squares are too small for their values here: start from smaller piles, or widen the window." : "";
  }
  if (valuesNote.textContent !== (note ?? "")) valuesNote.textContent = note ?? "";
}

// The axes' numbers: y from the top row down to 0 beside the board, x from 0 to the
// right under it (every labelStep-th when the squares are small).
function drawAxes(ui) {
  const { match, board, xAxis, yAxis } = ui;
  const [sx, sy] = match.start;
  const step = labelStep(board.clientWidth / (sx + 1));
  const labels = (values) => values.map((v) => element("span", {}, v % step === 0 ? String(v) : ""));
  yAxis.replaceChildren(...labels(Array.from({ length: sy + 1 }, (_, i) => sy - i)));
  xAxis.replaceChildren(...labels(Array.from({ length: sx + 1 }, (_, i) => i)));
  ui.axesStep = step;
}

// When the board is larger than its box, the box scrolls (never the page) after every
// move to its bottom left: the corner (0, 0), the column x = 0 and the row y = 0 in
// view beside the axes, never under them (a board scrolled to centre the queen hid
// the column x = 0 under the y axis, where a tap landed on a label).  Every game ends
// at that corner, and the queen is in view with it whenever the box holds both (before
// the first move a queen out of view is brought into it: keepQueenInView).  A box
// that scrolls takes the focus, so that it can be panned by keyboard, and has a name.
function showCorner(ui) {
  const { viewport } = ui;
  const scrolls = viewport.scrollWidth > viewport.clientWidth || viewport.scrollHeight > viewport.clientHeight;
  if (scrolls) {
    viewport.tabIndex = 0;
    viewport.setAttribute("role", "region");
    viewport.setAttribute("aria-label", "Board, scrolls: swipe or scroll to pan");
  } else {
    for (const name of ["tabindex", "role", "aria-label"]) viewport.removeAttribute(name);
  }
  viewport.scrollLeft = 0;
  viewport.scrollTop = viewport.scrollHeight - viewport.clientHeight;
  if (scrolls && !ui.match.history.length) keepQueenInView(ui);
}

// Before the first move, a board larger than its box brings the queen into view when
// the corner does not show it (the corner then lies a pan away); after every move the
// corner stays, so that the column x = 0 is tappable.
function keepQueenInView(ui) {
  const { viewport, board, yAxis, xAxis } = ui;
  const queen = board.querySelector(".is-queen");
  if (!queen) return;
  const [box, square] = [viewport.getBoundingClientRect(), queen.getBoundingClientRect()];
  const [left, bottom] = [box.left + yAxis.offsetWidth, box.bottom - xAxis.offsetHeight];
  if (square.left < left || square.right > box.right) {
    viewport.scrollLeft += square.left - left - (box.right - left - square.width) / 2;
  }
  if (square.top < box.top || square.bottom > bottom) {
    viewport.scrollTop += square.top - box.top - (bottom - box.top - square.height) / 2;
  }
}

function render(ui) {
  const { match, status, list, undo, computerButton } = ui;
  drawBoard(ui);
  drawAxes(ui);
  showCorner(ui);
  noteValues(ui);
  status.textContent = describeStatus(ui);
  list.replaceChildren(...match.history.map((move, i) => {
    const by = move.by === "you" ? "the computer" : "you";
    const forbids = move.forbidden.length
      ? `; ${by} had forbidden ${move.forbidden.map(([a, b]) => `(${a}, ${b})`).join(", ")}` : "";
    const item = element("li", {}, `${who(move.by)}: (${move.from.join(", ")}) → (${move.to.join(", ")}), ${move.words}${forbids}.`);
    Object.assign(item.dataset, {
      by: move.by, from: move.from.join(","), to: move.to.join(","), n: i + 1,
      forbidden: move.forbidden.map((target) => target.join(",")).join(" "),
    });
    return item;
  }));
  undo.disabled = !match.canUndo;
  computerButton.hidden = !(match.mover === "computer" && !match.over && match.forbiddableNow().length);
  ui.root.dataset.position = match.position.join(",");
  ui.root.dataset.mover = match.over ? "over" : match.mover;
  ui.root.dataset.winner = match.winner() ?? "";
}

// The computer's turn: it moves at once unless the person may forbid some of its moves first.
function advance(ui) {
  const { match } = ui;
  if (match.mover === "computer" && !match.over && !match.forbiddableNow().length) match.reply();
  render(ui);
}

// A new match from the form's start (or a random one).
function startMatch(ui, random = false) {
  const { prepared, form, message } = ui;
  message.textContent = "";
  let start;
  try {
    start = random ? randomStart(prepared.game, prepared.rules)
      : readStart(prepared.game, prepared.rules, form.elements.x.value, form.elements.y.value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    message.textContent = error.message;
    return;
  }
  [form.elements.x.value, form.elements.y.value] = start.map(String);
  const computerFirst = form.elements.first.value === "computer";
  let variant = null;
  if (prepared.variants) {
    // the second player chooses the rectangle before the first move
    if (computerFirst) {
      variant = Number(form.elements.rectangle.value);
      if (!onBoard(prepared.variants[variant].rules, ...big(...start))) {
        message.textContent = `(${start.join(", ")}) lies in ${rectangleWords(prepared.variants[variant].rules.rect.map(Number))}: choose another rectangle or start.`;
        return;
      }
    } else {
      variant = computerChoice(prepared.variants, start);
    }
    ui.variantRules = prepared.variants[variant].rules;
  }
  ui.match = new Match(refereeFor(prepared, variant), start, computerFirst);
  ui.focus = null;
  ui.root.dataset.rectangle = variant === null ? "" : ui.variantRules.rect.join(",");
  advance(ui);
  ui.root.dataset.ready = "true";
}

// The tool's parts, in the markup the site build writes for it. The
// rectangle choice is shown for a game of choice only.
function controlsOf(root, prepared) {
  const find = (selector) => root.querySelector(selector);
  const controls = {
    about: find(".wy-play-about"), form: find("form"), message: find(".wy-play-message"),
    status: find(".wy-play-status"), board: find(".wy-play-board"), list: find(".wy-play-moves"),
    undo: find("[data-action=undo]"), computerButton: find("[data-action=computer]"),
    showP: find("#play-show-p"), hint: find("#play-hint"),
    values: find("#play-values"), valuesNote: find("#play-values-note"),
    fit: find("#play-fit"), viewport: find(".wy-play-viewport"), xAxis: find(".wy-play-x"), yAxis: find(".wy-play-y"),
  };
  if (!controls.about.textContent) {
    const { game } = prepared;
    const note = game.strategy ? "The computer plays the game's formula exactly."
      : "This game has no known formula: the computer plays from its published P-positions, " +
        `known for both piles up to ${game.ppositions_max}, so the board ends there.`;
    controls.about.textContent = `${describeRules(prepared.rules)} ${note} Piles up to ${startLimit(game)}.`;
  }
  // a game without values: the reason the build wrote for its kind (see noValuesKind)
  const kind = noValuesKind(prepared.rules);
  const reasons = JSON.parse(root.dataset.noValues ?? "{}");
  controls.noValues = kind === null ? null
    : `No Sprague–Grundy values: ${reasons[kind] ?? "this game has none"}.`;
  controls.values.disabled = kind !== null;
  if (kind !== null) controls.values.checked = false;
  if (prepared.variants) {
    const choice = find("#play-rectangle");
    choice.replaceChildren(...prepared.variants.map((variant, i) =>
      element("option", { value: String(i) }, rectangleWords(variant.rules.rect.map(Number)))));
    for (const part of root.querySelectorAll(".wy-play-choice")) part.hidden = false;
  }
  return controls;
}

// Wire one game's player into `root`; `start` is [x, y] or null (random); `values`:
// show the Sprague–Grundy values from the start.
export function mountGame(root, prepared, start = null, values = false) {
  const controls = controlsOf(root, prepared);
  const ui = { root, prepared, ...controls, options: { showP: false, hint: false, values: false }, match: null, focus: null };
  const { form, board, undo, computerButton, showP, hint } = controls;
  if (values && ui.noValues === null) controls.values.checked = true;
  ui.options.values = controls.values.checked;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    startMatch(ui);
  });
  form.querySelector("[data-action=random]").addEventListener("click", () => startMatch(ui, true));
  showP.addEventListener("change", () => { ui.options.showP = showP.checked; render(ui); });
  hint.addEventListener("change", () => { ui.options.hint = hint.checked; render(ui); });
  controls.values.addEventListener("change", () => { ui.options.values = controls.values.checked; render(ui); });
  controls.fit.addEventListener("change", () => {
    root.classList.toggle("is-fit", controls.fit.checked);
    render(ui);
  });
  // whether the values fit their squares, and how many numbers the axes hold, change
  // with the board's width
  if (globalThis.ResizeObserver) {
    new ResizeObserver(() => {
      noteValues(ui);
      if (ui.match && labelStep(board.clientWidth / (ui.match.start[0] + 1)) !== ui.axesStep) drawAxes(ui);
    }).observe(board);
  }
  undo.addEventListener("click", () => { ui.match.undo(); render(ui); });
  computerButton.addEventListener("click", () => { ui.match.reply(); render(ui); });
  board.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !ui.match) return;
    const target = [Number(button.dataset.x), Number(button.dataset.y)];
    ui.focus = target;
    ui.keepFocus = true; // the square pressed is redrawn: the focus stays on the board
    if (button.dataset.action === "forbid") {
      ui.match.toggleForbidden(target);
      render(ui);
    } else {
      ui.match.play(target);
      advance(ui);
    }
  });
  board.addEventListener("keydown", (event) => {
    if (event.key.startsWith("Arrow") && event.target.closest("button")) {
      event.preventDefault();
      moveFocus(board, event.target, event.key);
    }
  });
  if (start) [form.elements.x.value, form.elements.y.value] = start.map(String);
  startMatch(ui, start === null);
  return ui;
}

// The P-positions of a game without formula, from its CSV file (null for a formula).
async function positionsOf(game, csvUrl) {
  if (game.strategy) return null;
  const response = await fetch(csvUrl);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${csvUrl}`);
  return parsePositionsCsv((await response.text()).split(/\r?\n/).filter((line) => !line.startsWith("#")).join("\n"));
}

// ?x=..&y=.. in the page's address: the start to play from, or null.
export function startFromQuery(search) {
  const params = new URLSearchParams(search);
  const [x, y] = [params.get("x"), params.get("y")];
  return x !== null && y !== null && /^\d+$/.test(x) && /^\d+$/.test(y) ? [Number(x), Number(y)] : null;
}

// ?values=1 in the page's address: show the Sprague–Grundy values from the start.
export function valuesFromQuery(search) {
  return new URLSearchParams(search).get("values") === "1";
}

async function setUp(root) {
  try {
    let game = root.dataset.game ? JSON.parse(root.dataset.game) : null;
    let csv = root.dataset.csv;
    if (!game) {
      // the /play/ page: the game named by ?game=ID
      const wanted = new URLSearchParams(location.search).get("game") ?? "wythoff";
      const response = await fetch(routes.gamesData());
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { games } = await response.json();
      game = games.find((entry) => entry.id === wanted);
      if (!game) {
        root.replaceChildren(element("p", { className: "tool-error" }, `"${wanted}" is not a game ID of this database.`));
        return;
      }
      csv = routes.gameCsv(game.id);
      const title = document.getElementById("play-title");
      if (title) title.replaceChildren(element("a", { href: routes.game(game.id) }, game.name));
    }
    // ?x=..&y=.. in the address, else the page's first start (a game page), else at random
    const start = startFromQuery(location.search) ?? (root.dataset.start ? root.dataset.start.split(",").map(Number) : null);
    mountGame(root, prepare(game, await positionsOf(game, csv)), start, valuesFromQuery(location.search));
  } catch (error) {
    root.replaceChildren(element("p", { className: "tool-error" }, `The game could not be loaded (${error.message}).`));
  }
}

mountTool("play-tool", setUp);
