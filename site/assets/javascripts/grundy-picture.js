// The picture of a game's Sprague–Grundy values (builder/wythoff/website/grundy_picture.py):
// the square under the pointer ringed and read out as (x, y) and G(x, y). The values are computed
// here from the rules the page carries for its board (#play-tool's data-game), by the
// sweep of wythoff.core.games.grundy (bitsets of the values seen along each row, column,
// diagonal and modular class), row after row up to the one asked for: the page ships no
// table of values. The logic above the "page" line touches no DOM, so Node tests it.

import { parseRules } from "./games.js";
import { svgElement } from "./dom.js";
import { mountTool } from "./mount.js";

export const OFF = -1; // a removed position's value
const BAND_FROM = 8; // wythoff.core.games.grundy.BAND_KEPT_FROM

// The values G(x, y), 0 <= x, y < side, of rules (games.js's parseRules) that have them,
// computed a row x at a time: value(x, y) sweeps the rows up to x once. Bitsets of
// `words` 32-bit words; a value past them starts the sweep again with twice as many.
export function makeTable(rules, side, words = Math.ceil((4 * side) / 32) + 1, bandFrom = BAND_FROM) {
  const p = Number(rules.rookModulus);
  const residues = rules.rookResidues.map((r) => Number(r) % p);
  const m = Number(rules.bishop);
  const q = Number(rules.modular);
  const [w, h] = rules.rect.map(Number);
  const W = words;
  const values = new Int32Array(side * side);
  const row = new Uint32Array(p * W); // along the current row x: per residue of y mod p
  const column = new Uint32Array(side * p * W); // per column y: per residue of x mod p
  const diagonal = new Uint32Array(2 * side * W); // per diagonal x - y: its bishop options
  const classes = new Uint32Array(q ? side * q * W : 0); // per column y, class of x - y mod q
  const quadrant = new Uint32Array(q * W); // the rows below, columns left of y, per class
  const seen = new Uint32Array(W);
  // from m = BAND_FROM on, the one-pile bishop options are windows of m - 1 cells kept
  // as bitsets (along the row, across each column), and the row below's last m cells
  // too: each step adds a cell and takes one out, which clearing its bit says, as the
  // values of m consecutive cells of a line differ (each is an option of the later ones)
  const band = m >= bandFrom;
  const along = new Uint32Array(band ? W : 0);
  const above = new Uint32Array(band ? W : 0);
  const across = new Uint32Array(band ? side * W : 0);
  let done = 0; // rows swept
  const get = (x, y) => values[x * side + y];
  const add = (bits, at, v) => {
    if (v !== OFF) bits[at + (v >>> 5)] |= 1 << (v & 31);
  };
  const remove = (bits, at, v) => {
    if (v !== OFF) bits[at + (v >>> 5)] &= ~(1 << (v & 31));
  };
  const or = (into, at, bits, from, length = W) => {
    for (let i = 0; i < length; i++) into[at + i] |= bits[from + i];
  };
  const mex = () => {
    for (let i = 0; i < W; i++) {
      const free = ~seen[i];
      if (free) return i * 32 + 31 - Math.clz32(free & -free);
    }
    return -2; // no free bit within the words
  };
  function sweep(x) {
    row.fill(0);
    quadrant.fill(0);
    along.fill(0);
    above.fill(0);
    const cp = x % p;
    for (let y = 0; y < side; y++) {
      seen.fill(0);
      if (m) {
        const d = (x - y + side) * W; // the diagonal x - y: the two-pile bishop options
        if (band) {
          // (x - 1, y - m .. y - 1) joins, through the window of row x - 1; the column's
          // part came from the cell before (see below)
          if (x > 0 && y > 0) {
            if (y - 1 - m >= 0) remove(above, 0, get(x - 1, y - 1 - m)); // out first: m apart
            add(above, 0, get(x - 1, y - 1));
            or(diagonal, d, above, 0);
          }
          or(seen, 0, diagonal, d);
          or(seen, 0, along, 0);
          or(seen, 0, across, y * W);
        } else {
          // those of (x - 1, y - 1) and the cells (x - 1, y - l), (x - k, y - 1), 1 <= k, l <= m
          if (x > 0 && y > 0) {
            for (let l = 1; l <= Math.min(m, y); l++) add(diagonal, d, get(x - 1, y - l));
            for (let k = 2; k <= Math.min(m, x); k++) add(diagonal, d, get(x - k, y - 1));
          }
          or(seen, 0, diagonal, d);
          for (let k = 1; k < Math.min(m, x + 1); k++) add(seen, 0, get(x - k, y)); // one pile, k < m
          for (let l = 1; l < Math.min(m, y + 1); l++) add(seen, 0, get(x, y - l));
        }
      }
      for (const r of residues) {
        or(seen, 0, row, (((y - r) % p) + p) % p * W);
        or(seen, 0, column, (y * p + ((((x - r) % p) + p) % p)) * W);
      }
      const c = q ? (((x - y) % q) + q) % q : 0;
      if (q) or(seen, 0, quadrant, c * W);
      let v = x < w && y < h ? OFF : mex();
      if (v === -2) return false;
      values[x * side + y] = v;
      if (band) {
        // the next cell's diagonal gets (x - m .. x - 1, y); then the windows slide
        if (x > 0 && y + 1 < side) {
          const next = (x - y - 1 + side) * W;
          or(diagonal, next, across, y * W);
          if (x - m >= 0) add(diagonal, next, get(x - m, y));
        }
        if (y - m + 1 >= 0) remove(along, 0, get(x, y - m + 1));
        add(along, 0, v);
        if (x - m + 1 >= 0) remove(across, y * W, get(x - m + 1, y));
        add(across, y * W, v);
      }
      add(row, (y % p) * W, v);
      add(column, (y * p + cp) * W, v);
      if (q) {
        or(quadrant, 0, classes, y * q * W, q * W); // column y joins the quadrant of the cells right of it
        add(classes, (y * q + c) * W, v);
      }
    }
    return true;
  }
  let larger = null; // the table with more words, once a value did not fit
  return {
    value(x, y) {
      if (larger) return larger.value(x, y);
      while (done <= x) {
        if (!sweep(done)) {
          larger = makeTable(rules, side, 2 * W, bandFrom);
          return larger.value(x, y);
        }
        done++;
      }
      return get(x, y);
    },
  };
}

