// Render the formulas that pymdownx.arithmatex leaves as \( ... \) and \[ ... \].
document.addEventListener("DOMContentLoaded", () => {
  if (typeof renderMathInElement !== "function") return;
  renderMathInElement(document.body, {
    delimiters: [
      { left: "\\[", right: "\\]", display: true },
      { left: "\\(", right: "\\)", display: false },
    ],
    throwOnError: false,
  });
});
