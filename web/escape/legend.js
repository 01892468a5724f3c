// legend.js — the key to the board colours: one swatch per Grundy value 0..4,
// exits, obstacles, tokens and (when shown) the winning-move arrows.
import { html } from '../deps.js';

export function Legend({ k, arrows = false, values = true, tokenNote = 'token' }) {
  return html`
    <ul class="legend-list" aria-label="Colour key">
      ${values ? html`<li class="legend-values"><span>g${k !== undefined ? html`<sub>${k}</sub>` : ''} =</span>
        ${[0, 1, 2, 3, 4].map((g) => html`<span class=${`sw g${g}`} title=${`value ${g}`}>${g}</span>`)}</li>` : null}
      <li><span class="sw exit" aria-hidden="true">E</span>exit</li>
      <li><span class="sw wall" aria-hidden="true"></span>obstacle</li>
      <li><span class="sw token" aria-hidden="true"></span>${tokenNote}</li>
      ${arrows ? html`<li><span class="sw arrow" aria-hidden="true">→</span>winning move</li>` : null}
    </ul>`;
}
