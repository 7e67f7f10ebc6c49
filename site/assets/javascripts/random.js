// Random entry: a sequence or a game of the search index (the Find page's), each as
// likely as any other, optionally within one family (?family=KEY) or one kind
// (?kind=game).
import * as routes from "./routes.js";

const tool = document.getElementById("random-tool");
const status = document.getElementById("random-status");

export function choose(entries, family, kind, random = Math.random) {
  const candidates = entries.filter(
    (e) =>
      (e.kind === "sequence" || e.kind === "game") &&
      (!family || e.family === family) &&
      (!kind || e.kind === kind),
  );
  if (candidates.length === 0) return null;
  return candidates[Math.floor(random() * candidates.length)];
}

async function main() {
  const root = routes.root();
  const params = new URLSearchParams(location.search);
  const family = params.get("family");
  const kind = params.get("kind");
  try {
    const response = await fetch(routes.findData());
    if (!response.ok) throw new Error(`the index answered ${response.status}`);
    const { entries } = await response.json();
    const entry = choose(entries, family, kind);
    if (entry === null) {
      status.textContent = `No entry of ${family ? `the family "${family}"` : "this kind"}.`;
      return;
    }
    status.textContent = `Opening ${entry.id}…`;
    location.replace(new URL(entry.url, root));
  } catch (error) {
    status.textContent = `The index could not be read (${error.message}).`;
  }
}

if (tool !== null) main();
