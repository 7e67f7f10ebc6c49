// The position checker: is (x, y) a P-position of a game, and if not, which
// move wins? Exact BigInt arithmetic from the game's formula (games.js), or,
// when no formula is known, the game's P-positions in the published database,
// read by HTTP Range requests (database.js): those that a move from (x, y) can
// reach, as far as the database holds them (the game's ppositions_max), and
// beyond that, for a game whose pairs (c(n), d(n)) are stored as sequences, the
// pairs a move can reach, as far as their lines are settled. Elsewhere it says
// what `wythoff position` would do.
//
// The page /position/ (root element #position-checker-tool) reads the site's data
// on every game; ?game=<id>&x=..&y=.. pre-fills the form and checks.

import { DatabaseWorker, explain, sqlString } from "./database.js";
import { analysePosition, describeRules, makeStrategy, pairsStrategy, parsePileSize, parseRules } from "./games.js";
import { mountTool } from "./mount.js";
import * as routes from "./routes.js";
import { formatTraffic } from "./sql-query.js";
import { element } from "./dom.js";

// The game the user means: an exact ID, else a name (case-insensitive), else null.
export function findGame(games, text) {
  const wanted = String(text).trim();
  const lower = wanted.toLowerCase();
  return games.find((game) => game.id === wanted) ??
    games.find((game) => game.id.toLowerCase() === lower || game.name.toLowerCase() === lower) ?? null;
}

// The form's pre-filled values from a query string such as "?game=wythoff&x=3&y=5".
export function readQuery(search) {
  const params = new URLSearchParams(search);
  return { game: params.get("game") ?? "", x: params.get("x") ?? "", y: params.get("y") ?? "" };
}

// The SQL for the stored P-positions of a game without formula that a move from
// (x, y) can reach: both coordinates at most x and y (for a symmetric game, which
// stores x <= y, the smaller at most min(x, y) and the larger at most max(x, y)).
// The primary key (game_id, x, y) answers it; null when (x, y) lies beyond what
// the database holds (the strategy then says so).
export function reachableSql(game, x, y) {
  const bound = BigInt(game.ppositions_max);
  if (x > bound || y > bound) return null;
  const [low, high] = game.symmetric ? (x < y ? [x, y] : [y, x]) : [x, y];
  const id = `'${String(game.id).replaceAll("'", "''")}'`;
  return `SELECT x, y FROM p_positions WHERE game_id = ${id} AND x <= ${low} AND y <= ${high}`;
}

// Whether a game's stored pairs (c(n), d(n)) can answer it: a game without formula
// on a symmetric board whose sequences c and d the database holds.
export const hasPairs = (game) => !game.strategy && game.symmetric && Array.isArray(game.pairs);

// The SQL for the settled bound of a game's pairs: the last stored c, by the primary
// key (sequence, n); the lines below it are complete.
export function lastPairSql(game) {
  return `SELECT value AS c, n FROM terms WHERE sequence_id = ${sqlString(game.pairs[0])} ORDER BY n DESC LIMIT 1`;
}

// Piles beyond this are clamped to it in the SQL (as the engine clamps them in its
// scan): every stored pair is far below, so the same pairs are read.
const SQL_SAFE = 2n ** 62n;

// The SQL for the stored pairs (c, d) a move from (x, y) may reach: c <= min(x, y),
// and on a line through (x, y) (a one-pile move) or on a diagonal d - c within the
// bishop's reach of |y - x| (a two-pile move); the rules then decide on these few.
export function pairsSql(game, x, y) {
  const clamp = (value) => (value > SQL_SAFE ? SQL_SAFE : value);
  const [cx, cy] = [clamp(x), clamp(y)];
  const low = cx < cy ? cx : cy;
  const gap = cx < cy ? cy - cx : cx - cy;
  const reach = BigInt(game.rules.bishop ?? 0);
  const [c, d] = game.pairs.map(sqlString);
  return `SELECT c.value AS c, d.value AS d FROM terms c JOIN terms d ON d.sequence_id = ${d} AND d.n = c.n ` +
    `WHERE c.sequence_id = ${c} AND c.value <= ${low} AND (c.value IN (${cx}, ${cy}) OR d.value IN (${cx}, ${cy})` +
    (reach > 0n ? ` OR abs(d.value - c.value - ${gap}) < ${reach}` : "") + ")";
}

