// sql-console.js: CSV quoting of the download, and queries on a database with
// the real schema through sql.js (the copy in node_modules, when installed).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";

import { csvField, formatValue, makeReadOnly, runQuery, toCsv } from "../../site/assets/javascripts/sql-console.js";
import { REPO, fixtures } from "./fixtures.mjs";



// sql.js from node_modules (the same package the build vendors), or null.
function loadSqlJs() {
  try {
    return createRequire(join(REPO, "package.json"))("sql.js");
  } catch {
    return null;
  }
}

test("CSV fields are quoted when they hold a comma, a quote, a line break or edge spaces", () => {
  assert.equal(csvField("plain"), "plain");
  assert.equal(csvField("a,b"), '"a,b"');
  assert.equal(csvField('say "P"'), '"say ""P"""');
  assert.equal(csvField("two\nlines"), '"two\nlines"');
  assert.equal(csvField("cr\rhere"), '"cr\rhere"');
  assert.equal(csvField(" padded"), '" padded"');
  assert.equal(csvField(null), "");
  assert.equal(csvField(12345678901234567890n), "12345678901234567890");
  assert.equal(csvField(1.5), "1.5");
  assert.equal(formatValue(new Uint8Array([0, 171, 255])), "x'00abff'");
});

test("toCsv writes a header and one line per row", () => {
  const text = toCsv(["id", "name", "n"], [["wythoff-a", "Lower Wythoff, A_n = floor(n phi)", 1n], ["x", 'a "b"', null]]);
  assert.equal(text, 'id,name,n\nwythoff-a,"Lower Wythoff, A_n = floor(n phi)",1\nx,"a ""b""",\n');
  assert.equal(toCsv(["a"], []), "a\n");
});

const initSqlJs = loadSqlJs();

test("queries on the web database: P-positions of connell-k3, read-only, SQLite's errors", { skip: !initSqlJs && "sql.js is not installed in node_modules" }, async () => {
  const site = fixtures();
  const SQL = await initSqlJs();
  const db = new SQL.Database(readFileSync(join(site, "assets", "data", "wythoff-web.sqlite")));
  makeReadOnly(db);

  const { columns, rows } = runQuery(db, "SELECT x, y FROM p_positions WHERE game_id = 'connell-k3' ORDER BY x, y");
  assert.deepEqual(columns, ["x", "y"]);
  const csv = readFileSync(join(site, "games", "connell-k3", "connell-k3.csv"), "utf8").trim().split("\n").slice(1);
  assert.deepEqual(rows.map(([x, y]) => `${x},${y}`), csv.map((line) => line.split(",").slice(1, 3).join(",")));
  assert.ok(rows.some(([x, y]) => x === 14n && y === 48n), "(14, 48) is listed");

  const [[note]] = runQuery(db, "SELECT value FROM build_info WHERE key = 'web_subset'").rows;
  assert.match(note, /P-positions/);

  for (const write of ["DELETE FROM game_positions", "PRAGMA query_only = OFF; DELETE FROM games", "CREATE TABLE t (a)"]) {
    assert.throws(() => runQuery(db, write), /readonly/, write);
  }
  assert.equal(runQuery(db, "SELECT count(*) FROM p_positions WHERE game_id = 'connell-k3'").rows[0][0], BigInt(csv.length));
  assert.throws(() => runQuery(db, "SELEC x FROM p_positions"), /syntax error/);
  assert.throws(() => runQuery(db, "SELECT nope FROM p_positions"), /no such column: nope/);
  assert.deepEqual(runQuery(db, "SELECT 1 AS one; SELECT 2 AS two"), { columns: ["two"], rows: [[2n]] });
  db.close();
});
