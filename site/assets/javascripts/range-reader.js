// Reading a file published in parts (the database, by its manifest; see
// routes.js) by HTTP Range requests, every answer checked, so that a host that
// compresses, ignores Range or changes the file under a session stops the reader
// with one clear message instead of handing SQLite wrong bytes or downloading
// the whole file.  Pure: the requests are made by `fetchRange`, given by the
// caller (a synchronous XMLHttpRequest in the SQL worker, see range-vfs.js), so
// Node tests it.
//
// The manifest: {file, size, part_size, parts: [name, ...], base}: the file's bytes
// are the parts' bytes in order, each part `part_size` long but the last.
// `fetchRange(url, start, end)` asks for bytes start..end (inclusive) of url and
// answers {status, contentRange, validator, body}: the HTTP status, the
// Content-Range header (or null), the ETag or else Last-Modified (or null), and
// the body's bytes (a Uint8Array).

// A host's answer that the reader cannot use; its message says what the host did
// and what to do, for the page to show as it is.
export class HostError extends Error {
  name = "HostError";
}

const PROBE = 100; // the bytes of SQLite's header: the first request, which sizes the file

// "bytes START-END/TOTAL" as numbers, or null for anything else.
export function parseContentRange(header) {
  const found = /^bytes (\d+)-(\d+)\/(\d+)$/.exec((header ?? "").trim());
  return found ? { start: Number(found[1]), end: Number(found[2]), total: Number(found[3]) } : null;
}

// The bytes start..end (inclusive) of one part as the host sent them, after
// checking that they are exactly those: a 206 answer for that span, with the
// part's total and, after the first answer, the same total and validator as
// before (`seen`, which the first answer fills).  Throws a HostError otherwise.
export function checkAnswer(name, start, end, expectedTotal, answer, seen) {
  const asked = `bytes ${start}-${end} of ${name}`;
  if (answer.status === 200) {
    throw new HostError(
      `This host ignores HTTP Range requests (it answered ${asked} with the whole file, ` +
        "possibly because it compresses it), so the database cannot be read here without " +
        "downloading all of it: publish the site on a host that serves byte ranges " +
        "(see Publish in the README).",
    );
  }
  const range = parseContentRange(answer.contentRange);
  if (answer.status !== 206 || range === null) {
    const header = answer.contentRange === null ? "no readable Content-Range" : `Content-Range "${answer.contentRange}"`;
    throw new HostError(
      `The host answered ${asked} with HTTP ${answer.status} and ${header}: the database cannot ` +
        "be read (from another origin, it must send Access-Control-Expose-Headers: Content-Range, ETag).",
    );
  }
  const changed = (seen.total !== undefined && range.total !== seen.total) ||
    (seen.validator !== undefined && answer.validator !== seen.validator);
  if (changed || range.total !== expectedTotal) {
    throw new HostError(
      `The database changed on the host during this session (${name} is now ${range.total} bytes, ` +
        `version ${answer.validator ?? "unknown"}; expected ${expectedTotal}): reload the page.`,
    );
  }
  if (range.start !== start || range.end !== end || answer.body.length !== end - start + 1) {
    throw new HostError(
      `The host answered ${asked} with bytes ${range.start}-${range.end} ` +
        `(${answer.body.length} received): not the bytes asked for, so the database cannot be read.`,
    );
  }
  seen.total = range.total;
  seen.validator = answer.validator;
  return answer.body;
}

// The file of a manifest, read by ranges; part URLs are resolved against `base`
// (the manifest's own URL, or the configured database_url).
export class RangeReader {
  constructor(manifest, base, fetchRange) {
    this.size = manifest.size;
    this.partSize = manifest.part_size;
    this.parts = manifest.parts.map((name, i) => ({
      name,
      url: new URL(name, base).href,
      size: Math.min(this.partSize, this.size - i * this.partSize),
      seen: {},
    }));
    this.fetchRange = fetchRange;
  }

  // The first bytes of the file (SQLite's header), asked for first so that a
  // host that will not serve this file by ranges is found before anything else;
  // `answer`, when given, is the host's answer to that request, made by the caller.
  probe(answer = null) {
    const end = Math.min(PROBE, this.size) - 1;
    if (answer === null) return (this.header ??= this.read(0, end + 1));
    const first = this.parts[0];
    this.header = checkAnswer(first.name, 0, end, first.size, answer, first.seen);
    return this.header;
  }

  // Bytes offset .. offset + length - 1 of the file (within it), across parts.
  // After a HostError every read throws it again, asking the host nothing more.
  read(offset, length) {
    if (this.failure) throw this.failure;
    try {
      return this.readParts(offset, length);
    } catch (error) {
      if (error instanceof HostError) this.failure = error;
      throw error;
    }
  }

  readParts(offset, length) {
    const out = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const at = offset + done;
      const part = this.parts[Math.floor(at / this.partSize)];
      const start = at % this.partSize;
      const end = Math.min(part.size, start + length - done) - 1;
      const answer = this.fetchRange(part.url, start, end);
      out.set(checkAnswer(part.name, start, end, part.size, answer, part.seen), done);
      done += end - start + 1;
    }
    return out;
  }
}
