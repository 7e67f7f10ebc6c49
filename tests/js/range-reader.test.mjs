// range-reader.js: a file read across its parts by ranges, and every way a host's
// answer can be wrong refused with one message saying what the host did.
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkAnswer, HostError, parseContentRange, RangeReader } from "../../site/assets/javascripts/range-reader.js";

const FILE = Uint8Array.from({ length: 2500 }, (_, i) => (i * 7) % 251);
const MANIFEST = { file: "db", size: FILE.length, part_size: 1024, parts: ["db.000", "db.001", "db.002"], base: "" };

// What a host that honours Range answers for bytes start..end of a part of FILE,
// and every request asked of it.
function rangeHost(asked = []) {
  return (url, start, end) => {
    asked.push([url, start, end]);
    const index = Number(url.slice(-3));
    const part = FILE.subarray(index * 1024, (index + 1) * 1024);
    return {
      status: 206,
      contentRange: `bytes ${start}-${end}/${part.length}`,
      validator: `"v${index}"`,
      body: part.slice(start, end + 1),
    };
  };
}

test("Content-Range is read exactly or not at all", () => {
  assert.deepEqual(parseContentRange("bytes 0-99/2500"), { start: 0, end: 99, total: 2500 });
  assert.equal(parseContentRange("bytes 0-99/*"), null);
  assert.equal(parseContentRange("bytes */2500"), null);
  assert.equal(parseContentRange(null), null);
});

test("a read across parts asks each part for its own bytes", () => {
  const asked = [];
  const reader = new RangeReader(MANIFEST, "https://example.org/data/db.json", rangeHost(asked));
  assert.deepEqual(reader.read(1000, 1100), FILE.subarray(1000, 2100));
  assert.deepEqual(asked, [
    ["https://example.org/data/db.000", 1000, 1023],
    ["https://example.org/data/db.001", 0, 1023],
    ["https://example.org/data/db.002", 0, 51],
  ]);
  assert.deepEqual(reader.probe(), FILE.subarray(0, 100));
  assert.equal(reader.parts[2].size, 452);
});

test("parts published elsewhere are read at the manifest's base", () => {
  const asked = [];
  const reader = new RangeReader(MANIFEST, "https://data.example.org/w/", rangeHost(asked));
  reader.read(0, 10);
  assert.equal(asked[0][0], "https://data.example.org/w/db.000");
});

function refusal(answer, seen = {}) {
  try {
    checkAnswer("db.000", 0, 99, 1024, answer, seen);
  } catch (error) {
    assert.ok(error instanceof HostError);
    return error.message;
  }
  assert.fail("the answer was accepted");
}

const GOOD = { status: 206, contentRange: "bytes 0-99/1024", validator: '"v0"', body: new Uint8Array(100) };

test("a host that ignores Range is named, never read whole", () => {
  const message = refusal({ ...GOOD, status: 200, contentRange: null, body: new Uint8Array(1024) });
  assert.match(message, /^This host ignores HTTP Range requests \(it answered bytes 0-99 of db\.000 with the whole file/);
});

test("an answer for other bytes, a short body or no Content-Range is refused", () => {
  assert.match(refusal({ ...GOOD, contentRange: "bytes 0-49/1024" }), /with bytes 0-49 .*not the bytes asked for/);
  assert.match(refusal({ ...GOOD, body: new Uint8Array(60) }), /\(60 received\)/);
  assert.match(refusal({ ...GOOD, contentRange: null }), /HTTP 206 and no readable Content-Range.*Access-Control-Expose-Headers/);
  assert.match(refusal({ ...GOOD, status: 404, contentRange: null }), /HTTP 404/);
});

test("a file that changes under the session stops the reader", () => {
  const seen = {};
  assert.equal(checkAnswer("db.000", 0, 99, 1024, GOOD, seen), GOOD.body);
  assert.match(refusal({ ...GOOD, validator: '"v9"' }, seen), /^The database changed on the host during this session/);
  assert.match(refusal({ ...GOOD, contentRange: "bytes 0-99/2048" }, {}), /changed on the host.*2048 bytes/);
});

test("the first range, asked for by the caller, is checked and kept as the header", () => {
  const asked = [];
  const reader = new RangeReader(MANIFEST, "https://example.org/data/db.json", rangeHost(asked));
  const whole = { status: 200, contentRange: null, validator: null, body: new Uint8Array(0) };
  assert.throws(() => reader.probe(whole), HostError);
  const fresh = new RangeReader(MANIFEST, "https://example.org/data/db.json", rangeHost(asked));
  const first = { ...GOOD, contentRange: "bytes 0-99/1024", body: FILE.slice(0, 100) };
  assert.deepEqual(fresh.probe(first), FILE.subarray(0, 100));
  assert.deepEqual(fresh.probe(), FILE.subarray(0, 100));
  assert.deepEqual(asked, []); // nothing asked of the host by the reader itself
});
