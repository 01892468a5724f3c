// board-sketch.js — an escape board as SVG, for the moments before its canvas
// is measured and drawn: the prerendered view (make site), which has no canvas
// to draw on until the app's code runs, and the app's first frame. Cells,
// Grundy colours and digits, exits, tokens with their labels and arrows, in
// the canvas's colours (classes of escape.css); no cursor or targets (nothing
// is focused or chosen yet). A cell is U units of the viewBox (text of a fraction of a unit is not drawn
// at its size everywhere).
import { html } from '../deps.js';

/** Boards up to this many cells get a sketch (a bigger one is a flat colour until drawn). */
export const SKETCH_CELLS = 2500;
const U = 100;

/**
 * A winning-move arrow at cs units per cell, its head head units long: the line's two ends and the head's
 * three corners (board-canvas.js draws them on the canvas, the sketch as paths).
 */
export function arrowPoints(a, cs, head) {
  const dx = Math.sign(a.toCol - a.col);
  const dy = Math.sign(a.toRow - a.row);
  const ex = (a.toCol + 0.5 - dx * 0.12) * cs;
  const ey = (a.toRow + 0.5 - dy * 0.12) * cs;
  return {
    line: [[(a.col + 0.5 + dx * 0.22) * cs, (a.row + 0.5 + dy * 0.22) * cs], [ex - dx * head * 0.6, ey - dy * head * 0.6]],
    head: [[ex, ey], [ex - dx * head - dy * head * 0.7, ey - dy * head - dx * head * 0.7],
      [ex - dx * head + dy * head * 0.7, ey - dy * head + dx * head * 0.7]],
  };
}

function arrowPath(a) {
  const { line, head } = arrowPoints(a, U, 0.2 * U);
  const at = ([x, y]) => `${Math.round(x)} ${Math.round(y)}`;
  return [`M${at(line[0])}L${at(line[1])}`, `M${head.map(at).join('L')}Z`];
}

/** Props as BoardCanvas's (rows, cols, cells, grundy, showDigits, tokens, arrows), and style: its box. */
export function BoardSketch({ rows, cols, cells, grundy, showDigits, tokens, arrows, style }) {
  const fills = new Map(); // kind -> one path of its cells' squares (the page's HTML carries three boards)
  const text = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const ch = cells[r * cols + c];
      const g = grundy?.[r]?.[c];
      const kind = ch === '#' ? 'wall' : ch === 'E' ? 'exit' : g >= '0' && g <= '4' ? `g${g}` : null;
      if (kind) fills.set(kind, `${fills.get(kind) ?? ''}M${c * U} ${r * U}h${U}v${U}h-${U}z`);
      if (ch === 'E') {
        text.push(html`<rect class="exit-box" x=${c * U + 24} y=${r * U + 19} width="52" height="62" />
          <text class="exit-ink" x=${(c + 0.5) * U} y=${(r + 0.52) * U}>E</text>`);
      }
      else if (kind?.[0] === 'g' && showDigits) text.push(html`<text class="g-ink" x=${(c + 0.5) * U} y=${(r + 0.54) * U}>${g}</text>`);
    }
  }
  let shown = tokens;
  if (!shown) {
    shown = [];
    for (let i = cells.indexOf('T'); i !== -1; i = cells.indexOf('T', i + 1)) shown.push({ row: Math.floor(i / cols), col: i % cols });
  }
  const seen = new Set();
  const dots = shown.filter((t) => t.row < rows && !seen.has(t.row * cols + t.col) && seen.add(t.row * cols + t.col));
  const grid = [];
  for (let r = 1; r < rows; r++) grid.push(`M0 ${r * U}H${cols * U}`);
  for (let c = 1; c < cols; c++) grid.push(`M${c * U} 0V${rows * U}`);
  const arrowPaths = (arrows ?? []).slice(0, 4000).map(arrowPath);
  return html`
    <svg class="board-sketch" viewBox=${`0 0 ${cols * U} ${rows * U}`} aria-hidden="true" style=${style}>
      <rect class="floor" width=${cols * U} height=${rows * U} />
      ${[...fills].map(([kind, d]) => html`<path class=${kind} d=${d} />`)}
      <path class="grid" d=${grid.join('')} />
      ${text}
      ${dots.map((t) => html`<circle class="token" cx=${(t.col + 0.5) * U} cy=${(t.row + 0.5) * U} r=${0.33 * U} />
        ${t.label !== undefined ? html`<text class="token-ink" x=${(t.col + 0.5) * U} y=${(t.row + 0.52) * U}>${String(t.label).length > 5 ? `${String(t.label).slice(0, 4)}…` : t.label}</text>` : null}`)}
      ${arrowPaths.length ? html`<path class="arrow-line" d=${arrowPaths.map((a) => a[0]).join('')} />
        <path class="arrow-head" d=${arrowPaths.map((a) => a[1]).join('')} />` : null}
    </svg>`;
}
