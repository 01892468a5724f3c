// charts.js — small SVG charts, each with its numbers in a table beside it
// (the table is the accessible form; the chart is aria-hidden decoration).
import { html, useEffect, useId, useRef, useState } from '../deps.js';
import { pct } from '../lib/format.js';
import { CsvButton } from './export.js';

/** Is [i, j] a cell of a rows x cols map? */
const inMap = (at, rows, cols) => at && at[0] >= 0 && at[0] < rows && at[1] >= 0 && at[1] < cols;

/** The cell of a map (or bar of a chart: one row) under a pointer event: [i, j] from its place in the box. */
function cellAt(e, rows, cols) {
  const r = e.currentTarget.getBoundingClientRect();
  const i = Math.floor(((e.clientY - r.top) / r.height) * rows);
  const j = Math.floor(((e.clientX - r.left) / r.width) * cols);
  return inMap([i, j], rows, cols) ? [i, j] : null;
}

/** The line under a chart with the value pointed at or last tapped (phones have no hover); idle: what it
 * says before. Decoration, as the chart: the data table is the accessible form. */
function Readout({ text, idle }) {
  return html`<p class="chart-readout" aria-hidden="true">${text ?? idle}</p>`;
}

/** Vertical bars: bars = [{label, value}], values in [0, 1]; csv: { what, label } adds its CSV download.
 * orMore (a distribution over counts 0, 1, ..): each bar's chance of its count or more is read out too, and
 * is a column of the table and the CSV. */
export function BarChart({ title, bars, caption, columns = ['Units', 'Probability'], csv, orMore = false }) {
  const [hover, setHover] = useState(null);
  const [tapped, setTapped] = useState(null);
  const max = Math.max(1e-12, ...bars.map((b) => b.value));
  const tail = orMore ? bars.reduceRight((acc, b, i) => { acc[i] = b.value + (acc[i + 1] ?? 0); return acc; }, []) : null;
  const cols = tail ? [...columns, 'This many or more'] : columns;
  const w = 100 / Math.max(1, bars.length);
  const barAt = (e) => cellAt(e, 1, bars.length)?.[1] ?? null;
  const read = hover ?? (tapped !== null && tapped < bars.length ? tapped : null);
  const name = (label) => (/^\d+$/.test(label) ? `${columns[0]} ${label}` : label);
  return html`
    <figure class="chart">
      <figcaption>${title}</figcaption>
      <div class="chart-body">
        <svg viewBox="0 0 100 60" preserveAspectRatio="none" aria-hidden="true" class="bars"
          onMouseMove=${(e) => setHover(barAt(e))} onMouseLeave=${() => setHover(null)} onClick=${(e) => setTapped(barAt(e))}>
          ${bars.map((b, i) => {
            const hgt = (56 * b.value) / max;
            return html`<rect class=${i === read ? 'on' : undefined} x=${i * w + w * 0.12} y=${58 - hgt} width=${w * 0.76}
              height=${Math.max(hgt, b.value > 0 ? 0.6 : 0)} />`;
          })}
          <line x1="0" x2="100" y1="58" y2="58" class="axis" />
        </svg>
        <div class="bar-labels" aria-hidden="true">
          ${bars.length <= 24 ? bars.map((b) => html`<span>${b.label}</span>`) : html`<span>${bars[0]?.label}</span><span>${bars[bars.length - 1]?.label}</span>`}
        </div>
        <${Readout} idle="Point at or tap a bar to read its value."
          text=${read !== null ? html`${name(bars[read].label)}: <strong>${pct(bars[read].value, 2)}</strong>${tail && read > 0
            ? html` · ${bars[read].label} or more: <strong>${pct(tail[read], 2)}</strong>` : null}` : null} />
      </div>
      <details class="data-table">
        <summary>${caption ?? 'Data table'}</summary>
        <div class="scroll"><table>
          <thead><tr>${cols.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
          <tbody>${bars.map((b, i) => html`<tr><th scope="row">${b.label}</th><td>${pct(b.value, 4)}</td>${tail
            ? html`<td>${pct(tail[i], 4)}</td>` : null}</tr>`)}</tbody>
        </table></div>
      </details>
      ${csv ? html`<${CsvButton} what=${csv.what} label=${csv.label} header=${cols}
        rows=${() => bars.map((b, i) => (tail ? [b.label, b.value, tail[i]] : [b.label, b.value]))} />` : null}
    </figure>`;
}

// Above this many cells the map is drawn on a canvas (an SVG of 40,000 rects is slow).
const SVG_CELLS = 2500;

