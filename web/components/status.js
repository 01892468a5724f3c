// status.js — the pieces every tool shows around a solve: the error alert
// (with line and column), the progress bar with Cancel, and the polite
// announcement of results for screen readers.
import { html } from '../deps.js';

export function ErrorAlert({ error }) {
  if (!error) return null;
  const where = error.line > 0 ? `Line ${error.line}, column ${error.column}: ` : '';
  return html`<div class="alert" role="alert">${where}${error.message}</div>`;
}

export function SolveProgress({ solve }) {
  if (solve.status !== 'solving' || !solve.showProgress) return null;
  const p = solve.progress;
  const pct = p && p.total > 0 ? Math.min(100, Math.round((100 * p.done) / p.total)) : null;
  return html`
    <div class="progress-row">
      <progress max="100" value=${pct ?? undefined} aria-label="Solving">${pct ?? ''}</progress>
      <span class="status-text">${pct === null ? 'Solving…' : `Solving… ${pct}%`}</span>
      <button type="button" onClick=${solve.cancel}>Cancel</button>
    </div>`;
}

export function Cancelled({ solve }) {
  if (solve.status !== 'cancelled') return null;
  return html`<div class="notice">Cancelled. <button type="button" class="link" onClick=${solve.retry}>Solve again</button></div>`;
}

/** The whole block around a solve: its error, its progress with Cancel, and "Cancelled." with Solve again. */
export function SolveStatus({ solve }) {
  return html`
    <${ErrorAlert} error=${solve.status === 'error' ? solve.error : null} />
    <${SolveProgress} solve=${solve} />
    <${Cancelled} solve=${solve} />`;
}

/** A visually hidden live region: screen readers hear the summary when it changes. */
export function Announce({ text }) {
  return html`<div class="sr-only" aria-live="polite" aria-atomic="true">${text}</div>`;
}
