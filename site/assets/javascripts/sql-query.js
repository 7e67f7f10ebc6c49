// The SQL console's queries, shared by the page (sql-console.js, which offers the
// CSV download) and the worker that runs them (sql-worker.js); Node tests them.
//
// They work on SQLite's official WebAssembly build (`sqlite3`, as its init
// function gives it) and one of its oo1 databases, through the C API so that
// integers stay exact (BigInt) and every statement of a query runs in turn.

// Make the database refuse every write, with SQLite's own error message.
export function makeReadOnly(db) {
  db.exec("PRAGMA query_only = ON");
}

// Run the statements of `sql` in order; the result of the last one that returns
// columns: {columns, rows} (integers as BigInt, so 64-bit values stay exact).
// Read-only is re-applied before each statement, so "PRAGMA query_only = OFF"
// cannot open the door to a later write. Throws SQLite's error on a bad query.
export function runQuery(sqlite3, db, sql) {
  let result = { columns: [], rows: [] };
  eachStatement(sqlite3, db, sql, (statement) => {
    const answer = stepAll(sqlite3, db, statement);
    if (answer.columns.length) result = answer;
  });
  return result;
}

// Prepare the statements of `sql` one by one and hand each to `handle`, which
// finalizes it.
function eachStatement(sqlite3, db, sql, handle) {
  const { capi, wasm } = sqlite3;
  const stack = wasm.scopedAllocPush();
  try {
    const length = wasm.jstrlen(sql);
    const pointers = wasm.scopedAlloc(2 * wasm.ptrSizeof + length + 1); // statement, tail, text
    const tail = pointers + wasm.ptrSizeof;
    let text = tail + wasm.ptrSizeof;
    const end = text + length;
    wasm.jstrcpy(sql, wasm.heap8u(), text, length, false);
    wasm.poke(end, 0, "i8");
    while (text < end) {
      makeReadOnly(db);
      wasm.pokePtr([pointers, tail], 0);
      check(sqlite3, db, capi.sqlite3_prepare_v3(db.pointer, text, end - text, 0, pointers, tail));
      const statement = wasm.peekPtr(pointers);
      text = wasm.peekPtr(tail);
      if (statement) handle(statement); // else only spaces or comments were left
    }
  } finally {
    wasm.scopedAllocPop(stack);
  }
}

// Every row of one prepared statement, which is then finalized.
function stepAll(sqlite3, db, statement) {
  const { capi } = sqlite3;
  try {
    const count = capi.sqlite3_column_count(statement);
    const columns = Array.from({ length: count }, (_, i) => capi.sqlite3_column_name(statement, i));
    const rows = [];
    for (;;) {
      const code = capi.sqlite3_step(statement);
      if (code === capi.SQLITE_DONE) break;
      if (code !== capi.SQLITE_ROW) check(sqlite3, db, code);
      rows.push(Array.from({ length: count }, (_, i) => cell(sqlite3, statement, i)));
    }
    return { columns, rows };
  } finally {
    capi.sqlite3_finalize(statement);
  }
}

// One value of the current row: null, BigInt, number (REAL), string or bytes.
function cell({ capi, wasm }, statement, i) {
  switch (capi.sqlite3_column_type(statement, i)) {
    case capi.SQLITE_NULL:
      return null;
    case capi.SQLITE_INTEGER:
      return BigInt(capi.sqlite3_column_int64(statement, i));
    case capi.SQLITE_FLOAT:
      return capi.sqlite3_column_double(statement, i);
    case capi.SQLITE_BLOB: {
      const size = capi.sqlite3_column_bytes(statement, i);
      const start = capi.sqlite3_column_blob(statement, i);
      return wasm.heap8u().slice(start, start + size);
    }
    default:
      return capi.sqlite3_column_text(statement, i);
  }
}

// Throw SQLite's own message for a failed call.
function check({ capi }, db, code) {
  if (code !== capi.SQLITE_OK) throw new Error(capi.sqlite3_errmsg(db.pointer));
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

// A number of bytes for people: "812 B", "96.5 KiB", "3.2 MiB".
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KiB", "MiB", "GiB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

// What reading cost, for people: "36.0 KiB fetched in 9 requests", "812 B fetched in 1 request".
export function formatTraffic(bytes, requests) {
  return `${formatBytes(bytes)} fetched in ${requests} request${requests === 1 ? "" : "s"}`;
}

// The name of a result's CSV file: the query's first table, then the text values it
// filters on, in the order written ("SELECT x, y FROM p_positions WHERE game_id =
// 'wythoff'" gives "p_positions-wythoff.csv"); "query.csv" when no table is named.
// Each part keeps the letters, digits, "_", "." and "-" of its text.
export function csvName(sql) {
  const code = sql.replace(/--[^\n]*/g, " ").replace(/\/\*[\s\S]*?\*\//g, " ");
  const from = /\bfrom\s+["`[]?([A-Za-z_][\w]*)/i.exec(code);
  if (!from) return "query.csv";
  const rest = code.slice(from.index + from[0].length);
  const values = Array.from(rest.matchAll(/'((?:[^']|'')*)'/g), (match) => match[1].replaceAll("''", "'"));
  const parts = [from[1], ...values]
    .map((part) => part.replace(/[^\w.-]+/g, "_").replace(/^[_.-]+|[_.-]+$/g, ""))
    .filter(Boolean);
  return `${[...new Set(parts)].join("-").slice(0, 120)}.csv`;
}

// The console's status once a query has ended: "12 rows in 41 ms".
export function rowsLine(count, milliseconds) {
  return `${count} row${count === 1 ? "" : "s"} in ${Math.round(milliseconds)} ms`;
}
