// The database tools' worker: SQLite (the official WebAssembly build, vendored
// under assets/vendor/) reads the published database by checked HTTP Range
// requests (range-vfs.js), off the page's thread; the page ends a query that
// runs too long (or on Stop) by terminating this worker.
//
// Messages: {id, action: "open", manifest, library} loads the library from
// `library` and opens read-only the database that the manifest at URL `manifest`
// describes; {id, action:
// "query", sql} answers {columns, rows, bytes, requests, milliseconds}: the result
// (see runQuery) and what the query fetched over the network.  Every answer is
// {id, ok, result | error}.
import { installRangeVfs, openManifest } from "./range-vfs.js";
import { makeReadOnly, runQuery } from "./sql-query.js";

const CACHE_KIB = 8192; // pages kept between queries, so a repeated lookup costs nothing

let sqlite3 = null;
let db = null;
let vfs = null; // what the range VFS saw go wrong: the host's fault, said plainly
const traffic = { bytes: 0, requests: 0 };

// Count the bytes of every response the range VFS receives (its requests are
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

async function open({ manifest, library }) {
  const { sqlite3InitModule } = await import(new URL("sqlite-http.js", library).href);
  countTraffic();
  const reader = await openManifest(manifest);
  sqlite3 = await sqlite3InitModule({ print: () => {}, printErr: (...text) => console.warn(...text) });
  vfs = installRangeVfs(sqlite3, new Map([["database", reader]]), { cacheKiB: CACHE_KIB });
  db = hostFirst(() => new sqlite3.oo1.DB({ filename: "database", flags: "r", vfs: "range" }));
  const { capi } = sqlite3;
  capi.sqlite3_limit(db.pointer, capi.SQLITE_LIMIT_ATTACHED, 0); // this database only
  makeReadOnly(db);
  return { ...traffic };
}

function query({ sql }) {
  const before = { ...traffic };
  const started = performance.now();
  const result = hostFirst(() => runQuery(sqlite3, db, sql));
  return {
    ...result,
    milliseconds: performance.now() - started,
    bytes: traffic.bytes - before.bytes,
    requests: traffic.requests - before.requests,
  };
}

// Run `action`; when it fails because of the host, the host's error instead of
// SQLite's (which would only say "disk I/O error").
function hostFirst(action) {
  try {
    return action();
  } catch (error) {
    throw vfs?.failure ?? error;
  }
}

self.onmessage = async ({ data }) => {
  try {
    const result = data.action === "open" ? await open(data) : query(data);
    self.postMessage({ id: data.id, ok: true, result });
  } catch (error) {
    const host = error.name === "HostError"; // the page shows its message as it is
    self.postMessage({ id: data.id, ok: false, error: error.message ?? String(error), host });
  }
};
