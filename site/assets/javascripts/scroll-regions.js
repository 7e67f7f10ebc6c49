// A table wider than the page scrolls inside its box (the theme wraps tables in
// .md-typeset__scrollwrap; index tables sit in .index-scroll).  Such a box takes
// the keyboard focus and has a name, so that it can be scrolled without a mouse
// and a screen reader says what it is; a box that fits is left out of the tab order.
(() => {
  const mark = () => {
    for (const box of document.querySelectorAll(".md-typeset__scrollwrap, .index-scroll")) {
      if (box.scrollWidth > box.clientWidth) {
        box.tabIndex = 0;
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", "Table, scrolls sideways");
      } else {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    }
  };
  // The theme wraps the tables when its document$ emits: mark them on the next frame.
  const later = () => requestAnimationFrame(mark);
  if (window.document$) window.document$.subscribe(later);
  else window.addEventListener("load", later);
  window.addEventListener("resize", later);
})();
