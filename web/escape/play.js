// play.js — play against the solver from the contest position. The game is
// the list of moves (in the URL); each token's place and remaining counter
// are replayed here. Counters differ between tokens once they move, so the
// position's value is computed in JS from one Grundy map per distinct counter
// (use-grundy-maps.js) — exact, not an approximation with one K.
import { html, useEffect, useId, useMemo, useState } from '../deps.js';
import { HistoryChart } from '../components/history-chart.js';
import { BoardCanvas } from './board-canvas.js';
import { Legend } from './legend.js';
import {
  analysePosition, cellName, DIRS, legalMoves, neededKs, replay, target, xorWords,
} from './model.js';
import { useGrundyMaps } from './use-grundy-maps.js';

const SOLVER_DELAY_MS = 350;
const LOG_SHOWN = 12;
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

const plain = new Intl.NumberFormat('en-US');
function counterLabel(k) { return k < 1000 ? String(k) : compact.format(k); }
function fmt(n) { return plain.format(n); }

function other(p) { return p === 'Alice' ? 'Bob' : 'Alice'; }

function moveText(state, m, before) {
  const t = before[m.token];
  const to = target(state, t, m.dir);
  return `token ${m.token + 1} ${DIRS[m.dir].name} from ${cellName(t.row, t.col)}${to?.exits ? ' onto the exit' : ''}`;
}

