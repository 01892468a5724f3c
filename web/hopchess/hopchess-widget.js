// hopchess-widget.js — Hop chess as an embedded widget (web/embed): the answer
// view shows Justin's win probability, the board with the moves, the optimal
// proposal set and one paragraph of explanation; the full view is the tool,
// holding its state in the widget instead of the URL.
import { html, useState } from '../deps.js';
import { ErrorAlert, SolveProgress } from '../components/status.js';
import { searchParams as paramsOf } from '../lib/route.js';
import { useSolve } from '../lib/use-solve.js';
import { HopResult } from './hop-result.js';
import { HopchessTool } from './hopchess-tool.js';

export function HopchessWidget({ text, view, digits, appLink }) {
  const [state, setState] = useState(() => paramsOf({ in: text }));
  if (view === 'full') {
    return html`
      <${HopchessTool} params=${state} setParams=${(obj) => setState(paramsOf(obj))} digits=${digits} embedded=${true} />
      <p class="open-app"><a href=${appLink(state.get('in'))} target="_blank" rel="noopener">Open in winrate</a></p>`;
  }
  return html`<${HopchessAnswer} text=${text} digits=${digits} appLink=${appLink} />`;
}

function HopchessAnswer({ text, digits, appLink }) {
  const solve = useSolve('hopchess', text);
  return html`
    <div class="widget-answer hopchess" aria-busy=${solve.status === 'solving' ? 'true' : 'false'}>
      <${ErrorAlert} error=${solve.status === 'error' ? solve.error : null} />
      <${SolveProgress} solve=${solve} />
      ${solve.status === 'error' ? null : html`<${HopResult} result=${solve.result} stale=${solve.status !== 'done'}
        canPlay=${false} onPlay=${() => {}} digits=${digits} compact=${true} />`}
      <p class="open-app"><a href=${appLink(text)} target="_blank" rel="noopener">Open in winrate</a></p>
    </div>`;
}
