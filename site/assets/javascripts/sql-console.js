// The SQL console: read-only SQLite queries on the whole published database, run
// in a Web Worker that reads only the pages a query needs by HTTP Range requests
// (database.js), so a heavy query never freezes the page: Stop, or the time
// limit, ends the worker and a fresh one reopens the database.
//
// The pure functions (runQuery, toCsv, csvField, formatValue, formatBytes) live in
// sql-query.js so that Node can test them; the rest fills the page /sql/ (root
// element #sql-console-tool).  `sql/?q=<query>` opens the console with that
// query and runs it; `sql/?limit=<seconds>` sets the time limit (timeLimitMs).
import { DatabaseWorker, explain } from "./database.js";
import { mountTool } from "./mount.js";
import * as routes from "./routes.js";
import { csvName, formatBytes, formatTraffic, formatValue, rowsLine, toCsv } from "./sql-query.js";
import { element } from "./dom.js";

const SHOWN_ROWS = 1000; // rows added to the table at a time ("Show more" adds the next ones)
const TIME_LIMIT_MS = 10000; // a query running longer is stopped, unless the address sets another
const MAX_TIME_LIMIT_S = 600;
const SHOWN_CHARACTERS = 2000; // longer values are cut in the table (the CSV has them whole)
const SCHEMA_SQL = "SELECT table_name, column_name, kind, description FROM schema_columns ORDER BY rowid";

export { csvField, csvName, formatBytes, formatValue, makeReadOnly, rowsLine, runQuery, toCsv } from "./sql-query.js";

// ----------------------------------------------------------------------------- page

// The time limit in milliseconds that the address's query string (`?limit=<seconds>`,
// whole seconds from 1 to MAX_TIME_LIMIT_S) sets: a heavy query given longer, a quick
// one stopped sooner; TIME_LIMIT_MS without it or with any other value.
export function timeLimitMs(search) {
  const asked = Number(new URLSearchParams(search).get("limit") ?? "");
  return Number.isInteger(asked) && asked >= 1 && asked <= MAX_TIME_LIMIT_S ? asked * 1000 : TIME_LIMIT_MS;
}

// What a query cost: "3 rows · 41 ms · 36.0 KiB fetched in 9 requests".
export function costLine({ rows, milliseconds, bytes, requests }) {
  const count = `${rows.length} row${rows.length === 1 ? "" : "s"}`;
  return `${count} · ${Math.round(milliseconds)} ms · ${formatTraffic(bytes, requests)}`;
}

// The result as an HTML table, SHOWN_ROWS rows at a time, with what it cost.
function showResult(output, result) {
  output.replaceChildren();
  const cost = element("p", { className: "tool-message sql-cost" }, costLine(result));
  Object.assign(cost.dataset, { bytes: result.bytes, requests: result.requests, rows: result.rows.length });
  if (!result.columns.length) {
    output.append(element("p", { className: "tool-message" }, "The statement ran and returned no columns."), cost);
    return;
  }
  const head = element("tr", {}, ...result.columns.map((name) => element("th", {}, name)));
  const body = element("tbody");
  const table = element("table", {}, element("thead", {}, head), body);
  const more = element("button", { type: "button", className: "md-button sql-more" });
  const addRows = () => {
    const start = body.children.length;
    body.append(...result.rows.slice(start, start + SHOWN_ROWS).map(tableRow));
    const left = result.rows.length - body.children.length;
    more.hidden = left <= 0;
    more.textContent = `Show ${Math.min(left, SHOWN_ROWS)} more (${left} not shown)`;
  };
  more.addEventListener("click", addRows);
  addRows();
  // the table scrolls in its box: the box takes the focus (to scroll by keyboard) and has a name
  const wrap = element("div", { className: "sql-table-wrap", tabIndex: 0 }, table);
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", "Query result, scrolls");
  output.append(wrap, more, cost);
}

