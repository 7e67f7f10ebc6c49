// beatty.js: the exact Beatty interval, its simplest numbers and the transforms,
// checked on known sequences (the same answers as builder/wythoff/core/beatty_fit.py).
import assert from "node:assert/strict";
import { test } from "node:test";

import * as beatty from "../../site/assets/javascripts/beatty.js";
import { floorTimes, isqrt, quadratic } from "../../site/assets/javascripts/exact.js";

const { compareQuadratics, fitBeatty, formatDecimal, formatFraction, fraction, holds } = beatty;
const { partner, plain, quadraticIrrationals, simplestFraction, transforms } = beatty;
const SQRT3 = quadratic(0, 3, 1);
const PHI = quadratic(1, 5, 2);
const sqrt3Terms = Array.from({ length: 40 }, (_, k) => isqrt(3n * BigInt((k + 1) ** 2)));

test("floor(n*sqrt(3)) for n = 1..40 gives an interval that holds sqrt(3), the simplest quadratic in it", () => {
  const fit = fitBeatty(sqrt3Terms, 1);
  assert.ok(holds(fit, SQRT3));
  assert.equal(plain(quadraticIrrationals(fit.alphaLow, fit.alphaHigh)[0]), "sqrt(3)");
  assert.ok(!holds(fit, PHI));
});

test("the interval, beta range, simplest fraction and partner are the command's", () => {
  const terms = [1n, 3n, 5n, 6n, 8n, 10n, 12n, 13n, 15n, 17n, 19n, 20n, 22n, 24n, 25n, 27n, 29n, 31n, 32n, 34n];
  const fit = fitBeatty(terms, 1);
  const shown = [fit.alphaLow, fit.alphaHigh, fit.betaLow, fit.betaHigh].map(formatFraction);
  assert.deepEqual(shown, ["12/7", "7/4", "-1/4", "1/7"]);
  const atZero = fitBeatty(terms, 0);
  assert.deepEqual([atZero.betaLow, atZero.betaHigh].map(formatFraction), ["3/2", "13/7"]);
  assert.equal(formatFraction(simplestFraction(fit.alphaLow, fit.alphaHigh)), "19/11");
  assert.deepEqual(quadraticIrrationals(fit.alphaLow, fit.alphaHigh).map(plain), ["sqrt(3)", "(1 + sqrt(6))/2", "(3 + sqrt(5))/3"]);
  assert.deepEqual(partner(fit.alphaLow, fit.alphaHigh).map(formatFraction), ["7/3", "12/5"]);
  assert.equal(formatDecimal(fit.alphaLow), "1.714286");
});

test("the simplest numbers of the docstrings", () => {
  assert.equal(formatFraction(simplestFraction(fraction(3n, 2n), fraction(5n, 3n))), "8/5");
  assert.equal(formatFraction(simplestFraction(fraction(1n), fraction(2n))), "3/2");
  const golden = quadraticIrrationals(fraction(161n, 100n), fraction(162n, 100n)).map(plain);
  assert.deepEqual(golden, ["(1 + sqrt(5))/2", "(4 + sqrt(6))/4", "(8 + sqrt(11))/7"]);
  assert.equal(plain(quadratic(-1, 13, 2)), "(-1 + sqrt(13))/2");
  assert.equal(partner(fraction(1n, 2n), fraction(3n, 4n)), null);
});

test("a surd is written as by hand: square factors out of the root, the fraction reduced (as the command)", () => {
  assert.equal(plain(quadratic(26, 580, 16)), "(13 + sqrt(145))/8");
  assert.equal(plain(quadratic(18, 260, 16)), "(9 + sqrt(65))/8");
  assert.equal(plain(quadratic(0, 12, 4)), "sqrt(3)/2");
  assert.equal(plain(quadratic(3, 18, 1)), "3 + 3*sqrt(2)");
  assert.equal(plain(quadratic(2, 8, 6, -1)), "(1 - sqrt(2))/3");
});

test("terms beyond 2**53 stay exact", () => {
  const big = 10n ** 30n;
  const terms = Array.from({ length: 12 }, (_, k) => floorTimes(SQRT3, big + BigInt(k)));
  const fit = fitBeatty(terms, 0);
  assert.ok(holds(fit, SQRT3));
  const bumped = [...terms];
  bumped[5] += 1n; // one more than floor: no slope fits any longer
  assert.equal(fitBeatty(bumped, 0), null);
  const huge = Array.from({ length: 30 }, (_, n) => floorTimes(PHI, BigInt(n)) + 2n ** 60n);
  const shifted = fitBeatty(huge, 0);
  assert.ok(holds(shifted, PHI));
  assert.equal(formatFraction(shifted.betaLow), `${2n ** 60n}`); // an integer without "/1"
});

