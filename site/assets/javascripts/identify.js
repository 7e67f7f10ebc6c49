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
  floorAt,
  formatFraction,
  height,
  holds,
  intercept,
  partner,
  plain,
  quadraticIrrationals,
  simplestFraction,
  transforms,
} from "./beatty.js";
import { DatabaseWorker, sqlString } from "./database.js";
import { compareWith, floorTimes, quadratic } from "./exact.js";
import { mountTool } from "./mount.js";
import * as routes from "./routes.js";
import { formatBytes, formatTraffic } from "./sql-query.js";
import { element } from "./dom.js";
import { runsSql } from "./runs.js";
import { detailsSql, grouped, verdict } from "./term-search.js";
import { parseTerms as parseTermsOnce } from "./terms.js";

const NEAREST = 3; // catalog slopes ruled out on each side of the interval
const SIMPLEST = 3; // quadratic irrationals among the candidates
const HEIGHT_MOST = 200; // a catalog slope higher than this is never called determined
const BEYOND = 1000; // indices compared past the terms (at least as many as the terms)

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
    "SELECT w.k, t.n, t.value_text FROM wanted AS w",
    "JOIN terms AS t ON t.sequence_id = w.id AND t.n BETWEEN w.low AND w.high",
  ].join("\n");
}

// ----------------------------------------------------------------------------- identification

// The catalog slopes as the site publishes them ({slopes: [[id, c, d, e, sign]]}), as
// {id, alpha}.
export function catalogOf({ slopes }) {
  return slopes.map(([id, c, d, e, sign, form = null]) => ({ id, alpha: quadratic(c, d, e, sign), form }));
}

// a(n) of a catalog slope's closed form scale*floor((step*n + shift)*theta) + factor*n + constant.
function formTerm(form, n) {
  const theta = quadratic(form.c, form.d, form.e, form.sign);
  const [step, shift, scale, factor, constant] = ["step", "shift", "scale", "factor", "constant"].map((k) => BigInt(form[k]));
  return scale * floorTimes(theta, step * BigInt(n) + shift) + factor * BigInt(n) + constant;
}

const showFraction = (x) => (x.d === 1n ? `${x.n}` : `${x.n}/${x.d}`);

// A number that can follow "n*" unchanged (the command's _grouped).
function parenthesised(text) {
  const bareSum = (text.includes(" + ") || text.includes(" - ")) && !text.startsWith("(");
  return bareSum || text.startsWith("-") ? `(${text})` : text;
}

function formula(alpha, beta) {
  if (beta.n === 0n) return `floor(n*${alpha})`;
  return `floor(n*${alpha} ${beta.n > 0n ? "+" : "-"} ${showFraction({ n: beta.n < 0n ? -beta.n : beta.n, d: beta.d })})`;
}

