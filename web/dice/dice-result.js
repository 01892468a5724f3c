// dice-result.js — the Battle Dice result: the contest answer, the four
// outcomes, the survivors of each side, the win map over smaller armies, and
// an explanation in words.
import { html } from '../deps.js';
import { BarChart, HeatMap } from '../components/charts.js';
import { JsonButton } from '../components/export.js';
import { SolvingPlaceholder } from '../components/status.js';
import { cFixed, pct } from '../lib/format.js';
import { attacks, defences } from './model.js';

const DIGITS = 4; // the contest's default

function mean(faces, f) {
  return faces.reduce((s, x) => s + f(x === '-' ? '' : x), 0) / faces.length;
}

/** The survivors a win leaves on average (survivors[k], k >= 1: won with k left), or null if no win. */
function meanLeft(survivors) {
  const won = survivors.reduce((a, p, k) => (k > 0 ? a + p : a), 0);
  return won > 0 ? survivors.reduce((a, p, k) => a + k * p, 0) / won : null;
}

function Explanation({ r }) {
  const [u1, u2] = r.units;
  const left1 = meanLeft(r.survivors1);
  const left2 = meanLeft(r.survivors2);
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
      ${left1 !== null || left2 !== null ? html`<p data-testid="mean-left">${[
        left1 !== null ? `a win leaves player one ${left1.toFixed(2)} of ${u1} unit${u1 === 1 ? '' : 's'} on average` : null,
        left2 !== null ? `a win for player two leaves it ${left2.toFixed(2)} of ${u2}` : null,
      ].filter(Boolean).join('; ').replace(/^a/, 'A')}.</p>` : null}
      <p class="muted">Rolls where nobody loses a unit repeat the position; they are summed exactly as a geometric series, so these figures are exact, not simulated (${r.states} positions solved).</p>
    </div>`;
}

/** A battle cut short after R rolls (r.rolls): what the numbers mean then. */
function CutShortExplanation({ r }) {
  return html`
    <div class="explain">
      <h3>Why</h3>
      <p>The battle stops after ${r.rolls} roll${r.rolls === 1 ? '' : 's'}, counting rolls where nobody falls. Within them
        player one wins ${pct(r.win)}, loses ${pct(r.loss)}${r.draw > 0 ? `, both armies fall together ${pct(r.draw)}` : ''}
        of the time, and ${pct(r.stillFighting)} of battles are still going (both sides have units left).</p>
      <p class="muted">The survivors count every battle after ${r.rolls} roll${r.rolls === 1 ? '' : 's'}, over or not. Exact, not simulated.</p>
    </div>`;
}

/** The win map in the outcome bar's colours: player one's wins green (--win), player two's orange (--loss). */
const OUTCOME_HUES = { low: [28, 80, 50], high: [131, 54, 38] };

function Outcomes({ r }) {
  const parts = [
    ['win', 'Player one wins', r.win],
    ['draw', 'Draw', r.draw],
    ['loss', 'Player two wins', r.loss],
    r.rolls ? ['still', 'Still fighting', r.stillFighting] : ['stalemate', 'Stalemate', r.stalemate],
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

/** The battle's length: P(over within t rolls); asked for on opening when the battle is fought to the end. */
function Length({ r, length, open, setOpen }) {
  const chart = length?.length ? html`<${BarChart} title="Probability that the battle is over within t rolls"
    caption="Battle length: data table" columns=${['Rolls', 'Over within']}
    bars=${length.map((v, t) => ({ label: String(t + 1), value: v }))} csv=${{ what: 'length', label: 'the battle length' }} />` : null;
  if (r.rolls) return chart;
  return html`
    <details class="dice-length" open=${open} onToggle=${(e) => setOpen?.(e.currentTarget.open)}>
      <summary>How long the battle lasts</summary>
      ${chart ?? html`<p class="muted">Computing the length of the battle…</p>`}
    </details>`;
}

export function DiceResult({ result: r, stale, digits = DIGITS, compact = false, length, lengthOpen, setLengthOpen }) {
  if (!r) {
    return html`<${SolvingPlaceholder} />`;
  }
  const [u1, u2] = r.units;
  const after = r.rolls ? `after at most ${r.rolls} roll${r.rolls === 1 ? '' : 's'}` : 'when the battle ends';
  return html`
    <section class=${`panel result${stale ? ' stale' : ''}`} aria-label="Result">
      <div class="answer-row">
        <div>
          <div class="label">${r.rolls ? `Player one's probability of having won within ${r.rolls} roll${r.rolls === 1 ? '' : 's'}` : "Player one's win probability"} (${u1} vs ${u2})</div>
          <div class="answer" data-testid="answer" data-value=${String(r.answer)}>${cFixed(r.answer, digits)}</div>
        </div>
        <div class="answer-pct">${pct(r.answer, 2)}</div>
      </div>
      <${Outcomes} r=${r} />
      ${compact ? null : html`${r.rolls ? html`<${CutShortExplanation} r=${r} />` : html`<${Explanation} r=${r} />`}
      <div class="charts two">
        <${BarChart} title=${`Player one's survivors ${after}`} caption="Player one survivors: data table"
          bars=${r.survivors1.map((v, k) => ({ label: String(k), value: v }))} orMore csv=${{ what: 'survivors-1', label: "player one's survivors" }} />
        <${BarChart} title=${`Player two's survivors ${after}`} caption="Player two survivors: data table"
          bars=${r.survivors2.map((v, k) => ({ label: String(k), value: v }))} orMore csv=${{ what: 'survivors-2', label: "player two's survivors" }} />
      </div>
      <${Length} r=${r} length=${length} open=${lengthOpen} setOpen=${setLengthOpen} />
      ${r.table ? html`<${HeatMap} title="Player one's win probability with smaller armies" rows=${u1} cols=${u2}
        value=${(i, j) => r.table[i][j]} rowLabel="Player one units" colLabel="Player two units"
        highlight=${[u1 - 1, u2 - 1]} hues=${OUTCOME_HUES} csv=${{ what: 'win-map', label: 'the win map' }} />` : null}
      <p class="export-row"><${JsonButton} result=${r} /></p>`}
    </section>`;
}
