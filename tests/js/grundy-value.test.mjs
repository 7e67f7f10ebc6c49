// The value box's arithmetic (grundy-value.js): where G(x, y) is read for any y,
// in exact BigInt, and the SQL it fills in.
import { test } from "node:test";
import assert from "node:assert/strict";

import { answer, how, parsePile, reduce, valueSql } from "../../site/assets/javascripts/grundy-value.js";

test("a y past the stored values is brought back by whole periods", () => {
  // Wythoff's row 3: period 6 from 8 (values stored for y < 14)
  assert.deepEqual(reduce(13n, 8, 6), { k: 13n, turns: 0n });
  assert.deepEqual(reduce(14n, 8, 6), { k: 8n, turns: 1n });
  const y = 10n ** 30n + 7n;
  const { k, turns } = reduce(y, 8, 6);
  assert.equal(k + 6n * turns, y);
  assert.ok(k >= 8n && k < 14n);
});

test("the answer adds the increment once a period, exactly beyond 2^53", () => {
  const found = answer(3n, 10n ** 30n, { preperiod: "8", period: "6", increment: "6" }, "13");
  const { k, turns } = reduce(10n ** 30n, 8, 6);
  assert.equal(found.value, 13n + 6n * turns);
  assert.equal(found.k, k);
  assert.match(how(found), /proven period of row 3/);
  assert.match(how(answer(3n, 5n, { preperiod: "8", period: "6", increment: "6" }, "7")), /stored values/);
});

test("piles are digits or powers", () => {
  assert.equal(parsePile("10^15", "y"), 10n ** 15n);
  assert.equal(parsePile(" 63 ", "x"), 63n);
  assert.throws(() => parsePile("10^99999", "y"), /exponent/);
  assert.throws(() => parsePile("-1", "y"), RangeError);
});

test("the SQL gets every parameter filled in", () => {
  const sql = valueSql("SELECT :x, :y, :y FROM t WHERE g = :game_id", "wythoff", 63n, 8n);
  assert.equal(sql, "SELECT 63, 8, 8 FROM t WHERE g = 'wythoff'");
});
