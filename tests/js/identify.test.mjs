// identify.js: the terms' parsing, the search of runs at every start, and a whole
// identification, run on a database with the real schema (written by
// tests/e2e/test_js.py) through SQLite's WebAssembly build.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { catalogOf, identify, lines, parseTerms, readingOrder } from "../../site/assets/javascripts/identify.js";
import { runsSql } from "../../site/assets/javascripts/runs.js";
import { runQuery } from "../../site/assets/javascripts/sql-query.js";
import { fixtureDatabase, fixtures } from "./fixtures.mjs";

const site = fixtures();
const { sequences } = JSON.parse(readFileSync(join(site, "assets", "data", "terms.json"), "utf8"));

const opened = await fixtureDatabase(site, "identify");
const skip = !opened && "sqlite-wasm-http is not installed in node_modules";
const query = async (sql) => runQuery(opened.sqlite3, opened.db, sql);

test("malformed terms give one message each, as the command's", () => {
  assert.throws(() => parseTerms("1, 2"), /at least 3 terms \(got 2\)/);
  assert.throws(() => parseTerms("1 2 3.5"), /Not an integer: "3.5"/);
  assert.throws(() => parseTerms("1 +2 3"), /Not an integer: "\+2"/);
  assert.deepEqual(parseTerms(" 1,2  -3 "), [1n, 2n, -3n]);
});

// Every start of `terms` in every fixture sequence, sorted as the SQL sorts.
function byHand(terms) {
  const found = [];
  for (const sequence of sequences) {
    for (let i = 0; i + terms.length <= sequence.terms.length; i++) {
      if (terms.every((term, k) => sequence.terms[i + k] === String(term))) found.push([sequence.id, sequence.offset + i]);
    }
  }
  return found.sort(([a, m], [b, n]) => (a < b ? -1 : a > b ? 1 : m - n));
}

test("runs are found at every start, in every sequence", { skip }, async () => {
  let checked = 0;
  for (const sequence of sequences) {
    for (const at of [0, 40, sequence.terms.length - 6]) {
      const run = sequence.terms.slice(at, at + 6).map(BigInt);
      if (run.every((term) => term >= 2n ** 63n)) continue; // not indexed: a limit the page states
      const { rows } = await query(runsSql(run, { narrowing: true }));
      assert.deepEqual(rows.map(([id, n]) => [id, Number(n)]), byHand(run), `${sequence.id} at ${at}`);
      checked += 1;
    }
  }
  assert.ok(checked > 30);
});

test("floor(n*phi) is wythoff-a, its slope held, a wrong slope ruled out with its first difference", { skip }, async () => {
  const terms = sequences.find((s) => s.id === "wythoff-a").terms.slice(1, 31).map(BigInt); // from a(1)
  const catalog = catalogOf({ slopes: [["wythoff-a", 1, 5, 2, 1], ["wythoff-b", 3, 5, 2, 1]] });
  const found = await identify(terms, [1], catalog, query);
  assert.ok(found.sequences.some((s) => s.id === "wythoff-a" && s.shift === 1));
  const beatty = found.beatty.get(1);
  assert.deepEqual(beatty.holds, ["wythoff-a"]);
  assert.equal(beatty.irrationals[0], "(1 + sqrt(5))/2");
  assert.deepEqual(beatty.ruledOut.map((r) => [r.id, r.n]), [["wythoff-b", 1]]);
  const text = lines(found).map(({ parts }) => parts.map((part) => part.id ?? part).join(""));
  // the ruled-out slope's own term and the given one, each called what it is
  assert.ok(text.includes("rules out wythoff-b (alpha = (3 + sqrt(5))/2): its term at n = 1 is 2, the given term is 1"), text.join("\n"));
  assert.equal(text[0], "30 terms: 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, ...");
  assert.ok(text.includes("the interval holds the slope of wythoff-a"));
  assert.deepEqual(found.undecided, []);
  // first, in one line: the leading stored sequence (by family rank, then ID), its name
  const [, leadId] = text[1].match(/^verdict: ([a-z0-9-]+), .+, from n = 1$/);
  assert.ok(found.sequences.some((s) => s.id === leadId && s.shift === 1));
});

test("the terms of a(1), a(2), ... are read n >= 1 first, whatever order the user left open", { skip }, async () => {
  const terms = sequences.find((s) => s.id === "wythoff-a").terms.slice(1, 21).map(BigInt);
  const found = await identify(terms, [0, 1], catalogOf({ slopes: [] }), query);
  assert.deepEqual([...found.beatty.keys()], [1, 0]);
  assert.deepEqual(readingOrder([0, 1], null), [0, 1]);
  const nothing = await identify([5n, 9n, 100n, 7n], [0, 1], catalogOf({ slopes: [] }), query);
  assert.match(nothing.verdict, /^not identified/);
});

test("without a first index, the verdict leads with the simplest exact form of 0 and 1 and says which it read", { skip }, async () => {
  // floor(n*(1 + sqrt(3))/2), n = 1 .. 200: read from 0 it is floor(n*(1 + sqrt(3))/2 + 26/19)
  const terms = [];
  for (let n = 1n; n <= 200n; n++) terms.push((n + isqrt(3n * n * n)) / 2n);
  const found = await identify(terms, [0, 1], catalogOf({ slopes: [] }), query);
  assert.deepEqual([...found.beatty.keys()], [1, 0]);
  assert.match(found.verdict, /^not determined by these terms, read with the first index 1 \(of 0 and 1, the one with the simplest form; --offset sets it\): floor\(n\*alpha \+ beta\) for n = 1 \.\. 200 /);
  assert.match(found.verdict, /candidates, each with its deciding index \(the terms up to it tell it from the others\): floor\(n\*\(1 \+ sqrt\(3\)\)\/2\) \(n = /);
  assert.equal(found.beatty.get(0).candidates.listed[0].label, "floor(n*(1 + sqrt(3))/2 + 26/19)");
  const text = lines(found).map(({ parts }) => parts.map((part) => part.id ?? part).join("")).join("\n");
  assert.doesNotMatch(text, /\b\d+\/1\b/); // fractions in lowest terms, an integer without "/1"
  assert.match(text, /beta in \[0, 1\/26\]/); // the complement, read from 0
  const given = await identify(terms, [0], catalogOf({ slopes: [] }), query);
  assert.match(given.verdict, /^not determined by these terms: floor/); // the index the user gave
});

// floor(sqrt(v)), exactly.
function isqrt(v) {
  if (v < 2n) return v;
  let x = BigInt(Math.floor(Math.sqrt(Number(v))));
  while (x * x > v) x -= 1n;
  while ((x + 1n) * (x + 1n) <= v) x += 1n;
  return x;
}
