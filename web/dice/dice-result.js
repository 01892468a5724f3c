// dice-result.js — the Battle Dice result: the contest answer, the four
// outcomes, the survivors of each side, the win map over smaller armies, and
// an explanation in words.
import { html } from '../deps.js';
import { BarChart, HeatMap } from '../components/charts.js';
import { JsonButton } from '../components/export.js';
import { cFixed, pct } from '../lib/format.js';
import { attacks, defences } from './model.js';

const DIGITS = 4; // the contest's default

function mean(faces, f) {
  return faces.reduce((s, x) => s + f(x === '-' ? '' : x), 0) / faces.length;
}

function Explanation({ r }) {
  const [u1, u2] = r.units;
  const a1 = mean(r.faces1, attacks);
  const d1 = mean(r.faces1, defences);
  const a2 = mean(r.faces2, attacks);
  const d2 = mean(r.faces2, defences);
  const favourite = r.win > r.loss ? 'Player one' : r.loss > r.win ? 'Player two' : null;
  return html`
    <div class="explain">
      <h3>Why</h3>
      <p>Each die of player one shows on average ${a1.toFixed(2)} attacks and ${d1.toFixed(2)} defences;
        player two's, ${a2.toFixed(2)} and ${d2.toFixed(2)}. In the first roll player one's ${u1} dice bring
        about ${(u1 * a1).toFixed(1)} attacks against player two's ${(u2 * d2).toFixed(1)} defences, and
        player two's ${u2} dice about ${(u2 * a2).toFixed(1)} attacks against ${(u1 * d1).toFixed(1)}.</p>
      <p>${favourite ? `${favourite} is the favourite: ` : 'The battle is even: '}
        player one wins ${pct(r.win)}, loses ${pct(r.loss)}${r.draw > 0 ? `, and both armies fall together ${pct(r.draw)}` : ''} of the time.${r.stalemate > 0 ? ` In ${pct(r.stalemate)} of battles the armies reach a position where no roll can change anything: a stalemate that never ends.` : ''}
        ${r.expectedRolls !== null && r.expectedRolls !== undefined ? ` A battle that ends takes ${r.expectedRolls.toFixed(2)} rolls on average, counting rolls where nobody falls.` : ''}</p>
      <p class="muted">Rolls where nobody loses a unit repeat the position; they are summed exactly as a geometric series, so these figures are exact, not simulated (${r.states} positions solved).</p>
    </div>`;
}

function Outcomes({ r }) {
  const parts = [
    ['win', 'Player one wins', r.win],
    ['draw', 'Draw', r.draw],
    ['loss', 'Player two wins', r.loss],
    ['stalemate', 'Stalemate', r.stalemate],
  ];
  return html`
    <div class="outcomes">
      <div class="stack" aria-hidden="true">
        ${parts.map(([k, , v]) => (v > 0 ? html`<span class=${`seg ${k}`} style=${{ flexGrow: v }}></span>` : null))}
      </div>
      <dl class="outcome-list">
        ${parts.map(([k, label, v]) => html`<div class=${`outcome ${k}`}><dt>${label}</dt><dd data-testid=${`p-${k}`} data-value=${String(v)}>${pct(v, 2)}</dd></div>`)}
      </dl>
    </div>`;
}

export function DiceResult({ result: r, stale, digits = DIGITS, compact = false }) {
  if (!r) {
    return html`<section class="panel result placeholder" aria-label="Result"><p class="muted">Solving…</p></section>`;
  }
  const [u1, u2] = r.units;
  return html`
    <section class=${`panel result${stale ? ' stale' : ''}`} aria-label="Result">
      <div class="answer-row">
        <div>
          <div class="label">Player one's win probability (${u1} vs ${u2})</div>
          <div class="answer" data-testid="answer" data-value=${String(r.answer)}>${cFixed(r.answer, digits)}</div>
        </div>
        <div class="answer-pct">${pct(r.answer, 2)}</div>
      </div>
      <${Outcomes} r=${r} />
      ${compact ? null : html`<${Explanation} r=${r} />
      <div class="charts two">
        <${BarChart} title="Player one's survivors when the battle ends" caption="Player one survivors: data table"
          bars=${r.survivors1.map((v, k) => ({ label: String(k), value: v }))} csv=${{ what: 'survivors-1', label: "player one's survivors" }} />
        <${BarChart} title="Player two's survivors when the battle ends" caption="Player two survivors: data table"
          bars=${r.survivors2.map((v, k) => ({ label: String(k), value: v }))} csv=${{ what: 'survivors-2', label: "player two's survivors" }} />
      </div>
      <${HeatMap} title="Player one's win probability with smaller armies" rows=${u1} cols=${u2}
        value=${(i, j) => r.table[i][j]} rowLabel="Player one units" colLabel="Player two units"
        highlight=${[u1 - 1, u2 - 1]} csv=${{ what: 'win-map', label: 'the win map' }} />
      <p class="export-row"><${JsonButton} result=${r} /></p>`}
    </section>`;
}