// The SQL for the index n (and class) of the stored P-positions among `targets`
// ([x, y] pairs): a symmetric game stores each pair once, x <= y.  Null when none of
// them lies in the stored range (both piles at most ppositions_max).
export function indexSql(game, targets) {
  const bound = BigInt(game.ppositions_max);
  const stored = targets.map(([x, y]) => [BigInt(x), BigInt(y)])
    .filter(([x, y]) => x <= bound && y <= bound)
    .map(([x, y]) => (game.symmetric && x > y ? [y, x] : [x, y]));
  if (!stored.length) return null;
  const where = stored.map(([x, y]) => `(x = ${x} AND y = ${y})`).join(" OR ");
  return `SELECT x, y, n, class FROM p_positions WHERE game_id = ${sqlString(game.id)} AND (${where})`;
}

// The P-position `target` is, by the sequences its coordinates are terms of:
// {n, lower, upper, cls} where (target) = (lower(n), upper(n)) (the game's coordinate
// sequences, of its class), or null when the rows of indexSql do not hold it.
export function reachedIndex(game, [x, y], rows) {
  const [tx, ty] = [String(x), String(y)];
  const swapped = game.symmetric && BigInt(tx) > BigInt(ty);
  const [sx, sy] = swapped ? [ty, tx] : [tx, ty];
  const row = rows.find(([rx, ry]) => String(rx) === sx && String(ry) === sy);
  const pair = row && game.coordinates?.[row[3] === null ? 0 : Number(row[3])];
  if (!pair) return null;
  const [lower, upper] = swapped ? [pair[1], pair[0]] : pair;
  return { n: String(row[2]), lower, upper, cls: row[3] === null ? null : String(row[3]) };
}

// What `wythoff position` would do for a position the site cannot decide, in one line.
export function commandLine(game, x, y) {
  const command = `wythoff position ${game.id} ${x} ${y}`;
  const how = game.solver === "board"
    ? "it solves the game on a board just larger than both piles (memory grows with their square)"
    : "it solves the game line by line up to the smaller pile (10^6 lines in about a second)";
  return `${command} answers it exactly on your computer: ${how}.`;
}

// The answer for one game and position as {game, x, y, status, moves, method}, or
// {error} with a message; `positions` are the game's P-positions (reachableSql's
// rows) when it has no formula, or `pairs` {rows, settled}: its stored pairs
// (pairsSql's rows) and the last line they settle.
export function answerPosition(game, xText, yText, positions = null, pairs = null) {
  let x, y;
  try {
    x = parsePileSize(xText, "first pile (x)");
    y = parsePileSize(yText, "second pile (y)");
    const rules = parseRules(game.rules);
    const strategy = pairs ? pairsStrategy(rules, pairs.rows, pairs.settled) : makeStrategy(game, positions);
    const settled = pairs ? { settled: pairs.settled, count: pairs.count } : {};
    return { game, x, y, ...analysePosition(rules, strategy, x, y), method: strategy.kind, ...settled };
  } catch (error) {
    // RangeError: bad input or a position off the board; anything else is a bug to report
    const note = error instanceof RangeError ? "" : " This should not happen: please report it.";
    const answer = { error: capitalise(error.message) + note };
    if (error.beyond) answer.command = commandLine(game, x, y);
    return answer;
  }
}

const capitalise = (text) => text[0].toUpperCase() + text.slice(1);

// ----------------------------------------------------------------------------- page

// "(x, y)" in a <code> element (wraps long numbers, see tools.css).
const pair = (x, y) => element("code", { className: "position-pair" }, `(${x}, ${y})`);

