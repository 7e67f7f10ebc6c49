// Where the site's pages and files are, for the browser tools: the routes every page
// carries (JSON in #wythoff-routes, written from wythoff.website.paths when the site
// is built: {root, id, routes}), as absolute URLs.  The scripts learn every address
// here, and none spells one.
//
// The Node tests import the tools without a page: this module loads there too, and
// only asking it for an address throws.

const CARRIER = "wythoff-routes";

// The routes of the page in view (read when asked, so that a page swapped in by
// instant navigation is answered from its own).
function carried() {
  const element = typeof document === "undefined" ? null : document.getElementById(CARRIER);
  if (element === null) throw new Error(`this page carries no routes (#${CARRIER})`);
  return JSON.parse(element.textContent);
}

// The site's root, absolute.
export function root() {
  return new URL(carried().root, document.baseURI).href;
}

// The absolute URL of the route `name`, with `id` in it where the route has one.
function address(name, id = "") {
  const { root: home, id: mark, routes } = carried();
  if (!Object.hasOwn(routes, name)) throw new Error(`the page carries no route "${name}"`);
  return new URL(routes[name].replaceAll(mark, encodeURIComponent(id)), new URL(home, document.baseURI)).href;
}

export const sequence = (id) => address("sequence", id);
export const game = (id) => address("game", id);
export const gameCsv = (id) => address("game_csv", id);
export const find = () => address("find");
export const termSearch = () => address("term_search");
export const gamesData = () => address("games_data");
export const slopesData = () => address("slopes_data");
export const findData = () => address("find_data");
export const queriesData = () => address("queries_data");
export const databaseManifest = () => address("database_manifest");
