// The SQL console: read-only SQLite queries on a reduced copy of the database,
// run in the browser by sql.js (vendored under assets/vendor/sql.js/).
//
// The pure functions (runQuery, toCsv, csvField, formatValue) work on any
// sql.js database object, so Node can test them; the rest fills the page /sql/
// (root element #sql-console-tool).
import { mountTool } from "./mount.js";

const SHOWN_ROWS = 1000;
const SHOWN_CHARACTERS = 2000; // longer values are cut in the table (the CSV has them whole)

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

// ----------------------------------------------------------------------------- page

// Load sql.js (a classic script that defines window.initSqlJs) and the database.
async function openDatabase() {
  const vendor = new URL("../vendor/sql.js/", import.meta.url);
  await new Promise((resolve, reject) => {
    if (globalThis.initSqlJs) return resolve();
    const script = Object.assign(document.createElement("script"), { src: new URL("sql-wasm.js", vendor).href });
    script.onload = resolve;
    script.onerror = () => reject(new Error("sql.js could not be loaded"));
    document.head.append(script);
  });
  const [wasm, file] = await Promise.all([
    fetchBytes(new URL("sql-wasm.wasm", vendor)),
    fetchBytes(new URL("../data/wythoff-web.sqlite", import.meta.url)),
  ]);
  const SQL = await globalThis.initSqlJs({ wasmBinary: wasm });
  const db = new SQL.Database(new Uint8Array(file));
  makeReadOnly(db);
  return db;
}

// The bytes of a file of the site.
async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// The build's own description of how this copy was reduced (build_info.web_subset).
function reductionNote(db) {
  try {
    const { rows } = runQuery(db, "SELECT value FROM build_info WHERE key = 'web_subset'");
    if (rows.length) return String(rows[0][0]);
  } catch {
    // an older database without the row: say so below
  }
  return "This copy does not say how it was reduced; treat it as a sample of the full database.";
}

// A DOM element with properties and children (strings become text).
function element(tag, properties, ...children) {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
}

// The result as an HTML table (at most SHOWN_ROWS rows), with a row count.
function showResult(output, { columns, rows }) {
  output.replaceChildren();
  if (!columns.length) {
    output.append(element("p", { className: "tool-message" }, "The statement ran and returned no columns."));
    return;
  }
  const count = `${rows.length} row${rows.length === 1 ? "" : "s"}`;
  const note = rows.length > SHOWN_ROWS ? `; the first ${SHOWN_ROWS} are shown (Download CSV has them all)` : "";
  output.append(element("p", { className: "tool-message" }, count + note + "."));
  const head = element("tr", {}, ...columns.map((name) => element("th", {}, name)));
  const body = rows.slice(0, SHOWN_ROWS).map((row) => element("tr", {}, ...row.map((value) =>
    element("td", { className: value === null ? "sql-null" : "" }, value === null ? "NULL" : shown(value)))));
  const table = element("table", {}, element("thead", {}, head), element("tbody", {}, ...body));
  output.append(element("div", { className: "sql-table-wrap" }, table));
}

// A value for the table: long text or blobs cut, with their full size said.
function shown(value) {
  if (value instanceof Uint8Array && value.length > SHOWN_CHARACTERS / 2) {
    return `${formatValue(value.subarray(0, SHOWN_CHARACTERS / 2))}… (${value.length} bytes)`;
  }
  const text = formatValue(value);
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}… (${text.length} characters)` : text;
}

// Offer `text` as a file download (a Blob behind a temporary link).
function download(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = element("a", { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Wire the page: open the database, then the editor, the examples and the download.
async function setUp(root) {
  const input = document.getElementById("sql-input");
  const runButton = document.getElementById("sql-run");
  const output = document.getElementById("sql-results");
  const downloadButton = document.getElementById("sql-download");
  const status = document.getElementById("sql-status");
  const examples = document.getElementById("sql-examples");
  let db;
  try {
    db = await openDatabase();
    await addExamples(examples, input, () => run());
  } catch (error) {
    status.textContent = `The database could not be opened (${error.message}).`;
    status.classList.add("tool-error");
    return;
  }
  document.getElementById("sql-subset").textContent = reductionNote(db);
  status.textContent = "Ready: the database is loaded in your browser.";
  let last = null;

  function run() {
    last = null;
    downloadButton.disabled = true;
    try {
      last = runQuery(db, input.value);
      showResult(output, last);
      downloadButton.disabled = !last.columns.length;
    } catch (error) {
      output.replaceChildren(element("p", { className: "tool-error" }, `SQLite error: ${error.message}`));
    }
  }

  runButton.addEventListener("click", run);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    }
  });
  downloadButton.addEventListener("click", () => last && download(toCsv(last.columns, last.rows), "query.csv"));
  runButton.disabled = false;
  root.dataset.ready = "true";
}

// One button per example query of assets/data/queries.json: fill the editor and run.
async function addExamples(container, input, run) {
  const response = await fetch(new URL("../data/queries.json", import.meta.url));
  if (!response.ok) return; // the examples are a convenience: the console works without them
  const { queries } = await response.json();
  for (const query of queries) {
    const button = element("button", { type: "button", className: "md-button", title: query.sql }, query.title.replace(/`/g, "").replace(/:\s*$/, ""));
    button.addEventListener("click", () => {
      input.value = query.sql;
      run();
    });
    container.append(button);
  }
}

mountTool("sql-console-tool", setUp);
