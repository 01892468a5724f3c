// escape-result.js — the analysis of the contest position: the winner, the
// XOR of the tokens' Grundy values in words, the board coloured by g_K with
// the winning moves as arrows, the moves as a list, and the pre-period and
// period the solver found. Compact (the embedded widget): the winner, the
// explanation and the board only.
import { html, useId } from '../deps.js';
import { CsvButton, JsonButton } from '../components/export.js';
import { SolvingPlaceholder } from '../components/status.js';
import { BoardCanvas } from './board-canvas.js';
import { Legend } from './legend.js';
import { cellName, listWords, xorWords } from './model.js';

const LIST_MOVES = 12;
const TABLE_TOKENS = 200;

function fmt(n) { return Number(n).toLocaleString('en-US'); }

export function moveWords(m, tokens) {
  const t = tokens?.[m.token];
  const where = t ? ` at ${cellName(t.row, t.col)}` : ` at ${cellName(m.row, m.col)}`;
  return `token ${m.token + 1}${where} ${m.dir}${m.exits ? ' onto the exit' : ` to ${cellName(m.toRow, m.toCol)}`}`;
}

function Explanation({ r }) {
  const values = r.tokens.map((t) => t.grundy);
  const n = r.tokenCount;
  if (n === 0) {
    return html`<p>There are no tokens, so Alice cannot move: she loses and <strong>Bob wins</strong>.</p>`;
  }
  const listed = n <= 12 ? `${n === 1 ? 'One token, of value' : `Tokens with values`} ${listWords(values)}` : `${fmt(n)} tokens`;
  const sum = n === 1 ? `the value is ${values[0]}` : xorWords(values);
  if (r.xor === 0) {
    return html`
      <p>${listed}: ${sum}, so the player to move loses: <strong>Bob wins</strong>.
        Whatever Alice does changes one token's value and makes the XOR non-zero; Bob then always has a move
        that brings it back to 0, until Alice has no move left.</p>`;
  }
  return html`
    <p>${listed}: ${sum}, not 0, so the player to move wins: <strong>Alice wins</strong>.
      She moves a token so that its new value makes the XOR 0
      (${fmt(r.winningMoveCount)} winning move${r.winningMoveCount === 1 ? '' : 's'}, drawn as arrows), and keeps
      answering that way until Bob cannot move.</p>`;
}

/** The winning moves in words, for the board's accessible name when no list follows it. */
function boardWords(r) {
  if (r.winningMoveCount === 0) return 'No winning move.';
  const words = r.winningMoves.slice(0, 6).map((m) => moveWords(m, r.tokens));
  return `Winning moves: ${words.join('; ')}${r.winningMoveCount > words.length ? `; and ${fmt(r.winningMoveCount - words.length)} more` : ''}.`;
}

function MoveList({ r }) {
  if (r.winningMoveCount === 0) {
    return html`<p class="muted">${r.tokenCount === 0 ? 'No moves at all.' : 'No winning move: every move leaves a non-zero XOR.'}</p>`;
  }
  const shown = r.winningMoves.slice(0, LIST_MOVES);
  return html`
    <div class="moves">
      <h4>Winning moves for Alice</h4>
      <ol>
        ${shown.map((m) => html`<li>Move ${moveWords(m, r.tokens)}: its value becomes ${m.grundyAfter}.</li>`)}
      </ol>
      ${r.winningMoveCount > shown.length ? html`<p class="muted">…and ${fmt(r.winningMoveCount - shown.length)} more${r.winningMoves.length < r.winningMoveCount ? ` (the solver lists the first ${fmt(r.winningMoves.length)})` : ''}.</p>` : null}
    </div>`;
}

function Period({ r }) {
  if (r.period < 0) {
    return html`<p>The whole-board vector of values did not repeat within the solver's work cap, so g<sub>${fmt(r.k)}</sub>${' '}
      was reached by stepping k one by one (${fmt(r.steps)} whole-board steps).</p>`;
  }
  const mu = r.prePeriod;
  const lam = r.period;
  const folded = r.k <= mu ? r.k : mu + ((r.k - mu) % lam);
  const repeat = r.k > mu + lam
    ? html`, so g<sub>${fmt(r.k)}</sub> = g<sub>${fmt(folded)}</sub>` : html`; K = ${fmt(r.k)} is reached directly`;
  return html`
    <p>The vector of all cells' values g<sub>k</sub> is eventually periodic in k. The solver found${' '}
      <span data-testid="pre-period" data-value=${mu}>pre-period μ = ${mu}</span>${' and '}
      <span data-testid="period" data-value=${lam}>period λ = ${lam}</span>: g<sub>k+${lam}</sub> = g<sub>k</sub>${' '}
      for every k ≥ ${mu}${repeat} (${fmt(r.steps)} whole-board steps in all).</p>`;
}