// What the terms may be (the command's settle, wythoff.identify.candidates): the
// agreeing catalog sequences, the simplest quadratic irrationals and the simplest
// rational, each with its first difference from another and its deciding index,
// and the catalog ID the terms determine (or null).
function settle(terms, fit, agreeing, catalog, lead) {
  const { first, count } = fit;
  const horizon = first + count + Math.max(count, BEYOND) - 1;
  const beyond = [];
  for (let n = first + count; n <= horizon; n++) beyond.push(n);
  const groups = [];
  const same = (x, y) => x.length === y.length && x.every((v, k) => v === y[k]);
  const add = (candidate, values) => {
    for (const group of groups) {
      if (same(group.values, values)) {
        if (group.candidate.kind === "catalog" && candidate.kind === "catalog") group.candidate.also.push(candidate.label);
        return;
      }
    }
    groups.push({ candidate, values });
  };
  for (const slope of agreeing) {
    const values = slope.form === null ? [] : beyond.map((n) => formTerm(slope.form, n));
    add({ label: slope.id, kind: "catalog", alpha: plain(slope.alpha), beta: null, height: height(slope.alpha), also: [] }, values);
  }
  for (const number of quadraticIrrationals(fit.alphaLow, fit.alphaHigh, SIMPLEST)) {
    const beta = intercept(number, terms, first);
    if (beta === null) continue;
    const candidate = { label: formula(parenthesised(plain(number)), beta), kind: "quadratic", alpha: plain(number), beta: showFraction(beta), height: height(number), also: [] };
    add(candidate, beyond.map((n) => floorAt(number, beta, n)));
  }
  const rational = simplestFraction(fit.alphaLow, fit.alphaHigh);
  const beta = intercept(rational, terms, first);
  if (beta !== null) {
    const candidate = { label: formula(parenthesised(showFraction(rational)), beta), kind: "rational", alpha: showFraction(rational), beta: showFraction(beta), height: null, also: [] };
    add(candidate, beyond.map((n) => floorAt(rational, beta, n)));
  }
  const listed = groups.map(({ candidate, values }) => {
    const known = (g) => g.candidate !== candidate && values.length && g.values.length; // no terms: nothing known
    const parted = groups.filter(known).map(({ candidate: other, values: theirs }) => {
      const k = values.findIndex((v, k) => k < theirs.length && v !== theirs[k]);
      return k < 0 ? null : [first + count + k, other.label, values[k], theirs[k]];
    });
    const found = parted.filter((p) => p !== null);
    if (!found.length) return { ...candidate, differsAt: null, differsFrom: null, value: null, other: null, deciding: null };
    const earliest = found.reduce((best, p) => (p[0] < best[0] ? p : best));
    const deciding = found.length === parted.length ? Math.max(...found.map((p) => p[0])) : null;
    const [differsAt, differsFrom, value, other] = earliest;
    return { ...candidate, differsAt, differsFrom, value, other, deciding };
  });
  const firstDifference = listed.some((c) => c.differsAt !== null) ? Math.min(...listed.filter((c) => c.differsAt !== null).map((c) => c.differsAt)) : null;
  return { listed, differsAt: firstDifference, horizon, determined: determined(fit, agreeing, catalog, lead) };
}

