// Identify: what given terms are, with the same answers as `wythoff identify`
// (builder/wythoff/identify), computed in the browser.
//
// The stored sequences holding the terms as a run come from the published
// database (database.js, HTTP Range requests); the Beatty interval, its simplest
// numbers and the transforms from beatty.js's exact arithmetic; the catalog's
// Beatty slopes from the site's data files, and the stored terms they are
// checked against from the database again.  The pure functions (parseTerms,
// storedSql, identify, lines) are tested in Node; the rest fills the
// page /search/identify/ (root element #identify-tool).
import {
  compareQuadratics,
  fitBeatty,
  formatDecimal,
  formatFraction,
  holds,
  partner,
  plain,
  quadraticIrrationals,
  simplestFraction,
  transforms,
} from "./beatty.js";
import { DatabaseWorker, sqlString } from "./database.js";
import { compareWith, quadratic } from "./exact.js";
import { mountTool } from "./mount.js";
import * as routes from "./routes.js";
import { formatBytes } from "./sql-query.js";
import { element } from "./dom.js";
import { runsSql } from "./runs.js";
import { detailsSql, grouped, verdict } from "./term-search.js";
import { parseTerms as parseTermsOnce } from "./terms.js";

const NEAREST = 3; // catalog slopes ruled out on each side of the interval

// The terms as BigInts: at least 3 (terms.js reads them as the command does).
export function parseTerms(text) {
  return parseTermsOnce(text, { atLeast: 3 });
}

// ----------------------------------------------------------------------------- SQL

// The SQL reading the stored terms of some sequences over index ranges, each
// [id, low, high]: rows (range number, n, value as text).
export function storedSql(ranges) {
  const wanted = ranges.map(([id, low, high], k) => `(${k}, ${sqlString(id)}, ${low}, ${high})`).join(", ");
  return [
    `WITH wanted(k, id, low, high) AS (VALUES ${wanted})`,
    "SELECT w.k, t.n, coalesce(t.value_text, CAST(t.value AS TEXT)) FROM wanted AS w",
    "JOIN sequences AS s ON s.id = w.id",
    "JOIN term_values AS t ON t.sequence_key = s.key AND t.n BETWEEN w.low AND w.high",
  ].join("\n");
}

// ----------------------------------------------------------------------------- identification

// The catalog slopes as the site publishes them ({slopes: [[id, c, d, e, sign]]}), as
// {id, alpha}.
export function catalogOf({ slopes }) {
  return slopes.map(([id, c, d, e, sign]) => ({ id, alpha: quadratic(c, d, e, sign) }));
}

// What the database must tell about one Beatty fit: the catalog slopes in its
// interval, and (with `near`) the nearest ones outside it on each side.
function beattyPlan(terms, first, catalog, near) {
  const fit = fitBeatty(terms, first);
  if (fit === null) return null;
  const inside = catalog.filter((slope) => holds(fit, slope.alpha));
  let nearest = [];
  if (near) {
    const below = catalog.filter((slope) => compareWith(slope.alpha, fit.alphaLow.n, fit.alphaLow.d) < 0);
    const above = catalog.filter((slope) => compareWith(slope.alpha, fit.alphaHigh.n, fit.alphaHigh.d) > 0);
    below.sort((x, y) => compareQuadratics(y.alpha, x.alpha)); // stable: ties in catalog order
    above.sort((x, y) => compareQuadratics(x.alpha, y.alpha));
    nearest = [...below.slice(0, NEAREST), ...above.slice(0, NEAREST)];
  }
  return { terms, fit, inside, nearest };
}

// The Beatty answer of a plan, once the slopes' stored terms are read (`stored(id,
// first, count)` gives a Map from n as text to the value as text).
function beattyAnswer({ terms, fit, inside, nearest }, stored) {
  const { first, count } = fit;
  const theirs = (slope) => stored(slope.id, first, count);
  const agrees = (slope) => {
    const values = theirs(slope);
    return values.size === count && terms.every((value, k) => values.get(String(first + k)) === String(value));
  };
  const ruledOut = [];
  for (const slope of nearest) {
    const values = theirs(slope);
    const k = terms.findIndex((value, k) => values.has(String(first + k)) && values.get(String(first + k)) !== String(value));
    if (k >= 0) {
      ruledOut.push({ id: slope.id, alpha: plain(slope.alpha), n: first + k, ours: terms[k], theirs: values.get(String(first + k)) });
    }
  }
  return {
    fit,
    simplest: simplestFraction(fit.alphaLow, fit.alphaHigh),
    irrationals: quadraticIrrationals(fit.alphaLow, fit.alphaHigh).map(plain),
    holds: inside.filter(agrees).map((slope) => slope.id),
    ruledOut,
    partner: partner(fit.alphaLow, fit.alphaHigh),
  };
}

