// codenames-result.js — the solved position: the win probability of the
// team to move (the contest answer), the recommended hint and number, the
// outcome distribution of that turn, every hint × K, and the explanation.
// Compact (the embedded widget): the answer, the recommended hint on a
// read-only board, and the first paragraphs of the explanation.
import { html } from '../deps.js';
import { BarChart } from '../components/charts.js';
import { JsonButton } from '../components/export.js';
import { SolvingPlaceholder } from '../components/status.js';
import { CardBoard } from './card-board.js';
import { cFixed, pct } from '../lib/format.js';
import { explain, hintLabel } from './explain.js';
import { HintTable } from './hint-table.js';
import { other, TEAM } from './model.js';

const DIGITS = 4;

function outcomeBars(r) {
  const o = r.best.outcomes;
  const t = TEAM[r.toMove];
  return [
    { label: 'Assassin', value: o.assassin },
    { label: `${t} wins`, value: o.win },
    { label: `${TEAM[other(r.toMove)]} wins`, value: o.lose },
    ...o.handover.map((p, k) => ({ label: `Pass, ${k} hit${k === 1 ? '' : 's'}`, value: p })),
  ];
}

/** The game is decided: who won and why. compact: shown above a result (no legal hint). */
export function GameOver({ over, compact = false }) {
  return html`
    <section class=${`panel ${compact ? '' : 'result '}cn-over win-${over.winner}`} aria-label=${compact ? 'Game over' : 'Result'}>
      <p class="cn-over-title" role="status">Game over: ${TEAM[over.winner]} wins</p>
      <p>${over.reason[0].toUpperCase()}${over.reason.slice(1)}.${compact ? '' : ' There is nothing left to solve; undo a move or edit the cards to go on.'}</p>
    </section>`;
}

export function CodenamesResult({ result: r, stale, digits = DIGITS, compact = false }) {
  if (!r) {
    return html`<${SolvingPlaceholder} />`;
  }
  const team = TEAM[r.toMove];
  const b = r.best;
  return html`
    <section class=${`panel result cn-result${compact ? ' compact' : ''}${stale ? ' stale' : ''}`} aria-label="Result">
      <div class="answer-row">
        <div>
          <div class="label">${team}'s win probability, ${team} to give the next hint${r.rule === 'own-hints-only' ? ' (hints must cover an own agent)' : ''}</div>
          <div class="answer" data-testid="answer" data-value=${String(r.answer)}>${cFixed(r.answer, digits)}</div>
        </div>
        <div class="answer-pct">${pct(r.answer, 2)}</div>
      </div>
      <div class=${`win-split lead-${r.toMove}`} aria-hidden="true">
        <span class=${`seg ${r.toMove}`} style=${{ flexGrow: r.answer }}></span><span class=${`seg ${other(r.toMove)}`} style=${{ flexGrow: 1 - r.answer }}></span>
      </div>
      ${b ? html`
        <div class="cn-best" data-testid="best">
          <span class="muted">Recommended</span>
          <span class="cn-best-hint">“${hintLabel(r, b.hint)}” for ${b.k}</span>
          <span class="muted">→ ${pct(b.value, 2)}</span>
        </div>` : html`<div class="cn-best" data-testid="best"><span class="cn-best-hint">${team} has no legal hint and loses.</span></div>`}
      <p class="muted small">${r.freeCards} cards in play · ${r.states.toLocaleString('en')} positions solved.</p>
      ${compact ? html`
        <${CardBoard} r=${r} mark=${b ? r.hints[b.hint].cards.filter((i) => !r.revealed[i]) : []} />
        <div class="explain">${explain(r).slice(0, 3).map((p) => html`<p>${p}</p>`)}</div>` : html`
      ${b ? html`<${BarChart} title=${`This turn with “${hintLabel(r, b.hint)}” for ${b.k}`} bars=${outcomeBars(r)}
        caption="Outcome table" columns=${['Outcome', 'Probability']} csv=${{ what: 'best-turn', label: 'the outcomes' }} />` : null}
      <h4 class="cn-sub">Every hint and number</h4>
      <${HintTable} r=${r} />
      <div class="explain">
        <h3>Why</h3>
        ${explain(r).map((p) => html`<p>${p}</p>`)}
      </div>
      <p class="export-row"><${JsonButton} result=${r} /></p>`}
    </section>`;
}
