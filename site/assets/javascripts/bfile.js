// A sequence page's b-file, made in the browser from the published database: the
// site carries no b-file, since the database's parts (read by HTTP Range requests,
// as the SQL console reads them) hold every term already.  The page gives the file's
// name, its header lines (the build's b-file opens with the very same), the query of
// the sequence's terms and how many there are (#b-file's data attributes, written by
// wythoff.website.term_downloads); the download is the header, then "n value" lines: the
// bytes of the build's data/bfiles file.  The other buttons of the same block carry
// their own file, header, query, count and separator: the terms as CSV ("n,value",
// what `wythoff terms --format csv` writes) and the b-file in the numbering of each
// OEIS entry the sequence equals (what `wythoff bfile --as` writes).
import { DatabaseWorker, explain } from "./database.js";
import { formatTraffic } from "./sql-query.js";
import { mountTool } from "./mount.js";

const TIME_LIMIT = 60000; // a hang deadline: a b-file reads a few hundred KiB

// The b-file's text: the header, then one "n value" line per row of [n, value] (or
// "n,value" with the separator ","): the values as the database's text, exact.
export function bfileText(header, rows, separator = " ") {
  return header + rows.map(([n, value]) => `${n}${separator}${value}\n`).join("");
}

// Save `text` as the file `name`, as a link with `download` would.
function save(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000); // once the browser has taken it
}

// Each button of the block and what it saves: the first the block's own b-file.
function offers(root) {
  const [first, ...others] = root.querySelectorAll("button");
  return [[first, root.dataset], ...others.map((button) => [button, button.dataset])];
}

function setUp(root) {
  const status = root.querySelector(".wy-bfile-status");
  let database = null; // opened on the first click: a page read without it fetches nothing
  const buttons = offers(root);
  for (const [button, { file, terms, query, header, separator }] of buttons) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      for (const [each] of buttons) each.disabled = true;
      status.textContent = "Reading the terms from the database…";
      try {
        database ??= new DatabaseWorker({ timeLimit: TIME_LIMIT });
        const { rows, bytes, requests } = await database.query(query);
        if (rows.length !== Number(terms)) {
          throw new Error(`the database gave ${rows.length} terms where ${terms} are stored`);
        }
        save(file, bfileText(header, rows, separator ?? " "));
        root.dataset.bytes = String(bytes); // what the download fetched (the tests read it)
        status.textContent = `${file}: ${rows.length.toLocaleString("en")} terms, ${formatTraffic(bytes, requests)}.`;
      } catch (error) {
        status.textContent = explain(error, `${file} could not be made`);
      } finally {
        for (const [each] of buttons) each.disabled = false;
      }
    });
  }
}

mountTool("b-file", setUp);