// "P-position n = 2: (wythoff-a(2), wythoff-b(2))", the sequences linked to their pages.
function indexLine(reached) {
  const { n, lower, upper, cls } = reached;
  const term = (id) => [element("a", { href: routes.sequence(id) }, id), `(${n})`];
  return element("span", { className: "position-index" }, ` P-position n = ${n}`,
    cls === null ? "" : ` of class ${cls}`, ": (", ...term(lower), ", ", ...term(upper), ").");
}

// Add to each move of a shown answer (and to a P-position itself) the index n of the
// P-position it is, read from the database's P-positions (after the answer is shown:
// a game with a formula is answered without the database).  The result area says
// data-indexed="true" when done.
async function addIndexes(output, database, answer) {
  const { game, x, y, status, moves } = answer;
  const places = status === "P" ? [[[x, y], output.querySelector(".position-verdict")]]
    : (moves ?? []).map((move, i) => [move.target, output.querySelectorAll(".position-moves li")[i]]);
  const sql = game.coordinates ? indexSql(game, places.map(([target]) => target)) : null;
  if (sql !== null) {
    try {
      const { rows } = await database.query(sql);
      for (const [target, item] of places) {
        const reached = reachedIndex(game, target, rows);
        if (reached && item) item.append(indexLine(reached));
      }
    } catch {
      // the index is a convenience: the answer stands without it
    }
  }
  output.dataset.indexed = "true";
}

// Render an answer of answerPosition into the result area (`cost`: what reading
// the database took, for a game without formula).
function showAnswer(output, answer, cost = null) {
  output.replaceChildren();
  if (answer.error) {
    output.append(element("p", { className: "tool-error" }, answer.error + (answer.command ? "." : "")));
    if (answer.command) {
      const [command, rest] = answer.command.split(" answers ");
      output.append(element("p", { className: "tool-message position-command" },
        element("code", {}, command), ` answers ${rest}`));
    }
    return;
  }
  const { game, x, y, status, moves, method } = answer;
  const gameLink = element("a", { href: routes.game(game.id) }, game.name);
  if (status === "P") {
    output.append(element("p", { className: "position-verdict" }, element("strong", {}, "P"), ": ",
      pair(x, y), " is a P-position of ", gameLink, `. The previous player wins: ${answer.why}.`));
  } else if (!moves.length) {
    output.append(element("p", { className: "position-verdict" }, element("strong", {}, "N"),
      ", no move: the player to move has already won (misère play: the opponent took the last counter)."));
  } else {
    const count = moves.length === 1 ? "this move, the only winning move" : `any of these ${moves.length} winning moves`;
    output.append(element("p", { className: "position-verdict" }, element("strong", {}, "N"), ": ",
      pair(x, y), " is an N-position of ", gameLink, `. The player to move wins with ${count}, each to a P-position:`));
    const blocking = Number(game.rules.blocking ?? 1);
    if (moves.some((move) => move.choice)) {
      output.append(element("p", {}, "The second player chose a rectangle before the first move; " +
        "whichever it was, the player to move wins with a move for that choice:"));
    } else if (blocking > 1) {
      output.append(element("p", {}, `Before the move the opponent may forbid up to ${blocking - 1} of the ` +
        "one-pile moves marked as such, but not all of these: the winner plays one left allowed."));
    }
    output.append(element("ul", { className: "position-moves" }, ...moves.map(({ target, words }) =>
      element("li", {}, pair(x, y), " → ", pair(target[0], target[1]), `: ${words}.`))));
  }
  const how = method === "table"
    ? `Decided from the game's P-positions in the database, which holds every one with both piles ` +
      `at most ${game.ppositions_max}.`
    : method === "pairs"
      ? `Decided from the game's ${answer.count} pairs (c(n), d(n)) in the database (the sequences ` +
        `${game.pairs.join(" and ")}), which hold every P-position whose smaller pile is at most ` +
        `${answer.settled}, as the solver settled them.`
      : "Decided exactly from the game's formula, with integer arithmetic.";
  output.append(element("p", { className: "tool-message" }, how));
  if (cost) {
    const line = element("p", { className: "tool-message position-cost" },
      `${cost.rows.length} ${method === "pairs" ? "pairs" : "P-positions"} read in ${Math.round(cost.milliseconds)} ms, ` +
      `${formatTraffic(cost.bytes, cost.requests)}.`);
    Object.assign(line.dataset, { bytes: cost.bytes, requests: cost.requests });
    output.append(line);
  }
}

