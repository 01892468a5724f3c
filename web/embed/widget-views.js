// widget-views.js — the two views every game's widget is made of (the game's
// *-widget.js only says what goes in them): `FullView`, the game's tool with
// its state held in the widget instead of the page's URL, and its own Undo and
// Redo, and `AnswerView`, one solve of the element's text shown by the game's
// result component. Both end with the "Open in winrate" link.
import { html, useContext, useRef, useState } from '../deps.js';
import { EditSteps } from '../components/edit-steps.js';
import { embedSnippets, FrameOffer } from '../components/embed-snippet.js';
import { cancelledUnanswered, SolveStatus } from '../components/status.js';
import { FrameSnippet } from './frame-snippet.js';
import { searchParams } from '../lib/route.js';
import { onEditKey, useEdits, useEditSteps } from '../lib/use-edits.js';
import { useSolve } from '../lib/use-solve.js';

function OpenLink({ href }) {
  return html`<p class="open-app"><a href=${href} target="_blank" rel="noopener">Open in winrate</a></p>`;
}

/**
 * init: the tool's first params ({ in, ... }); link(params): the app link for the tool's current params. Its edits
 * are undone as the app's are (use-edits.js), in memory only, by its buttons and by Ctrl+Z and the others while the
 * focus is in the widget: every widget on a page has its own.
 */
export function FullView({ Tool, init, digits, link }) {
  const [params, setState] = useState(() => searchParams(init));
  const latest = useRef(params); // the params now: a second Ctrl+Z before a render sees the first one's
  const box = useRef(null);
  const edits = useEdits(null);
  const go = (query) => {
    latest.current = new URLSearchParams(query);
    setState(latest.current);
  };
  const [step, said, change] = useEditSteps(edits, () => latest.current.toString(), go);
  // by: the control that made it, in the widget's shadow root (the document sees only the widget)
  const setParams = (obj) => change(searchParams(obj).toString(), box.current?.getRootNode().activeElement ?? null);
  return html`
    <div class="widget-full" ref=${box} onKeyDown=${(e) => onEditKey(e, step)}>
      <div class="widget-edits"><${EditSteps} edits=${edits} step=${step} said=${said} /></div>
      <${Tool} params=${params} setParams=${setParams} digits=${digits} embedded=${true} />
      <${OpenLink} href=${link(params)} />
    </div>`;
}

/** show(result, stale): the game's result view; notice: shown above it. */
export function AnswerView({ game, text, solveOptions, className = '', href, show, notice = null }) {
  const solve = useSolve(game, text, solveOptions);
  const frameFor = useContext(FrameSnippet);
  const error = solve.status === 'error' ? solve.error : null;
  return html`
    <div class=${`widget-answer ${className}`} aria-busy=${solve.status === 'solving' ? 'true' : 'false'}>
      ${notice}
      <${SolveStatus} solve=${solve} afterError=${error?.offerFrame && frameFor
        ? html`<${FrameOffer} frame=${embedSnippets(frameFor.game, text, frameFor.options).frame} />` : null} />
      ${solve.status === 'error' || cancelledUnanswered(solve) ? null : show(solve.result, solve.status !== 'done')}
      <${OpenLink} href=${href} />
    </div>`;
}
