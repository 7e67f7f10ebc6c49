// Term search, as on the OEIS: which sequences contain these consecutive terms?
//
// Every stored term of every sequence is searched, in the published database
// read by HTTP Range requests (database.js): the pure functions parseTerms,
// termSearchSql (runs.js's query, per sequence) and matchesOf make the query and
// read its rows; the rest fills
// the page /search/terms/ (root element #term-search-tool).
import { DatabaseWorker, explain, sqlString } from "./database.js";
import { mountTool } from "./mount.js";
import * as routes from "./routes.js";
import { formatTraffic } from "./sql-query.js";
import { element } from "./dom.js";
import { runsSql } from "./runs.js";
import { parseTerms as parseTermsOnce } from "./terms.js";

const SHOWN_RESULTS = 200;
const NAMED_RESULTS = 50; // the first matches named (a few pages of the database each)
const TYPING_PAUSE_MS = 300; // search once the user stops typing for this long

// The terms typed by the user as canonical decimal strings ("007" -> "7", "-0" ->
// "0"), so big integers compare exactly.  Throws a RangeError saying what is wrong.
export function parseTerms(text) {
  return parseTermsOnce(text).map(String);
}

// The SQL that finds every sequence containing `terms` (canonical strings)
// consecutively, over every stored term (runs.js's query, without the command's
// rule on common values: the page searches whatever is typed).  Rows: sequence_id,
// n (where the first run starts), runs.  (The sequences' names are left out:
// looking them up would read more pages than the search.)  Throws a RangeError
// when no term fits in 64 bits, the values the index holds.
export function termSearchSql(terms) {
  const runs = runsSql(terms);
  if (runs === null) {
    throw new RangeError("Every term is beyond 64 bits, and only 64-bit values are indexed: " +
      "add a smaller term of the run, or search value_text in the SQL console.");
  }
  return `SELECT id AS sequence_id, min(n) AS n, count(*) AS runs FROM (\n${runs}\n)\nGROUP BY id ORDER BY id`;
}

// The rows of termSearchSql as matches: [{id, start, more}], where start is the
// index n of the first term of the first run, and `more` counts later runs.
export function matchesOf({ rows }) {
  return rows.map(([id, n, runs]) => ({ id, start: BigInt(n), more: Number(runs) - 1 }));
}

// The SQL that names the matched sequences `ids`: id, name, the OEIS entries it
// matches (not those its terms contradict past the entry's listing) and the
// sequences equal to it term by term (each comma-separated), and its family's rank
// on the site; read by primary keys (a few pages per sequence).
export function detailsSql(ids) {
  const listed = ids.map(sqlString).join(", ");
  const related = (kind) => "(SELECT group_concat(c.target) FROM crossrefs AS c WHERE " +
    `c.sequence_id = s.id AND c.kind = '${kind}' AND c.evidence <> 'contradicted')`;
  return `SELECT s.id, s.name, ${related("match")} AS anumbers, ${related("equal")} AS equal, ` +
    "(SELECT f.rank FROM families AS f WHERE f.key = s.family) AS rank " +
    `FROM sequences AS s WHERE s.id IN (${listed})`;
}

const byId = new Intl.Collator("en", { numeric: true }).compare; // m2 before m10

// The matches in groups of the same sequence: matches equal term by term (by the
// `details` rows of detailsSql) that start at the same n are one group.  Groups
// come in the site's order of the families, then of the IDs, each led by its first
// member in that order (Wythoff's own before the families that contain it).
// [{lead, same: [ids], name, anumbers}]
export function grouped(matches, details) {
  const about = new Map(details.map(([id, name, anumbers, equal, rank]) => [id, {
    name,
    anumbers: anumbers ? anumbers.split(",").sort() : [],
    equal: new Set(equal ? equal.split(",") : []),
    rank: rank === null || rank === undefined ? Infinity : Number(rank),
  }]));
  const rank = (match) => about.get(match.id)?.rank ?? Infinity;
  const ordered = [...matches].sort((a, b) => rank(a) - rank(b) || byId(a.id, b.id));
  const groups = [];
  const placed = new Set();
  for (const match of ordered) {
    if (placed.has(match.id)) continue;
    const info = about.get(match.id);
    const same = ordered.filter((other) => other !== match && !placed.has(other.id) &&
      other.start === match.start && info?.equal.has(other.id)).map((other) => other.id);
    for (const id of [match.id, ...same]) placed.add(id);
    groups.push({ lead: match, same, name: info?.name ?? null, anumbers: info?.anumbers ?? [] });
  }
  return groups;
}

// A sequence's name without its own full stop, for a sentence that goes on after it.
export function nameInSentence(name) {
  return name.trimEnd().replace(/\.$/, "");
}

// One line for a group: "wythoff-a, Lower Wythoff sequence (A000201), from n = 1".
export function verdict(group) {
  const entries = group.anumbers.length ? ` (${group.anumbers.join(", ")})` : "";
  const name = group.name ? `, ${nameInSentence(group.name)}` : "";
  return `${group.lead.id}${name}${entries}, from n = ${group.lead.start}`;
}

