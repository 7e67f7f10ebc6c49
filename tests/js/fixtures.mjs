// The site's data files for the small catalog, shared by the Node tests: written
// by tests/e2e/test_js.py (WYTHOFF_JS_FIXTURES when pytest runs us), else generated
// here with the project's Python.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
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
