// hopchess-widget.js — Hop chess as an embedded widget (web/embed): the answer
// view shows Justin's win probability, the board with the moves, the optimal
// proposal set and one paragraph of explanation; the full view is the tool.
import { html } from '../deps.js';
import { AnswerView, FullView } from '../embed/widget-views.js';
import { HopResult } from './hop-result.js';
import { HopchessTool } from './hopchess-tool.js';

export function HopchessWidget({ text, view, digits, appLink }) {
  if (view === 'full') {
    return html`<${FullView} Tool=${HopchessTool} init=${{ in: text }} digits=${digits} link=${(p) => appLink(p.get('in'))} />`;
  }
  return html`<${AnswerView} game="hopchess" text=${text} className="hopchess" href=${appLink(text)}
    show=${(result, stale) => html`<${HopResult} result=${result} stale=${stale} canPlay=${false} onPlay=${() => {}}
      digits=${digits} compact=${true} />`} />`;
}