// Everything the command finds for `terms` (BigInts) with first index `firsts`
// in turn ([0, 1] when the user did not say): {terms, sequences, beatty (by first
// index), transforms, undecided}.  `query(sql)` answers {rows} from the database.
export async function identify(terms, firsts, catalog, query) {
  const stored = async (values) => {
    const sql = runsSql(values, { narrowing: true }); // as the command
    if (sql === null) return [];
    const { rows } = await query(sql);
    return rows.map(([id, shift]) => ({ id, shift: Number(shift), agrees: values.length }));
  };
  const sequences = await stored(terms);
  const lead = await leading(sequences, query);
  const plans = new Map();
  for (const first of readingOrder(firsts, lead)) plans.set(first, beattyPlan(terms, first, catalog, true));
  const candidates = transforms(terms).map(([name, values]) => ({
    name,
    values,
    plan: firsts.map((first) => beattyPlan(values, first, catalog, false)).find((plan) => plan !== null) ?? null,
  }));
  // one read of every stored term the catalog checks need
  const ranges = new Map();
  for (const plan of [...plans.values(), ...candidates.map(({ plan }) => plan)]) {
    if (plan === null) continue;
    const { first, count } = plan.fit;
    for (const slope of [...plan.inside, ...plan.nearest]) ranges.set(`${slope.id} ${first} ${count}`, [slope.id, first, first + count - 1]);
  }
  const read = [...ranges.values()].map(() => new Map());
  if (ranges.size) {
    for (const [k, n, value] of (await query(storedSql([...ranges.values()]))).rows) read[Number(k)].set(String(n), value);
  }
  const keys = [...ranges.keys()];
  const lookup = (id, first, count) => read[keys.indexOf(`${id} ${first} ${count}`)];

  const found = { terms, sequences, beatty: new Map(), transforms: [], undecided: [] };
  for (const [first, plan] of plans) if (plan !== null) found.beatty.set(first, beattyAnswer(plan, lookup));
  if (!found.beatty.size) {
    found.undecided.push(`no floor(n*alpha + beta) gives these terms with the first index ${firsts.join(" or ")}`);
  }
  for (const { name, values, plan } of candidates) {
    const sequences = await stored(values);
    if (sequences.length || plan !== null) {
      found.transforms.push({ name, sequences, beatty: plan === null ? null : beattyAnswer(plan, lookup) });
    }
  }
  if (!found.sequences.length) found.undecided.push("no stored sequence holds these terms as a run");
  found.verdict = verdictOf(found, lead);
  return found;
}

// The stored sequence the answer leads with, as the term search names it (the
// families' rank, then the IDs in natural order), or null: {lead: {id, start}, name, anumbers}.
async function leading(sequences, query) {
  if (!sequences.length) return null;
  const { rows } = await query(detailsSql([...new Set(sequences.map((s) => s.id))]));
  return grouped(sequences.map((s) => ({ id: s.id, start: BigInt(s.shift) })), rows)[0];
}

// The first indices to read the terms from, the one the leading stored sequence
// holds them from first (terms that are a(1), a(2), ... are read n >= 1 first).
export function readingOrder(firsts, lead) {
  const start = lead === null ? null : Number(lead.lead.start);
  return firsts.includes(start) ? [start, ...firsts.filter((f) => f !== start)] : [...firsts];
}

// The answer in one line, as the command's verdict.
function verdictOf(found, lead) {
  if (lead !== null) return verdict(lead);
  const [first] = found.beatty.keys();
  if (first !== undefined) {
    const { fit } = found.beatty.get(first);
    return `floor(n*alpha + beta) for n >= ${first}, alpha in (${formatFraction(fit.alphaLow)}, ` +
      `${formatFraction(fit.alphaHigh)}); no stored sequence holds these terms`;
  }
  return "not identified: no stored sequence holds these terms, and no floor(n*alpha + beta)";
}

// ----------------------------------------------------------------------------- words

// The answer as the command's text output, line by line; each line is a list of
// parts, strings and {id} for a sequence (linked on the page), and an `indent`.
export function lines(found) {
  const shown = found.terms.slice(0, 12).join(", ") + (found.terms.length > 12 ? ", ..." : "");
  const out = [{ indent: false, parts: [`${found.terms.length} terms: ${shown}`] }];
  out.push({ indent: false, parts: [`verdict: ${found.verdict}`] });
  const line = (indent, ...parts) => out.push({ indent, parts });
  for (const s of found.sequences) line(false, "sequence: ", { id: s.id }, `, from a(${s.shift}), agrees on ${s.agrees} terms`);
  for (const [first, beatty] of found.beatty) beattyLines(beatty, first, "", out);
  for (const t of found.transforms) {
    for (const s of t.sequences) line(false, `${t.name}: `, { id: s.id }, `, from a(${s.shift}), agrees on ${s.agrees} terms`);
    if (t.beatty !== null) out.push(...beattyLines(t.beatty, t.beatty.fit.first, `${t.name}: `, []).slice(0, 2));
  }
  for (const text of found.undecided) line(false, `undecided: ${text}`);
  return out;
}

