// Exact floors of integer multiples of quadratic irrationals, with BigInt.
//
// A port of builder/core/quadratic.py: the number (c + sign*sqrt(d)) / e is a
// plain object {c, d, e, sign} of BigInts (e > 0), and
// floor(N * (c + sqrt d) / e) = (N*c + isqrt(N*N*d)) div e exactly, for every
// integer N. No floating point is used anywhere, so piles of any size work.

// BigInt from a bigint, a safe integer or a decimal string (throws otherwise).
export function toBigInt(value) {
  return typeof value === "bigint" ? value : BigInt(value);
}

// floor(a / b) for BigInts (BigInt division truncates towards zero instead).
export function floorDiv(a, b) {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

// ceil(a / b) for BigInts.
export function ceilDiv(a, b) {
  return -floorDiv(-a, b);
}

// a mod b in 0 .. b-1 for b > 0 (Python's %, which the engine's formulas use).
export function mod(a, b) {
  const r = a % b;
  return r < 0n ? r + b : r;
}

// floor(sqrt(n)) for a BigInt n >= 0, by Newton's method from above (integers only).
export function isqrt(n) {
  n = toBigInt(n);
  if (n < 0n) throw new RangeError("isqrt of a negative number");
  if (n < 2n) return n;
  // 2**ceil(bits/2) > sqrt(n): the iterates decrease to floor(sqrt(n)).
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const next = (x + n / x) >> 1n;
    if (next >= x) return x;
    x = next;
  }
}

// The number (c + sign*sqrt(d)) / e, normalised so that e > 0 (as the Python class).
export function quadratic(c, d, e, sign = 1) {
  let [C, D, E, S] = [toBigInt(c), toBigInt(d), toBigInt(e), toBigInt(sign)];
  if (D <= 0n || isqrt(D) ** 2n === D) throw new RangeError(`d = ${D} must be a positive non-square`);
  if (E === 0n) throw new RangeError("e must be non-zero");
  if (S !== 1n && S !== -1n) throw new RangeError("sign must be 1 or -1");
  if (E < 0n) [C, E, S] = [-C, -E, -S];
  return { c: C, d: D, e: E, sign: S };
}

// The number from the strategy data's "theta": [c, d, e, sign].
export function fromTheta(theta) {
  return quadratic(...theta);
}

// floor(n * q) exactly, for any integer n (the engine's floor_times).
export function floorTimes(q, n) {
  n = toBigInt(n);
  const root = isqrt(n * n * q.d); // floor(|n| sqrt d); never exact unless n == 0
  const positive = n === 0n || (q.sign > 0n) === (n >= 0n);
  // floor(-t) = -floor(t) - 1 for irrational t
  const irrationalPart = positive ? root : -root - 1n;
  return floorDiv(n * q.c + irrationalPart, q.e);
}

// Sign (-1 or 1) of q - p/den for den > 0, with integers only (the engine's compare_with).
export function compareWith(q, p, den = 1n) {
  p = toBigInt(p);
  den = toBigInt(den);
  const rational = den * q.c - p * q.e;
  const irrationalSquare = den * den * q.d;
  if (q.sign > 0n) {
    if (rational >= 0n) return 1;
    return irrationalSquare > rational * rational ? 1 : -1;
  }
  if (rational <= 0n) return -1;
  return rational * rational > irrationalSquare ? 1 : -1;
}

// q + integer.
export function plus(q, integer) {
  return { ...q, c: q.c + toBigInt(integer) * q.e };
}

// 1 / q in the same form: e / (c + s sqrt d) = (e c - s sqrt(e^2 d)) / (c^2 - d).
export function reciprocal(q) {
  return quadratic(q.e * q.c, q.e * q.e * q.d, q.c * q.c - q.d, -q.sign);
}

// The indices n >= 0 with floor(n * q) == x, for q > 0: a short run of
// consecutive integers (x/q <= n < (x+1)/q), returned as an array of BigInts.
export function preimage(q, x) {
  x = toBigInt(x);
  if (compareWith(q, 0n) <= 0) throw new RangeError("preimage needs a positive number");
  if (x < 0n) return [];
  const inverse = reciprocal(q);
  const low = x === 0n ? 0n : floorTimes(inverse, x) + 1n;
  const high = floorTimes(inverse, x + 1n);
  const run = [];
  for (let n = low; n <= high; n++) run.push(n);
  return run;
}
