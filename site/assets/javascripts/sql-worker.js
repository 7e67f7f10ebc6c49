// The SQL console's worker: sql.js and the database live here, off the page's
// thread, so that a heavy query never freezes the page; the page ends a query
// that runs too long (or on Stop) by terminating this worker.
//
// Messages: {id, action: "open", database, library} loads sql.js from `library`
// and the database file from `database`; {id, action: "query", sql} answers
// {columns, rows} (see runQuery).  Every answer is {id, ok, result | error}.
import { makeReadOnly, runQuery } from "./sql-query.js";

let db = null;

// sql.js is a classic script that defines initSqlJs; a module worker cannot
// importScripts, so its text is evaluated once here.
async function loadSqlJs(library) {
  const response = await fetch(new URL("sql-wasm.js", library));
  if (!response.ok) throw new Error(`sql.js could not be loaded (HTTP ${response.status})`);
  const initSqlJs = new Function(`${await response.text()}\nreturn initSqlJs;`)();
  return initSqlJs({ locateFile: (name) => new URL(name, library).href });
}

async function open({ database, library }) {
  const [SQL, response] = await Promise.all([loadSqlJs(library), fetch(database)]);
  if (!response.ok) throw new Error(`${new URL(database).pathname}: HTTP ${response.status}`);
  db = new SQL.Database(new Uint8Array(await response.arrayBuffer()));
  makeReadOnly(db);
}

self.onmessage = async ({ data }) => {
  try {
    const result = data.action === "open" ? await open(data) : runQuery(db, data.sql);
    self.postMessage({ id: data.id, ok: true, result });
  } catch (error) {
    self.postMessage({ id: data.id, ok: false, error: error.message ?? String(error) });
  }
};