// The stored P-positions a move from the typed position can reach (games without
// formula), or beyond them the stored pairs it can reach with the line they settle,
// and what reading them cost; null for a game with a formula (or bad input, which
// answerPosition explains).
async function positionsFor(database, game, xText, yText) {
  if (game.strategy) return null;
  let x, y;
  try {
    [x, y] = [parsePileSize(xText), parsePileSize(yText)];
  } catch {
    return null;
  }
  const sql = reachableSql(game, x, y);
  if (sql !== null) {
    const cost = await database.query(sql);
    return { positions: cost.rows, cost };
  }
  if (!hasPairs(game)) return { positions: [], cost: null }; // answerPosition says what would
  const last = await database.query(lastPairSql(game));
  const [c, n] = last.rows[0] ?? [0, -1];
  const settled = BigInt(c) - 1n;
  const reading = { ...last, rows: [] };
  const pairs = { rows: [], settled, count: Number(n) + 1 };
  if ((x < y ? x : y) <= settled) {
    const found = await database.query(pairsSql(game, x, y));
    pairs.rows = found.rows;
    Object.assign(reading, {
      rows: found.rows,
      bytes: last.bytes + found.bytes,
      requests: last.requests + found.requests,
      milliseconds: last.milliseconds + found.milliseconds,
    });
  }
  return { pairs, cost: reading };
}

// Wire the page: the game list, the form, and the query string.
async function setUp(root) {
  const gameInput = document.getElementById("position-game");
  const xInput = document.getElementById("position-x");
  const yInput = document.getElementById("position-y");
  const output = document.getElementById("position-result");
  const rulesText = document.getElementById("position-rules");
  let database = null; // opened on the first game without formula
  let games;
  try {
    const response = await fetch(routes.gamesData());
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    ({ games } = await response.json());
  } catch (error) {
    output.replaceChildren(element("p", { className: "tool-error" }, `The games could not be loaded (${error.message}).`));
    return;
  }
  document.getElementById("position-games").append(...games.map((game) =>
    element("option", { value: game.id, label: game.name })));

  // Show the chosen game's rules in words.
  function showRules() {
    const game = findGame(games, gameInput.value);
    rulesText.textContent = game ? `${game.name}. ${describeRules(parseRules(game.rules))}` : "";
  }

  async function check() {
    const game = findGame(games, gameInput.value);
    if (!game) {
      const shown = gameInput.value.trim() ? `"${gameInput.value.trim()}" is not a game ID` : "Choose a game";
      output.replaceChildren(element("p", { className: "tool-error" },
        `${shown}: pick one from the list (IDs look like wythoff, connell-k3, fraenkel-a2).`));
      return;
    }
    let stored;
    try {
      database ??= new DatabaseWorker();
      stored = await positionsFor(database, game, xInput.value, yInput.value);
    } catch (error) {
      output.replaceChildren(element("p", { className: "tool-error" }, explain(error, "The P-positions could not be read")));
      return;
    }
    const answer = answerPosition(game, xInput.value, yInput.value, stored?.positions ?? null, stored?.pairs ?? null);
    delete output.dataset.indexed;
    showAnswer(output, answer, stored?.cost);
    if (!answer.error) await addIndexes(output, database, answer);
    const query = new URLSearchParams({ game: game.id, x: xInput.value.trim(), y: yInput.value.trim() });
    if (query.toString().length < 4000) history.replaceState(null, "", `?${query}`);
  }

  gameInput.addEventListener("input", showRules);
  root.querySelector("form").addEventListener("submit", (event) => {
    event.preventDefault();
    check();
  });
  const query = readQuery(location.search);
  gameInput.value = query.game;
  xInput.value = query.x;
  yInput.value = query.y;
  showRules();
  if (query.game) await check();
  root.dataset.ready = "true";
}

mountTool("position-checker-tool", setUp);
