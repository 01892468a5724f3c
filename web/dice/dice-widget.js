// dice-widget.js — Battle Dice as an embedded widget (web/embed): the answer
// view shows the result with its outcomes; the full view adds the editor.
import { html } from '../deps.js';
import { AnswerView, FullView } from '../embed/widget-views.js';
import { DiceResult } from './dice-result.js';
import { DiceTool } from './dice-tool.js';

export function DiceWidget({ text, view, digits, appLink }) {
  if (view === 'full') {
    return html`<${FullView} Tool=${DiceTool} init=${{ in: text }} digits=${digits} link=${(p) => appLink(p.get('in'))} />`;
  }
  return html`<${AnswerView} game="dice" text=${text} href=${appLink(text)}
    show=${(result, stale) => html`<${DiceResult} result=${result} stale=${stale} digits=${digits} compact=${true} />`} />`;
}
