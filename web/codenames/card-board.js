// card-board.js — the cards as a read-only board for the embedded answer:
// identity colours, revealed cards dimmed, and the recommended hint's hidden
// cards marked. The editor's interactive grid is card-grid.js.
import { html } from '../deps.js';
import { ID_ICONS, ID_NAMES } from './model.js';

/** r: a codenames analysis; mark: card indices to highlight (the best hint's hidden cards). */
export function CardBoard({ r, mark = [] }) {
  const n = r.words.length;
  const cols = Math.min(n, 5);
  return html`
    <ul class="cn-grid cn-board" aria-label=${`Cards, ${n}`} style=${{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}>
      ${r.words.map((w, i) => {
        const id = r.identities[i];
        const on = mark.includes(i);
        return html`
          <li class=${`cn-tile id-${id}${r.revealed[i] ? ' revealed' : ''}${on ? ' in-hint' : ''}`}
            aria-label=${`${w}: ${ID_NAMES[id]}${r.revealed[i] ? ', revealed' : ''}${on ? ', on the recommended hint' : ''}`}>
            <span class="cn-id" aria-hidden="true"><span class="cn-icon">${ID_ICONS[id]}</span>${id}</span>
            ${on ? html`<span class="cn-check" aria-hidden="true">✓</span>` : null}
            <span class="cn-word" aria-hidden="true">${w}</span>
          </li>`;
      })}
    </ul>`;
}
