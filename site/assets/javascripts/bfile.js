// A sequence page's b-file, made in the browser from the published database: the
// site carries no b-file, since the database's parts (read by HTTP Range requests,
// as the SQL console reads them) hold every term already.  The page gives the file's
// name, its header lines (the build's b-file opens with the very same), the query of
// the sequence's terms and how many there are (#b-file's data attributes, written by
// wythoff.website.render); the download is the header, then "n value" lines: the
// bytes of the build's data/bfiles file.
import { DatabaseWorker, explain } from "./database.js";
import { formatTraffic } from "./sql-query.js";
import { mountTool } from "./mount.js";

const TIME_LIMIT = 60000; // a hang deadline: a b-file reads a few hundred KiB

// The b-file's text: the header, then one "n value" line per row of [n, value].
export function bfileText(header, rows) {
  return header + rows.map(([n, value]) => `${n} ${value}\n`).join("");
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

function setUp(root) {
  const { file, terms, query, header } = root.dataset;
  const button = root.querySelector("button");
  const status = root.querySelector(".wy-bfile-status");
  let database = null; // opened on the first click: a page read without it fetches nothing
  button.hidden = false;
  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = "Reading the terms from the database…";
    try {
      database ??= new DatabaseWorker({ timeLimit: TIME_LIMIT });
      const { rows, bytes, requests } = await database.query(query);
      if (rows.length !== Number(terms)) {
        throw new Error(`the database gave ${rows.length} terms where ${terms} are stored`);
      }
      save(file, bfileText(header, rows));
      root.dataset.bytes = String(bytes); // what the download fetched (the tests read it)
      status.textContent = `${file}: ${rows.length.toLocaleString("en")} terms, ${formatTraffic(bytes, requests)}.`;
    } catch (error) {
      status.textContent = explain(error, "The b-file could not be made");
    } finally {
      button.disabled = false;
    }
  });
}

mountTool("b-file", setUp);