function beattyLines(beatty, first, prefix, out) {
  const { fit } = beatty;
  const f = formatFraction;
  const line = (indent, ...parts) => out.push({ indent, parts: [prefix, ...parts] });
  line(false, `Beatty: floor(n*alpha + beta) for n >= ${first} exactly when alpha is in ` +
    `(${f(fit.alphaLow)}, ${f(fit.alphaHigh)}) = (${formatDecimal(fit.alphaLow)}, ${formatDecimal(fit.alphaHigh)}) ` +
    `and beta in [${f(fit.betaLow)}, ${f(fit.betaHigh)}]`);
  line(true, `simplest: ${f(beatty.simplest)}` + (beatty.irrationals.length ? `; quadratic: ${beatty.irrationals.join(", ")}` : ""));
  if (beatty.holds.length) line(true, "the interval holds the slope of ", ...beatty.holds.flatMap((id, k) => (k ? [", ", { id }] : [{ id }])));
  for (const r of beatty.ruledOut) line(true, "rules out ", { id: r.id }, ` (alpha = ${r.alpha}): a(${r.n}) = ${r.theirs}, not ${r.ours}`);
  if (beatty.partner !== null) {
    line(true, `Beatty partner (1/alpha + 1/alpha' = 1): alpha' in (${f(beatty.partner[0])}, ${f(beatty.partner[1])})`);
  }
  return out;
}

// ----------------------------------------------------------------------------- page

// Identify the typed terms and show the answer (or one message), with its cost:
// the time computing, and the time and bytes of the database's answers.
async function showAnswer(output, text, firsts, catalog, database) {
  output.replaceChildren();
  let terms;
  try {
    terms = parseTerms(text);
  } catch (error) {
    output.append(element("p", { className: "tool-error" }, error.message));
    return;
  }
  output.append(element("p", { className: "tool-message" }, "Identifying…"));
  const started = performance.now();
  const cost = { milliseconds: 0, bytes: 0, requests: 0, queries: 0 };
  const query = async (sql) => {
    const asked = performance.now();
    const result = await database.query(sql);
    cost.milliseconds += performance.now() - asked;
    cost.bytes += result.bytes;
    cost.requests += result.requests;
    cost.queries += 1;
    return result;
  };
  let found;
  try {
    found = await identify(terms, firsts, catalog, query);
  } catch (error) {
    output.replaceChildren(element("p", { className: "tool-error" }, `The identification failed (${error.message}).`));
    return;
  }
  const list = element("ul", { className: "identify-lines" });
  for (const { indent, parts } of lines(found)) {
    const item = element("li", {}, ...parts.map((part) =>
      typeof part === "string" ? part : element("a", { href: routes.sequence(part.id) }, part.id)));
    if (indent) item.classList.add("identify-detail");
    list.append(item);
  }
  const total = performance.now() - started;
  const computing = total - cost.milliseconds;
  const summary = element("p", { className: "tool-message identify-cost" },
    `${Math.round(total)} ms: ${Math.round(computing)} ms computing, ${Math.round(cost.milliseconds)} ms in ` +
    `${cost.queries} database queries that fetched ${formatBytes(cost.bytes)} in ${cost.requests} requests.`);
  Object.assign(summary.dataset, { milliseconds: total, computing, bytes: cost.bytes, requests: cost.requests });
  output.replaceChildren(list, summary);
}

// Wire the page: open the database and read the catalog's slopes, then identify
// on submit and from ?q= (and &offset=) in the URL.
async function setUp(root) {
  const input = document.getElementById("identify-input");
  const offset = document.getElementById("identify-offset");
  const output = document.getElementById("identify-results");
  const status = document.getElementById("identify-status");
  const database = new DatabaseWorker();
  let catalog;
  try {
    const slopes = routes.slopesData();
    const [response] = await Promise.all([fetch(slopes), database.opened]);
    if (!response.ok) throw new Error(`${slopes}: HTTP ${response.status}`);
    const text = await response.text();
    catalog = catalogOf(JSON.parse(text));
    status.textContent = `Database opened; ${catalog.length} catalog slopes read (${formatBytes(text.length)}).`;
  } catch (error) {
    status.textContent = `The database could not be opened (${error.message}).`;
    status.classList.add("tool-error");
    return;
  }
  const firsts = () => (offset.value === "both" ? [0, 1] : [Number(offset.value)]);
  const run = () => showAnswer(output, input.value, firsts(), catalog, database);
  root.querySelector("form")?.addEventListener("submit", (event) => {
    event.preventDefault();
    const address = `?q=${encodeURIComponent(input.value.trim())}` + (offset.value === "both" ? "" : `&offset=${offset.value}`);
    history.replaceState(null, "", address);
    run();
  });
  const parameters = new URLSearchParams(location.search);
  if (["0", "1"].includes(parameters.get("offset"))) offset.value = parameters.get("offset");
  root.dataset.ready = "true";
  if (parameters.get("q")) {
    input.value = parameters.get("q");
    await run();
  }
}

mountTool("identify-tool", setUp);
