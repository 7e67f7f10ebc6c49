// The SQL console's worker: SQLite (the official WebAssembly build, vendored with
// sqlite-wasm-http under assets/vendor/) reads the published database by HTTP
// Range requests, one page at a time, off the page's thread; the page ends a
// query that runs too long (or on Stop) by terminating this worker.
//
// Messages: {id, action: "open", database, library} loads the library from
// `library` and opens the database at URL `database` read-only; {id, action:
// "query", sql} answers {columns, rows, bytes, requests, milliseconds}: the result
// (see runQuery) and what the query fetched over the network.  Every answer is
// {id, ok, result | error}.
import { makeReadOnly, runQuery } from "./sql-query.js";

const CACHE_KIB = 8192; // pages kept between queries, so a repeated lookup costs nothing

let sqlite3 = null;
let db = null;
const traffic = { bytes: 0, requests: 0 };

// Count the bytes of every response the HTTP VFS receives (its requests are
// synchronous XMLHttpRequests made in this worker).
function countTraffic() {
  const Base = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = class CountingRequest extends Base {
    send(body) {
      super.send(body);
      traffic.requests += 1;
      if (this.response instanceof ArrayBuffer) traffic.bytes += this.response.byteLength;
    }
  };
}

async function open({ database, library }) {
  const { sqlite3InitModule, installSyncHttpVfs } = await import(new URL("sqlite-http.js", library).href);
  countTraffic();
  sqlite3 = await sqlite3InitModule({ print: () => {}, printErr: (...text) => console.warn(...text) });
  installSyncHttpVfs(sqlite3, { cacheSize: CACHE_KIB, maxPageSize: 65536 });
  db = new sqlite3.oo1.DB({ filename: database, flags: "r", vfs: "http" });
  const { capi } = sqlite3;
  capi.sqlite3_limit(db.pointer, capi.SQLITE_LIMIT_ATTACHED, 0); // this database only
  makeReadOnly(db);
  return { ...traffic };
}

function query({ sql }) {
  const before = { ...traffic };
  const started = performance.now();
  const result = runQuery(sqlite3, db, sql);
  return {
    ...result,
    milliseconds: performance.now() - started,
    bytes: traffic.bytes - before.bytes,
    requests: traffic.requests - before.requests,
  };
}

self.onmessage = async ({ data }) => {
  try {
    const result = data.action === "open" ? await open(data) : query(data);
    self.postMessage({ id: data.id, ok: true, result });
  } catch (error) {
    self.postMessage({ id: data.id, ok: false, error: error.message ?? String(error) });
  }
};
