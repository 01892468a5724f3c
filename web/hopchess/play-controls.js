// play-controls.js — playing through a game: "Play as the model would"
// (a random move from a random optimal proposal set), Undo, Redo, and the
// move history, each entry a button that returns to that position.
import { html } from '../deps.js';
import { HistoryChart } from '../components/history-chart.js';
import { pct } from '../lib/format.js';
import { cellName, NAMES } from './model.js';

function describe(cols, positions, i, [from, to]) {
  const before = positions[i];
  const side = before.toMove;
  const captured = before.cells[to];
  const what = captured === side ? `takes own ${captured}` : `takes ${captured}`;
  return { side, text: `${cellName(cols, from)} → ${cellName(cols, to)}`, what };
}

/** values[i]: Justin's win probability after i moves of the history (useSeries). */
export function PlayControls({ history, values = [], canPlay, onModel, onUndo, onRedo, onJump, lastModel }) {
  const at = history?.at ?? 0;
  const moves = history?.moves ?? [];
  const positions = history?.positions ?? [];
  const cols = history?.start.cols ?? 1;
  return html`
    <section class="panel hop-play" aria-labelledby="hop-play-h">
      <h3 id="hop-play-h">Play it through</h3>
      <p class="hint">Click a move in the list or its arrow on the board to play it; the new position is solved at once.</p>
      <div class="row wrap play-buttons">
        <button type="button" class="primary" disabled=${!canPlay} onClick=${onModel}>Play as the model would</button>
        <button type="button" disabled=${at === 0} onClick=${onUndo}>Undo</button>
        <button type="button" disabled=${at >= moves.length} onClick=${onRedo}>Redo</button>
      </div>
      ${lastModel ? html`<p class="status-text model-note">${lastModel}</p>` : null}
      ${moves.length ? html`
        <${HistoryChart} title="Justin's win probability, move by move" values=${values} at=${at} onJump=${onJump}
          valueLabel="Justin's win probability" format=${(v) => pct(v, 2)} describe=${(i) => (i === 0 ? 'Start position'
            : `Move ${i}: ${NAMES[describe(cols, positions, i - 1, moves[i - 1]).side]} ${describe(cols, positions, i - 1, moves[i - 1]).text}`)} />
        <ol class="history" aria-label="Move history">
          <li><button type="button" class="hist-btn" aria-current=${at === 0 ? 'step' : undefined}
            onClick=${() => onJump(0)}>Start position</button></li>
          ${moves.map((mv, i) => {
            const d = describe(cols, positions, i, mv);
            return html`
              <li class=${i >= at ? 'undone' : ''}>
                <button type="button" class="hist-btn" aria-current=${at === i + 1 ? 'step' : undefined}
                  onClick=${() => onJump(i + 1)}>
                  <span class="hist-no">${i + 1}.</span>
                  <span class=${`piece-dot ${d.side}`} aria-hidden="true">${d.side}</span>
                  <span><span class="sr-inline">${NAMES[d.side]} </span>${d.text}<span class="sr-inline">,</span> <span class="muted">${d.what}</span>${i >= at ? html`<span class="sr-inline"> (undone)</span>` : null}</span>
                </button>
              </li>`;
          })}
        </ol>` : html`<p class="muted small">No moves played yet.</p>`}
    </section>`;
}
