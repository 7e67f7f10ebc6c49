// term-search.js: parsing the query and matching consecutive terms, on a
// terms.json made from the catalog by tests/test_js.py.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { findSequences, parseTerms } from "../../site/assets/javascripts/term-search.js";
import { fixtures } from "./fixtures.mjs";



const { sequences } = JSON.parse(readFileSync(join(fixtures(), "assets", "data", "terms.json"), "utf8"));

test("term search for 1, 3, 4, 6, 8, 9 finds wythoff-a", () => {
  const matches = findSequences(sequences, parseTerms("1, 3, 4, 6, 8, 9"));
  const wythoff = matches.find((match) => match.id === "wythoff-a");
  assert.ok(wythoff, "wythoff-a is found");
  assert.equal(wythoff.start, 1);
  assert.equal(wythoff.name, sequences.find((s) => s.id === "wythoff-a").name);
  const ids = matches.map((match) => match.id);
  assert.ok(ids.includes("connell-k1-u0"), "connell-k1-u0 has the same terms");
  assert.ok(!ids.includes("wythoff-b"));
  assert.deepEqual(ids, [...ids].sort((a, b) => sequences.findIndex((s) => s.id === a) - sequences.findIndex((s) => s.id === b)));
});

test("the start index counts from the sequence's offset, and later runs are counted", () => {
  const modular = sequences.find((s) => s.id === "modular-a");
  assert.equal(modular.offset, 1);
  const [first, second, third] = modular.terms.slice(5, 8);
  const match = findSequences([modular], [first, second, third])[0];
  const firstRun = modular.terms.findIndex((_, i) => modular.terms[i] === first && modular.terms[i + 1] === second && modular.terms[i + 2] === third);
  assert.equal(match.start, modular.offset + firstRun);
  const single = findSequences([{ id: "s", name: "s", offset: 0, terms: ["1", "2", "1", "2", "1"] }], ["1", "2"])[0];
  assert.deepEqual(single, { id: "s", name: "s", start: 0, more: 1 });
});

test("big integers match exactly, whatever way they are typed", () => {
  const convergents = sequences.find((s) => s.id === "fraenkel-a3-p");
  const big = convergents.terms.findIndex((term) => term.length > 60);
  assert.ok(big > 0, "the fixture has terms of more than 60 digits");
  const typed = `00${convergents.terms[big]}  +${convergents.terms[big + 1]}`;
  const match = findSequences(sequences, parseTerms(typed)).find((m) => m.id === "fraenkel-a3-p");
  assert.equal(match.start, convergents.offset + big);
  const nearly = (BigInt(convergents.terms[big]) + 1n).toString();
  assert.equal(findSequences(sequences, parseTerms(nearly)).some((m) => m.id === "fraenkel-a3-p"), false);
});

test("nothing matches a run that no sequence has", () => {
  assert.deepEqual(findSequences(sequences, parseTerms("5, 4, 3, 2, 1, 0, 7")), []);
});

test("the query syntax: commas and/or spaces, integers only", () => {
  assert.deepEqual(parseTerms(" 1,3  4,\t6 ,8 9 "), ["1", "3", "4", "6", "8", "9"]);
  assert.deepEqual(parseTerms("-0, 007, -12"), ["0", "7", "-12"]);
  assert.throws(() => parseTerms(""), /at least one term/);
  assert.throws(() => parseTerms("1, 2.5, 3"), /"2.5" is not an integer/);
  assert.throws(() => parseTerms("1, x"), RangeError);
});
