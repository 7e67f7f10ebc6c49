// Render the formulas that pymdownx.arithmatex marks (\( ... \) and \[ ... \]).
// KaTeX is loaded only on pages that have formulas: most pages (sequences,
// games, the home page) have none and should not download it.
(() => {
  const here = document.currentScript.src;
  const start = () => {
    const formulas = document.querySelectorAll(".arithmatex");
    if (!formulas.length) return;
    const base = new URL("../vendor/katex/", here);
    const stylesheet = document.createElement("link");
    stylesheet.rel = "stylesheet";
    stylesheet.href = new URL("katex.min.css", base);
    document.head.append(stylesheet);
    const load = (name) =>
      new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = new URL(name, base);
        script.onload = resolve;
        script.onerror = () => reject(new Error(`cannot load ${script.src}`));
        document.head.append(script);
      });
    load("katex.min.js")
      .then(() => load("contrib/auto-render.min.js"))
      .then(() => {
        for (const element of formulas) {
          renderMathInElement(element, {
            delimiters: [
              { left: "\\[", right: "\\]", display: true },
              { left: "\\(", right: "\\)", display: false },
            ],
            throwOnError: false,
          });
        }
      });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
