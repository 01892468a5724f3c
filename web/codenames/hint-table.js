// hint-table.js — every hint × every number K: the mover's win probability,
// sortable by any column. Illegal hints and hints with the same hidden cards
// as an earlier one are marked; the recommended choice is highlighted.
import { html, useState } from '../deps.js';
import { pct } from '../lib/format.js';
import { CsvButton } from '../components/export.js';
import { hintBest, hintLabel } from './explain.js';

const sortValue = (r, i, key) => {
  if (key === 'order') return i;
  const h = r.hints[i];
  if (key === 'best') return hintBest(h) ?? -1;
  if (key === 'cards') return h.unrevealed;
  const k = Number(key.slice(1));
  return h.values?.[k - 1] ?? -1;
};

export function HintTable({ r }) {
  const [sort, setSort] = useState({ key: 'order', desc: false });
  const maxK = Math.max(1, ...r.hints.map((h) => (h.values ? h.values.length : 0)));
  const ks = Array.from({ length: maxK }, (_, k) => k + 1);
  const rows = r.hints.map((_, i) => i);
  rows.sort((a, b) => {
    const d = sortValue(r, a, sort.key) - sortValue(r, b, sort.key);
    return (sort.desc ? -d : d) || a - b;
  });
  const by = (key, label, firstDesc = true) => {
    const on = sort.key === key;
    const aria = on ? (sort.desc ? 'descending' : 'ascending') : undefined;
    return html`<th scope="col" aria-sort=${aria}>
      <button type="button" class="sort-btn" onClick=${() => setSort(on ? { key, desc: !sort.desc } : { key, desc: firstDesc })}>
        ${label}<span class="sort-mark" aria-hidden="true">${on ? (aria === 'descending' ? ' ▼' : ' ▲') : ''}</span>
      </button></th>`;
  };
  return html`
    <div class="cn-table-wrap">
      <table class="cn-table" aria-describedby="cn-table-note">
        <caption>${`Win probability of ${r.toMove === 'R' ? 'Red' : 'Blue'} for every hint and number`}</caption>
        <thead><tr>
          ${by('order', 'Hint', false)}
          ${by('cards', 'Hidden')}
          ${ks.map((k) => by(`k${k}`, `K = ${k}`))}
          ${by('best', 'Best')}
        </tr></thead>
        <tbody>
          ${rows.map((i) => {
            const h = r.hints[i];
            const name = hintLabel(r, i);
            const isBest = r.best && r.best.hint === i;
            const hb = hintBest(h);
            return html`<tr class=${`${h.legal ? '' : 'illegal'}${isBest ? ' best-row' : ''}`}>
              <th scope="row">
                <span class="cn-hint-name">${name}</span>
                ${!h.legal ? html`<span class="tag tag-illegal">illegal</span>` : null}
                ${h.sameAs !== null ? html`<span class="tag">same as ${hintLabel(r, h.sameAs)}</span>` : null}
              </th>
              <td>${h.unrevealed}</td>
              ${ks.map((k) => {
                const v = h.values?.[k - 1];
                const pick = isBest && r.best.k === k;
                return html`<td class=${pick ? 'pick' : ''}>${v === undefined ? html`<span class="muted" aria-label="not allowed">—</span>` : html`${pick ? html`<span class="sr-only">recommended: </span>` : null}${pct(v, 2)}`}</td>`;
              })}
              <td class="best-col">${hb === null ? html`<span class="muted">illegal</span>` : pct(hb, 2)}</td>
            </tr>`;
          })}
        </tbody>
      </table>
    </div>
    <${CsvButton} what="hints" label="every hint and number"
      header=${['Hint', 'Hidden', ...ks.map((k) => `K = ${k}`), 'Best', 'Legal']}
      rows=${() => r.hints.map((h, i) => [hintLabel(r, i), h.unrevealed, ...ks.map((k) => h.values?.[k - 1] ?? ''), hintBest(h) ?? '', h.legal])} />
    <p id="cn-table-note" class="hint">K is the number given with the hint: the operatives guess until K hits or a miss. “—”: K is larger than the hint's hidden cards. Click a column heading to sort.</p>`;
}