// The line above the list: how many rows it has (a group of equal sequences is one
// row, its IDs said after it), and how many IDs those rows stand for.
export function countLine(groups, query) {
  const rows = groups.length;
  const ids = groups.reduce((total, group) => total + 1 + group.same.length, 0);
  const count = rows === 1 ? "1 sequence contains" : `${rows} sequences contain`;
  const stored = ids > rows ? ` (stored under ${ids} IDs: equal sequences share a row)` : "";
  return `${count} ${query}${stored}:`;
}

// ----------------------------------------------------------------------------- page

// Search and show the matches (or a message) under the search box, with what
// the search cost; nothing is shown once `isCurrent()` says a newer search began.
async function showResults(output, text, database, isCurrent = () => true) {
  output.replaceChildren();
  if (!String(text).trim()) return;
  let terms;
  let sql;
  try {
    terms = parseTerms(text);
    sql = termSearchSql(terms);
  } catch (error) {
    output.append(element("p", { className: "tool-error" }, error.message));
    return;
  }
  output.append(element("p", { className: "tool-message" }, "Searching…"));
  let result;
  try {
    result = await database.query(sql);
  } catch (error) {
    if (isCurrent()) output.replaceChildren(element("p", { className: "tool-error" }, explain(error, "The search failed")));
    return;
  }
  if (!isCurrent()) return;
  const matches = matchesOf(result);
  const query = terms.join(", ");
  const cost = element("p", { className: "tool-message term-search-cost" },
    `${Math.round(result.milliseconds)} ms · ${formatTraffic(result.bytes, result.requests)}.`);
  Object.assign(cost.dataset, { bytes: result.bytes, requests: result.requests });
  output.replaceChildren();
  if (!matches.length) {
    output.append(element("p", { className: "tool-message" },
      `No sequence contains ${query} as consecutive terms.`), cost);
    return;
  }
  const shown = matches.slice(0, SHOWN_RESULTS);
  let details = [];
  try {
    details = (await database.query(detailsSql(shown.slice(0, NAMED_RESULTS).map((m) => m.id)))).rows;
  } catch {
    // the names are a help: the matches stand without them
  }
  if (!isCurrent()) return;
  const groups = grouped(shown, details);
  const link = (id) => element("a", { href: routes.sequence(id) }, id);
  output.append(element("p", { className: "term-search-verdict" },
    element("strong", {}, `${query}: `), verdict(groups[0]),
    groups.length > 1 ? `; and ${groups.length - 1} other sequence${groups.length > 2 ? "s" : ""}.` : "."));
  output.append(element("p", { className: "tool-message term-search-count" }, countLine(groups, query)));
  const list = element("ol", { className: "term-search-list" });
  for (const group of groups) {
    const { lead, same, name, anumbers } = group;
    const later = lead.more ? ` (and ${lead.more} later run${lead.more > 1 ? "s" : ""})` : "";
    const named = name ? `, ${nameInSentence(name)}` : "";
    const entries = anumbers.length ? ` (${anumbers.join(", ")})` : "";
    const also = same.length
      ? [" The same sequence: ", ...same.flatMap((id, i) => (i ? [", ", link(id)] : [link(id)])), "."]
      : [];
    list.append(element("li", {}, link(lead.id), `${named}${entries}. Starts at n = ${lead.start}${later}.`, ...also));
  }
  output.append(list);
  if (matches.length > SHOWN_RESULTS) {
    output.append(element("p", { className: "tool-message" },
      `Showing the first ${SHOWN_RESULTS} of ${matches.length} sequences: add terms to narrow the search.`));
  }
  output.append(cost);
}

// Wire the page: open the database, search as the user types (after a pause), on
// submit and from ?q= in the URL (the last search wins: an older one still
// running shows nothing).
async function setUp(root) {
  const input = document.getElementById("term-search-input");
  const output = document.getElementById("term-search-results");
  const status = document.getElementById("term-search-status");
  const database = new DatabaseWorker();
  try {
    await database.opened;
  } catch (error) {
    status.textContent = explain(error, "The database could not be opened");
    status.classList.add("tool-error");
    return;
  }
  status.textContent = "Ready: every stored term of every sequence is searched.";
  let latest = 0;
  const run = () => {
    const search = ++latest;
    return showResults(output, input.value, database, () => search === latest);
  };
  let pause;
  input.addEventListener("input", () => {
    clearTimeout(pause);
    pause = setTimeout(run, TYPING_PAUSE_MS);
  });
  root.querySelector("form")?.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(pause);
    run();
    history.replaceState(null, "", `?q=${encodeURIComponent(input.value.trim())}`);
  });
  const query = new URLSearchParams(location.search).get("q");
  if (query) input.value = query;
  root.dataset.ready = "true";
  await run();
}

mountTool("term-search-tool", setUp);
