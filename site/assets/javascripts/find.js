// The site's search box: finds families, sequences and games by ID, A-number,
// name, formula or the words people use ("golden ratio"), from the site's index
// of entries, which is fetched only when the box is first used.
import { mountTool } from "./mount.js";
import * as routes from "./routes.js";

const collator = new Intl.Collator("en", { numeric: true });
const KIND_ORDER = { family: 0, game: 1, sequence: 2 }; // at equal scores, a game before its sequences
const WEIGHTS = { name: 20, relations: 20, id: 15, formula: 10, oeis: 8, text: 3 };
export const SHOWN = 20;
const STOPWORDS = new Set(["of", "the", "and", "in", "for", "to", "with"]);
const PHRASE_BONUS = 30; // all the query's words, in order, in one field

// Lower-case words without accents ("misère" is "misere"), as find.py writes the index.
export function normalise(text) {
  const plain = text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return (plain.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(" ");
}

// The query's words, with the phrases people use replaced by the entries' words.
export function queryWords(query, synonyms) {
  let text = ` ${normalise(query)} `;
  for (const [phrase, words] of Object.entries(synonyms)) {
    text = text.replaceAll(` ${phrase} `, ` ${words} `);
  }
  return text.split(" ").filter((word) => word && !STOPWORDS.has(word));
}

// The A-number of the OEIS entry `query` names that `entry` (a sequence) matches, or
// undefined: "a000201" and " A000201 " name A000201.
export function matchedEntry(entry, query) {
  const wanted = query.trim().toUpperCase();
  return Object.keys(entry.matches ?? {}).find((anumber) => anumber === wanted);
}

// What Find says of a sequence found by an A-number it matches, in one line: the
// evidence in a word and the relation ("proven: a(n) = A000201(n), ..."); "" else.
export function relationLine(entry, query) {
  const anumber = matchedEntry(entry, query);
  return anumber ? `${anumber}, ${entry.matches[anumber]}` : "";
}

function hasWord(field, word) {
  return field !== undefined && ` ${field}`.includes(` ${word}`);
}

// An entry's score for a query (0: not found).  Every word must be found.
export function score(entry, query, words) {
  const raw = query.trim().toLowerCase();
  if (raw === entry.id || matchedEntry(entry, raw)) return 1000;
  let total = !raw.includes(" ") && raw.length > 2 && entry.id.startsWith(raw) ? 300 : 0;
  const id = normalise(entry.id);
  for (const word of words) {
    const fields = {
      name: entry.kind === "family" ? undefined : entry.name,
      id,
      formula: entry.formula,
      relations: entry.relations,
      oeis: entry.oeis,
      text: entry.text,
    };
    let best = entry.kind === "family" && hasWord(entry.name, word) ? 25 : 0;
    for (const [field, weight] of Object.entries(WEIGHTS)) {
      if (weight > best && hasWord(fields[field], word)) best = weight;
    }
    if (best === 0) return total >= 300 ? total : 0;
    total += best;
  }
  const phrase = ` ${words.join(" ")}`;
  if (words.length > 1 && [entry.name, entry.formula, entry.oeis].some((f) => ` ${f}`.includes(phrase))) {
    total += PHRASE_BONUS;
  }
  return total;
}

export function search(index, query) {
  const words = queryWords(query, index.synonyms);
  if (words.length === 0) return [];
  return index.entries
    .map((entry) => ({ entry, score: score(entry, query, words) }))
    .filter((hit) => hit.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.entry.rank - b.entry.rank ||
        KIND_ORDER[a.entry.kind] - KIND_ORDER[b.entry.kind] ||
        collator.compare(a.entry.id, b.entry.id),
    )
    .map((hit) => hit.entry);
}

function setUp(root) {
  const input = root.querySelector("input");
  const list = root.querySelector("ol");
  const status = root.querySelector(".find-status");
  const siteRoot = routes.root();
  let loading = null;
  const load = () => {
    loading ??= fetch(routes.findData()).then((r) => r.json());
    return loading;
  };
  const show = async () => {
    const query = input.value;
    const index = await load();
    const found = search(index, query);
    list.replaceChildren(
      ...found.slice(0, SHOWN).map((entry) => {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.href = new URL(entry.url, siteRoot).href;
        link.textContent = entry.id;
        const title = document.createElement("span");
        title.textContent = ` (${entry.kind}) ${entry.title}`;
        item.append(link, title);
        const relation = relationLine(entry, query);
        if (relation) {
          const line = document.createElement("span");
          line.className = "find-relation";
          line.textContent = relation;
          item.append(line);
        }
        return item;
      }),
    );
    status.textContent = query.trim()
      ? `${found.length} found${found.length > SHOWN ? `, the first ${SHOWN} shown` : ""}`
      : "";
    root.dataset.ready = "true";
  };
  input.addEventListener("focus", load, { once: true });
  input.addEventListener("input", show);
  const initial = new URLSearchParams(location.search).get("q");
  if (initial) {
    input.value = initial;
    show();
  }
}

mountTool("find-tool", setUp);
