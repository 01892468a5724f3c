// contest-io.js — the "Contest input" box every tool has: paste contest text
// and Load it into the editor (which then solves), or copy the editor's state
// out as contest text. Its labels are hooks tests and other tools rely on.
// When the text in the box is the one the solver refused, its error is shown
// under the box too, with a way to the place it names; after a Load from the
// box the caret goes there at once.
import { html, useId, useLayoutEffect, useRef, useState } from '../deps.js';
import { inputTooLong } from '../../wasm-glue/limits.mjs';
import { useCopy } from '../lib/use-copy.js';

/** The offset in text of line and column (1-based, as the parsers count them), within that line. */
function offsetOf(text, line, column) {
  const lines = text.split('\n');
  const i = Math.min(Math.max(line, 1), lines.length) - 1;
  let at = 0;
  for (let k = 0; k < i; k++) at += lines[k].length + 1;
  return at + Math.min(Math.max(column, 1) - 1, lines[i].length);
}

/**
 * text: the editor's position as contest text; onLoad(text); hint: the format in a line;
 * solve: the tool's useSolve of solved, the contest text it was given (its error, with line and
 * column, is about that text).
 */
export function ContestIO({ text, onLoad, hint, solve = null, solved = null }) {
  const id = useId();
  const box = useRef(null);
  const [draft, setDraft] = useState(null);
  const [copied, copyText] = useCopy('Shown in the box above; copy it from there.');
  const [refused, setRefused] = useState(null);
  const [loaded, setLoaded] = useState(null); // the text of the last Load, until its error is shown
  const value = draft ?? text;
  const error = solve?.status === 'error' ? solve.error : null;
  const placed = error && error.line > 0 && solved === value ? error : null; // its line and column are in the box

  const goTo = (e) => {
    const el = box.current;
    if (!el) return;
    const at = offsetOf(el.value, e.line, e.column);
    const eol = el.value.indexOf('\n', at);
    el.focus();
    el.setSelectionRange(at, Math.min(at + 1, eol < 0 ? el.value.length : eol)); // the character named, if any
  };
  // A layout effect: the caret moves in the same task as the error appears. As an effect (after paint) it
  // could land between a selection made meanwhile and the text typed over it (Playwright's fill selects,
  // then inserts), putting that text inside the old one: CI's one red run of codenames.spec's bad input.
  useLayoutEffect(() => {
    if (!placed || loaded !== value) return;
    setLoaded(null);
    goTo(placed);
  }, [placed, loaded]);

  // Oversize text is refused here, before any parsing and before it reaches the URL; the answer stays.
  const load = () => {
    const tooLong = inputTooLong(value);
    setRefused(tooLong);
    if (tooLong) return;
    onLoad(value);
    setDraft(null);
    setLoaded(value);
  };

  const copy = () => {
    setDraft(text);
    copyText('Contest input', text);
  };

  return html`
    <section class="panel contest-io" aria-labelledby=${`${id}-h`}>
      <h3 id=${`${id}-h`}>Contest input</h3>
      <label for=${`${id}-text`} class="sr-label">Contest input</label>
      <textarea id=${`${id}-text`} ref=${box} rows="5" spellcheck="false" autocomplete="off"
        aria-describedby=${placed ? `${id}-error ${id}-hint` : `${id}-hint`} aria-invalid=${placed ? 'true' : undefined} value=${value}
        onInput=${(e) => { setDraft(e.currentTarget.value); setRefused(null); }}></textarea>
      ${placed ? html`<p id=${`${id}-error`} class="field-error input-error">Line ${placed.line}, column ${placed.column}: ${placed.message}
        ${' '}<button type="button" class="link" onClick=${() => goTo(placed)}>Show it in the text</button></p>` : null}
      <p id=${`${id}-hint`} class="hint">${hint}</p>
      ${refused ? html`<div class="alert" role="alert">${refused}</div>` : null}
      <div class="row">
        <button type="button" class="primary" onClick=${load}>Load</button>
        <button type="button" onClick=${copy}>Copy as contest input</button>
        <span class="status-text" role="status">${copied}</span>
      </div>
    </section>`;
}
