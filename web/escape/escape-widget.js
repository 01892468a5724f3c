// escape-widget.js — Board Escape as an embedded widget (web/embed): the
// answer view shows the winner, the board coloured by Grundy value with the
// winning moves as arrows, and a short explanation; the full view is the tool
// (editor, analysis, play), holding its state in the widget instead of the URL.
import { html, useMemo, useState } from '../deps.js';
import { ErrorAlert, SolveProgress } from '../components/status.js';
import { searchParams as paramsOf } from '../lib/route.js';
import { useSolve } from '../lib/use-solve.js';
import { EscapeResult } from './escape-result.js';
import { EscapeTool } from './escape-tool.js';
import { unpackText, urlTextFor } from './model.js';

export function EscapeWidget({ text, view, appLink }) {
  const [state, setState] = useState(() => paramsOf({ in: urlTextFor(text) }));
  if (view === 'full') {
    return html`
      <${EscapeTool} params=${state} setParams=${(obj) => setState(paramsOf(obj))} embedded=${true} />
      <p class="open-app"><a href=${appLink(state.get('in'))} target="_blank" rel="noopener">Open in winrate</a></p>`;
  }
  return html`<${EscapeAnswer} text=${text} appLink=${appLink} />`;
}

function EscapeAnswer({ text, appLink }) {
  // The element's text may use the URL's run-length packed rows (the tool's embed snippet does for big boards).
  const plain = useMemo(() => unpackText(text), [text]);
  const solve = useSolve('escape', plain);
  return html`
    <div class="widget-answer escape" aria-busy=${solve.status === 'solving' ? 'true' : 'false'}>
      <${ErrorAlert} error=${solve.status === 'error' ? solve.error : null} />
      <${SolveProgress} solve=${solve} />
      ${solve.status === 'error' ? null : html`<${EscapeResult} result=${solve.result} stale=${solve.status !== 'done'} compact=${true} />`}
      <p class="open-app"><a href=${appLink(urlTextFor(text))} target="_blank" rel="noopener">Open in winrate</a></p>
    </div>`;
}
