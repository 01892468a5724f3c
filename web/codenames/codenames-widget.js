// codenames-widget.js — Codenames as an embedded widget (web/embed): the
// answer view shows the win probability, the recommended hint and number on
// a read-only board, and a short explanation; the full view is the tool
// (editor, every hint × K, play forward). The `rule` attribute ("own": hints
// must cover an own agent) selects the rule variant, as the app's `rule` URL
// parameter does.
import { html } from '../deps.js';
import { AnswerView, FullView } from '../embed/widget-views.js';
import { CodenamesResult } from './codenames-result.js';
import { CodenamesTool } from './codenames-tool.js';

const OWN = { ownHintsOnly: true };

export function CodenamesWidget({ text, view, digits, options = {}, appLink }) {
  const own = options.rule === 'own';
  if (view === 'full') {
    return html`<${FullView} Tool=${CodenamesTool} init=${{ in: text, rule: own ? 'own' : undefined }} digits=${digits}
      link=${(p) => appLink(p.get('in'), { rule: p.get('rule') ?? undefined, h: p.get('h') ?? undefined })} />`;
  }
  const notice = options.rule && !own
    ? html`<p class="notice" role="status">The rule “${options.rule}” is unknown; the standard rule (any hint with a hidden card) is used.</p>`
    : null;
  return html`<${AnswerView} game="codenames" text=${text} solveOptions=${own ? OWN : undefined} className="codenames"
    href=${appLink(text, { rule: own ? 'own' : undefined })} notice=${notice}
    show=${(result, stale) => html`<${CodenamesResult} result=${result} stale=${stale} digits=${digits} compact=${true} />`} />`;
}
