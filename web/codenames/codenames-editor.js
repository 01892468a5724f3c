// codenames-editor.js — the Codenames position editor: examples, the team
// to move, the rule variant, the card grid with its inspector, adding and
// removing cards, and the hint words.
import { html, useEffect, useRef, useState } from '../deps.js';
import { PresetSelect } from '../components/preset-select.js';
import { CardGrid, ToolPalette } from './card-grid.js';
import { CardInspector } from './card-inspector.js';
import { HintList } from './hint-list.js';
import {
  addCard, addHint, codenamesText, CYCLE, LIMITS, PRESETS, randomBoard, readCodenamesText, remaining, removeCard,
  removeHint, sameState, setCard, solveSize, TEAM, toggleHintCard,
} from './model.js';
import { WORDS } from './words.js';

export function CodenamesEditor({ state, edit, own, setOwn, onLoadText }) {
  const [focus, setFocus] = useState(0);
  const [tool, setTool] = useState('identity');
  const [selHint, setSelHint] = useState(null);
  const [note, setNote] = useState('');
  const wordRef = useRef(null);
  const n = state.cards.length;
  useEffect(() => { if (focus >= n) setFocus(n - 1); }, [n]);
  useEffect(() => {
    if (selHint !== null && selHint >= state.hints.length) { setSelHint(null); if (tool === 'hint') setTool('identity'); }
  }, [state.hints.length]);
  const say = (msg) => { setNote(msg); setTimeout(() => setNote((m) => (m === msg ? '' : m)), 3000); };
  const preset = PRESETS.find((p) => sameState(readCodenamesText(p.text), state));

  const act = (i) => {
    if (tool === 'identity') edit(setCard(state, i, { id: CYCLE[state.cards[i].id] }));
    else if (tool === 'revealed') edit(setCard(state, i, { revealed: !state.cards[i].revealed }));
    else if (selHint !== null) toggleCard(selHint, i);
  };
  const toggleCard = (h, i) => {
    const next = toggleHintCard(state, h, i);
    if (next) edit(next);
    else say('A hint needs at least one card; remove the hint instead.');
  };
  const selectHint = (k) => {
    setSelHint(k);
    setTool(k === null ? 'identity' : 'hint');
  };

  const counts = ['R', 'B', 'I', 'A'].map((id) => state.cards.filter((c) => c.id === id).length);
  const size = solveSize(state);
  return html`
    <section class="panel cn-editor" aria-labelledby="cn-editor-h">
      <div class="panel-head">
        <h3 id="cn-editor-h">Position</h3>
        <div class="row wrap">
          <${PresetSelect} presets=${PRESETS} current=${preset}
            onPick=${(p) => { setSelHint(null); setTool('identity'); onLoadText(p.text); }} />
          <button type="button" onClick=${() => { setSelHint(null); setTool('identity'); onLoadText(codenamesText(randomBoard(WORDS))); }}>
            New random board</button>
        </div>
      </div>
      <div class="row wrap cn-settings">
        <fieldset class="to-move">
          <legend>Team to move</legend>
          ${['R', 'B'].map((t) => html`
            <label class="radio"><input type="radio" name="cn-team" checked=${state.team === t}
              onChange=${() => edit({ ...state, team: t })} /> ${TEAM[t]}</label>`)}
        </fieldset>
        <label class="switch"><input type="checkbox" role="switch" checked=${own}
          onChange=${(e) => setOwn(e.currentTarget.checked)} /> Hints must cover one of your own agents</label>
      </div>
      <div class="row wrap cn-count-row">
        <span class="muted count-note">${n} cards · ${counts[0]} red (${remaining(state, 'R')} left) · ${counts[1]} blue (${remaining(state, 'B')} left) · ${counts[2]} bystander${counts[2] === 1 ? '' : 's'} · ${counts[3]} assassin${counts[3] === 1 ? '' : 's'}</span>
        <span class="cn-card-btns">
          <button type="button" class="small" disabled=${n >= LIMITS.maxCards}
            onClick=${() => { edit(addCard(state)); setFocus(n); }}>Add card</button>
        </span>
      </div>
      ${size.free > LIMITS.slowCards ? html`<p class="warn" role="note">${size.free} hidden cards are on a hint: the solve
        holds about ${Math.round(size.bytes / 1e6)} MB, and each card more on a hint doubles that and the time it takes (a card
        on no hint costs nothing).</p>` : null}
      <${ToolPalette} tool=${tool} setTool=${setTool} hintSelected=${selHint !== null} />
      <${CardGrid} state=${state} focus=${Math.min(focus, n - 1)} setFocus=${setFocus} tool=${tool} selHint=${selHint}
        onAct=${act} onIdentity=${(i, id) => edit(setCard(state, i, { id }))}
        onRename=${(i) => { setFocus(i); setTimeout(() => wordRef.current?.focus(), 0); }} />
      <${CardInspector} state=${state} index=${Math.min(focus, n - 1)} wordRef=${wordRef}
        onChange=${(patch, keep) => edit(setCard(state, Math.min(focus, n - 1), patch), { keepHistory: !!keep })}
        onRemove=${() => {
          const next = removeCard(state, Math.min(focus, n - 1));
          if (next) edit(next); else say('That card is the only card of the last hint; it cannot go.');
        }} />
      <span class="status-text" role="status">${note}</span>
      <${HintList} state=${state} selHint=${selHint} onSelect=${selectHint}
        onLabel=${(k, label) => edit({ ...state, hints: state.hints.map((h, j) => (j === k ? { ...h, label } : h)) }, { keepHistory: true })}
        onAdd=${() => { edit(addHint(state, Math.min(focus, n - 1))); selectHint(state.hints.length); }}
        onRemove=${(k) => { const next = removeHint(state, k); if (next) { edit(next); selectHint(null); } }}
        onDropCard=${toggleCard} />
    </section>`;
}