test("a sequence that is not Beatty gives null", () => {
  assert.equal(fitBeatty([0n, 1n, 3n, 2n], 0), null);
  assert.equal(fitBeatty([1n, 4n, 9n, 16n, 25n], 1), null);
  assert.equal(fitBeatty([5n], 0), null);
});

test("quadratic irrationals compare exactly, equal ones included", () => {
  assert.equal(compareQuadratics(SQRT3, PHI), 1);
  assert.equal(compareQuadratics(PHI, quadratic(2, 20, 4)), 0); // (2 + sqrt(20))/4 is phi
  assert.equal(compareQuadratics(quadratic(0, 2, 1), quadratic(1, 8, 2, -1)), 1);
  assert.equal(compareQuadratics(quadratic(-1, 5, 2), quadratic(2, 3, 3, -1)), 1); // 0.618 > 0.089
  // against floor(2**200 * q), which tells distinct small numbers apart
  const scaled = (q) => floorTimes(q, 2n ** 200n);
  const numbers = [];
  for (const c of [-3, -1, 0, 2]) for (const d of [2, 3, 5, 8, 12]) for (const e of [1, 2, 3]) for (const sign of [1, -1]) numbers.push(quadratic(c, d, e, sign));
  for (const p of numbers) {
    for (const q of numbers) {
      const [x, y] = [scaled(p), scaled(q)];
      const expected = p.c * q.e === q.c * p.e && p.sign === q.sign && p.d * q.e * q.e === q.d * p.e * p.e ? 0 : x > y ? 1 : -1;
      assert.equal(compareQuadratics(p, q), expected, `${plain(p)} against ${plain(q)}`);
    }
  }
});

test("the transforms are the command's", () => {
  const named = Object.fromEntries(transforms([1n, 3n, 4n, 6n]));
  assert.deepEqual(named.complement, [0n, 2n, 5n]);
  assert.deepEqual(named["first differences"], [2n, 1n, 2n]);
  assert.deepEqual(named["partial sums"], [1n, 4n, 8n, 14n]);
  assert.deepEqual(named["a(n) - n"], [1n, 2n, 2n, 3n]);
  assert.deepEqual(transforms([2n, 4n, 8n]).at(-1), ["a(n)/2", [1n, 2n, 4n]]);
  assert.equal(transforms([3n, 1n, 2n]).some(([name]) => name === "complement"), false);
});

test("the candidates' heights and simplest intercepts are the command's", () => {
  // floor(n*(1 + sqrt(3))/2), n = 1..20: beta = 0 for its own slope and for 15/11,
  // 1/6 for (4 + sqrt(2))/4, none for 3/2 (outside the slopes of the terms)
  const terms = Array.from({ length: 20 }, (_, k) => (BigInt(k + 1) + isqrt(3n * BigInt((k + 1) ** 2))) / 2n);
  assert.deepEqual(terms.slice(0, 6), [1n, 2n, 4n, 5n, 6n, 8n]);
  assert.equal(beatty.height(quadratic(1, 3, 2)), 6);
  assert.equal(beatty.height(quadratic(14, 14, 13)), 41);
  assert.equal(beatty.height(quadratic(0, 12, 2)), 4);
  assert.deepEqual(beatty.intercept(quadratic(1, 3, 2), terms, 1), fraction(0n));
  assert.deepEqual(beatty.intercept(quadratic(4, 2, 4), terms, 1), fraction(1n, 6n));
  assert.deepEqual(beatty.intercept(fraction(15n, 11n), terms, 1), fraction(0n));
  assert.equal(beatty.intercept(fraction(3n, 2n), terms, 1), null);
  // the intercept found gives the terms, by the exact floors
  const beta = beatty.intercept(quadratic(5, 3, 5), terms, 1);
  assert.ok(terms.every((t, k) => beatty.floorAt(quadratic(5, 3, 5), beta, k + 1) === t));
  assert.equal(floorTimes(quadratic(1, 3, 2), 41), 56n); // where it leaves beatty-sqrt14-b (55)
});
