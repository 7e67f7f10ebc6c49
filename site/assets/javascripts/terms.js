// Terms typed by a reader, read one way by every tool, as `wythoff identify` reads
// them: integers separated by commas and/or white space.
const MAX_TERMS = 10_000;

// The terms as BigInts, at least `atLeast` and at most 10,000 of them.  Throws a
// RangeError with one message saying what is wrong.
export function parseTerms(text, { atLeast = 1 } = {}) {
  const words = String(text).trim().split(/[\s,]+/).filter((word) => word !== "");
  if (words.length < atLeast) {
    const wanted = atLeast === 1 ? "at least one term" : `at least ${atLeast} terms`;
    throw new RangeError(`Give ${wanted} (got ${words.length}), for example 1, 3, 4, 6, 8, 9.`);
  }
  if (words.length > MAX_TERMS) throw new RangeError(`Give at most 10,000 terms (got ${words.length}).`);
  const bad = words.find((word) => !/^-?\d+$/.test(word));
  if (bad !== undefined) {
    throw new RangeError(`Not an integer: "${bad.slice(0, 40)}". Terms are whole numbers separated by commas or spaces.`);
  }
  return words.map((word) => BigInt(word));
}
