// codenames-widget.js — Codenames as an embedded widget (web/embed): the
// answer view shows the win probability, the recommended hint and number on
// a read-only board, and a short explanation; the full view is the tool
// (editor, every hint × K, play forward), holding its state in the widget
// instead of the URL. The `rule` attribute ("own": hints must cover an own
// agent) selects the rule variant, as the app's `rule` URL parameter does.
import { html, useState } from '../deps.js';
import { ErrorAlert, SolveProgress } from '../components/status.js';
import { searchParams as paramsOf } from '../lib/route.js';
import { useSolve } from '../lib/use-solve.js';
import { CodenamesResult } from './codenames-result.js';
import { CodenamesTool } from './codenames-tool.js';

const OWN = { ownHintsOnly: true };

export function CodenamesWidget({ text, view, digits, options = {}, appLink }) {
  const own = options.rule === 'own';
  const [state, setState] = useState(() => paramsOf({ in: text, rule: own ? 'own' : undefined }));
  if (view === 'full') {
    return html`
      <${CodenamesTool} params=${state} setParams=${(obj) => setState(paramsOf(obj))} digits=${digits} embedded=${true} />
      <p class="open-app"><a href=${appLink(state.get('in'), { rule: state.get('rule') ?? undefined, h: state.get('h') ?? undefined })}
        target="_blank" rel="noopener">Open in winrate</a></p>`;
  }
  return html`<${CodenamesAnswer} text=${text} own=${own} unknownRule=${options.rule && !own ? options.rule : null} digits=${digits} appLink=${appLink} />`;
}

function CodenamesAnswer({ text, own, unknownRule, digits, appLink }) {
  const solve = useSolve('codenames', text, own ? OWN : undefined);
  return html`
    <div class="widget-answer codenames" aria-busy=${solve.status === 'solving' ? 'true' : 'false'}>
      ${unknownRule ? html`<p class="notice" role="status">The rule “${unknownRule}” is unknown; the standard rule (any hint with a hidden card) is used.</p>` : null}
      <${ErrorAlert} error=${solve.status === 'error' ? solve.error : null} />
      <${SolveProgress} solve=${solve} />
      ${solve.status === 'error' ? null : html`<${CodenamesResult} result=${solve.result} stale=${solve.status !== 'done'} digits=${digits} compact=${true} />`}
      <p class="open-app"><a href=${appLink(text, { rule: own ? 'own' : undefined })} target="_blank" rel="noopener">Open in winrate</a></p>
    </div>`;
}
