// board-editor.js — the Hop chess board editor: rows and columns, a grid of
// cell buttons (click, Enter or Space cycles J -> D -> empty; arrow keys move
// between cells), a paint palette so click-and-drag paints, who moves, and
// both error factors.
import { html, useEffect, useRef, useState } from '../deps.js';
import { NumField } from '../components/num-field.js';
import { PresetSelect } from '../components/preset-select.js';
import { onGridKeyDown } from '../lib/grid-nav.js';
import { cellName, CYCLE, LIMITS, NAMES, PRESETS, readHopText, resize } from './model.js';

const TOOLS = [
  { id: 'cycle', label: 'Cycle', title: 'Each click cycles J → D → empty' },
  { id: 'J', label: 'J', title: 'Paint Justin pieces' },
  { id: 'D', label: 'D', title: 'Paint Donald pieces' },
  { id: '.', label: 'Empty', title: 'Paint empty cells' },
];

function Palette({ tool, setTool }) {
  return html`
    <div class="palette" role="radiogroup" aria-label="Paint with">
      <span class="palette-label" aria-hidden="true">Paint</span>
      ${TOOLS.map((t) => html`
        <button type="button" role="radio" aria-checked=${tool === t.id ? 'true' : 'false'} title=${t.title}
          class=${`tool-btn tool-${t.id === '.' ? 'empty' : t.id}`} onClick=${() => setTool(t.id)}>${t.label}</button>`)}
    </div>`;
}

function BoardGrid({ state, tool, setCells }) {
  const { rows, cols, cells } = state;
  const [focus, setFocus] = useState(0);
  const drag = useRef(null); // the value being painted while the pointer is down
  useEffect(() => { if (focus >= cells.length) setFocus(0); }, [cells.length]);
  useEffect(() => {
    const up = () => { drag.current = null; };
    addEventListener('pointerup', up);
    addEventListener('pointercancel', up);
    return () => { removeEventListener('pointerup', up); removeEventListener('pointercancel', up); };
  }, []);

  // A drag can paint several cells before the page re-renders: build on the last cells written.
  const live = useRef(cells);
  live.current = cells;
  const valueFor = (i) => (tool === 'cycle' ? CYCLE[cells[i]] : tool);
  const set = (i, v) => {
    if (live.current[i] === v) return;
    live.current = live.current.map((x, k) => (k === i ? v : x));
    setCells(live.current);
  };

  const onPointerDown = (i) => (e) => {
    if (e.button !== 0) return;
    e.preventDefault(); // no text selection or focus stealing while painting
    e.currentTarget.releasePointerCapture?.(e.pointerId); // touch: let pointerenter reach other cells
    e.currentTarget.focus();
    setFocus(i);
    const v = valueFor(i);
    drag.current = v;
    set(i, v);
  };
  const onPointerEnter = (i) => () => { if (drag.current !== null) set(i, drag.current); };
  // Keyboard (Enter / Space) arrives as a click with detail 0; pointer clicks were handled on pointerdown.
  const onClick = (i) => (e) => { if (e.detail === 0) set(i, valueFor(i)); };

  return html`
    <div class="hop-board-wrap">
      <div class="board-cols" aria-hidden="true" style=${{ gridTemplateColumns: `repeat(${cols}, var(--cell))` }}>
        ${Array.from({ length: cols }, (_, c) => html`<span>${String.fromCharCode(97 + c)}</span>`)}
      </div>
      <div class="board-rows" aria-hidden="true">
        ${Array.from({ length: rows }, (_, r) => html`<span>${r + 1}</span>`)}
      </div>
      <div class="hop-grid" role="group" aria-label=${`Board, ${rows} by ${cols}`}
        aria-describedby="hop-grid-help"
        style=${{ gridTemplateColumns: `repeat(${cols}, var(--cell))` }}
        onKeyDown=${(e) => onGridKeyDown(e, rows, cols, setFocus)}>
        ${cells.map((v, i) => html`
          <button type="button" class=${`hop-cell piece-${v === '.' ? 'empty' : v}`} data-cell=${i}
            tabindex=${i === focus ? 0 : -1} aria-label=${`${cellName(cols, i)}: ${NAMES[v]}`}
            onFocus=${() => setFocus(i)}
            onPointerDown=${onPointerDown(i)} onPointerEnter=${onPointerEnter(i)} onClick=${onClick(i)}>
            ${v === '.' ? '' : html`<span class="piece" aria-hidden="true">${v}</span>`}
          </button>`)}
      </div>
    </div>
    <p id="hop-grid-help" class="hint">Click or press Enter/Space on a cell to ${tool === 'cycle' ? 'cycle it J → D → empty' : `paint it ${NAMES[tool]}`}; drag to paint several; arrow keys move between cells.</p>`;
}

