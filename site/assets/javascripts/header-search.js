// A search box in the header of every page: a name, an ID or an A-number opens the
// Find page with it (its index answers them), a run of terms (integers separated by
// commas or spaces) the term search.  Both pages read the query from ?q=.
import * as routes from "./routes.js";

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
  const form = Object.assign(document.createElement("form"), {
    className: "wy-header-search",
    method: "get",
    action: routes.find(),
  });
  form.setAttribute("role", "search");
  form.append(input);
  form.addEventListener("submit", (event) => {
    const text = input.value.trim();
    if (!text) {
      event.preventDefault();
      return;
    }
    if (/^-?\d+([\s,]+-?\d+)+$/.test(text)) {
      event.preventDefault();
      location.href = `${routes.termSearch()}?q=${encodeURIComponent(text)}`;
    }
  });
  header.insertBefore(form, header.querySelector("form.md-header__option"));
})();
