// sweep-section.js — the error-factor heat map: Justin's win probability for
// every (a_J, a_D) in 1..N, from one sweep solve in the worker, with its own
// progress and Cancel, a data table, and a click on a cell setting the factors.
import { html } from '../deps.js';
import { HeatMap } from '../components/charts.js';
import { Cancelled, ErrorAlert, SolveProgress } from '../components/status.js';
import { pct } from '../lib/format.js';
import { LIMITS } from './model.js';

const SIZES = Array.from({ length: LIMITS.maxSweep - 1 }, (_, i) => i + 2);

export function SweepSection({ n, setN, sweep, current, solve, waiting, manual, onStart, aJ, aD, onPick }) {
  // The sweep on hand may be of another size (the last one, while the new n is solved): shown only when
  // it is of this n, and never read as if it were (a larger n read rows it does not have).
  const grid = sweep?.sweep?.length === n ? sweep.sweep : null;
  const here = grid && aJ <= n && aD <= n ? grid[aJ - 1][aD - 1] : null;
  let best = null;
  if (grid) {
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (!best || grid[i][j] > best.v) best = { i, j, v: grid[i][j] };
  }
  return html`
    <section class="panel hop-sweep" aria-labelledby="hop-sweep-h" data-testid="hop-sweep"
      aria-busy=${solve.status === 'solving' ? 'true' : 'false'}>
      <div class="panel-head">
        <h3 id="hop-sweep-h">Error factors: heat map</h3>
        <label class="field">
          <span>Factors up to</span>
          <select value=${String(n)} onChange=${(e) => setN(Number(e.currentTarget.value))}>
            ${SIZES.map((k) => html`<option value=${String(k)}>${k}</option>`)}
          </select>
        </label>
      </div>
      <p class="hint">Justin's win probability for every pair of error factors from 1 to ${n}, from this position, computed in one pass over its positions. Click a cell (or a number in the data table) to use those factors.</p>
      <${ErrorAlert} error=${solve.status === 'error' ? solve.error : null} />
      <${SolveProgress} solve=${solve} />
      ${solve.status === 'cancelled' && !waiting && !current ? html`<${Cancelled} solve=${solve} />` : null}
      ${waiting ? html`<p class="muted">Waiting for the position to be solved…</p>` : null}
      ${manual && solve.status !== 'solving' ? html`
        <div class="notice">This position is large, so the heat map (${n * n} factor pairs) is computed on request.
          <button type="button" class="link" onClick=${onStart}>Compute the heat map</button></div>` : null}
      ${grid ? html`
        <div class=${current ? '' : 'stale'}>
          <${HeatMap} title=${`Justin's win probability, error factors 1 to ${n}`} rows=${n} cols=${n}
            value=${(i, j) => grid[i][j]} rowLabel="Justin's factor" colLabel="Donald's factor"
            highlight=${aJ <= n && aD <= n ? [aJ - 1, aD - 1] : null}
            onPick=${(i, j) => onPick(i + 1, j + 1)} csv=${{ what: `sweep-${n}`, label: 'the heat map' }} />
          <p class="muted small">${here === null ? `The current factors (${aJ}, ${aD}) are outside this map.` : `Current factors (${aJ}, ${aD}): ${pct(here, 2)} (outlined).`}
            ${best ? ` Best for Justin: factors (${best.i + 1}, ${best.j + 1}), ${pct(best.v, 2)}.` : ''}</p>
        </div>` : null}
    </section>`;
}