function HeatCanvas({ rows, cols, value, hues }) {
  const ref = useRef(null);
  useEffect(() => {
    const cv = ref.current;
    if (!cv) return;
    cv.width = cols;
    cv.height = rows;
    const ctx = cv.getContext('2d');
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        ctx.fillStyle = heatColor(value(i, j), hues);
        ctx.fillRect(j, i, 1, 1);
      }
    }
  });
  return html`<canvas ref=${ref} class="heatmap" aria-hidden="true"></canvas>`;
}

/** The numbers behind a heat map, rendered only once the reader opens it. */
function HeatTable({ rows, cols, value, rowLabel, colLabel, onPick }) {
  const [open, setOpen] = useState(false);
  const id = useId(); // the caption, above the scroller rather than in it: a wide table scrolled it away
  return html`
    <details class="data-table" onToggle=${(e) => setOpen(e.currentTarget.open)}>
      <summary>Data table</summary>
      ${open ? html`<p class="table-caption" id=${id}>Rows: ${rowLabel} ↓ · columns: ${colLabel} →</p>
      <div class="scroll">
        <table aria-labelledby=${id}>
          <thead><tr><th scope="col" class="corner"><span aria-hidden="true">↓ \\ →</span><span class="sr-only">${rowLabel} \\ ${colLabel}</span></th>${Array.from({ length: cols }, (_, j) => html`<th scope="col">${j + 1}</th>`)}</tr></thead>
          <tbody>${Array.from({ length: rows }, (_, i) => html`<tr><th scope="row">${i + 1}</th>${Array.from({ length: cols }, (_, j) => html`<td>${onPick ? html`<button type="button" class="link" aria-label=${`${rowLabel} ${i + 1}, ${colLabel} ${j + 1}: ${pct(value(i, j), 1)}`} onClick=${() => onPick(i, j)}>${pct(value(i, j), 1)}</button>` : pct(value(i, j), 1)}</td>`)}</tr>`)}</tbody>
        </table>
      </div>` : null}
    </details>`;
}

/** A frame around cell at = [i, j], drawn after every cell so none paints over it, and inset by half its
 * stroke so the map's edge does not cut it. */
function CellFrame({ at, cell, width, kind }) {
  return html`<rect class=${kind} x=${at[1] * cell + width / 2} y=${at[0] * cell + width / 2}
    width=${cell - width} height=${cell - width} stroke-width=${width} />`;
}

/** CellFrame over a canvas map: a box of at least 8 px, kept inside the map. */
function CanvasFrame({ at, rows, cols, kind }) {
  return html`<span class=${kind} style=${{ left: `clamp(4px, ${(100 * (at[1] + 0.5)) / cols}%, calc(100% - 4px))`,
    top: `clamp(4px, ${(100 * (at[0] + 0.5)) / rows}%, calc(100% - 4px))`,
    width: `max(8px, ${100 / cols}%)`, height: `max(8px, ${100 / rows}%)` }}></span>`;
}

/** The numbers along an axis of n cells (1-based): every one up to 12, else 1 and the multiples of a
 * round step, at most 8 of them. */
export function axisTicks(n) {
  if (n <= 12) return Array.from({ length: n }, (_, i) => i + 1);
  const step = [2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].find((s) => n / s <= 8) ?? Math.ceil(n / 8);
  const ticks = [1];
  for (let k = step; k <= n; k += step) ticks.push(k);
  return ticks;
}

/** An axis's numbers: one slot per cell, so each number sits at its cell's middle with no inline style
 * (the prerendered views have none: the page's CSP forbids them in HTML). */
function Ticks({ n, axis }) {
  const shown = new Set(axisTicks(n));
  return html`<div class=${`ticks ${axis}`} aria-hidden="true">${Array.from({ length: n },
    (_, i) => html`<span>${shown.has(i + 1) ? i + 1 : ''}</span>`)}</div>`;
}

/** The legend's ramp from 0 to 1 in a map's colours: 20 steps, as attributes (see Ticks). */
function Ramp({ hues }) {
  return html`<svg class="ramp" viewBox="0 0 20 1" preserveAspectRatio="none">${Array.from({ length: 20 },
    (_, i) => html`<rect x=${i} width="1" height="1" fill=${heatColor((i + 0.5) / 20, hues)} />`)}</svg>`;
}

/** A heat map of values in [0, 1]: rows x cols, cell (i, j) = value(i, j); highlight: [i, j] framed;
 * hues: the colours of 0 and 1 (heatColor's); csv: { what, label } as BarChart's. Its axes are numbered,
 * cells are square unless one side is over three times the other, and the value of the cell under the
 * pointer, or the one last tapped, is written under the map (onPick: a click picks the cell instead, and
 * the highlighted cell is read out when the pointer is on none). */
