// board-editor.js — the Board Escape editor: size, K, a palette of E / T /
// # / . and the board itself (click or drag to paint; arrow keys move a
// cursor and E, T, #, . or Space paint the cell under it).
import { html, useEffect, useId, useRef, useState } from '../deps.js';
import { BoardCanvas } from './board-canvas.js';
import { NumField } from '../components/num-field.js';
import { CELL_NAMES, cellName, EXAMPLES, LIMITS, paint, resize } from './model.js';

const PALETTE = [
  { ch: 'E', label: 'Exit' },
  { ch: 'T', label: 'Token' },
  { ch: '#', label: 'Obstacle' },
  { ch: '.', label: 'Empty' },
];
const KEY_PAINT = { e: 'E', t: 'T', '#': '#', '.': '.', Delete: '.', Backspace: '.' };

export function BoardEditor({ state, onChange, onLoadText }) {
  const id = useId();
  const [tool, setTool] = useState('T');
  const [cursor, setCursor] = useState({ row: 0, col: 0 });
  const [draft, setDraft] = useState(null); // the cells while a drag paints
  const [said, setSaid] = useState('');
  const last = useRef(-1);
  const { rows, cols } = state;
  const cells = draft ?? state.cells;
  const big = rows > LIMITS.editSide || cols > LIMITS.editSide;

  useEffect(() => {
    if (cursor.row >= rows || cursor.col >= cols) setCursor({ row: Math.min(cursor.row, rows - 1), col: Math.min(cursor.col, cols - 1) });
  }, [rows, cols]);

  const describe = (r, c, cs = cells) => `${cellName(r, c)}: ${CELL_NAMES[cs[r * cols + c]]}`;

  const onCell = (r, c, phase) => {
    if (phase === 'up') {
      if (draft !== null && draft !== state.cells) onChange({ ...state, cells: draft });
      setDraft(null);
      last.current = -1;
      return;
    }
    if (r < 0) return;
    const i = r * cols + c;
    if (phase === 'move' && i === last.current) return;
    last.current = i;
    setCursor({ row: r, col: c });
    setDraft((d) => paint(d ?? state.cells, [i], tool));
  };

  const onKeyDown = (e) => {
    let { row, col } = cursor;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      row = Math.min(rows - 1, Math.max(0, row + moves[e.key][0]));
      col = Math.min(cols - 1, Math.max(0, col + moves[e.key][1]));
    } else if (e.key === 'Home') {
      col = 0;
      if (e.ctrlKey) row = 0;
    } else if (e.key === 'End') {
      col = cols - 1;
      if (e.ctrlKey) row = rows - 1;
    } else {
      const ch = e.key === ' ' || e.key === 'Enter' ? tool : KEY_PAINT[e.key.length === 1 ? e.key.toLowerCase() : e.key];
      if (!ch) return;
      e.preventDefault();
      const next = paint(state.cells, [row * cols + col], ch);
      if (next !== state.cells) onChange({ ...state, cells: next });
      setSaid(describe(row, col, next));
      return;
    }
    e.preventDefault();
    setCursor({ row, col });
    setSaid(describe(row, col));
  };

  const tokens = (cells.match(/T/g) ?? []).length;
  return html`
    <section class="panel escape-editor" aria-labelledby=${`${id}-h`}>
      <div class="panel-head">
        <h3 id=${`${id}-h`}>Board</h3>
        <label class="example-pick">Example
          <select value="" onChange=${(e) => {
            const ex = EXAMPLES.find((x) => x.id === e.currentTarget.value);
            if (ex) onLoadText(ex.text);
            e.currentTarget.value = '';
          }}>
            <option value="">Choose…</option>
            ${EXAMPLES.map((x) => html`<option value=${x.id}>${x.name}${x.answer ? ` → ${x.answer}` : ''}</option>`)}
          </select>
        </label>
      </div>
      <div class="row wrap size-row">
        <${NumField} label="Rows" value=${rows} min=${1} max=${Math.max(LIMITS.editSide, rows)}
          why=${`1 to ${LIMITS.editSide} here; load bigger boards as contest input`}
          onChange=${(n) => onChange(resize(state, n, cols))} />
        <${NumField} label="Columns" value=${cols} min=${1} max=${Math.max(LIMITS.editSide, cols)}
          why=${`1 to ${LIMITS.editSide} here; load bigger boards as contest input`}
          onChange=${(n) => onChange(resize(state, rows, n))} />
        <${NumField} label="K (every token's starting number)" size="wide" value=${state.k} min=${1} max=${LIMITS.maxK}
          why="A whole number from 1 to 1000000000" onChange=${(k) => onChange({ ...state, k })} />
      </div>
      <fieldset class="palette">
        <legend>Paint with</legend>
        ${PALETTE.map((p) => html`
          <label class=${`chip cell-${p.ch === '#' ? 'wall' : p.ch === '.' ? 'floor' : p.ch}`}>
            <input type="radio" name=${`${id}-tool`} value=${p.ch} checked=${tool === p.ch}
              onChange=${() => setTool(p.ch)} />
            <span class="swatch" aria-hidden="true">${p.ch}</span>${p.label}
          </label>`)}
        <button type="button" class="small clear" onClick=${() => onChange({ ...state, cells: '.'.repeat(rows * cols) })}>Clear board</button>
      </fieldset>
      <${BoardCanvas} rows=${rows} cols=${cols} cells=${cells} interactive paint cursor=${cursor}
        label=${`Board editor, ${rows} by ${cols}, ${tokens} token${tokens === 1 ? '' : 's'}. Cursor at ${describe(cursor.row, cursor.col)}.`}
        describedBy=${`${id}-help`} onCell=${onCell} onKeyDown=${onKeyDown} testid="editor-board" />
      <p id=${`${id}-help`} class="hint">Click or drag to paint with the chosen cell. Keyboard: arrow keys move the
        cursor; E, T, # or . paints that cell, Space paints with the chosen one, Delete empties.
        ${big ? ` This ${rows} × ${cols} board is larger than the editor's ${LIMITS.editSide} × ${LIMITS.editSide}; painting still works.` : ''}</p>
      <div class="sr-only" aria-live="polite">${said}</div>
    </section>`;
}
