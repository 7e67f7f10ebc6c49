// The board of a game page: its P-positions drawn from the game's CSV file (published
// beside the page), with axes, a legend of the classes, the coordinates of any square
// under the pointer (and a tooltip on each P-position), and zoom levels up to the
// stored range.  The file is fetched when the board scrolls into view.
import { svgElement } from "./dom.js";
import { mountTool } from "./mount.js";

const SIZE = 480; // the drawing's width and height (it scales down with the page)
const MARGIN = { left: 40, bottom: 30, top: 8, right: 8 };
export const SHADES = [
  "#1b1b1b", "#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00",
  "#00838f", "#ad1457", "#4e342e", "#283593", "#558b2f", "#f9a825",
];

// The rows of a game's CSV (n,x,y,class): comment lines (#) and the header skipped,
// columns found by name; class is null when empty.
export function parseCsv(text) {
  const lines = text.split(/\r?\n/).filter((line) => line && !line.startsWith("#"));
  const header = lines.shift().split(",");
  const column = (name) => header.indexOf(name);
  const [ix, iy, ic] = [column("x"), column("y"), column("class")];
  return lines.map((line) => {
    const cells = line.split(",");
    const klass = ic >= 0 && cells[ic] !== "" ? Number(cells[ic]) : null;
    return { x: Number(cells[ix]), y: Number(cells[iy]), klass };
  });
}

// The squares to draw: each stored position and, for a symmetric game (stored with
// x <= y), its mirror image; with the shade index and the legend label of each.
export function squares(rows, symmetric) {
  const out = [];
  const classes = rows.some((row) => row.klass !== null);
  for (const { x, y, klass } of rows) {
    const shade = classes ? klass % SHADES.length : !symmetric && x > y ? 1 : 0;
    const label = classes ? `class i = ${klass}` : !symmetric ? (x > y ? "(b, a) pairs" : "(a, b) pairs") : "P-position";
    out.push({ x, y, shade, label });
    if (symmetric && x !== y) out.push({ x: y, y: x, shade, label });
  }
  return out;
}

// The legend: one entry per shade used, in order.
export function legend(cells) {
  const seen = new Map();
  for (const { shade, label } of cells) if (!seen.has(shade)) seen.set(shade, label);
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([shade, label]) => ({ shade, label }));
}

// Round tick values (1, 2 or 5 times a power of ten apart) in [0, high].
export function ticks(high, count = 5) {
  if (high <= 0) return [0];
  const raw = high / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const out = [];
  for (let v = 0; v <= high; v += step) out.push(v);
  return out;
}


// The SVG of the board [0, side] x [0, side]: (0, 0) at the bottom left.
function drawBoard(cells, side, rectangle) {
  const plot = SIZE - MARGIN.left - MARGIN.right;
  const cell = plot / (side + 1);
  const px = (x) => MARGIN.left + x * cell;
  const py = (y) => MARGIN.top + (side - y) * cell;
  const svg = svgElement("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "wy-board-svg" });
  svg.append(svgElement("rect", { x: MARGIN.left, y: MARGIN.top, width: plot, height: plot, fill: "#fff", stroke: "#333" }));
  const [w, h] = rectangle;
  if (w && h) {
    const rw = Math.min(w, side + 1), rh = Math.min(h, side + 1);
    svg.append(svgElement("rect", { x: px(0), y: py(rh - 1), width: rw * cell, height: rh * cell, fill: "#bdbdbd" }, ""));
  }
  for (const v of ticks(side)) {
    const centre = (v + 0.5) * cell;
    svg.append(svgElement("text", { x: MARGIN.left + centre, y: SIZE - MARGIN.bottom + 14, "text-anchor": "middle" }, String(v)));
    svg.append(svgElement("text", { x: MARGIN.left - 4, y: MARGIN.top + plot - centre + 4, "text-anchor": "end" }, String(v)));
  }
  svg.append(svgElement("text", { x: MARGIN.left + plot / 2, y: SIZE - 4, "text-anchor": "middle" }, "x"));
  svg.append(svgElement("text", { x: 10, y: MARGIN.top + plot / 2, "text-anchor": "middle" }, "y"));
  const size = Math.max(cell, 1.5);
  const group = svgElement("g", { class: "wy-board-points" });
  for (const { x, y, shade } of cells) {
    if (x > side || y > side) continue;
    const square = svgElement("rect", {
      x: px(x).toFixed(2), y: py(y).toFixed(2), width: size.toFixed(2), height: size.toFixed(2),
      fill: SHADES[shade], "data-x": x, "data-y": y,
    });
    square.append(svgElement("title", {}, `(${x}, ${y})`));
    group.append(square);
  }
  svg.append(group);
  svg.dataset.side = side;
  return { svg, at: (clientX, clientY) => {
    const box = svg.getBoundingClientRect();
    const scale = SIZE / box.width;
    const x = Math.floor(((clientX - box.left) * scale - MARGIN.left) / cell);
    const y = side - Math.floor(((clientY - box.top) * scale - MARGIN.top) / cell);
    return x >= 0 && y >= 0 && x <= side && y <= side ? [x, y] : null;
  } };
}

function setUp(root) {
  const figure = root.closest("figure");
  const readout = figure.querySelector(".wy-board-where");
  const key = figure.querySelector(".wy-board-legend");
  const rectangle = (root.dataset.rect || "0,0").split(",").map(Number);
  const symmetric = root.dataset.symmetric === "true";
  let cells = null;
  let board = null;
  const show = (side) => {
    const drawn = drawBoard(cells, side, rectangle);
    board = drawn;
    root.replaceChildren(drawn.svg);
    for (const button of figure.querySelectorAll(".wy-board-zoom button")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.side) === side));
    }
    root.dataset.ready = "true";
  };
  const occupied = () => new Set(cells.map(({ x, y }) => `${x},${y}`));
  let taken = null;
  root.addEventListener("mousemove", (event) => {
    const at = board?.at(event.clientX, event.clientY);
    if (!at) return;
    taken ??= occupied();
    const [x, y] = at;
    readout.textContent = `(${x}, ${y}): ${taken.has(`${x},${y}`) ? "a P-position" : "not a P-position"}`;
  });
  const load = async () => {
    const response = await fetch(root.dataset.csv);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    cells = squares(parseCsv(await response.text()), symmetric);
    key.replaceChildren(...legend(cells).map(({ shade, label }) => {
      const item = document.createElement("li");
      const swatch = document.createElement("span");
      swatch.className = "wy-swatch";
      swatch.style.background = SHADES[shade];
      item.append(swatch, label);
      return item;
    }));
    show(Number(root.dataset.side));
    for (const button of figure.querySelectorAll(".wy-board-zoom button")) {
      button.addEventListener("click", () => show(Number(button.dataset.side)));
    }
  };
  const watcher = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      watcher.disconnect();
      load().catch(() => {
        readout.textContent = `The board could not read ${root.dataset.csv}: serve the site over HTTP (wythoff serve).`;
      });
    }
  }, { rootMargin: "200px" });
  watcher.observe(root);
}

mountTool("board", setUp);
