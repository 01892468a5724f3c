// widget-views.js — the two views every game's widget is made of (the game's
// *-widget.js only says what goes in them): `FullView`, the game's tool with
// its state held in the widget instead of the page's URL, and `AnswerView`,
// one solve of the element's text shown by the game's result component. Both
// end with the "Open in winrate" link.
import { html, useContext, useState } from '../deps.js';
import { embedSnippets, FrameOffer } from '../components/embed-snippet.js';
import { ErrorAlert, SolveProgress } from '../components/status.js';
import { FrameSnippet } from './frame-snippet.js';
import { searchParams } from '../lib/route.js';
import { useSolve } from '../lib/use-solve.js';

function OpenLink({ href }) {
  return html`<p class="open-app"><a href=${href} target="_blank" rel="noopener">Open in winrate</a></p>`;
}

/** init: the tool's first params ({ in, ... }); link(params): the app link for the tool's current params. */
export function FullView({ Tool, init, digits, link }) {
  const [params, setParams] = useState(() => searchParams(init));
  return html`
    <${Tool} params=${params} setParams=${(obj) => setParams(searchParams(obj))} digits=${digits} embedded=${true} />
    <${OpenLink} href=${link(params)} />`;
}

/** show(result, stale): the game's result view; notice: shown above it. */
export function AnswerView({ game, text, solveOptions, className = '', href, show, notice = null }) {
  const solve = useSolve(game, text, solveOptions);
  const frameFor = useContext(FrameSnippet);
  const error = solve.status === 'error' ? solve.error : null;
  return html`
    <div class=${`widget-answer ${className}`} aria-busy=${solve.status === 'solving' ? 'true' : 'false'}>
      ${notice}
      <${ErrorAlert} error=${error} />
      ${error?.offerFrame && frameFor
        ? html`<${FrameOffer} frame=${embedSnippets(frameFor.game, text, frameFor.options).frame} />` : null}
      <${SolveProgress} solve=${solve} />
      ${solve.status === 'error' ? null : show(solve.result, solve.status !== 'done')}
      <${OpenLink} href=${href} />
    </div>`;
}
