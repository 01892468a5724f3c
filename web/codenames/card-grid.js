// card-grid.js — the cards as a grid of word tiles. A palette says what a
// click (or Enter / Space) does: cycle the identity, toggle "already
// revealed", or add / remove the card on the hint being edited. Arrow keys
// move between tiles (web/lib/grid-nav.js); R, B, I, A set the identity; F2
// jumps to the word field of the card inspector below the grid.
import { html, useEffect, useState } from '../deps.js';
import { gridTarget } from '../lib/grid-nav.js';
import { hintName, ID_ICONS, ID_NAMES } from './model.js';

const TOOLS = [
  { id: 'identity', label: 'Identity', title: 'Each click cycles red → blue → bystander → assassin' },
  { id: 'revealed', label: 'Revealed', title: 'Each click marks the card revealed or not' },
  { id: 'hint', label: 'Hint cards', title: 'Each click adds the card to the selected hint or removes it' },
];

function useNarrow() {
  const query = '(max-width: 560px)';
  const [narrow, setNarrow] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const mq = matchMedia(query);
    const on = () => setNarrow(mq.matches);
    mq.addEventListener('change', on);
    on(); // a change between the first render and this effect reached no listener
    return () => mq.removeEventListener('change', on);
  }, []);
  return narrow;
}

export function ToolPalette({ tool, setTool, hintSelected }) {
  return html`
    <div class="palette cn-palette" role="radiogroup" aria-label="A click on a card changes">
      <span class="palette-label" aria-hidden="true">Click changes</span>
      ${TOOLS.map((t) => html`
        <button type="button" role="radio" aria-checked=${tool === t.id ? 'true' : 'false'} title=${t.title}
          class="tool-btn" disabled=${t.id === 'hint' && !hintSelected} onClick=${() => setTool(t.id)}>${t.label}</button>`)}
    </div>`;
}

export function CardGrid({ state, focus, setFocus, tool, selHint, onAct, onIdentity, onRename }) {
  const narrow = useNarrow();
  const n = state.cards.length;
  // 5 x 5 like the real game once the board is that big, on a phone too (smaller type: .dense). The
  // columns are the stylesheet's (.wN wide, .nN narrow: the prerendered view, with no script, is right on
  // a phone too); cols, the same number, is for the arrow keys.
  const dense = n > 20;
  const wide = Math.min(n, 5);
  const small = dense ? wide : Math.min(n, 3);
  const cols = narrow ? small : wide;
  const rows = Math.ceil(n / cols);
  const hint = selHint !== null ? state.hints[selHint] : null;
  const onKeyDown = (e) => {
    const cell = e.target.closest?.('[data-cell]');
    if (cell && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const i = Number(cell.dataset.cell);
      const k = e.key.toUpperCase();
      if (['R', 'B', 'I', 'A'].includes(k) && e.key.length === 1) { e.preventDefault(); onIdentity(i, k); return; }
      if (e.key === 'F2') { e.preventDefault(); onRename(i); return; }
    }
    if (!cell) return;
    // The last row may be short: moves past the last card stop on it.
    const to = gridTarget(e.key, Number(cell.dataset.cell), rows, cols, e.ctrlKey || e.metaKey);
    if (to === null) return;
    e.preventDefault();
    const at = Math.min(to, n - 1);
    setFocus(at);
    e.currentTarget.querySelector(`[data-cell="${at}"]`)?.focus();
  };
  return html`
    <div class=${`cn-grid w${wide} n${small}${hint ? ' hint-on' : ''}${dense ? ' dense' : ''}`} role="group" aria-label=${`Cards, ${n}`}
      aria-describedby="cn-grid-help" onKeyDown=${onKeyDown}>
      ${state.cards.map((c, i) => {
        const inHint = !!hint && hint.cards.includes(i);
        return html`
          <button type="button" data-cell=${i} tabindex=${i === focus ? 0 : -1}
            class=${`cn-tile id-${c.id}${c.revealed ? ' revealed' : ''}${inHint ? ' in-hint' : ''}${i === focus ? ' current' : ''}`}
            aria-pressed=${tool === 'hint' && hint ? (inHint ? 'true' : 'false') : undefined}
            onFocus=${() => setFocus(i)} onClick=${() => { setFocus(i); onAct(i); }}>
            <span class="cn-id" aria-hidden="true"><span class="cn-icon">${ID_ICONS[c.id]}</span>${c.id}</span>
            ${inHint ? html`<span class="cn-check" aria-hidden="true">✓</span>` : null}
            <span class="cn-word">${c.word}<span class="sr-inline">: ${ID_NAMES[c.id]}${c.revealed ? ',' : ''}</span></span>
            ${c.revealed ? html`<span class="cn-rev">revealed</span>` : null}
          </button>`;
      })}
    </div>
    <p id="cn-grid-help" class="hint">
      ${tool === 'identity' ? 'Click or press Enter on a card to cycle its identity' : null}
      ${tool === 'revealed' ? 'Click or press Enter on a card to mark it revealed or not' : null}
      ${tool === 'hint' && hint ? html`Click or press Enter on a card to add it to <strong>${hintName(state, selHint)}</strong> or take it off` : null}.
      Arrow keys move; R, B, I, A set the identity; F2 renames.</p>`;
}
