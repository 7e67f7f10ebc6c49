// KaTeX off the page's thread (started by katex-init.js): receives
// {library, formulas: [{tex, display}]} and answers the HTML of each formula
// (KaTeX's HTML and MathML, the MathML being what screen readers read).
self.onmessage = ({ data }) => {
  importScripts(data.library);
  const html = data.formulas.map(({ tex, display }) =>
    katex.renderToString(tex, { displayMode: display, throwOnError: false }),
  );
  self.postMessage(html);
};
