import { test } from "node:test";
import assert from "node:assert/strict";
import { legend, parseCsv, squares, ticks } from "../../site/assets/javascripts/board.js";

test("the CSV is read by column name, past comment lines, with empty classes as null", () => {
  const text = "# source: https://example.org\n# licence: CC BY 4.0\nn,x,y,class\n0,0,0,0\n1,1,4,\n";
  assert.deepEqual(parseCsv(text), [
    { x: 0, y: 0, klass: 0 },
    { x: 1, y: 4, klass: null },
  ]);
});

test("a symmetric game's positions are drawn with their mirror images, the diagonal once", () => {
  const cells = squares([{ x: 0, y: 0, klass: null }, { x: 1, y: 2, klass: null }], true);
  assert.deepEqual(cells.map(({ x, y }) => [x, y]), [[0, 0], [1, 2], [2, 1]]);
  assert.deepEqual(legend(cells), [{ shade: 0, label: "P-position" }]);
});

test("Connell's classes and the two orientations of an ordered game get their own shades", () => {
  const classes = squares([{ x: 0, y: 1, klass: 1 }, { x: 0, y: 0, klass: 0 }], true);
  assert.deepEqual(legend(classes).map((entry) => entry.label), ["class i = 0", "class i = 1"]);
  const ordered = squares([{ x: 0, y: 2, klass: null }, { x: 9, y: 1, klass: null }], false);
  assert.equal(ordered.length, 2, "ordered pairs are stored in both orientations: no mirror");
  assert.deepEqual(legend(ordered), [
    { shade: 0, label: "(a, b) pairs" },
    { shade: 1, label: "(b, a) pairs" },
  ]);
});

test("ticks are round numbers from 0 to the side", () => {
  assert.deepEqual(ticks(30), [0, 10, 20, 30]);
  assert.deepEqual(ticks(1000), [0, 200, 400, 600, 800, 1000]);
  assert.deepEqual(ticks(7), [0, 2, 4, 6]);
});
