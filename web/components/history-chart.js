// history-chart.js — how a value moved along a game's history (as Lichess's
// evaluation graph): a line over the positions, each point a button that
// goes back to that position (Tab and Enter, or the arrow keys between
// points), the current one marked; the numbers in a data table beneath.
import { html, useRef } from '../deps.js';

const W = 100;
const H = 36;

/**
 * values[i]: the value after i moves (undefined: not solved yet, null: failed);
 * at: the position shown; onJump(i); describe(i): the point's words
 * ("Move 3, Justin takes ..."); format(v, i): the value's words; max: the top of
 * the scale (1 for probabilities).
 */
export function HistoryChart({ title, values, at, onJump, describe, format, max = 1, valueLabel,
  ticks = [[1, '100%'], [0.5, '50%'], [0, '0%']] }) {
  const group = useRef(null);
  const n = values.length;
  const x = (i) => (n <= 1 ? W / 2 : (i * W) / (n - 1));
  const y = (v) => H - (H * Math.max(0, Math.min(max, v))) / max;
  const known = values.map((v, i) => [i, v]).filter(([, v]) => typeof v === 'number');
  const onKeyDown = (e) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, Home: -n, End: n }[e.key];
    if (!step) return;
    e.preventDefault();
    const i = Math.max(0, Math.min(n - 1, Number(e.target.dataset.point ?? at) + step));
    group.current?.querySelector(`[data-point="${i}"]`)?.focus();
  };
  return html`
    <figure class="chart history-chart">
      <figcaption>${title}</figcaption>
      <div class="history-plot" role="group" aria-label=${`${title}: one button per position`} ref=${group} onKeyDown=${onKeyDown}>
        ${ticks.map(([v, label]) => html`<span class="tick" aria-hidden="true" style=${{ top: `${(100 * y(v)) / H}%` }}>${label}</span>`)}
        <svg viewBox=${`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true">
          <line x1="0" x2=${W} y1=${H / 2} y2=${H / 2} class="mid" />
          <polyline points=${known.map(([i, v]) => `${x(i)},${y(v)}`).join(' ')} class="line" />
        </svg>
        ${values.map((v, i) => html`
          <button type="button" class=${`point${i === at ? ' current' : ''}${typeof v === 'number' ? '' : ' pending'}`}
            data-point=${i} style=${{ left: `${x(i)}%`, top: `${(100 * y(typeof v === 'number' ? v : max / 2)) / H}%` }}
            aria-current=${i === at ? 'step' : undefined} tabindex=${i === at ? 0 : -1}
            aria-label=${`${describe(i)}: ${typeof v === 'number' ? format(v, i) : v === null ? 'not solved' : 'solving'}`}
            onClick=${() => onJump(i)}></button>`)}
      </div>
      <details class="data-table">
        <summary>Data table</summary>
        <table>
          <thead><tr><th scope="col">Position</th><th scope="col">${valueLabel}</th></tr></thead>
          <tbody>${values.map((v, i) => html`<tr class=${i === at ? 'current' : ''}><th scope="row">${describe(i)}</th>
            <td>${typeof v === 'number' ? format(v, i) : '—'}</td></tr>`)}</tbody>
        </table>
      </details>
    </figure>`;
}