function TokenTable({ r }) {
  if (r.tokenCount === 0) return null;
  const shown = r.tokens.slice(0, TABLE_TOKENS);
  return html`
    <details class="data-table">
      <summary>Tokens and their values: data table</summary>
      <div class="scroll">
        <table>
          <thead><tr><th scope="col">Token</th><th scope="col">Row</th><th scope="col">Column</th><th scope="col">g<sub>${fmt(r.k)}</sub></th></tr></thead>
          <tbody>${shown.map((t, i) => html`<tr><th scope="row">${i + 1}</th><td>${t.row + 1}</td><td>${t.col + 1}</td><td>${t.grundy}</td></tr>`)}</tbody>
        </table>
        ${r.tokenCount > shown.length ? html`<p class="muted">First ${shown.length} of ${fmt(r.tokenCount)} tokens.</p>` : null}
      </div>
    </details>`;
}

export function EscapeResult({ result: r, stale, compact = false }) {
  const id = useId();
  if (!r) {
    return html`<${SolvingPlaceholder} />`;
  }
  const cells = r.grundy.join('').replace(/[0-4]/g, '.');
  return html`
    <section class=${`panel result escape-result${compact ? ' compact' : ''}${stale ? ' stale' : ''}`} aria-label="Result"
      data-testid="escape-result" data-board=${`${r.rows} ${r.cols} ${r.k}`}>
      <div class="answer-row">
        <div>
          <div class="label">Winner with perfect play (Alice moves first)</div>
          <div class="answer" data-testid="answer" data-value=${r.answer}>${r.answer}</div>
        </div>
        <div class="answer-side">
          <div class="label">XOR of token values</div>
          <div class="answer-pct" data-testid="xor" data-value=${r.xor}>${r.xor}</div>
        </div>
      </div>
      <div class="explain">
        <${Explanation} r=${r} />
        ${compact ? null : html`<p class="muted">A token's value g<sub>k</sub>(cell) with k steps left is the smallest number not among
          the values it can move to (g<sub>k−1</sub> of each open neighbour, 0 for an exit); g<sub>0</sub> = 0.
          Tokens never block each other, so the board is a sum of one-token games and its value is the XOR.</p>`}
      </div>
      <figure class="board-figure">
        <figcaption id=${`${id}-cap`}>Values g<sub>${fmt(r.k)}</sub> of every cell, with the winning moves</figcaption>
        <${BoardCanvas} rows=${r.rows} cols=${r.cols} cells=${cells} grundy=${r.grundy} showDigits
          tokens=${r.tokens.map((t) => ({ row: t.row, col: t.col, label: t.grundy }))}
          arrows=${r.winningMoves} testid="grundy-board"
          label=${`Map of Grundy values for K = ${r.k}: ${r.tokenCount} tokens, ${r.winningMoveCount} winning moves drawn as arrows. ${compact ? boardWords(r) : 'The same facts are in the lists below.'}`} />
        <${Legend} k=${fmt(r.k)} arrows=${r.winningMoveCount > 0} tokenNote="token (its value)" />
      </figure>
      ${compact ? null : html`
        <${MoveList} r=${r} />
        <${Period} r=${r} />
        <${TokenTable} r=${r} />
        <p class="export-row">
          ${r.tokenCount > 0 ? html`<${CsvButton} what="tokens" label="the tokens and their values" header=${['Token', 'Row', 'Column', `g${r.k}`]}
            rows=${() => r.tokens.map((t, i) => [i + 1, t.row + 1, t.col + 1, t.grundy])} />` : null}
          <${CsvButton} what="cell-values" label="every cell's value" header=${['Row', ...Array.from({ length: r.cols }, (_, j) => j + 1)]}
            rows=${() => r.grundy.map((line, i) => [i + 1, ...line.split('')])} />
          <${JsonButton} result=${r} />
        </p>`}
    </section>`;
}
