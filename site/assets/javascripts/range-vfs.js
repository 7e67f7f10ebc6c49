// A read-only SQLite VFS named "range" over RangeReader (range-reader.js), for
// SQLite's official WebAssembly build in a worker: the SQL console, the term
// search and the position checker all read the database through it.
//
// It replaces the HTTP VFS of sqlite-wasm-http, which sized the file from the
// Content-Length of a HEAD request (absent or compressed on GitHub Pages and
// Cloudflare, so SQLite saw an empty file) and never checked what a ranged GET
// returned.  Its page cache is the same: fetched spans kept in an LRU cache, and
// a read that follows a cached span fetches twice that span (a scan then costs
// few requests), up to SPAN_MOST.
import { RangeReader } from "./range-reader.js";

// One synchronous ranged GET (allowed in a worker), as RangeReader asks for it.
export function xhrRange(url, start, end) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.setRequestHeader("Range", `bytes=${start}-${end}`);
  request.send();
  return {
    status: request.status,
    contentRange: request.getResponseHeader("Content-Range"),
    validator: request.getResponseHeader("ETag") ?? request.getResponseHeader("Last-Modified"),
    body: new Uint8Array(request.response ?? new ArrayBuffer(0)),
  };
}

// The largest span fetched at once: past it, what a doubled span fetches beyond the
// end of the table being scanned costs more than the requests it saves (the
// README's example queries fetch fewer bytes: bench/sql_range.py).
const SPAN_MOST = 32 * 1024;

// Spans of the file kept between reads: page number -> bytes (a span's first
// page) or the number of the span's first page; at most `capacity` bytes.
class PageCache {
  constructor(capacity) {
    this.capacity = capacity;
    this.entries = new Map();
    this.used = 0;
  }

  get(page) {
    const value = this.entries.get(page);
    if (value !== undefined) {
      this.entries.delete(page); // most recently used last
      this.entries.set(page, value);
    }
    return value;
  }

  set(page, value) {
    const size = typeof value === "number" ? 4 : value.byteLength;
    if (size > this.capacity) return;
    this.delete(page);
    this.entries.set(page, value);
    this.used += size;
    for (const [oldest] of this.entries) {
      if (this.used <= this.capacity) break;
      this.delete(oldest);
    }
  }

  delete(page) {
    const value = this.entries.get(page);
    if (value === undefined) return;
    this.used -= typeof value === "number" ? 4 : value.byteLength;
    this.entries.delete(page);
  }

  // The span holding `page` and the page its bytes start at, or null.
  span(page) {
    let first = page;
    let value = this.get(page);
    if (typeof value === "number") {
      first = value;
      value = this.get(first);
    }
    return value instanceof Uint8Array ? { first, bytes: value } : null;
  }
}

// One open file: the reader, its page size (from the header) and its cache.
class RangeFile {
  constructor(reader, cacheBytes) {
    this.reader = reader;
    const header = reader.probe();
    const size = (header[16] << 8) | header[17];
    this.pageSize = size === 1 ? 65536 : size || 4096;
    this.cache = new PageCache(cacheBytes);
  }

  // `length` bytes at `offset` (within one page, as SQLite reads), from the cache
  // or from a span fetched for them.
  read(offset, length) {
    const page = Math.floor(offset / this.pageSize);
    let found = this.cache.span(page);
    if (found === null) found = this.fetch(page);
    const at = offset - found.first * this.pageSize;
    return found.bytes.subarray(at, at + length);
  }

  fetch(page) {
    const previous = page > 0 ? this.cache.span(page - 1) : null;
    const wanted = previous === null
      ? this.pageSize
      : Math.max(this.pageSize, Math.min(previous.bytes.byteLength * 2, SPAN_MOST));
    const start = page * this.pageSize;
    const bytes = this.reader.read(start, Math.min(wanted, this.reader.size - start));
    const pages = Math.ceil(bytes.byteLength / this.pageSize);
    this.cache.set(page, bytes);
    for (let next = page + 1; next < page + pages; next++) this.cache.set(next, page);
    return { first: page, bytes };
  }
}

