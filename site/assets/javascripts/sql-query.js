// The SQL console's queries, shared by the page (sql-console.js, which offers the
// CSV download) and the worker that runs them (sql-worker.js); Node tests them.

// Make the database refuse every write, with SQLite's own error message.
export function makeReadOnly(db) {
  db.run("PRAGMA query_only = ON");
}

// Run the statements of `sql` in order; the result of the last one that returns
// columns: {columns, rows} (integers as BigInt, so 64-bit values stay exact).
// Read-only is re-applied before each statement, so "PRAGMA query_only = OFF"
// cannot open the door to a later write. Throws SQLite's error on a bad query.
export function runQuery(db, sql) {
  let result = { columns: [], rows: [] };
  for (const statement of db.iterateStatements(sql)) {
    try {
      makeReadOnly(db);
      const rows = [];
      while (statement.step()) rows.push(statement.get(null, { useBigInt: true }));
      const columns = statement.getColumnNames();
      if (columns.length) result = { columns, rows };
    } finally {
      statement.free();
    }
  }
  return result;
}

// A value as text: NULL as empty, blobs in SQLite's hexadecimal notation.
export function formatValue(value) {
  if (value === null || value === undefined) return "";
  if (value instanceof Uint8Array) {
    return `x'${Array.from(value, (byte) => byte.toString(16).padStart(2, "0")).join("")}'`;
  }
  return String(value);
}

// One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma,
// a quote or a line break, or starts or ends with a space.
export function csvField(value) {
  const text = formatValue(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// The whole result as CSV text: a header line, then one line per row (LF ends).
export function toCsv(columns, rows) {
  return [columns, ...rows].map((row) => row.map(csvField).join(",")).join("\n") + "\n";
}
