// exact.js on its own: integer square roots and exact floors, checked by their
// defining inequalities (the cross-check against Python is in tests/e2e/test_js.py).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";

import {
  ceilDiv, compareWith, floorDiv, floorTimes, isqrt, mod, preimage, quadratic, reciprocal,
} from "../../site/assets/javascripts/exact.js";

// A random BigInt with up to `digits` decimal digits (uniform bytes, cut to size).
function randomBigInt(digits) {
  const value = BigInt("0x" + randomBytes(Math.ceil(digits / 2) + 1).toString("hex"));
  return value % 10n ** BigInt(digits);
}

// Sign of r - t * sqrt(d), with integers only (d is not a square).
function signAgainstIrrational(r, t, d) {
  if (t === 0n) return r > 0n ? 1 : r < 0n ? -1 : 0;
  if (t > 0n) return r <= 0n ? -1 : r * r > t * t * d ? 1 : -1;
  return r >= 0n ? 1 : r * r < t * t * d ? 1 : -1;
}

const PHI = quadratic(1, 5, 2);
const SQRT2 = quadratic(0, 2, 1);

test("isqrt is the integer square root of small and huge numbers", () => {
  for (let n = 0n; n < 2000n; n++) {
    const r = isqrt(n);
    assert.ok(r * r <= n && n < (r + 1n) * (r + 1n), `isqrt(${n}) = ${r}`);
  }
  for (const digits of [20, 100, 2000]) {
    for (let i = 0; i < 20; i++) {
      const n = randomBigInt(digits);
      const r = isqrt(n);
      assert.ok(r * r <= n && n < (r + 1n) * (r + 1n));
      assert.equal(isqrt(r * r), r);
    }
  }
  assert.throws(() => isqrt(-1n), RangeError);
});

test("floorDiv, ceilDiv and mod follow Python's // and % for every sign", () => {
  assert.deepEqual([floorDiv(7n, 2n), floorDiv(-7n, 2n), floorDiv(7n, -2n), floorDiv(-8n, 2n)], [3n, -4n, -4n, -4n]);
  assert.deepEqual([ceilDiv(7n, 2n), ceilDiv(-7n, 2n), ceilDiv(8n, 2n)], [4n, -3n, 4n]);
  assert.deepEqual([mod(-1n, 3n), mod(4n, 3n), mod(0n, 3n)], [2n, 1n, 0n]);
});

test("floor_times regressions where float64 goes wrong", () => {
  assert.equal(floorTimes(PHI, 102334155n), 165580140n); // F_40 * phi lies just below F_41
  assert.equal(floorTimes(SQRT2, 93222358n), 131836322n);
  assert.equal(floorTimes(SQRT2, -1n), -2n);
  assert.deepEqual([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n].map((n) => floorTimes(PHI, n)), [0n, 1n, 3n, 4n, 6n, 8n, 9n, 11n]);
});

test("floorTimes(q, n) <= n q < floorTimes(q, n) + 1 for random n up to 10**40, both signs", () => {
  const numbers = [PHI, SQRT2, quadratic(-1, 13, 6), quadratic(3, 5, 2, -1), quadratic(-4, 40, 6), quadratic(2, 7, -3)];
  for (const q of numbers) {
    for (let i = 0; i < 200; i++) {
      const n = randomBigInt(1 + (i % 40)) * (i % 2 ? -1n : 1n);
      const f = floorTimes(q, n);
      // f <= n (c + s sqrt d) / e < f + 1  <=>  f e - n c <= s n sqrt d < (f + 1) e - n c
      const t = q.sign * n;
      assert.ok(signAgainstIrrational(f * q.e - n * q.c, t, q.d) <= 0, `floor too big at ${n}`);
      assert.ok(signAgainstIrrational((f + 1n) * q.e - n * q.c, t, q.d) > 0, `floor too small at ${n}`);
    }
  }
});

test("quadratic normalises e > 0 and refuses rational numbers", () => {
  assert.deepEqual(quadratic(1, 5, -2), { c: -1n, d: 5n, e: 2n, sign: -1n });
  assert.throws(() => quadratic(1, 4, 2), RangeError);
  assert.throws(() => quadratic(1, 5, 0), RangeError);
});

test("compareWith and reciprocal", () => {
  assert.equal(compareWith(PHI, 8n, 5n), 1); // phi > 1.6
  assert.equal(compareWith(PHI, 13n, 8n), -1); // phi < 1.625
  const inverse = reciprocal(PHI); // 1/phi = phi - 1
  for (const n of [1n, 10n, 12345n, 10n ** 30n]) assert.equal(floorTimes(inverse, n), floorTimes(PHI, n) - n);
});

test("preimage gives every n with floor(n q) = x", () => {
  assert.deepEqual(preimage(PHI, 4n), [3n]);
  assert.deepEqual(preimage(PHI, 5n), []);
  assert.deepEqual(preimage(quadratic(-1, 5, 6), 0n), [0n, 1n, 2n, 3n, 4n]);
  const small = quadratic(-1, 13, 6); // about 0.434: runs of two or three
  for (let x = 0n; x < 300n; x++) {
    const expected = [];
    for (let n = 0n; n < 800n; n++) if (floorTimes(small, n) === x) expected.push(n);
    assert.deepEqual(preimage(small, x), expected);
  }
  assert.deepEqual(preimage(PHI, -1n), []);
  assert.throws(() => preimage(quadratic(1, 5, 2, -1), 1n), RangeError); // negative number
});
