import { test } from "node:test";
import assert from "node:assert/strict";
import { compareKeys, matches } from "../../site/assets/javascripts/index-table.js";

test("IDs sort with their parameters as numbers", () => {
  const ids = ["larsson-m10-p1-a", "larsson-m2-p1-a", "larsson-m1-p12-a", "larsson-m1-p3-a"];
  assert.deepEqual([...ids].sort(compareKeys), [
    "larsson-m1-p3-a",
    "larsson-m1-p12-a",
    "larsson-m2-p1-a",
    "larsson-m10-p1-a",
  ]);
});

test("integer cells compare exactly, beyond 2^53", () => {
  assert.equal(compareKeys("9007199254740993", "9007199254740992"), 1);
  assert.equal(compareKeys("10000", "9999"), 1);
  assert.equal(compareKeys("42", "42"), 0);
});

test("a row passes the filters only when every chosen one matches", () => {
  const row = { dataset: { family: "connell", solved: "yes", oeis: "no" } };
  assert.equal(matches(row, { family: "", solved: "", oeis: false }), true);
  assert.equal(matches(row, { family: "connell", solved: "yes", oeis: false }), true);
  assert.equal(matches(row, { family: "larsson", solved: "", oeis: false }), false);
  assert.equal(matches(row, { family: "", solved: "no", oeis: false }), false);
  assert.equal(matches(row, { family: "", solved: "", oeis: true }), false);
});