export function Play({ state, moves, you, setPlay }) {
  const id = useId();
  const movesKey = moves.map((m) => `${m.token}${m.dir}`).join('');
  const { positions, legal } = useMemo(() => replay(state, moves), [state, movesKey]);
  const tokens = positions[positions.length - 1];
  const toMove = legal % 2 === 0 ? 'Alice' : 'Bob';
  const yourTurn = toMove === you;
  const live = tokens.filter((t) => !t.gone);
  const legalNow = useMemo(() => legalMoves(state, tokens), [tokens]);
  const over = legalNow.length === 0;

  const [selected, setSelected] = useState(null);
  const [cursor, setCursor] = useState({ row: 0, col: 0 });
  const [hint, setHint] = useState(false);
  const sel = selected !== null && tokens[selected] && !tokens[selected].gone ? tokens[selected] : null;

  // Every position played so far is valued too, for the history chart.
  const ks = useMemo(() => [...new Set(positions.slice(0, legal + 1).flatMap((p) => neededKs(p, true)))]
    .sort((a, b) => a - b), [positions, legal]);
  const { maps, loading, error } = useGrundyMaps(state, ks);
  const analysis = analysePosition(state, tokens, maps);
  const past = positions.slice(0, legal + 1).map((p) => analysePosition(state, p, maps));
  const winners = past.map((a, i) => (a ? (a.xor !== 0) === (i % 2 === 0) : undefined)); // true: Alice wins

  const played = moves.slice(0, legal);
  const commit = (list) => setPlay({ moves: list, you });
  const play = (token, dir) => {
    if (!yourTurn || over || !target(state, tokens[token], dir)) return;
    commit([...played, { token, dir }]);
    setHint(false);
  };

  // The solver answers on its turn, once the values it needs are known.
  const ready = !!analysis;
  const moveKey = played.map((m) => `${m.token}${m.dir}`).join('');
  useEffect(() => {
    if (yourTurn || over || !ready) return undefined;
    const timer = setTimeout(() => commit([...played, { token: analysis.move.token, dir: analysis.move.dir }]), SOLVER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [moveKey, you, ready, yourTurn, over]);

  useEffect(() => { if (selected !== null && (!tokens[selected] || tokens[selected].gone)) setSelected(null); }, [moveKey]);

  const undo = () => {
    // Back to the last position where it was your turn before your last move.
    for (let i = legal - 1; i >= 0; i--) {
      if ((i % 2 === 0 ? 'Alice' : 'Bob') === you) { commit(played.slice(0, i)); return; }
    }
    commit([]);
  };

  const tokensAt = (r, c) => live.filter((t) => t.row === r && t.col === c);
  const dirTo = (t, r, c) => Object.keys(DIRS).find((d) => t.row + DIRS[d].dr === r && t.col + DIRS[d].dc === c);
  const activate = (r, c) => {
    setCursor({ row: r, col: c });
    if (sel) {
      const d = dirTo(sel, r, c);
      if (d && target(state, sel, d)) { play(sel.id, d); return; }
    }
    const here = tokensAt(r, c);
    if (here.length) {
      const i = here.findIndex((t) => t.id === selected);
      setSelected(here[(i + 1) % here.length].id);
    }
  };
  const onKeyDown = (e) => {
    const step = { ArrowUp: 'u', ArrowDown: 'd', ArrowLeft: 'l', ArrowRight: 'r' }[e.key];
    if (step) {
      e.preventDefault();
      setCursor({
        row: Math.min(state.rows - 1, Math.max(0, cursor.row + DIRS[step].dr)),
        col: Math.min(state.cols - 1, Math.max(0, cursor.col + DIRS[step].dc)),
      });
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      activate(cursor.row, cursor.col);
    }
  };

  // What the board shows: tokens with their counters, the selected token's
  // targets, the last move and (on request) a winning move.
  const mapK = sel?.k ?? live[0]?.k;
  const grundy = mapK ? maps.get(mapK) : null;
  const cells = state.cells.replace(/T/g, '.');
  const targets = sel && yourTurn && !over
    ? Object.keys(DIRS).map((d) => target(state, sel, d)).filter(Boolean) : [];
  const arrows = [];
  if (legal > 0) {
    const m = played[legal - 1];
    const b = positions[legal - 1][m.token];
    arrows.push({ row: b.row, col: b.col, toRow: b.row + DIRS[m.dir].dr, toCol: b.col + DIRS[m.dir].dc });
  }
  if (hint && analysis?.move && yourTurn && !over) {
    const m = analysis.move;
    arrows.push({ row: tokens[m.token].row, col: tokens[m.token].col, toRow: m.row, toCol: m.col });
  }

  let status;
  if (over) status = `Game over: ${toMove} cannot move, so ${other(toMove)} wins — ${other(toMove) === you ? 'you win!' : 'the solver wins.'}`;
  else if (yourTurn) status = `Your move (you are ${you}).`;
  else status = `The solver (${toMove}) is thinking…`;

  let valueText = '';
  if (analysis && live.length) {
    const vals = analysis.values.filter((v) => v !== null);
    valueText = `Token values ${xorWords(vals)}: ${analysis.xor === 0 ? `${toMove}, to move, loses against perfect play` : `${toMove}, to move, wins with perfect play`}.`;
  } else if (!live.length) valueText = 'No tokens are left on the board.';
  else if (loading) valueText = 'Computing the tokens’ values…';

  const log = played.map((m, i) => ({ i, who: (i % 2 === 0 ? 'Alice' : 'Bob'), text: moveText(state, m, positions[i]), after: positions[i + 1][m.token] }));

  return html`
    <section class="panel play" aria-labelledby=${`${id}-h`}><div class="play-grid">
      <div class="panel-head">
        <h3 id=${`${id}-h`}>Play against the solver</h3>
        <label>You play
          <select value=${you} onChange=${(e) => { setSelected(null); setPlay({ moves: [], you: e.currentTarget.value }); }}>
            <option value="Alice">Alice (you move first)</option>
            <option value="Bob">Bob (the solver starts)</option>
          </select>
        </label>
      </div>
      ${legal < moves.length ? html`<div class="notice" role="status">The address held ${moves.length} moves; move ${legal + 1} is not legal on this board, so the game stops after ${legal}.</div>` : null}
      <p class="play-status" data-testid="play-status" data-turn=${over ? 'over' : yourTurn ? 'you' : 'solver'} aria-live="polite">${status}</p>
      <p class="muted value-line" data-testid="play-value" data-value=${analysis ? analysis.xor : ''}>${valueText}</p>
      ${error ? html`<div class="alert" role="alert">Could not compute the values: ${error.message}</div>` : null}
      <${BoardCanvas} rows=${state.rows} cols=${state.cols} cells=${cells} grundy=${grundy}
        tokens=${live.map((t) => ({ row: t.row, col: t.col, label: counterLabel(t.k), selected: t.id === selected }))}
        targets=${targets} arrows=${arrows} cursor=${cursor} interactive onKeyDown=${onKeyDown}
        onCell=${(r, c, phase) => { if (phase === 'down') activate(r, c); }} testid="play-board"
        label=${`Game board, ${live.length} token${live.length === 1 ? '' : 's'} left. Arrow keys move the cursor, Enter selects the token under it or moves the selected token to the cursor's cell. Cursor at ${cellName(cursor.row, cursor.col)}.`} />
      <${Legend} k=${mapK ? counterLabel(mapK) : undefined} values=${!!grundy} tokenNote="token (its remaining counter)" />
      <p class="hint">${grundy ? `Colours: each cell's value for a token with ${fmt(mapK)} steps left (the ${sel ? 'selected' : 'first'} token's counter). ` : ''}The arrow shows the last move.</p>
      <div class="play-controls">
        <label>Token
          <select aria-label="Token to move" value=${sel ? String(sel.id) : ''} onChange=${(e) => setSelected(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}>
            <option value="">Choose a token…</option>
            ${live.slice(0, 500).map((t) => html`<option value=${String(t.id)}>Token ${t.id + 1}: ${cellName(t.row, t.col)}, counter ${fmt(t.k)}</option>`)}
          </select>
        </label>
        <div class="dir-pad" role="group" aria-label="Move the token">
          ${Object.entries(DIRS).map(([d, info]) => html`
            <button type="button" class=${`dir dir-${d}`} aria-label=${`Move ${info.name}`}
              disabled=${!sel || !yourTurn || over || !target(state, sel, d)}
              onClick=${() => play(sel.id, d)}>${info.arrow}</button>`)}
        </div>
        <div class="row wrap play-buttons">
          <button type="button" onClick=${undo} disabled=${legal === 0}>Undo</button>
          <button type="button" onClick=${() => { setSelected(null); commit([]); }} disabled=${legal === 0}>Restart</button>
          <button type="button" aria-pressed=${hint ? 'true' : 'false'} disabled=${!yourTurn || over || !analysis}
            onClick=${() => setHint(!hint)}>${hint ? 'Hide hint' : 'Hint'}</button>
        </div>
      </div>
      ${hint && analysis && yourTurn && !over ? html`<p class="hint-line">${analysis.winning
        ? `Winning move: ${moveText(state, analysis.move, tokens)} — the XOR becomes 0.`
        : 'No move wins here: every move leaves a non-zero XOR, and the solver will answer with a winning move.'}</p>` : null}
      ${legal > 0 ? html`<${HistoryChart} title="Who wins with perfect play, move by move"
        values=${winners.map((w) => (w === undefined ? undefined : w ? 1 : 0))} at=${legal}
        onJump=${(i) => { setSelected(null); commit(played.slice(0, i)); }} valueLabel="Winner with perfect play"
        ticks=${[[1, 'Alice'], [0, 'Bob']]}
        describe=${(i) => (i === 0 ? 'Start position' : `Move ${i}: ${log[i - 1].who} ${log[i - 1].text}`)}
        format=${(v, i) => `${v ? 'Alice' : 'Bob'} wins (XOR ${past[i]?.xor})`} />` : null}
      ${log.length ? html`
        <div class="play-log">
          <h4>Moves</h4>
          <ol start=${Math.max(1, log.length - LOG_SHOWN + 1)}>
            ${log.slice(-LOG_SHOWN).map((l) => html`<li>${l.who === you ? 'You' : 'Solver'} (${l.who}): ${l.text}${l.after.gone === 'exit' ? ' — it leaves the board' : l.after.gone === 'zero' ? ' — its counter reaches 0 and it is removed' : `, counter ${fmt(l.after.k)}`}.</li>`)}
          </ol>
        </div>` : null}
    </div></section>`;
}