// ----------------------------------------------------------------------------- page

const SIDE = 512; // grundy_picture.SIDE

function setUp(figure) {
  const image = figure.querySelector("image");
  const readout = figure.querySelector(".wy-grundy-where");
  const game = document.querySelector("[data-game]");
  if (!image || !readout || !game) return;
  const rules = parseRules(JSON.parse(game.dataset.game).rules);
  let table = null;
  const svg = figure.querySelector("svg");
  const ring = svgElement("circle", {
    r: 4, fill: "none", stroke: "#000", "stroke-width": 1.5, visibility: "hidden", "pointer-events": "none",
  });
  svg.append(ring);
  const at = (event) => {
    const box = image.getBoundingClientRect();
    const x = Math.floor(((event.clientX - box.left) / box.width) * SIDE);
    const y = SIDE - 1 - Math.floor(((event.clientY - box.top) / box.height) * SIDE);
    return x >= 0 && y >= 0 && x < SIDE && y < SIDE ? [x, y] : null;
  };
  const show = (event) => {
    const where = at(event);
    if (!where) return;
    const [x, y] = where;
    if (figure.dataset.x === String(x) && figure.dataset.y === String(y)) return; // said already
    table ??= makeTable(rules, SIDE);
    const v = table.value(x, y);
    readout.textContent = v === OFF ? `(${x}, ${y}) is off the board.` : `G(${x}, ${y}) = ${v}`;
    figure.dataset.x = x;
    figure.dataset.y = y;
    // a ring around the square, which is one pixel of the picture
    const [left, top] = [image.x.baseVal.value + x + 0.5, image.y.baseVal.value + SIDE - y - 0.5];
    ring.setAttribute("cx", left);
    ring.setAttribute("cy", top);
    ring.removeAttribute("visibility");
  };
  svg.addEventListener("pointermove", show);
  svg.addEventListener("pointerdown", show);
}

mountTool("grundy-picture", setUp);
