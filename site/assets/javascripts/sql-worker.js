// The database tools' worker: SQLite (the official WebAssembly build, vendored
// under assets/vendor/) reads the published database by checked HTTP Range
// requests (range-vfs.js), off the page's thread; the page ends a query that
// runs too long (or on Stop) by terminating this worker.
//
// Messages: {id, action: "open", manifest, library} loads the library from
// `library` and opens read-only the database that the manifest at URL `manifest`
// describes; {id, action:
// "query", sql} answers {columns, rows, bytes, requests, milliseconds}: the result
// (see runQuery) and what the query fetched over the network; with `askFirst`, a
// query that has read more than READ_FIRST (or a quarter of a smaller file) is
// paused there and answered {readLimit, bytes, size}, for the page to ask before
// it reads most of the file.  Every answer is {id, ok, result | error}; while a
// query runs, each response it receives is told as {traffic: {bytes, requests}}
// (so that a stopped query can say what it had read).
import { installRangeVfs, openManifest } from "./range-vfs.js";
import { makeReadOnly, runQuery } from "./sql-query.js";

const CACHE_KIB = 8192; // pages kept between queries, so a repeated lookup costs nothing
const READ_FIRST = 16 * 1024 * 1024; // bytes a query asked to ask first reads before it asks

let sqlite3 = null;
let db = null;
let vfs = null; // what the range VFS saw go wrong: the host's fault, said plainly
let size = 0; // of the database file
const traffic = { bytes: 0, requests: 0, limit: Infinity };

// A query paused at its read limit (see query), before it fetches more.
class ReadLimit extends Error {
  name = "ReadLimit";
}

// Count the bytes of every response the range VFS receives (its requests are
// synchronous XMLHttpRequests made in this worker).
function countTraffic() {
  const Base = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = class CountingRequest extends Base {
    setRequestHeader(name, value) {
      const range = name === "Range" && /^bytes=(\d+)-(\d+)$/.exec(value);
      if (range) this.asked = Number(range[2]) - Number(range[1]) + 1;
      super.setRequestHeader(name, value);
    }

    send(body) {
      if (traffic.bytes + (this.asked ?? 0) > traffic.limit) {
        throw new ReadLimit("the query reached its read limit");
      }
      super.send(body);
      traffic.requests += 1;
      if (this.response instanceof ArrayBuffer) traffic.bytes += this.response.byteLength;
      self.postMessage({ traffic: { bytes: traffic.bytes, requests: traffic.requests } });
    }
  };
}

async function open({ manifest, library }) {
  const { sqlite3InitModule } = await import(new URL("sqlite-http.js", library).href);
  countTraffic();
  const reader = await openManifest(manifest);
  size = reader.size;
  sqlite3 = await sqlite3InitModule({ print: () => {}, printErr: (...text) => console.warn(...text) });
  vfs = installRangeVfs(sqlite3, new Map([["database", reader]]), { cacheKiB: CACHE_KIB });
  db = hostFirst(() => new sqlite3.oo1.DB({ filename: "database", flags: "r", vfs: "range" }));
  const { capi } = sqlite3;
  capi.sqlite3_limit(db.pointer, capi.SQLITE_LIMIT_ATTACHED, 0); // this database only
  makeReadOnly(db);
  return { ...traffic };
}

function query({ sql, askFirst }) {
  const before = { ...traffic };
  const started = performance.now();
  traffic.limit = askFirst ? before.bytes + Math.min(READ_FIRST, size / 4) : Infinity;
  let result;
  try {
    result = hostFirst(() => runQuery(sqlite3, db, sql));
  } catch (error) {
    if (!(error instanceof ReadLimit)) throw error;
    vfs.failure = null; // not the host's fault: the next query reads on
    throw Object.assign(error, { bytes: traffic.bytes - before.bytes, size });
  } finally {
    traffic.limit = Infinity;
  }
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
    const paused = error instanceof ReadLimit ? { readLimit: true, bytes: error.bytes, size: error.size } : {};
    self.postMessage({ id: data.id, ok: false, error: error.message ?? String(error), host, ...paused });
  }
};
