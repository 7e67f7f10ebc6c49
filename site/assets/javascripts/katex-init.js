// Render the formulas that pymdownx.arithmatex marks: each `.arithmatex` element
// holds one formula, \( ... \) inline or \[ ... \] displayed.
//
// KaTeX is loaded only on pages that have formulas (the family pages, the games
// whose names carry a paper's notation, the index tables), and it runs in a worker
// (katex-worker.js): its 270 kB of script are compiled and run off the page's
// thread, so the page never stalls on it; only the HTML it returns is put in
// place. Where a worker cannot start or load KaTeX (a page opened from disk),
// KaTeX runs here. The one font every formula uses is fetched beside the script,
// not after the formulas are in.
//
// A name's notation also stands in its plain form (2WN^(2,3)) just before its
// formula, which extra.css hides meanwhile: the line keeps about its width while
// KaTeX loads, and the plain form goes when the formula is shown, staying as the
// formula's label (the MathML is still there for reading it term by term).
(() => {
  const here = document.currentScript.src;
  const base = new URL("../vendor/katex/", here);
  const options = (display) => ({ displayMode: display, throwOnError: false });

  const read = (element) => {
    const text = element.textContent.trim();
    return { tex: text.slice(2, -2), display: text.startsWith("\\[") };
  };

  const inWorker = (formulas) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL("katex-worker.js", here));
      worker.onmessage = ({ data }) => {
        worker.terminate();
        resolve(data);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        worker.terminate();
        reject(new Error("the KaTeX worker failed"));
      };
      worker.postMessage({ library: new URL("katex.min.js", base).href, formulas });
    });

  const onPage = (formulas) =>
    new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL("katex.min.js", base);
      script.onload = resolve;
      script.onerror = () => reject(new Error(`cannot load ${script.src}`));
      document.head.append(script);
    }).then(() =>
      formulas.map(({ tex, display }) => katex.renderToString(tex, options(display))),
    );

  const render = (formulas) => {
    try {
      return inWorker(formulas).catch(() => onPage(formulas));
    } catch {
      return onPage(formulas); // no worker from a file: URL
    }
  };

  const start = () => {
    const elements = [...document.querySelectorAll(".arithmatex")];
    if (!elements.length) return;
    const stylesheet = document.createElement("link");
    stylesheet.rel = "stylesheet";
    stylesheet.href = new URL("katex.min.css", base);
    document.head.append(stylesheet);
    if (location.protocol.startsWith("http")) {
      // fonts are fetched in CORS mode, which a page opened from disk cannot use
      const font = document.createElement("link");
      Object.assign(font, { rel: "preload", as: "font", type: "font/woff2", crossOrigin: "" });
      font.href = new URL("fonts/KaTeX_Main-Regular.woff2", base);
      document.head.append(font);
    }
    render(elements.map(read)).then((rendered) => {
      elements.forEach((element, i) => {
        element.innerHTML = rendered[i];
        const plain = element.previousElementSibling;
        if (!plain?.classList.contains("wy-plain")) return;
        // The plain form names the math for assistive technology: a heading's
        // accessible name leaves out MathML content otherwise.
        element.querySelector("math")?.setAttribute("aria-label", plain.textContent);
        element.classList.add("wy-name"); // at the size of the text (extra.css)
        plain.remove();
      });
    });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
