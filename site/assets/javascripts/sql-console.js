// The SQL console: read-only SQLite queries on a reduced copy of the database,
// run by sql.js (vendored under assets/vendor/sql.js/) in a Web Worker, so that
// a heavy query never freezes the page: Stop, or the time limit, ends the worker
// and a fresh one reopens the database.
//
// The pure functions (runQuery, toCsv, csvField, formatValue) live in
// sql-query.js and work on any sql.js database object, so Node can test them;
// the rest fills the page /sql/ (root element #sql-console-tool).
import { mountTool } from "./mount.js";
import { formatValue, toCsv } from "./sql-query.js";

const SHOWN_ROWS = 1000;
const TIME_LIMIT_MS = 5000; // a query running longer is stopped, as `wythoff sql --time-limit`
const SHOWN_CHARACTERS = 2000; // longer values are cut in the table (the CSV has them whole)

export { csvField, formatValue, makeReadOnly, runQuery, toCsv } from "./sql-query.js";

// ----------------------------------------------------------------------------- page

// The database in a worker: `open()` loads it, `query(sql)` answers
// {columns, rows} or throws SQLite's error, `stop()` ends a running query.
class DatabaseWorker {
  constructor() {
    this.next = 0;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./sql-worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = ({ data }) => {
      const waiting = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (waiting) data.ok ? waiting.resolve(data.result) : waiting.reject(new Error(data.error));
    };
    this.opened = this.call({
      action: "open",
      database: new URL("../data/wythoff-web.sqlite", import.meta.url).href,
      library: new URL("../vendor/sql.js/", import.meta.url).href,
    });
    return this.opened;
  }

  call(message) {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  async query(sql) {
    await this.opened;
    let timer;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`the query was stopped after ${TIME_LIMIT_MS / 1000} s (the time limit)`));
        this.stop(); // after the rejection above, which the race below then reports
      }, TIME_LIMIT_MS);
    });
    try {
      return await Promise.race([this.call({ action: "query", sql }), limit]);
    } finally {
      clearTimeout(timer);
    }
  }

  // End whatever runs, answer it with an error, and reopen the database.
  stop() {
    this.worker.terminate();
    for (const waiting of this.pending.values()) waiting.reject(new Error("the query was stopped"));
    this.pending.clear();
    return this.start();
  }
}

// The build's own description of how this copy was reduced (build_info.web_subset).
async function reductionNote(database) {
  try {
    const { rows } = await database.query("SELECT value FROM build_info WHERE key = 'web_subset'");
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
  const stopButton = document.getElementById("sql-stop");
  let database;
  try {
    database = new DatabaseWorker();
    await database.opened;
    await addExamples(examples, input, () => run());
  } catch (error) {
    status.textContent = `The database could not be opened (${error.message}).`;
    status.classList.add("tool-error");
    return;
  }
  document.getElementById("sql-subset").textContent = await reductionNote(database);
  status.textContent = "Ready: the database is loaded in your browser.";
  let last = null;

  async function run() {
    last = null;
    downloadButton.disabled = true;
    runButton.disabled = true;
    if (stopButton) stopButton.disabled = false;
    output.replaceChildren();
    status.textContent = "Running…";
    try {
      last = await database.query(input.value);
      showResult(output, last);
      downloadButton.disabled = !last.columns.length;
    } catch (error) {
      const stopped = error.message.startsWith("the query was stopped");
      const text = stopped ? `Stopped: ${error.message}.` : `SQLite error: ${error.message}`;
      output.replaceChildren(element("p", { className: "tool-error" }, text));
    } finally {
      runButton.disabled = false;
      if (stopButton) stopButton.disabled = true;
      status.textContent = "Ready: the database is loaded in your browser.";
    }
  }

  stopButton?.addEventListener("click", () => database.stop());

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
