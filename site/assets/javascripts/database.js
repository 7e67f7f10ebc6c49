// The published database, queried from the browser without downloading it:
// SQLite runs in a Web Worker (sql-worker.js) and reads only the pages a query
// needs, by checked HTTP Range requests on the parts that the database's manifest
// lists (at its "base" when the parts are published elsewhere).  The one way the SQL console, the term search and the
// position checker open it.

import * as routes from "./routes.js";
import { formatTraffic } from "./sql-query.js";

const LIBRARY = new URL("../vendor/sqlite-wasm-http/", import.meta.url).href;

// `query(sql)` answers {columns, rows, bytes, requests, milliseconds} or throws
// SQLite's error; `query(sql, {askFirst: true})` throws an error with `readLimit`
// (and the `bytes` read of the file's `size`) when the query goes on reading past a
// quarter of the file or 16 MiB, to ask before it reads the rest; `stop()` ends a
// running query (the worker is terminated and a
// fresh one reopens the database).  A query still running after `timeLimit`
// milliseconds is stopped.
export class DatabaseWorker {
  constructor({ timeLimit = 10000 } = {}) {
    this.timeLimit = timeLimit;
    this.next = 0;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./sql-worker.js", import.meta.url), { type: "module" });
    this.traffic = { bytes: 0, requests: 0 }; // what the worker has fetched so far
    this.worker.onmessage = ({ data }) => {
      if (data.traffic) {
        this.traffic = data.traffic;
        return;
      }
      const waiting = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (waiting) data.ok ? waiting.resolve(data.result) : waiting.reject(failure(data));
    };
    this.opened = this.call({ action: "open", manifest: routes.databaseManifest(), library: LIBRARY });
    return this.opened;
  }

  call(message) {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  async query(sql, { askFirst = false } = {}) {
    await this.opened;
    this.before = this.traffic;
    let timer;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`the query was stopped after ${this.timeLimit / 1000} s (the time limit; ${this.fetched()})`));
        this.stop(); // after the rejection above, which the race below then reports
      }, this.timeLimit);
    });
    try {
      return await Promise.race([this.call({ action: "query", sql, askFirst }), limit]);
    } finally {
      clearTimeout(timer);
    }
  }

  // What the running query has fetched: "3.2 MiB fetched in 14 requests".
  fetched() {
    const bytes = this.traffic.bytes - (this.before?.bytes ?? 0);
    const requests = this.traffic.requests - (this.before?.requests ?? 0);
    return formatTraffic(bytes, requests);
  }

  // End whatever runs, answer it with an error, and reopen the database.
  stop() {
    this.worker.terminate();
    const stopped = new Error(`the query was stopped (${this.fetched()})`);
    for (const waiting of this.pending.values()) waiting.reject(stopped);
    this.pending.clear();
    return this.start();
  }
}

// The worker's error; `host` when the host cannot serve the database (then its
// message says all, for the tools to show as it is: see explain).
function failure({ error, host, readLimit, bytes, size }) {
  return Object.assign(new Error(error), { host, readLimit, bytes, size });
}

// What a tool shows when `doing` failed: the host's message alone, or SQLite's
// (or the browser's) in the tool's sentence.
export function explain(error, doing) {
  return error.host ? error.message : `${doing} (${error.message}).`;
}

// An SQL string literal (quotes doubled), for values typed by the user.
export function sqlString(text) {
  return `'${String(text).replaceAll("'", "''")}'`;
}