function determined(fit, agreeing, catalog, lead) {
  const own = agreeing.find((slope) => slope.id === lead) ?? agreeing[0]; // the lead may be no Beatty form
  if (own === undefined) return null;
  const value = plain(own.alpha);
  if (catalog.some((slope) => holds(fit, slope.alpha) && plain(slope.alpha) !== value)) return null;
  const most = height(own.alpha) - 1;
  if (most >= HEIGHT_MOST) return null;
  if (quadraticIrrationals(fit.alphaLow, fit.alphaHigh, 1, most).length) return null;
  return own.id;
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
function beattyAnswer({ terms, fit, inside, nearest }, stored, near = false, catalog = [], lead = null) {
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
  const agreeing = inside.filter(agrees);
  return {
    fit,
    simplest: simplestFraction(fit.alphaLow, fit.alphaHigh),
    irrationals: quadraticIrrationals(fit.alphaLow, fit.alphaHigh).map(plain),
    holds: agreeing.map((slope) => slope.id),
    ruledOut,
    partner: partner(fit.alphaLow, fit.alphaHigh),
    candidates: near ? settle(terms, fit, agreeing, catalog, lead) : null,
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

  const found = { terms, firsts, sequences, beatty: new Map(), transforms: [], undecided: [] };
  const named = (first) => (lead !== null && Number(lead.lead.start) === first ? lead.lead.id : null);
  for (const [first, plan] of plans) {
    if (plan !== null) found.beatty.set(first, beattyAnswer(plan, lookup, true, catalog, named(first)));
  }
  if (lead === null || !found.beatty.has(Number(lead.lead.start))) {
    // no stored sequence says where the terms start: the simplest form says
    const ranked = [...found.beatty].map(([first, beatty], k) => [simplicity(beatty), k, first, beatty]);
    ranked.sort(([a, k], [b, l]) => compareKeys(a, b) || k - l);
    found.beatty = new Map(ranked.map(([, , first, beatty]) => [first, beatty]));
  }
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
  found.verdict = verdictOf(found, await namedLead(found, lead, query));
  return found;
}

// How simple the form a reading leads with is, smallest simplest (as the command's
// simplicity): a catalog sequence, else its first candidate's beta by denominator,
// then size.  The readings of the same terms from 0 and from 1 share their interval
// of slopes, so their candidates differ in beta alone.
export function simplicity(beatty) {
  const settled = beatty.candidates;
  if (!settled || !settled.listed.length) return [1n << 62n, 0n];
  const { beta } = settled.listed[0];
  if (beta === null) return [0n, 0n];
  const [p, q] = beta.includes("/") ? beta.split("/").map(BigInt) : [BigInt(beta), 1n];
  return [q, p < 0n ? -p : p];
}

const compareKeys = ([a, b], [c, d]) => (a !== c ? (a < c ? -1 : 1) : b !== d ? (b < d ? -1 : 1) : 0);

// Which first index the verdict read the terms from, when the user did not say.
function firstUsed(found, first) {
  if (!found.firsts || found.firsts.length < 2) return "";
  return `, read with the first index ${first} (of ${found.firsts.join(" and ")}, the one with the simplest form; ` +
    "--offset sets it)";
}

// The stored sequence the verdict names: the one the terms determine when it is not
// the first stored sequence holding them (which is then no Beatty form), as the command.
async function namedLead(found, lead, query) {
  const [first] = found.beatty.keys();
  if (first === undefined) return lead;
  const settled = found.beatty.get(first).candidates;
  const chosen = settled === null ? null : settled.determined;
  if (chosen === null || (lead !== null && lead.lead.id === chosen)) return lead;
  return leading([{ id: chosen, shift: first }], query);
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
  let beatty = null;
  if (found.beatty.size) {
    const shift = lead === null ? null : Number(lead.lead.start);
    beatty = found.beatty.has(shift) ? found.beatty.get(shift) : [...found.beatty.values()][0];
  }
  const settled = beatty === null ? null : beatty.candidates;
  if (lead !== null && (settled === null || settled.determined === lead.lead.id)) return verdict(lead);
  if (settled !== null) {
    const { fit } = beatty;
    const listed = settled.listed
      .map((c) => `${c.label} (n ${c.deciding !== null ? `= ${c.deciding}` : `> ${settled.horizon}`})`)
      .join(", ");
    const stored = lead !== null ? "" : "; no stored sequence holds these terms";
    return `not determined by these terms${firstUsed(found, fit.first)}: ` +
      `floor(n*alpha + beta) for n = ${fit.first} .. ${fit.first + fit.count - 1} ` +
      `with alpha in (${formatFraction(fit.alphaLow)}, ${formatFraction(fit.alphaHigh)}); candidates, each with its ` +
      `deciding index (the terms up to it tell it from the others): ${listed}${stored}`;
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
  for (const r of beatty.ruledOut) {
    line(true, "rules out ", { id: r.id }, ` (alpha = ${r.alpha}): its term at n = ${r.n} is ${r.theirs}, the given term is ${r.ours}`);
  }
  if (beatty.candidates) {
    const settled = beatty.candidates;
    if (settled.determined !== null) {
      line(true, `determined: ${settled.determined}: no other catalog slope and no simpler quadratic irrational lies in the interval`);
    } else line(true, "not determined by these terms; the candidates:");
    for (const c of settled.listed) {
      const what = `alpha = ${c.alpha}` + (c.height === null ? "" : `, height ${c.height}`);
      const also = c.also.length ? ` (= ${c.also.join(", ")})` : "";
      let parts;
      if (c.differsAt === null) parts = `agrees with every other candidate up to n = ${settled.horizon}`;
      else {
        const told = c.deciding !== null ? `n = ${c.deciding} tells it from every other` : `one other agrees with it up to n = ${settled.horizon}`;
        parts = `first differs from ${c.differsFrom} at n = ${c.differsAt} (${c.value}, not ${c.other}); ${told}`;
      }
      const label = c.kind === "catalog" ? [{ id: c.label }] : [c.label];
      line(true, `  ${c.kind} `, ...label, `${also} (${what}): ${parts}`);
    }
  }
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
    `${cost.queries} database queries: ${formatTraffic(cost.bytes, cost.requests)}.`);
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
