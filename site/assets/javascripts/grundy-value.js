// The value box of a game page: G(x, y) for any y of a row the database stores
// with its values (table grundy_values), read from the published database by
// HTTP Range requests (database.js). Row x repeats from its preperiod s with
// period p and increment i (grundy_periods, proven), so G(x, y) = G(x, k) +
// t*i with k = s + (y - s) mod p and t = (y - s) div p, in exact BigInt
// arithmetic; G(x, k) is read by the page's SQL (wythoff.db.grundy_store.VALUE_SQL,
// in the root's data-sql, with :game_id, :x and :y to fill in).
//
// The root element #grundy-value-tool holds data-game, data-rows (rows 0 ..
// rows - 1 are stored) and data-sql.

import { DatabaseWorker, explain, sqlString } from "./database.js";
import { parsePileSize } from "./games.js";
import { mountTool } from "./mount.js";
import { element } from "./dom.js";

const LARGEST_EXPONENT = 10000n;

// A pile written with the digits 0-9, or as a power "10^15"; a RangeError says why not.
export function parsePile(text, label) {
  const power = String(text).replace(/\s+/g, "").match(/^(\d+)\^(\d+)$/);
  if (!power) return parsePileSize(text, label);
  const exponent = BigInt(power[2]);
  if (exponent > LARGEST_EXPONENT) {
    throw new RangeError(`The ${label}'s exponent must be at most ${LARGEST_EXPONENT} (got ${exponent}).`);
  }
  return BigInt(power[1]) ** exponent;
}

// Where G(x, y) is read: the stored column k and the periods t past it, from the
// row's preperiod s and period p (k = y while y < s + p: the stored values).
export function reduce(y, preperiod, period) {
  const [s, p] = [BigInt(preperiod), BigInt(period)];
  if (y < s + p) return { k: y, turns: 0n };
  return { k: s + (y - s) % p, turns: (y - s) / p };
}

// The page's SQL for G(x, k) with its parameters filled in.
export function valueSql(template, gameId, x, k) {
  return template.replaceAll(":game_id", sqlString(gameId)).replaceAll(":x", String(x))
    .replaceAll(":y", String(k));
}

// The answer {x, y, value, stored, preperiod, period, increment, k, turns} for the
// row's periods and its stored value at k.
export function answer(x, y, row, stored) {
  const { k, turns } = reduce(y, row.preperiod, row.period);
  const value = BigInt(stored) + turns * BigInt(row.increment);
  return { x, y, value, k, turns, ...row, fromTable: turns === 0n };
}

// How the answer is known, in words.
export function how(found) {
  const { x, y, k, turns, preperiod, period, increment } = found;
  if (found.fromTable) {
    return `Read from the stored values of row ${x} (table grundy_values: y below its preperiod ` +
      `${preperiod} plus its period ${period}).`;
  }
  return `From the proven period of row ${x}: G(x, y + ${period}) = G(x, y) + ${increment} for every ` +
    `y ≥ ${preperiod}, so G(${x}, ${y}) = G(${x}, ${k}) + ${turns}·${increment}, and G(${x}, ${k}) ` +
    "is read from the stored values (table grundy_values).";
}

async function setUp(root) {
  const { game, sql } = root.dataset;
  const rows = BigInt(root.dataset.rows);
  const output = root.querySelector(".wy-grundy-answer");
  const error = root.querySelector(".tool-error");
  let database = null;

  async function compute() {
    error.textContent = "";
    output.replaceChildren();
    let x, y;
    try {
      x = parsePile(root.querySelector("#grundy-x").value, "row (x)");
      y = parsePile(root.querySelector("#grundy-y").value, "column (y)");
      if (x >= rows) {
        throw new RangeError(`Rows 0 to ${rows - 1n} are stored with their values; ` +
          `\`wythoff grundy ${game} ${x} Y\` answers row ${x} on your computer.`);
      }
    } catch (problem) {
      error.textContent = problem.message;
      return;
    }
    try {
      database ??= new DatabaseWorker();
      const periods = await database.query(
        `SELECT preperiod, period, increment FROM grundy_periods WHERE game_id = ${sqlString(game)} ` +
        `AND axis = 'row' AND row = ${x}`);
      const [preperiod, period, increment] = periods.rows[0].map((v) => String(v));
      const { k } = reduce(y, preperiod, period);
      const stored = await database.query(valueSql(sql, game, x, k));
      const found = answer(x, y, { preperiod, period, increment }, String(stored.rows[0][0]));
      output.replaceChildren(
        element("strong", { className: "wy-grundy-result" }, `G(${x}, ${y}) = ${found.value}`),
        element("br"), how(found));
    } catch (problem) {
      error.textContent = explain(problem, "The values could not be read");
    }
  }

  root.querySelector("form").addEventListener("submit", (event) => {
    event.preventDefault();
    compute();
  });
  root.dataset.ready = "true";
}

mountTool("grundy-value-tool", setUp);
