// escape-widget.js — Board Escape as an embedded widget (web/embed): the
// answer view shows the winner, the board coloured by Grundy value with the
// winning moves as arrows, and a short explanation; the full view is the tool
// (editor, analysis, play).
import { html } from '../deps.js';
import { AnswerView, FullView } from '../embed/widget-views.js';
import { EscapeResult } from './escape-result.js';
import { EscapeTool } from './escape-tool.js';
import { unpackText, urlTextFor } from './model.js';

export function EscapeWidget({ text, view, appLink }) {
  if (view === 'full') {
    return html`<${FullView} Tool=${EscapeTool} init=${{ in: urlTextFor(text) }} link=${(p) => appLink(p.get('in'))} />`;
  }
  // The element's text may use the URL's run-length packed rows (the tool's embed snippet does for big boards).
  return html`<${AnswerView} game="escape" text=${unpackText(text)} className="escape" href=${appLink(urlTextFor(text))}
    show=${(result, stale) => html`<${EscapeResult} result=${result} stale=${stale} compact=${true} />`} />`;
}