export function BoardEditor({ state, edit, onLoadText }) {
  const [tool, setTool] = useState('cycle');
  const cellsCount = state.rows * state.cols;
  const preset = PRESETS.find((p) => {
    const s = readHopText(p.text);
    return s && s.rows === state.rows && s.cols === state.cols && s.cells.join('') === state.cells.join('')
      && s.toMove === state.toMove && s.aJ === state.aJ && s.aD === state.aD;
  });
  const tooMany = (other) => (n) => (n * other > LIMITS.maxCells ? `At most ${LIMITS.maxCells} cells` : '');
  const js = state.cells.filter((c) => c === 'J').length;
  const ds = state.cells.filter((c) => c === 'D').length;

  return html`
    <section class="panel hop-editor" aria-labelledby="hop-editor-h">
      <div class="panel-head">
        <h3 id="hop-editor-h">Position</h3>
        <${PresetSelect} presets=${PRESETS} current=${preset} onPick=${(p) => onLoadText(p.text)} />
      </div>
      <div class="row wrap size-row">
        <${NumField} label="Rows" value=${state.rows} min=${1} max=${LIMITS.maxSide} size="small"
          check=${tooMany(state.cols)} onChange=${(n) => edit(resize(state, n, state.cols))} />
        <${NumField} label="Columns" value=${state.cols} min=${1} max=${LIMITS.maxSide} size="small"
          check=${tooMany(state.rows)} onChange=${(n) => edit(resize(state, state.rows, n))} />
        <span class="muted count-note">${cellsCount} cells · ${js} J · ${ds} D</span>
      </div>
      ${cellsCount > LIMITS.slowCells ? html`<p class="warn" role="note">Boards over ${LIMITS.slowCells} cells can take a long time (minutes) and may exceed the memory the browser allows.</p>` : null}
      <${Palette} tool=${tool} setTool=${setTool} />
      <${BoardGrid} state=${state} tool=${tool} setCells=${(cells) => edit({ ...state, cells })} />
      <fieldset class="to-move">
        <legend>Who moves</legend>
        ${['J', 'D'].map((side) => html`
          <label class="radio"><input type="radio" name="hop-to-move" value=${side} checked=${state.toMove === side}
            onChange=${() => edit({ ...state, toMove: side })} /> ${NAMES[side]} (${side})</label>`)}
      </fieldset>
      <div class="row wrap factors">
        <${NumField} label="Justin's error factor" value=${state.aJ} min=${1} max=${LIMITS.maxFactor}
          onChange=${(n) => edit({ ...state, aJ: n }, { keepHistory: true })} />
        <${NumField} label="Donald's error factor" value=${state.aD} min=${1} max=${LIMITS.maxFactor}
          onChange=${(n) => edit({ ...state, aD: n }, { keepHistory: true })} />
      </div>
      <p class="hint">A player with error factor A picks the best A of his moves (all of them if he has fewer) and plays one of those at random. 1 is perfect play.</p>
    </section>`;
}
