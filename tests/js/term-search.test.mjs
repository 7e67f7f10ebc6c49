// term-search.js: parsing the query, and the SQL that searches every stored term,
// run on a database with the real schema (written by tests/e2e/test_js.py) through
// SQLite's WebAssembly build and checked against a search of the terms by hand.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { runQuery } from "../../site/assets/javascripts/sql-query.js";
import { countLine, detailsSql, grouped, matchesOf, nameInSentence, parseTerms, termSearchSql, verdict } from "../../site/assets/javascripts/term-search.js";
import { fixtureDatabase, fixtures } from "./fixtures.mjs";

const site = fixtures();
const { sequences } = JSON.parse(readFileSync(join(site, "assets", "data", "terms.json"), "utf8"));

const opened = await fixtureDatabase(site, "terms");
const skip = !opened && "sqlite-wasm-http is not installed in node_modules";

// The search through the database: [{id, name, start, more}].
function search(text) {
  return matchesOf(runQuery(opened.sqlite3, opened.db, termSearchSql(parseTerms(text))));
}

// The same search by hand over the fixture's terms, sorted as the SQL sorts.
function byHand(terms) {
  const found = [];
  for (const sequence of sequences) {
    const starts = [];
    for (let i = 0; i + terms.length <= sequence.terms.length; i++) {
      if (terms.every((term, k) => sequence.terms[i + k] === term)) starts.push(i);
    }
    if (starts.length) {
      found.push({ id: sequence.id, start: BigInt(sequence.offset + starts[0]), more: starts.length - 1 });
    }
  }
  return found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

test("term search for 1, 3, 4, 6, 8, 9 finds wythoff-a at n = 1", { skip }, () => {
  const matches = search("1, 3, 4, 6, 8, 9");
  const wythoff = matches.find((match) => match.id === "wythoff-a");
  assert.ok(wythoff, "wythoff-a is found");
  assert.equal(wythoff.start, 1n);
  const ids = matches.map((match) => match.id);
  assert.ok(ids.includes("connell-k1-u0"), "connell-k1-u0 has the same terms");
  assert.ok(!ids.includes("wythoff-b"));
  assert.deepEqual(matches, byHand(parseTerms("1, 3, 4, 6, 8, 9")));
});

test("runs taken anywhere in every sequence are found where they are, with their later runs", { skip }, () => {
  let checked = 0;
  for (const sequence of sequences) {
    for (const at of [0, 57, sequence.terms.length - 3]) {
      const run = sequence.terms.slice(at, at + 3);
      if (run.every((term) => BigInt(term) >= 2n ** 63n)) continue; // not indexed: said, tested below
      const matches = search(run.join(", "));
      assert.deepEqual(matches, byHand(run), `${sequence.id} at ${at}: ${run}`);
      const own = matches.find((match) => match.id === sequence.id);
      assert.ok(own && own.start <= BigInt(sequence.offset + at), `${sequence.id} at ${at}`);
      checked += 1;
    }
  }
  assert.ok(checked > 30);
  const single = search("1, 2");
  assert.deepEqual(single, byHand(["1", "2"]));
});

test("big integers match exactly, beside a term that fits in 64 bits", { skip }, () => {
  const convergents = sequences.find((s) => s.id === "fraenkel-a3-p");
  const big = convergents.terms.findIndex((term) => BigInt(term) >= 2n ** 63n);
  assert.ok(big > 0, "the fixture has terms beyond 64 bits");
  const typed = `${convergents.terms[big - 1]}, 00${convergents.terms[big]}  ${convergents.terms[big + 1]}`;
  const match = search(typed).find((m) => m.id === "fraenkel-a3-p");
  assert.equal(match.start, BigInt(convergents.offset + big - 1));
  const nearly = `${convergents.terms[big - 1]}, ${BigInt(convergents.terms[big]) + 1n}`;
  assert.equal(search(nearly).some((m) => m.id === "fraenkel-a3-p"), false);
  assert.throws(() => termSearchSql(parseTerms(`${convergents.terms[big]}, ${convergents.terms[big + 1]}`)), /beyond 64 bits/);
});

test("nothing matches a run that no sequence has", { skip }, () => {
  assert.deepEqual(search("5, 4, 3, 2, 1, 0, 7"), []);
});

test("the query syntax: commas and/or spaces, integers only", () => {
  assert.deepEqual(parseTerms(" 1,3  4,\t6 ,8 9 "), ["1", "3", "4", "6", "8", "9"]);
  assert.deepEqual(parseTerms("-0, 007, -12"), ["0", "7", "-12"]);
  assert.throws(() => parseTerms(""), /at least one term/);
  assert.throws(() => parseTerms("1, 2.5, 3"), /Not an integer: "2.5"/);
  assert.throws(() => parseTerms("1, +2, 3"), /Not an integer: "\+2"/); // as the command and Identify
  assert.throws(() => parseTerms("1, x"), RangeError);
});

test("matches equal term by term from the same n are one group, led by the first family's; the verdict names it", () => {
  const matches = [
    { id: "connell-k1-u0", start: 1n, more: 0 },
    { id: "fraenkel-a1-a", start: 1n, more: 0 },
    { id: "larsson-m2-p3-a", start: 4n, more: 0 },
    { id: "wythoff-a", start: 1n, more: 0 },
    { id: "wythoff-b", start: 1n, more: 0 }, // equal to none of them, and not named
  ];
  const details = [
    ["connell-k1-u0", "Connell's u", "A000201", "fraenkel-a1-a,wythoff-a", 1n],
    ["fraenkel-a1-a", "Fraenkel's A", "A000201", "connell-k1-u0,wythoff-a", 2n],
    ["larsson-m2-p3-a", "Larsson's a", null, "wythoff-a", 3n], // equal, but from another n: apart
    ["wythoff-a", "Lower Wythoff", "A022342,A000201", "connell-k1-u0,fraenkel-a1-a", 0n],
  ];
  const groups = grouped(matches, details);
  assert.deepEqual(groups.map((g) => [g.lead.id, g.same]), [
    ["wythoff-a", ["connell-k1-u0", "fraenkel-a1-a"]],
    ["larsson-m2-p3-a", []],
    ["wythoff-b", []],
  ]);
  assert.equal(verdict(groups[0]), "wythoff-a, Lower Wythoff (A000201, A022342), from n = 1");
  assert.equal(verdict(groups[2]), "wythoff-b, from n = 1"); // no details: the ID alone
  assert.match(detailsSql(["wythoff-a", "o'brien"]), /IN \('wythoff-a', 'o''brien'\)/);
  // the count above the list is of its rows (three), and says the five IDs they stand for
  assert.equal(countLine(groups, "1, 3"), "3 sequences contain 1, 3 (stored under 5 IDs: equal sequences share a row):");
  assert.equal(countLine(groups.slice(1, 2), "4"), "1 sequence contains 4:");
});

test("a name's own full stop is left out where a sentence goes on after it", () => {
  assert.equal(nameInSentence("Complement of A000201 in the positive integers."), "Complement of A000201 in the positive integers");
  assert.equal(nameInSentence("Lower Wythoff "), "Lower Wythoff");
  assert.equal(verdict({ lead: { id: "x", start: 0n }, same: [], name: "In the integers.", anumbers: [] }), "x, In the integers, from n = 0");
});
