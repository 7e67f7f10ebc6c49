// The index pages (all sequences, all games): sort by any column, filter by
// family, by status and by OEIS match (also from the page's URL), and say how
// many rows are shown.
import { mountTool } from "./mount.js";

// "larsson-m2-p10" after "larsson-m2-p9": runs of digits compare as numbers.
const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

// A cell's sort key: its data-sort (an exact integer) if it has one, else its text.
export function cellKey(cell) {
  return cell.dataset.sort ?? cell.textContent.trim();
}

export function compareKeys(a, b) {
  const numeric = /^-?\d+$/;
  if (numeric.test(a) && numeric.test(b)) {
    const [x, y] = [BigInt(a), BigInt(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return collator.compare(a, b);
}

export function matches(row, filters) {
  if (filters.family && row.dataset.family !== filters.family) return false;
  if (filters.solved && row.dataset.solved !== filters.solved) return false;
  if (filters.oeis && row.dataset.oeis !== "yes") return false;
  return true;
}

function setUp(root) {
  const table = root.querySelector("table");
  const body = table.tBodies[0];
  const form = root.querySelector("form");
  const count = root.querySelector(".index-count");
  const total = body.rows.length;
  const kind = root.id.replace("index-", "");
  const filter = () => {
    const filters = {
      family: form.elements.family.value,
      solved: form.elements.solved.value,
      oeis: form.elements.oeis?.checked ?? false,
    };
    let shown = 0;
    for (const row of body.rows) {
      const keep = matches(row, filters);
      row.hidden = !keep;
      shown += keep ? 1 : 0;
    }
    count.textContent = `${shown} of ${total} ${kind}`;
  };
  form.addEventListener("change", filter);
  // ?family=larsson&solved=no&oeis=yes opens the page filtered (family pages link so)
  const wanted = new URLSearchParams(location.search);
  for (const name of ["family", "solved"]) {
    if (wanted.has(name) && form.elements[name]) form.elements[name].value = wanted.get(name);
  }
  if (wanted.get("oeis") === "yes" && form.elements.oeis) form.elements.oeis.checked = true;
  if (["family", "solved", "oeis"].some((name) => wanted.has(name))) filter();
  table.querySelectorAll("thead th").forEach((th, column) => {
    th.querySelector("button").addEventListener("click", () => {
      const ascending = th.getAttribute("aria-sort") !== "ascending";
      table.querySelectorAll("thead th").forEach((other) => other.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      const rows = [...body.rows];
      rows.sort((r, s) => {
        const order = compareKeys(cellKey(r.cells[column]), cellKey(s.cells[column]));
        return ascending ? order : -order;
      });
      body.append(...rows);
    });
  });
}

mountTool("index-sequences", setUp);
mountTool("index-games", setUp);
