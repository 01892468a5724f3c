// hop-result.js — the solved position: Justin's win probability (the contest
// answer), the board with the moves as arrows, the move list sorted by value
// with the optimal proposal set marked, and the explanation in words. Compact
// (the embedded widget): the answer, a small board, the proposal set and one
// paragraph.
import { html, useState } from '../deps.js';
import { CsvButton, JsonButton } from '../components/export.js';
import { SolvingPlaceholder } from '../components/status.js';
import { cFixed, pct } from '../lib/format.js';
import { count, explain, moveName } from './explain.js';
import { MoveBoard } from './move-board.js';
import { NAMES } from './model.js';

const DIGITS = 3;
const BADGE = { in: '✓ in set', tied: '= tied', out: '✕ out' };

function MoveList({ r, canPlay, onPlay, hover, setHover }) {
  const mover = NAMES[r.toMove];
  if (!r.moves.length) return null;
  const tied = r.moves.filter((m) => m.status === 'tied').length;
  const need = r.proposalSize - r.moves.filter((m) => m.status === 'in').length;
  return html`
    <div class="move-list-wrap">
      <h4 id="hop-moves-h">${mover}'s moves, best first <span class="muted">(${mover}'s win chance after each)</span></h4>
      <ol class="move-list" aria-labelledby="hop-moves-h">
        ${r.moves.map((m, i) => {
          const name = moveName(r, m);
          const takes = m.capture === 'own' ? `takes his own ${r.toMove}` : `takes ${NAMES[r.toMove === 'J' ? 'D' : 'J']}`;
          return html`
            <li class=${`move ${m.status}${hover === i ? ' hover' : ''}`}
              onPointerEnter=${() => setHover(i)} onPointerLeave=${() => setHover(null)}>
              <button type="button" class="move-btn" disabled=${!canPlay}
                onFocus=${() => setHover(i)} onBlur=${() => setHover(null)} onClick=${() => onPlay(m)}>
                <span class="move-name"><span class="sr-inline">Play </span>${name}<span class="sr-inline">,</span></span>
                <span class="move-capture">${takes}<span class="sr-inline">,</span></span>
                <span class="move-bar" aria-hidden="true"><span style=${{ width: `${100 * m.value}%` }}></span></span>
                <span class="move-value">${pct(m.value)}<span class="sr-inline">,</span></span>
                <span class=${`badge ${m.status}`}>${BADGE[m.status]}</span>
              </button>
            </li>`;
        })}
      </ol>
      ${tied ? html`<p class="tie-note"><span class="badge tied">= tied</span> ${count(tied)} moves share the value at the cut; the optimal set takes any ${count(need)} of them — every choice gives the same win chance.</p>` : null}
    </div>`;
}

/** The optimal proposal set in one line: the moves sure to be in it, and the tied ones to pick from. */
function ProposalSet({ r }) {
  const mover = NAMES[r.toMove];
  if (!r.moves.length) return html`<p class="proposal-none">${mover} has no move, so he loses.</p>`;
  const inMoves = r.moves.filter((m) => m.status === 'in');
  const tied = r.moves.filter((m) => m.status === 'tied');
  const need = r.proposalSize - inMoves.length;
  const chip = (m) => html`<li class=${`proposal ${m.status}`}><span class="move-name">${moveName(r, m)}</span> <span class="muted">${pct(m.value)}</span></li>`;
  return html`
    <div class="proposal-set">
      <h4>${mover}'s proposal set: ${count(r.proposalSize)} of ${count(r.moveCount)} move${r.moveCount === 1 ? '' : 's'}</h4>
      <ul aria-label=${`${mover}'s proposal set`}>${inMoves.map(chip)}</ul>
      ${tied.length ? html`
        <p class="small">…and any ${count(need)} of these tied moves:</p>
        <ul aria-label="Tied moves at the cut">${tied.map(chip)}</ul>` : null}
    </div>`;
}

export function HopResult({ result: r, stale, canPlay, onPlay, digits = DIGITS, compact = false }) {
  const [hover, setHover] = useState(null);
  if (!r) {
    return html`<${SolvingPlaceholder} />`;
  }
  const mover = NAMES[r.toMove];
  const a = r.toMove === 'J' ? r.aJ : r.aD;
  const answerRow = html`
      <div class="answer-row">
        <div>
          <div class="label">Justin's win probability (error factors ${r.aJ} and ${r.aD}, ${mover} to move)</div>
          <div class="answer" data-testid="answer" data-value=${String(r.answer)}>${cFixed(r.answer, digits)}</div>
        </div>
        <div class="answer-pct">${pct(r.answer, 2)}</div>
      </div>
      <div class="win-split" aria-hidden="true">
        <span class="seg J" style=${{ flexGrow: r.answer }}></span><span class="seg D" style=${{ flexGrow: 1 - r.answer }}></span>
      </div>`;
  if (compact) {
    const paras = explain(r);
    return html`
      <section class=${`panel result hop-result compact${stale ? ' stale' : ''}`} aria-label="Result">
        ${answerRow}
        <div class="compact-split">
          <${MoveBoard} result=${r} canPlay=${false} onPlay=${onPlay} hover=${hover} setHover=${setHover} />
          <div class="compact-text">
            <${ProposalSet} r=${r} />
            <p class="explain">${paras.length > 1 ? `${paras[0]} ${paras[paras.length - 1]}` : paras[0]}</p>
          </div>
        </div>
      </section>`;
  }
  return html`
    <section class=${`panel result hop-result${stale ? ' stale' : ''}`} aria-label="Result">
      ${answerRow}
      <p class="muted small">${mover} to move: ${r.moveCount} legal move${r.moveCount === 1 ? '' : 's'}, proposal set of ${r.proposalSize} (error factor ${a}) · ${r.positions.toLocaleString('en')} reachable positions solved.</p>
      <div class="result-split">
        <${MoveBoard} result=${r} canPlay=${canPlay} onPlay=${onPlay} hover=${hover} setHover=${setHover} />
        <${MoveList} r=${r} canPlay=${canPlay} onPlay=${onPlay} hover=${hover} setHover=${setHover} />
      </div>
      <div class="explain">
        <h3>Why</h3>
        ${explain(r).map((p) => html`<p>${p}</p>`)}
      </div>
      <p class="export-row">
        <${CsvButton} what="moves" label="the moves" header=${['Move', 'Captures', `${mover}'s win probability after it`, 'Proposal set']}
          rows=${() => r.moves.map((m) => [moveName(r, m), m.capture, m.value, m.status])} />
        <${JsonButton} result=${r} />
      </p>
    </section>`;
}
