// sql-console.js: CSV quoting of the download, and queries on a database with
// the real schema through SQLite's WebAssembly build (the copy of sqlite-wasm-http
// in node_modules, which the build vendors, when installed).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { costLine, csvField, csvName, formatBytes, formatValue, makeReadOnly, rowsLine, runQuery as run, timeLimitMs, toCsv } from "../../site/assets/javascripts/sql-console.js";
import { fixtures } from "./fixtures.mjs";

// SQLite's WebAssembly build from node_modules, or null.
async function loadSqlite() {
  try {
    const { default: init } = await import("sqlite-wasm-http/sqlite3.js");
    return await init({ print: () => {}, printErr: () => {} });
  } catch {
    return null;
  }
}

test("the time limit is 10 s unless the address sets whole seconds from 1 to 600", () => {
  for (const search of ["", "?q=SELECT+1", "?limit=", "?limit=0", "?limit=-3", "?limit=2.5", "?limit=601", "?limit=x", "?limit=1e400"]) {
    assert.equal(timeLimitMs(search), 10000, search);
  }
  assert.equal(timeLimitMs("?limit=2"), 2000);
  assert.equal(timeLimitMs("?q=SELECT+1&limit=600"), 600000);
  assert.equal(timeLimitMs("?limit=1"), 1000);
});

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

test("sizes and costs are said in bytes, KiB and MiB", () => {
  assert.equal(formatBytes(812), "812 B");
  assert.equal(formatBytes(98816), "96.5 KiB");
  assert.equal(formatBytes(3 * 1024 * 1024 + 209716), "3.2 MiB");
  assert.equal(costLine({ rows: [[1n]], milliseconds: 40.6, bytes: 36864, requests: 9 }), "1 row · 41 ms · 36.0 KiB fetched in 9 requests");
  assert.equal(costLine({ rows: [], milliseconds: 2, bytes: 812, requests: 1 }), "0 rows · 2 ms · 812 B fetched in 1 request");
});

const sqlite3 = await loadSqlite();

test("queries on the database: P-positions of connell-k3, read-only, SQLite's errors", { skip: !sqlite3 && "sqlite-wasm-http is not installed in node_modules" }, () => {
  const site = fixtures();
  sqlite3.capi.sqlite3_js_posix_create_file("/fixture.sqlite", new Uint8Array(readFileSync(join(site, "assets", "data", "wythoff.sqlite"))));
  const db = new sqlite3.oo1.DB("/fixture.sqlite", "r");
  makeReadOnly(db);
  const runQuery = (db, sql) => run(sqlite3, db, sql);

  const { columns, rows } = runQuery(db, "SELECT x, y FROM p_positions WHERE game_id = 'connell-k3' ORDER BY x, y");
  assert.deepEqual(columns, ["x", "y"]);
  const games = JSON.parse(readFileSync(join(site, "assets", "data", "games.json"), "utf8")).games;
  const file = games.find((game) => game.id === "connell-k3").csv; // x,y,n,class
  const csv = readFileSync(join(site, file), "utf8").trim().split("\n").slice(1);
  assert.deepEqual(rows.map(([x, y]) => `${x},${y}`), csv.map((line) => line.split(",").slice(0, 2).join(",")));
  assert.ok(rows.some(([x, y]) => x === 14n && y === 48n), "(14, 48) is listed");

  for (const write of ["DELETE FROM game_positions", "PRAGMA query_only = OFF; DELETE FROM games", "CREATE TABLE t (a)"]) {
    assert.throws(() => runQuery(db, write), /readonly/, write);
  }
  assert.equal(runQuery(db, "SELECT count(*) FROM p_positions WHERE game_id = 'connell-k3'").rows[0][0], BigInt(csv.length));
  assert.throws(() => runQuery(db, "SELEC x FROM p_positions"), /syntax error/);
  assert.throws(() => runQuery(db, "SELECT nope FROM p_positions"), /no such column: nope/);
  assert.deepEqual(runQuery(db, "SELECT 1 AS one; SELECT 2 AS two"), { columns: ["two"], rows: [[2n]] });
  db.close();
});

test("the database describes its own tables and columns, for the console's list", { skip: !sqlite3 && "sqlite-wasm-http is not installed in node_modules" }, () => {
  const site = fixtures();
  sqlite3.capi.sqlite3_js_posix_create_file("/schema.sqlite", new Uint8Array(readFileSync(join(site, "assets", "data", "wythoff.sqlite"))));
  const db = new sqlite3.oo1.DB("/schema.sqlite", "r");
  const { rows } = run(sqlite3, db, "SELECT table_name, column_name, kind, description FROM schema_columns ORDER BY rowid");
  const tables = [...new Set(rows.map(([table]) => table))];
  assert.equal(tables[0], "sequences");
  assert.ok(tables.includes("terms") && tables.includes("p_positions"));
  const value = rows.find(([table, column]) => table === "terms" && column === "value");
  assert.equal(value[2], "integer");
  assert.match(value[3], /64 bits/);
  db.close();
});

test("a result's CSV file is named after the query's first table and the values it filters on", () => {
  assert.equal(csvName("SELECT x, y FROM p_positions WHERE game_id = 'wythoff' ORDER BY x, y"), "p_positions-wythoff.csv");
  assert.equal(csvName("select n, value from TERMS where sequence_id='wythoff-a' and n < 10"), "TERMS-wythoff-a.csv");
  assert.equal(csvName("SELECT * FROM crossrefs WHERE target IN ('A000201', 'A001950')"), "crossrefs-A000201-A001950.csv");
  assert.equal(csvName("SELECT * FROM games WHERE name = 'Misère Wythoff''s game'"), "games-Mis_re_Wythoff_s_game.csv");
  assert.equal(csvName("-- from 'notes'\nSELECT count(*) FROM \"sequences\""), "sequences.csv");
  assert.equal(csvName("SELECT 1 + 1"), "query.csv");
});

test("the status line says how many rows a query gave and how long it took", () => {
  assert.equal(rowsLine(0, 3.4), "0 rows in 3 ms");
  assert.equal(rowsLine(1, 12.6), "1 row in 13 ms");
  assert.equal(rowsLine(1234, 900), "1234 rows in 900 ms");
});
