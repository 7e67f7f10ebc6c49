// The site's data files for the small catalog, shared by the Node tests: written
// by tests/e2e/test_js.py (WYTHOFF_JS_FIXTURES when pytest runs us), else generated
// here with the project's Python.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));

export function fixtures() {
  if (process.env.WYTHOFF_JS_FIXTURES) return process.env.WYTHOFF_JS_FIXTURES;
  const dir = mkdtempSync(join(tmpdir(), "wythoff-js-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const venv = join(REPO, ".venv", "bin", "python");
  const python = process.env.WYTHOFF_PYTHON ?? (existsSync(venv) ? venv : "python3");
  execFileSync(python, [join(REPO, "tests", "e2e", "test_js.py"), dir], {
    cwd: REPO,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return dir;
}

// The fixtures' database (site/assets/data/wythoff.sqlite) opened through SQLite's
// WebAssembly build as the file `name`: {sqlite3, db}, or null when sqlite-wasm-http
// is not installed.
export async function fixtureDatabase(site, name) {
  try {
    const { default: init } = await import("sqlite-wasm-http/sqlite3.js");
    const sqlite3 = await init({ print: () => {}, printErr: () => {} });
    const bytes = new Uint8Array(readFileSync(join(site, "assets", "data", "wythoff.sqlite")));
    sqlite3.capi.sqlite3_js_posix_create_file(`/${name}.sqlite`, bytes);
    return { sqlite3, db: new sqlite3.oo1.DB(`/${name}.sqlite`, "r") };
  } catch {
    return null;
  }
}
