// Which stored sequences hold a run of consecutive terms: the one query of the term
// search and of Identify, with the answers of the command's
// wythoff.identify.catalog.sequences_containing.
//
// Candidate starts come from the run's rarest terms (the largest in absolute value)
// that fit in 64 bits, looked up in the index on term_values.value (whose entries
// hold the sequence's key and n too, so that the self-join reads that index alone,
// a few pages per term); every other term of each candidate is then compared
// exactly, as text (so values beyond 64 bits too).

const ANCHORS = 8; // the rarest terms that find a run's candidate starts
const COMMON = 20_000; // a value held more often than this does not narrow the search
const INT64_MAX = 2n ** 63n - 1n;

const fits64 = (value) => value >= -INT64_MAX - 1n && value <= INT64_MAX;
const magnitude = (value) => (value < 0n ? -value : value);

// The indexes of `values` (BigInts), rarest first: the largest in absolute value,
// and at equal size the earlier.
function byRarity(values) {
  return values.map((_, k) => k).sort((i, j) => {
    const [a, b] = [magnitude(values[i]), magnitude(values[j])];
    return a > b ? -1 : a < b ? 1 : i - j;
  });
}

// The SQL listing (id, n): every stored sequence holding `terms` (BigInts, or
// integers as canonical text) as a run from its index n, ordered by id and n.  With
// `narrowing` (the command's rule), nothing is found when every one of the rarest
// terms is too common (held more than 20,000 times) to narrow the search.  null when
// no term fits in 64 bits (no index to start from).
export function runsSql(terms, { narrowing = false } = {}) {
  const values = terms.map((term) => BigInt(term));
  const order = byRarity(values);
  const anchors = order.filter((k) => fits64(values[k])).slice(0, ANCHORS);
  if (!anchors.length) return null;
  const [lead] = anchors;
  const rest = values.map((_, k) => k).filter((k) => !anchors.includes(k));
  const rarest = order.slice(0, ANCHORS);
  const joins = anchors.slice(1).map((k, a) =>
    `JOIN term_values AS a${a + 1} ON a${a + 1}.sequence_key = a0.sequence_key AND a${a + 1}.n = a0.n + ${k - lead}`);
  const found = anchors.map((k, a) => `a${a}.value = ${values[k]}`);
  const common = rarest.map((k) =>
    // counted as the view terms counts them: once for each sequence sharing stored terms
    `EXISTS (SELECT 1 FROM term_values AS t JOIN sequences AS s ON s.key = t.sequence_key ` +
    `WHERE t.value = ${values[k]} LIMIT 1 OFFSET ${COMMON})`);
  const narrowed = narrowing && rarest.every((k) => fits64(values[k]));
  const given = rest.map((k) => `(${k}, '${values[k]}')`).join(", ");
  // the candidates are settled first (MATERIALIZED), so that only they are read whole
  return [
    rest.length ? `WITH given(k, v) AS (VALUES ${given}),` : "WITH",
    `starts(key, n) AS MATERIALIZED (SELECT a0.sequence_key, a0.n - ${lead} FROM term_values AS a0`,
    ...joins,
    `  WHERE ${found.join(" AND ")}`,
    ...(narrowed ? [`  AND NOT (${common.join(" AND ")})`] : []),
    ")",
    "SELECT s.id, c.n FROM starts AS c JOIN sequences AS s ON s.key = c.key",
    ...(rest.length
      ? [
        // each other term compared as the view terms gives it, exactly, in decimal
        "WHERE NOT EXISTS (SELECT 1 FROM given AS g WHERE NOT EXISTS (SELECT 1 FROM terms AS r",
        "  WHERE r.sequence_id = s.id AND r.n = c.n + g.k AND r.value_text = g.v))",
      ]
      : []),
    "ORDER BY s.id, c.n",
  ].join("\n");
}
