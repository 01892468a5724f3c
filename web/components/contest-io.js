// contest-io.js — the "Contest input" box every tool has: paste contest text
// and Load it into the editor (which then solves), or copy the editor's state
// out as contest text. Its labels are hooks tests and other tools rely on.
import { html, useId, useState } from '../deps.js';
import { inputTooLong } from '../../wasm-glue/limits.mjs';

export function ContestIO({ text, onLoad, hint }) {
  const id = useId();
  const [draft, setDraft] = useState(null);
  const [copied, setCopied] = useState('');
  const [refused, setRefused] = useState(null);
  const value = draft ?? text;

  // Oversize text is refused here, before any parsing and before it reaches the URL; the answer stays.
  const load = () => {
    const tooLong = inputTooLong(value);
    setRefused(tooLong);
    if (tooLong) return;
    onLoad(value);
    setDraft(null);
  };

  const copy = async () => {
    setDraft(text);
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('Shown in the box above; copy it from there.');
    }
    setTimeout(() => setCopied(''), 2500);
  };

  return html`
    <section class="panel contest-io" aria-labelledby=${`${id}-h`}>
      <h3 id=${`${id}-h`}>Contest input</h3>
      <label for=${`${id}-text`} class="sr-label">Contest input</label>
      <textarea id=${`${id}-text`} rows="5" spellcheck="false" autocomplete="off"
        aria-describedby=${`${id}-hint`} value=${value}
        onInput=${(e) => { setDraft(e.currentTarget.value); setRefused(null); }}></textarea>
      <p id=${`${id}-hint`} class="hint">${hint}</p>
      ${refused ? html`<div class="alert" role="alert">${refused}</div>` : null}
      <div class="row">
        <button type="button" class="primary" onClick=${load}>Load</button>
        <button type="button" onClick=${copy}>Copy as contest input</button>
        <span class="status-text" role="status">${copied}</span>
      </div>
    </section>`;
}