// Install the VFS; `files` maps the names the database is opened by to their
// RangeReader.  The first HostError of a read is kept in `failure`, for the
// worker to report instead of SQLite's "disk I/O error".
export function installRangeVfs(sqlite3, files, { cacheKiB = 8192 } = {}) {
  const { capi, wasm } = sqlite3;
  const vfs = new capi.sqlite3_vfs();
  const io = new capi.sqlite3_io_methods();
  const open = new Map(); // file pointer -> RangeFile
  const state = { failure: null };
  vfs.$iVersion = 1;
  vfs.$szOsFile = capi.sqlite3_file.structInfo.sizeof;
  vfs.$mxPathname = 1024;
  vfs.$zName = wasm.allocCString("range");
  vfs.$xDlOpen = vfs.$xDlError = vfs.$xDlSym = vfs.$xDlClose = null;

  const ioMethods = {
    xCheckReservedLock: (_, out) => (wasm.poke(out, 0, "i32"), 0),
    xClose: (file) => (open.delete(file) ? 0 : capi.SQLITE_NOTFOUND),
    xDeviceCharacteristics: () => capi.SQLITE_IOCAP_IMMUTABLE,
    xFileControl: (_, op) => (op === capi.SQLITE_FCNTL_SYNC ? capi.SQLITE_OK : capi.SQLITE_NOTFOUND),
    xFileSize: (file, out) => (wasm.poke(out, BigInt(open.get(file).reader.size), "i64"), 0),
    xLock: () => 0,
    xRead: (file, dest, length, offset) => {
      const entry = open.get(file);
      const at = Number(offset);
      const available = Math.max(0, Math.min(length, entry.reader.size - at));
      try {
        if (available > 0) wasm.heap8u().set(entry.read(at, available), dest);
      } catch (error) {
        state.failure ??= error;
        return capi.SQLITE_IOERR_READ;
      }
      if (available === length) return 0;
      wasm.heap8u().fill(0, dest + available, dest + length);
      return capi.SQLITE_IOERR_SHORT_READ;
    },
    xSync: () => 0,
    xTruncate: () => capi.SQLITE_READONLY,
    xUnlock: () => 0,
    xWrite: () => capi.SQLITE_READONLY,
  };

  const vfsMethods = {
    xAccess: (_, name, __, out) => (wasm.poke(out, files.has(wasm.cstrToJs(name)) ? 1 : 0, "i32"), 0),
    xCurrentTime: (_, out) => (wasm.poke(out, 2440587.5 + Date.now() / 86400000, "double"), 0),
    xCurrentTimeInt64: (_, out) => (wasm.poke(out, 2440587n * 86400000n + 43200000n + BigInt(Date.now()), "i64"), 0),
    xDelete: () => capi.SQLITE_READONLY,
    xFullPathname: (_, name, size, out) => (wasm.cstrncpy(out, name, size) < size ? 0 : capi.SQLITE_CANTOPEN),
    xGetLastError: () => 0,
    xOpen: (_, name, file, __, outFlags) => {
      const reader = name ? files.get(wasm.cstrToJs(name)) : undefined;
      if (reader === undefined) return capi.SQLITE_CANTOPEN;
      try {
        open.set(file, new RangeFile(reader, cacheKiB * 1024));
      } catch (error) {
        state.failure ??= error;
        return capi.SQLITE_CANTOPEN;
      }
      new capi.sqlite3_file(file).$pMethods = io.pointer;
      wasm.poke(outFlags, capi.SQLITE_OPEN_READONLY, "i32");
      return 0;
    },
  };

  sqlite3.vfs.installVfs({ io: { struct: io, methods: ioMethods }, vfs: { struct: vfs, methods: vfsMethods } });
  sqlite3.oo1.DB.dbCtorHelper.setVfsPostOpenSql(vfs.pointer, (db, sqlite) => {
    // this VFS's cache is the only one: SQLite's own would hold the same pages twice
    sqlite.capi.sqlite3_exec(db, ["PRAGMA journal_mode=DELETE;", "PRAGMA cache_size=0;"], 0, 0, 0);
  });
  return state;
}

// A RangeReader for the manifest at `manifestUrl` (fetched whole: it is small);
// its parts lie at the manifest's "base" (the site's data_url) or beside it.  Its
// first range is asked for here, asynchronously, so that a host that answers with
// the whole part is cut off once its headers arrive (a synchronous request would
// first download all of it).
export async function openManifest(manifestUrl) {
  const response = await fetch(manifestUrl, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${manifestUrl} answered HTTP ${response.status}`);
  const manifest = await response.json();
  const reader = new RangeReader(manifest, manifest.base || manifestUrl, xhrRange);
  reader.probe(await fetchFirst(reader.parts[0].url, Math.min(100, manifest.size) - 1));
  return reader;
}

// Bytes 0..end of url as RangeReader expects an answer; anything but a 206 is
// abandoned as soon as its headers are in.
async function fetchFirst(url, end) {
  const stop = new AbortController();
  const response = await fetch(url, { headers: { Range: `bytes=0-${end}` }, cache: "no-store", signal: stop.signal });
  const partial = response.status === 206;
  if (!partial) stop.abort();
  return {
    status: response.status,
    contentRange: response.headers.get("Content-Range"),
    validator: response.headers.get("ETag") ?? response.headers.get("Last-Modified"),
    body: partial ? new Uint8Array(await response.arrayBuffer()) : new Uint8Array(0),
  };
}