function tableRow(row) {
  return element("tr", {}, ...row.map((value) =>
    element("td", { className: value === null ? "sql-null" : "" }, value === null ? "NULL" : shown(value))));
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

const READY = "Ready: queries read the whole database from this site, page by page.";

// The tables and their columns, as the database describes them (schema_columns),
// each table with a button that queries its first rows.  Nothing when the
// database predates that table.
async function showSchema(container, database, ask) {
  let rows;
  try {
    ({ rows } = await database.query(SCHEMA_SQL));
  } catch {
    return;
  }
  const tables = new Map();
  for (const [table, name, kind, description] of rows) {
    if (!tables.has(table)) tables.set(table, []);
    tables.get(table).push({ name, kind, description });
  }
  for (const [table, columns] of tables) {
    const first = element("button", { type: "button", className: "md-button sql-first-rows" }, "First rows");
    first.addEventListener("click", () => ask(`SELECT * FROM ${table} LIMIT 20`));
    const list = element("dl", { className: "sql-columns" }, ...columns.flatMap(({ name, kind, description }) => [
      element("dt", {}, element("code", {}, name), " ", element("span", { className: "sql-kind" }, kind)),
      element("dd", {}, description),
    ]));
    const summary = element("summary", {}, element("code", {}, table), ` · ${columns.length} columns`);
    const details = element("details", { className: "sql-table" }, summary, list, first);
    details.dataset.table = table;
    container.append(details);
  }
}

// The IDs of the games and sequences, searchable (the site's index of entries, read
// when the list is first opened): a filter on IDs and names, the first SHOWN_IDS that
// match, each a button that writes its ID, quoted, into the query at the cursor.
const SHOWN_IDS = 50;
const KINDS = ["game", "sequence"]; // at equal rank, a game before the sequences

function offerIds(box, input) {
  if (!box) return;
  const filter = box.querySelector("input");
  const count = box.querySelector(".sql-ids-count");
  const list = box.querySelector("ul");
  let entries = null;
  const show = () => {
    if (!entries) return;
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    const first = words[0] ?? "";
    const rank = ({ id }) => (id === first ? 0 : id.startsWith(first) ? 1 : 2);
    const found = entries.filter(({ text }) => words.every((word) => text.includes(word)))
      .sort((a, b) => rank(a) - rank(b) || KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind));
    list.replaceChildren(...found.slice(0, SHOWN_IDS).map(({ id, kind, title }) => {
      const button = element("button", { type: "button", className: "sql-id", title: `Write '${id}' into the query` },
        element("code", {}, id));
      button.addEventListener("click", () => insertId(input, id));
      return element("li", {}, button, ` ${kind} · ${title}`);
    }));
    const shown = found.length > SHOWN_IDS ? `, the first ${SHOWN_IDS} shown` : "";
    count.textContent = `${found.length} of ${entries.length} IDs${shown}.`;
  };
  const load = async () => {
    try {
      const response = await fetch(routes.findData());
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const index = await response.json();
      entries = index.entries.filter(({ kind }) => kind !== "family").map(({ id, kind, title }) =>
        ({ id, kind, title, text: `${id} ${title}`.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase() }));
      show();
    } catch (error) {
      count.textContent = `The IDs could not be loaded (${error.message}).`;
    }
  };
  box.closest("details").addEventListener("toggle", load, { once: true });
  filter.addEventListener("input", show);
}

// Write 'id' into the query where the cursor is (replacing a selection), then put
// the cursor after it.
function insertId(input, id) {
  const quoted = `'${id.replaceAll("'", "''")}'`;
  const [start, end] = [input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length];
  input.setRangeText(quoted, start, end, "end");
  input.focus();
}

// The warning shown when a query, paused after reading `bytes` of the file's
// `size`, would go on reading much of the file; its button runs it to the end.
function readWarning({ bytes, size }, runAnyway) {
  const button = element("button", { type: "button", className: "md-button sql-run-anyway" }, "Run it anyway");
  button.addEventListener("click", runAnyway);
  return element("div", { className: "sql-warning", role: "alert" },
    element("p", {}, `This query has read ${formatBytes(bytes)} of the ${formatBytes(size)} database and is not done: `,
      "it reads much of the file (a scan of a large table: terms, p_positions, grundy_values), which may take long and be stopped at the time limit. ",
      "A condition on an indexed column (sequence_id, game_id, value, x, y) reads a few pages instead."),
    button);
}

// Wire the page: open the database, then the editor, the examples and the download;
// run the query of the address (?q=) if there is one.
async function setUp(root) {
  const input = document.getElementById("sql-input");
  const runButton = document.getElementById("sql-run");
  const output = document.getElementById("sql-results");
  const downloadButton = document.getElementById("sql-download");
  const status = document.getElementById("sql-status");
  const examples = document.getElementById("sql-examples");
  const stopButton = document.getElementById("sql-stop");
  const asked = new URLSearchParams(location.search).get("q");
  if (asked) input.value = asked;
  let database;
  try {
    database = new DatabaseWorker({ timeLimit: timeLimitMs(location.search) });
    await database.opened;
    await addExamples(examples, input, () => run());
    await showSchema(document.getElementById("sql-schema"), database, (sql) => {
      input.value = sql;
      run();
    });
    offerIds(document.getElementById("sql-ids"), input);
  } catch (error) {
    status.textContent = explain(error, "The database could not be opened");
    status.classList.add("tool-error");
    return;
  }
  status.textContent = READY;
  let last = null;

  async function run({ confirmed = false } = {}) {
    last = null;
    downloadButton.disabled = true;
    runButton.disabled = true;
    stopButton.disabled = false;
    output.replaceChildren();
    status.textContent = "Running…";
    try {
      last = await database.query(input.value, { askFirst: !confirmed });
      last.sql = input.value;
      status.textContent = rowsLine(last.rows.length, last.milliseconds);
      showResult(output, last);
      downloadButton.disabled = !last.columns.length;
    } catch (error) {
      status.textContent = READY;
      if (error.readLimit) {
        output.replaceChildren(readWarning(error, () => run({ confirmed: true })));
        return;
      }
      const stopped = error.message.startsWith("the query was stopped");
      const text = stopped ? `Stopped: ${error.message}.` : error.host ? error.message : `SQLite error: ${error.message}`;
      output.replaceChildren(element("p", { className: "tool-error" }, text));
    } finally {
      runButton.disabled = false;
      stopButton.disabled = true;
    }
  }

  stopButton.addEventListener("click", () => database.stop());
  runButton.addEventListener("click", () => run());
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    }
  });
  downloadButton.addEventListener("click", () => last && download(toCsv(last.columns, last.rows), csvName(last.sql)));
  runButton.disabled = false;
  root.dataset.ready = "true";
  if (asked) run();
}

// One button per example query (the README's): fill the editor and run.
async function addExamples(container, input, run) {
  const response = await fetch(routes.queriesData());
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
