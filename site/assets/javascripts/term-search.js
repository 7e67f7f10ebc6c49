// Term search, as on the OEIS: which sequences contain these consecutive terms?
//
// The pure functions parseTerms and findSequences work on the data of
// assets/data/terms.json ({"sequences": [{id, name, offset, terms: ["0", ...]}]});
// the rest fills the page /search/terms/ (root element #term-search-tool).
import { mountTool } from "./mount.js";

const SHOWN_RESULTS = 200;

// The terms typed by the user, separated by commas and/or spaces, as canonical
// decimal strings ("007" -> "7", "-0" -> "0"), so big integers compare exactly.
// Throws a RangeError saying what is wrong.
export function parseTerms(text) {
  const tokens = String(text).split(/[\s,;]+/).filter((token) => token !== "");
  if (!tokens.length) throw new RangeError("Type at least one term, for example 1, 3, 4, 6, 8, 9.");
  return tokens.map((token) => {
    if (!/^[+-]?\d+$/.test(token)) {
      throw new RangeError(`"${token}" is not an integer: terms are whole numbers such as 12 or -3, separated by commas or spaces.`);
    }
    return BigInt(token).toString();
  });
}

// Every sequence containing `terms` (canonical strings) consecutively, in the
// order of the data: [{id, name, start, more}], where start = offset + position
// is the index n of the first term of the first run, and `more` counts later runs.
export function findSequences(sequences, terms) {
  const matches = [];
  for (const sequence of sequences) {
    const values = sequence.terms.map(canonical);
    const starts = [];
    for (let i = 0; i + terms.length <= values.length; i++) {
      if (terms.every((term, k) => values[i + k] === term)) starts.push(i);
    }
    if (starts.length) {
      matches.push({
        id: sequence.id,
        name: sequence.name,
        start: Number(sequence.offset) + starts[0],
        more: starts.length - 1,
      });
    }
  }
  return matches;
}

// A term of the data as a canonical decimal string (the data should already be).
function canonical(term) {
  return /^(0|-?[1-9]\d*)$/.test(term) ? term : BigInt(term).toString();
}

// ----------------------------------------------------------------------------- page

// Show the matches (or a message) under the search box.
function showResults(output, root, text, data) {
  output.replaceChildren();
  if (!String(text).trim()) return;
  let terms;
  try {
    terms = parseTerms(text);
  } catch (error) {
    output.append(element("p", { className: "tool-error" }, error.message));
    return;
  }
  const matches = findSequences(data.sequences, terms);
  const query = terms.join(", ");
  if (!matches.length) {
    output.append(element("p", { className: "tool-message" },
      `No sequence contains ${query} as consecutive terms among the terms searched.`));
    return;
  }
  const count = matches.length === 1 ? "1 sequence contains" : `${matches.length} sequences contain`;
  output.append(element("p", { className: "tool-message" }, `${count} ${query}:`));
  const list = element("ol", { className: "term-search-list" });
  const siteRoot = root.dataset.siteRoot ?? "../../";
  for (const match of matches.slice(0, SHOWN_RESULTS)) {
    const link = element("a", { href: `${siteRoot}sequences/${match.id}/` }, match.id);
    const later = match.more ? ` (and ${match.more} later run${match.more > 1 ? "s" : ""})` : "";
    const name = match.name.replace(/\.$/, "");
    list.append(element("li", {}, link, `: ${name}. Starts at n = ${match.start}${later}.`));
  }
  output.append(list);
  if (matches.length > SHOWN_RESULTS) {
    output.append(element("p", { className: "tool-message" },
      `Showing the first ${SHOWN_RESULTS} of ${matches.length} sequences: add terms to narrow the search.`));
  }
}

// A DOM element with properties and children (strings become text).
function element(tag, properties, ...children) {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
}

// Wire the page: load the terms, search on every input and from ?q= in the URL.
async function setUp(root) {
  const input = document.getElementById("term-search-input");
  const output = document.getElementById("term-search-results");
  const status = document.getElementById("term-search-status");
  let data;
  try {
    const response = await fetch(new URL("../data/terms.json", import.meta.url));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    data = await response.json();
  } catch (error) {
    status.textContent = `The terms could not be loaded (${error.message}).`;
    status.classList.add("tool-error");
    return;
  }
  const longest = Math.max(0, ...data.sequences.map((sequence) => sequence.terms.length));
  status.textContent = `Searching the first ${longest} terms of each of ${data.sequences.length} sequences.`;
  const run = () => showResults(output, root, input.value, data);
  input.addEventListener("input", run);
  root.querySelector("form")?.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
    history.replaceState(null, "", `?q=${encodeURIComponent(input.value.trim())}`);
  });
  const query = new URLSearchParams(location.search).get("q");
  if (query) input.value = query;
  run();
  root.dataset.ready = "true";
}

mountTool("term-search-tool", setUp);
