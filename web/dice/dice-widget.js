// dice-widget.js — Battle Dice as an embedded widget (web/embed): the answer
// view shows the result with its outcomes; the full view adds the editor,
// holding its state in the widget instead of the URL.
import { html, useState } from '../deps.js';
import { ErrorAlert, SolveProgress } from '../components/status.js';
import { useSolve } from '../lib/use-solve.js';
import { DiceResult } from './dice-result.js';
import { DiceTool } from './dice-tool.js';

export function DiceWidget({ text, view, digits, appLink }) {
  const [state, setState] = useState(() => new URLSearchParams({ in: text }));
  if (view === 'full') {
    return html`
      <${DiceTool} params=${state} setParams=${(obj) => setState(new URLSearchParams(obj))} digits=${digits} embedded=${true} />
      <p class="open-app"><a href=${appLink(state.get('in'))} target="_blank" rel="noopener">Open in winrate</a></p>`;
  }
  return html`<${DiceAnswer} text=${text} digits=${digits} appLink=${appLink} />`;
}

function DiceAnswer({ text, digits, appLink }) {
  const solve = useSolve('dice', text);
  return html`
    <div class="widget-answer" aria-busy=${solve.status === 'solving' ? 'true' : 'false'}>
      <${ErrorAlert} error=${solve.status === 'error' ? solve.error : null} />
      <${SolveProgress} solve=${solve} />
      ${solve.status === 'error' ? null : html`<${DiceResult} result=${solve.result} stale=${solve.status !== 'done'} digits=${digits} compact=${true} />`}
      <p class="open-app"><a href=${appLink(text)} target="_blank" rel="noopener">Open in winrate</a></p>
    </div>`;
}
