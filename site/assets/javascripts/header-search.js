// A search box in the header of every page: a name, an ID or an A-number opens the
// Find page with it (its index answers them), a run of terms (integers separated by
// commas or spaces) the term search.  Both pages read the query from ?q=.
//
// While one types, the box suggests the first ten entries the Find page would list
// (IDs, names, A-numbers), from the same index, fetched when the box is first used;
// the arrow keys choose one, Enter or a click opens it, Escape closes the list (the
// ARIA combobox pattern: the focus stays in the box).
import * as routes from "./routes.js";

const SUGGESTED = 10;
const TERMS = /^-?\d+([\s,]+-?\d+)+$/;

(() => {
  const header = document.querySelector(".md-header__inner");
  if (!header || header.querySelector(".wy-header-search")) return;
  const input = Object.assign(document.createElement("input"), {
    type: "search",
    name: "q",
    placeholder: "Find: name, ID, A-number or terms",
    autocomplete: "off",
  });
  input.setAttribute("aria-label", "Find a sequence or game by name, ID, A-number or terms");
  const list = Object.assign(document.createElement("ul"), {
    id: "wy-header-suggestions",
    className: "wy-header-suggestions",
    hidden: true,
  });
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Suggestions");
  Object.entries({
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": "false",
    "aria-controls": list.id,
  }).forEach(([name, value]) => input.setAttribute(name, value));
  const form = Object.assign(document.createElement("form"), {
    className: "wy-header-search",
    method: "get",
    action: routes.find(),
  });
  form.setAttribute("role", "search");
  form.append(input, list);

  let finding = null; // find.js and its index, loaded on first use (again after a failure)
  const load = () => {
    finding ??= Promise.all([import("./find.js"), fetch(routes.findData()).then((r) => r.json())])
      .catch(() => {
        finding = null;
        return null; // no suggestions: Enter still opens the Find page
      });
    return finding;
  };
  let shown = [];
  let active = -1;

  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  };
  const choose = (i) => {
    active = i;
    list.querySelectorAll("[role=option]").forEach((option, j) => option.setAttribute("aria-selected", String(j === i)));
    if (i < 0) input.removeAttribute("aria-activedescendant");
    else input.setAttribute("aria-activedescendant", `wy-suggestion-${i}`);
  };
  const open = (entry) => {
    location.href = new URL(entry.url, routes.root()).href;
  };

  const suggest = async () => {
    const text = input.value;
    if (!text.trim() || TERMS.test(text.trim())) {
      close();
      return;
    }
    const loaded = await load();
    if (input.value !== text) return; // a later keystroke suggests instead
    if (!loaded) {
      close();
      return;
    }
    const [{ search }, index] = loaded;
    shown = search(index, text).slice(0, SUGGESTED);
    list.replaceChildren(...shown.map((entry, i) => {
      const option = document.createElement("li");
      Object.assign(option, { id: `wy-suggestion-${i}` });
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", "false");
      const id = document.createElement("code");
      id.textContent = entry.id;
      const title = document.createElement("span");
      title.textContent = ` ${entry.kind} · ${entry.title}`;
      option.append(id, title);
      option.addEventListener("mousedown", (event) => event.preventDefault()); // keep the focus
      option.addEventListener("click", () => open(entry));
      return option;
    }));
    list.hidden = !shown.length;
    input.setAttribute("aria-expanded", String(shown.length > 0));
    choose(-1);
  };

  input.addEventListener("focus", load, { once: true });
  input.addEventListener("input", suggest);
  input.addEventListener("blur", close);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
    if (list.hidden || !["ArrowDown", "ArrowUp"].includes(event.key)) return;
    event.preventDefault();
    // down from the last suggestion, or up from the first, goes back to the box's text
    const next = active + (event.key === "ArrowDown" ? 1 : -1);
    choose(next >= shown.length ? -1 : next < -1 ? shown.length - 1 : next);
  });
  form.addEventListener("submit", (event) => {
    const text = input.value.trim();
    if (!text) {
      event.preventDefault();
      return;
    }
    if (!list.hidden && active >= 0) {
      event.preventDefault();
      open(shown[active]);
      return;
    }
    if (TERMS.test(text)) {
      event.preventDefault();
      location.href = `${routes.termSearch()}?q=${encodeURIComponent(text)}`;
    }
  });
  header.insertBefore(form, header.querySelector("form.md-header__option"));
})();
