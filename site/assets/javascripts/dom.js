// The tools' DOM, built in one way: an HTML element with its properties and
// children, or an SVG element with its attributes and text.
const SVG = "http://www.w3.org/2000/svg";

// <tag> with `properties` assigned (className, href, textContent, ...) and
// `children` (nodes or strings) appended.
export function element(tag, properties = {}, ...children) {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
}

// An SVG element: `attributes` set as attributes (SVG has few properties), and
// `text` as its content.
export function svgElement(name, attributes = {}, text = "") {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}
