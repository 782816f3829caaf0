// Writes for charts that update in place, for d3 selections: each one skips a node whose attribute or text already
// reads what it would write (setAttr and setText of web/dom.js, which says why that matters).
import { setAttr, setText } from '../dom.js';

/** For a d3 selection's call(): as selection.attr(name, value) (a value or a function of d, i), writing only changes. */
export function attr(selection, name, value) {
  selection.each(function write(d, i, nodes) {
    setAttr(this, name, typeof value === 'function' ? value.call(this, d, i, nodes) : value);
  });
}

/** For a d3 selection's call(): as selection.text(value), writing only changes. */
export function text(selection, value) {
  selection.each(function write(d, i, nodes) {
    setText(this, typeof value === 'function' ? value.call(this, d, i, nodes) : value);
  });
}
