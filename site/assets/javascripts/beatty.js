// Which Beatty sequences floor(n*alpha + beta) begin with given terms, exactly:
// a port of builder/wythoff/core/beatty_fit.py for the Identify page.
//
// Terms t(n), n = first, first + 1, ..., are floor(n*alpha + beta) exactly when,
// for every pair i < j of indices,
//     (t(j) - t(i) - 1) / (j - i)  <  alpha  <  (t(j) - t(i) + 1) / (j - i),
// an open interval with rational ends; eliminating alpha bounds beta the same way.
// Fractions are {n, d} of BigInts (d > 0, lowest terms); quadratic irrationals
// (c + sign*sqrt(d)) / e are exact.js's objects.  Nothing is rounded: decimals
// are only printed.
import { compareWith, floorDiv, floorTimes, isqrt, quadratic } from "./exact.js";

// ----------------------------------------------------------------------------- fractions

function gcd(a, b) {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

// The fraction n/d in lowest terms with d > 0 (Python's Fraction).
export function fraction(n, d = 1n) {
  [n, d] = [BigInt(n), BigInt(d)];
  if (d === 0n) throw new RangeError("zero denominator");
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

// Sign of x - y for fractions.
export function compareFractions(x, y) {
  const difference = x.n * y.d - y.n * x.d;
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
}

// "p/q" in lowest terms, an integer without "/1", as the command's text prints a Fraction.
export function formatFraction(x) {
  return x.d === 1n ? `${x.n}` : `${x.n}/${x.d}`;
}

// The fraction with `places` decimals, rounded half to even, exactly.
export function formatDecimal(x, places = 6) {
  const scale = 10n ** BigInt(places);
  const twice = 2n * x.n * scale;
  let rounded = floorDiv(twice + x.d, 2n * x.d); // nearest, ties up
  if ((twice + x.d) % (2n * x.d) === 0n && rounded % 2n !== 0n) rounded -= 1n; // ties to even
  const sign = x.n < 0n ? "-" : ""; // "-0.000000" for a small negative, as Python prints
  const digits = (rounded < 0n ? -rounded : rounded).toString().padStart(places + 1, "0");
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

// ----------------------------------------------------------------------------- the fit

// The four extremes over every pair i < j of indices, in one pass: the largest
// (t_j - t_i - 1)/(j - i) and the smallest (t_j - t_i + 1)/(j - i) (alpha's ends),
// the largest (n_j t_i - n_i (t_j + 1))/(j - i) and the smallest
// (n_j (t_i + 1) - n_i t_j)/(j - i) (beta's), as [numerator, denominator] pairs
// compared by cross multiplication.  `t` and `n` hold either Numbers whose every
// product stays below 2**53 (exact, and fast for thousands of terms) or BigInts;
// `one` is 1 or 1n to match.
function extremes(t, n, one) {
  // plain variables, no arrays, in the loop: it runs count^2/2 times
  let [la, lb, ha, hb] = [t[1] - t[0] - one, one, t[1] - t[0] + one, one];
  let [ba, bb, ca, cb] = [n[1] * t[0] - n[0] * (t[1] + one), one, n[1] * (t[0] + one) - n[0] * t[1], one];
  for (let j = 1; j < t.length; j++) {
    const tj = t[j];
    const nj = n[j];
    for (let i = 0; i < j; i++) {
      const ti = t[i];
      const ni = n[i];
      const run = nj - ni;
      const rise = tj - ti;
      if ((rise - one) * lb > la * run) { la = rise - one; lb = run; }
      if ((rise + one) * hb < ha * run) { ha = rise + one; hb = run; }
      const low = nj * ti - ni * (tj + one);
      if (low * bb > ba * run) { ba = low; bb = run; }
      const high = nj * (ti + one) - ni * tj;
      if (high * cb < ca * run) { ca = high; cb = run; }
    }
  }
  return [[la, lb], [ha, hb], [ba, bb], [ca, cb]].map(([a, b]) => fraction(BigInt(a), BigInt(b)));
}

// {alphaLow, alphaHigh, betaLow, betaHigh, first, count}: floor(n*alpha + beta) = t(n)
// for every given n exactly when alpha lies in the open interval (alphaLow,
// alphaHigh); beta then lies between betaLow and betaHigh.  null when no Beatty
// sequence begins with the terms (BigInts t(first), t(first + 1), ...).
export function fitBeatty(terms, first = 0) {
  const count = terms.length;
  if (count < 2 || first < 0) return null;
  const last = BigInt(first + count);
  const largestTerm = terms.reduce((most, t) => (t < 0n ? -t : t) > most ? (t < 0n ? -t : t) : most, 0n);
  const safe = 4n * last * last * (largestTerm + 1n) < 2n ** 53n; // bounds every product below
  const numbers = (values) => (safe ? values.map(Number) : values.map(BigInt));
  const indices = Array.from({ length: count }, (_, k) => first + k);
  let [alphaLow, alphaHigh, betaLow, betaHigh] = extremes(numbers(terms), numbers(indices), safe ? 1 : 1n);
  if (compareFractions(alphaLow, alphaHigh) >= 0) return null;
  if (first === 0) { // the term at n = 0 is floor(beta) itself
    const floor = fraction(terms[0]);
    const ceiling = fraction(terms[0] + 1n);
    if (compareFractions(floor, betaLow) > 0) betaLow = floor;
    if (compareFractions(ceiling, betaHigh) < 0) betaHigh = ceiling;
  }
  return { alphaLow, alphaHigh, betaLow, betaHigh, first, count };
}

// Whether the quadratic irrational q lies strictly inside the slopes' interval.
export function holds(fit, q) {
  return compareWith(q, fit.alphaLow.n, fit.alphaLow.d) > 0 && compareWith(q, fit.alphaHigh.n, fit.alphaHigh.d) < 0;
}

// The fraction with the smallest denominator strictly between low < high (then
// the smallest numerator): a walk down the Stern-Brocot tree.
export function simplestFraction(low, high) {
  const base = floorDiv(low.n, low.d);
  if (compareFractions(fraction(base + 1n), high) < 0) return fraction(base + 1n);
  let [left, right] = [[base, 1n], [base + 1n, 1n]]; // low lies in [left, right)
  for (;;) {
    const middle = [left[0] + right[0], left[1] + right[1]];
    const value = fraction(...middle);
    if (compareFractions(value, low) <= 0) left = middle;
    else if (compareFractions(value, high) >= 0) right = middle;
    else return value;
  }
}

function squareFree(d) {
  for (let k = 2; k * k <= d; k++) if (d % (k * k) === 0) return false;
  return true;
}

// The simplest (c + sqrt(d))/e strictly inside (low, high): d square-free, ordered
// by d + e + |c| (then d, e, c), at most `most` of them with d + e + |c| <= height.
export function quadraticIrrationals(low, high, most = 3, height = 40) {
  const found = [];
  for (let d = 2; d < height; d++) {
    if (!squareFree(d)) continue;
    const root = isqrt(BigInt(d));
    for (let e = 1; e <= height - d; e++) {
      const E = BigInt(e);
      // (c + sqrt(d))/e in (low, high): c between e*low - sqrt(d) and e*high - sqrt(d)
      const from = floorDiv(E * low.n, low.d) - root - 1n;
      const to = -floorDiv(-E * high.n, high.d) - root;
      for (let c = from; c <= to; c++) {
        const size = d + e + Math.abs(Number(c));
        if (size > height) continue;
        const candidate = quadratic(c, d, e);
        if (compareWith(candidate, low.n, low.d) > 0 && compareWith(candidate, high.n, high.d) < 0) {
          found.push({ size, d, e, candidate });
        }
      }
    }
  }
  found.sort((x, y) => x.size - y.size || x.d - y.d || x.e - y.e); // stable: then c
  return found.slice(0, most).map(({ candidate }) => candidate);
}

// The number as people write it: sqrt(3), 1 + sqrt(2), (1 + sqrt(5))/2; the square
// factors taken out of the root and the fraction reduced, as by hand (and as the
// command's plain): (26 + sqrt(580))/16 is (13 + sqrt(145))/8.
export function plain(q) {
  const negative = q.sign < 0n;
  const [c, k, d, e] = reduced(q);
  const root = k === 1n ? `sqrt(${d})` : `${k}*sqrt(${d})`;
  if (c) {
    const joined = `${c} ${negative ? "-" : "+"} ${root}`;
    return e === 1n ? joined : `(${joined})/${e}`;
  }
  const signed = `${negative ? "-" : ""}${root}`;
  return e === 1n ? signed : `${signed}/${e}`;
}

// Sign of a + b*sqrt(m) for integers (m >= 0), exactly.
function signOfSurd(a, b, m) {
  const sa = a > 0n ? 1 : a < 0n ? -1 : 0;
  const sb = b > 0n && m > 0n ? 1 : b < 0n && m > 0n ? -1 : 0;
  if (sa === 0 || sb === 0 || sa === sb) return sa || sb;
  const square = a * a - b * b * m; // |a| against |b| sqrt(m)
  return square === 0n ? 0 : square > 0n ? sa : sb;
}

// Sign of p - q for two quadratic irrationals, with integers only: the sign of
// A + B sqrt(d1) + C sqrt(d2) once both are over the denominator e1*e2.
export function compareQuadratics(p, q) {
  const A = p.c * q.e - q.c * p.e;
  const B = p.sign * q.e;
  const C = -q.sign * p.e;
  // u = B sqrt(d1) + C sqrt(d2): its sign, and u^2 = B^2 d1 + C^2 d2 + 2BC sqrt(d1 d2)
  const [sb, sc] = [signOfSurd(0n, B, p.d), signOfSurd(0n, C, q.d)];
  const su = sb === sc ? sb : signOfSurd(BigInt(sb) * (B * B * p.d - C * C * q.d), 0n, 0n);
  const sa = A > 0n ? 1 : A < 0n ? -1 : 0;
  if (sa === 0 || su === 0 || sa === su) return sa || su;
  // opposite signs: compare A^2 with u^2
  const bigger = signOfSurd(B * B * p.d + C * C * q.d - A * A, 2n * B * C, p.d * q.d);
  return bigger === 0 ? 0 : bigger > 0 ? su : sa;
}

// The interval of alpha' = alpha/(alpha - 1) (1/alpha + 1/alpha' = 1) as alpha
// ranges over (low, high), when low > 1; the map is decreasing.  null otherwise.
export function partner(low, high) {
  if (compareFractions(low, fraction(1n)) <= 0) return null;
  return [fraction(high.n, high.n - high.d), fraction(low.n, low.n - low.d)];
}

// ----------------------------------------------------------------------------- transforms

// The transforms worth looking up, each as [name, terms] (those that apply), as
// the command makes them: complement, first differences, partial sums, a(n) - n
// (n counted from 0) and a(n)/k for the terms' common divisor k > 1.
export function transforms(terms) {
  const found = [];
  const increasing = terms.every((value, k) => k === 0 || value > terms[k - 1]);
  if (increasing && terms[0] >= 0n && terms[terms.length - 1] <= 1_000_000n) {
    const present = new Set(terms.map(String));
    const complement = [];
    for (let v = 0n; v < terms[terms.length - 1]; v++) if (!present.has(String(v))) complement.push(v);
    if (complement.length >= 2) found.push(["complement", complement]);
  }
  if (terms.length >= 3) found.push(["first differences", terms.slice(1).map((value, k) => value - terms[k])]);
  let total = 0n;
  found.push(["partial sums", terms.map((value) => (total += value))]);
  found.push(["a(n) - n", terms.map((value, n) => value - BigInt(n))]);
  const k = terms.reduce((g, value) => gcd(g, value), 0n);
  if (k > 1n) found.push([`a(n)/${k}`, terms.map((value) => value / k)]);
  return found;
}

// ----------------------------------------------------------------------------- candidates

// d + e + |c| of q written (c + sqrt(d))/e in lowest terms, a root of another
// coefficient or sign counted as sqrt(k*k*d) (the command's height).
export function height(q) {
  const [c, k, d, e] = reduced(q);
  return Number(k * k * d + e + (c < 0n ? -c : c));
}

// [c, k, d, e] with q = (c + sign*k*sqrt(d))/e, d square-free and gcd(c, k, e) = 1.
function reduced(q) {
  let [outside, d] = [1n, BigInt(q.d)];
  for (let factor = 2n; factor * factor <= d; factor += 1n) {
    while (d % (factor * factor) === 0n) {
      d /= factor * factor;
      outside *= factor;
    }
  }
  const common = gcd(gcd(BigInt(q.c), outside), BigInt(q.e));
  return [BigInt(q.c) / common, outside / common, d, BigInt(q.e) / common];
}

function subtract(x, y) {
  return fraction(x.n * y.d - y.n * x.d, x.d * y.d);
}

function times(x, k) {
  return fraction(x.n * k, x.d);
}

// floor(n*alpha + beta) for a quadratic irrational or a fraction alpha and a fraction beta.
export function floorAt(alpha, beta, n) {
  n = BigInt(n);
  if (alpha.sign === undefined) return floorDiv(n * alpha.n * beta.d + beta.n * alpha.d, alpha.d * beta.d);
  return floorDiv(floorTimes(alpha, beta.d * n) + beta.n, beta.d);
}

// The simplest beta (0 if it can be, else the fraction of least denominator) with
// floor(n*alpha + beta) = terms[n - first] for every given n, or null (the command's
// intercept).
export function intercept(alpha, terms, first) {
  const zero = fraction(0n);
  if (!terms.length) return zero;
  const gives = (beta) => terms.every((t, k) => floorAt(alpha, beta, first + k) === t);
  if (alpha.sign === undefined) {
    let low = null, high = null;
    terms.forEach((t, k) => {
      const shifted = subtract(fraction(t), times(alpha, BigInt(first + k)));
      if (low === null || compareFractions(shifted, low) > 0) low = shifted;
      const top = subtract(fraction(t + 1n), times(alpha, BigInt(first + k)));
      if (high === null || compareFractions(top, high) < 0) high = top;
    });
    if (compareFractions(low, high) >= 0) return null;
    if (compareFractions(low, zero) <= 0 && compareFractions(zero, high) < 0) return zero;
    const inside = simplestFraction(low, high);
    return low.d <= inside.d ? low : inside;
  }
  let [top, bottom] = [0, 0];
  for (let k = 1; k < terms.length; k++) {
    if (compareWith(alpha, terms[k] - terms[top], BigInt(k - top)) < 0) top = k;
    if (compareWith(alpha, terms[k] - terms[bottom], BigInt(k - bottom)) > 0) bottom = k;
  }
  if (gives(zero)) return zero;
  const [i, ti, j, tj] = [BigInt(first + top), terms[top], BigInt(first + bottom), terms[bottom]];
  for (let scale = 1n << 32n; scale < 1n << 4096n; scale <<= 32n) {
    const below = fraction(floorTimes(alpha, scale), scale);
    const low = subtract(fraction(ti), times(below, i));
    const high = subtract(fraction(tj + 1n), times(subtract(below, fraction(-1n, scale)), j));
    if (i === 0n && compareFractions(fraction(ti), high) < 0) return fraction(ti);
    if (compareFractions(low, high) < 0) {
      const beta = simplestFraction(low, high);
      return gives(beta) ? beta : null;
    }
  }
  return null;
}