export function HeatMap({ title, rows, cols, value, rowLabel, colLabel, highlight, onPick, csv, hues = BLUE_ORANGE }) {
  const [hover, setHover] = useState(null);
  const [tapped, setTapped] = useState(null);
  const cell = 100 / Math.max(rows, cols);
  const big = rows * cols > SVG_CELLS;
  const frame = Math.min(1.5, cell / 4);
  const ratio = Math.min(3, Math.max(1 / 3, cols / rows));
  const hl = inMap(highlight, rows, cols) ? highlight : null;
  const hv = inMap(hover, rows, cols) ? hover : null;
  // with onPick a tap picks its cell, which becomes the highlight: read out when nothing is pointed at
  const read = hv ?? (inMap(tapped, rows, cols) ? tapped : onPick ? hl : null);
  const pointer = {
    // over too: whichever of the two reaches a cell first reads it
    onMouseOver: (e) => setHover(cellAt(e, rows, cols)),
    onMouseMove: (e) => setHover(cellAt(e, rows, cols)),
    onMouseLeave: () => setHover(null),
    onClick: (e) => {
      const at = cellAt(e, rows, cols);
      if (at && onPick) onPick(at[0], at[1]);
      else setTapped(at);
    },
  };
  return html`
    <figure class="chart heat">
      <figcaption>${title}</figcaption>
      <div class="heat-body">
        <span class="axis-label y">${rowLabel} ↓</span>
        <div class="heat-plot">
          <div class=${`heat-frame${onPick ? ' pick' : ''}`} style=${ratio === 1 ? undefined
            : { aspectRatio: String(ratio), maxWidth: `calc(var(--heat-max, 420px) * ${Math.min(1, ratio)})` }} ...${pointer}>
            ${big ? html`<${HeatCanvas} rows=${rows} cols=${cols} value=${value} hues=${hues} />
              ${hv ? html`<${CanvasFrame} at=${hv} rows=${rows} cols=${cols} kind="hover" />` : null}
              ${hl ? html`<${CanvasFrame} at=${hl} rows=${rows} cols=${cols} kind="hl" />` : null}` : html`
            <svg viewBox=${`0 0 ${cols * cell} ${rows * cell}`} preserveAspectRatio="none" aria-hidden="true" class="heatmap">
              ${Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => html`<rect x=${j * cell}
                y=${i * cell} width=${cell} height=${cell} fill=${heatColor(value(i, j), hues)} />`))}
              ${hv ? html`<${CellFrame} at=${hv} cell=${cell} width=${frame * 0.6} kind="hover" />` : null}
              ${hl ? html`<${CellFrame} at=${hl} cell=${cell} width=${frame} kind="hl" />` : null}
            </svg>`}
            <${Ticks} n=${rows} axis="y" />
            <${Ticks} n=${cols} axis="x" />
          </div>
        </div>
        <span class="axis-label x">${colLabel} →</span>
        <${Readout} idle=${onPick ? 'Point at a cell to read its value.' : 'Point at or tap a cell to read its value.'}
          text=${read ? html`${rowLabel} ${read[0] + 1}, ${colLabel} ${read[1] + 1}: <strong>${pct(value(read[0], read[1]), 2)}</strong>` : null} />
        <div class="legend" aria-hidden="true"><span>0%</span><${Ramp} hues=${hues} /><span>100%</span></div>
      </div>
      <${HeatTable} rows=${rows} cols=${cols} value=${value} rowLabel=${rowLabel} colLabel=${colLabel} onPick=${onPick} />
      ${csv ? html`<${CsvButton} what=${csv.what} label=${csv.label}
        header=${[`${rowLabel} \\ ${colLabel}`, ...Array.from({ length: cols }, (_, j) => j + 1)]}
        rows=${() => Array.from({ length: rows }, (_, i) => [i + 1, ...Array.from({ length: cols }, (_, j) => value(i, j))])} />` : null}
    </figure>`;
}

/** The colours of 0 and of 1 in a heat map, as [hue, saturation %, lightness %]. */
export const BLUE_ORANGE = { low: [215, 80, 50], high: [28, 80, 50] };

/** Colour low (0) through a light neutral (0.5) to colour high (1), blue to orange by default; readable in both themes. */
export function heatColor(v, { low, high } = BLUE_ORANGE) {
  const t = Math.max(0, Math.min(1, Number.isFinite(v) ? v : 0));
  const [hue, sat, light] = t < 0.5 ? low : high;
  const f = Math.abs(t - 0.5) * 2; // 0 at the neutral middle, 1 at either end
  return `hsl(${hue} ${20 + (sat - 20) * f}% ${92 - (92 - light) * f}%)`;
}
