import { test } from "node:test";
import assert from "node:assert/strict";
import { normalise, queryWords, relationLine, search } from "../../site/assets/javascripts/find.js";

const index = {
  synonyms: { "golden ratio": "phi", "square root": "sqrt" },
  entries: [
    { id: "wythoff", kind: "family", title: "Wythoff's game", rank: 0, name: "wythoff s game", text: "fibonacci complementary" },
    { id: "wythoff-b", kind: "sequence", title: "B", rank: 0, matches: { A001950: "proven: a(n) = A001950(n), n >= 1: equal on n = 1 .. 400" }, name: "upper wythoff sequence b n floor n phi 2", formula: "", oeis: "", relations: "complementary" },
    { id: "wythoff-a", kind: "sequence", title: "A", rank: 0, matches: { A000201: "proven: a(n) = A000201(n), n >= 1: equal on n = 1 .. 400" }, name: "lower wythoff sequence a n floor n phi", formula: "", oeis: "", relations: "complementary" },
    { id: "beatty-sqrt2-a", kind: "sequence", title: "a", rank: 5, matches: { A001951: "matches: a(n) = A001951(n), n >= 1: equal on n = 1 .. 400" }, name: "a n floor n sqrt 2", formula: "", oeis: "", relations: "" },
  ],
};
const ids = (query) => search(index, query).map((entry) => entry.id);

test("the phrases people use become the entries' words; stop words go", () => {
  assert.deepEqual(queryWords("The golden ratio", index.synonyms), ["phi"]);
  assert.deepEqual(queryWords("square root of 2", index.synonyms), ["sqrt", "2"]);
});

test("an ID or an A-number comes first, whatever else matches", () => {
  assert.equal(ids("wythoff-b")[0], "wythoff-b");
  assert.equal(ids("a000201")[0], "wythoff-a");
});

test("words find entries ranked by where they match, then by parameters as numbers", () => {
  assert.deepEqual(ids("golden ratio"), ["wythoff-a", "wythoff-b"]);
  assert.deepEqual(ids("complementary").slice(0, 2), ["wythoff-a", "wythoff-b"]);
  assert.deepEqual(ids("sqrt 2"), ["beatty-sqrt2-a"]);
  assert.deepEqual(ids("nothing like this"), []);
});

test("accents are folded: misère is found as misere", () => {
  assert.equal(normalise("Wythoff's game, misère play"), "wythoff s game misere play");
});

test("a sequence found by an A-number it matches says the relation and its evidence in one line", () => {
  const [found] = search(index, "a000201");
  assert.equal(relationLine(found, "a000201"), "A000201, proven: a(n) = A000201(n), n >= 1: equal on n = 1 .. 400");
  assert.equal(relationLine(found, "golden ratio"), "");
  assert.equal(relationLine(index.entries[0], "A000201"), "");
});
