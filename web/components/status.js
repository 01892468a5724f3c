// status.js — the pieces every tool shows around a solve: the error alert
// (with line and column), the progress bar with Cancel, and the polite
// announcement of results for screen readers.
import { html } from '../deps.js';

export function ErrorAlert({ error }) {
  if (!error) return null;
  const where = error.line > 0 ? `Line ${error.line}, column ${error.column}: ` : '';
  return html`<div class="alert" role="alert">${where}${error.message}</div>`;
}

/** The time a solve has left at its pace so far, in words, once it is a second old and 3% done; else null. */
export function timeLeft(p) {
  if (!p || !(p.elapsed >= 1000) || !(p.total > 0) || p.done >= p.total || p.done / p.total < 0.03) return null;
  const s = (p.elapsed * (p.total - p.done)) / p.done / 1000;
  if (s < 1) return 'under a second left';
  if (s < 10) return `about ${Math.round(s)} s left`;
  if (s < 90) return `about ${Math.round(s / 5) * 5} s left`;
  return `about ${Math.round(s / 60)} min left`;
}

export function SolveProgress({ solve }) {
  if (solve.status !== 'solving' || !solve.showProgress) return null;
  const p = solve.progress;
  const pct = p && p.total > 0 ? Math.min(100, Math.round((100 * p.done) / p.total)) : null;
  const left = timeLeft(p);
  return html`
    <div class="progress-row">
      <progress max="100" value=${pct ?? undefined} aria-label="Solving">${pct ?? ''}</progress>
      <span class="status-text">${pct === null ? 'Solving…' : `Solving… ${pct}%${left ? ` · ${left}` : ''}`}</span>
      <button type="button" onClick=${solve.cancel}>Cancel</button>
    </div>`;
}

/** A tool's result panel before its first answer (a cancelled one shows none: cancelledUnanswered). */
export function SolvingPlaceholder() {
  return html`<section class="panel result placeholder" aria-label="Result"><p class="muted">Solving…</p></section>`;
}

/**
 * A solve cancelled before any answer: the result view would say "Solving…", so the caller shows none
 * (Cancelled's "Solve again" stands alone).
 */
export const cancelledUnanswered = (solve) => solve.status === 'cancelled' && !solve.result;

export function Cancelled({ solve }) {
  if (solve.status !== 'cancelled') return null;
  return html`<div class="notice cancelled">Cancelled. <button type="button" class="link" onClick=${solve.retry}>Solve again</button></div>`;
}

/**
 * The whole block around a solve: its error (and what the caller offers for it: a widget's iframe), its
 * progress with Cancel, and "Cancelled." with Solve again.
 */
export function SolveStatus({ solve, afterError = null }) {
  const error = solve.status === 'error' ? solve.error : null;
  return html`
    <${ErrorAlert} error=${error} />
    ${error ? afterError : null}
    <${SolveProgress} solve=${solve} />
    <${Cancelled} solve=${solve} />`;
}

/** A visually hidden live region: screen readers hear the summary when it changes. */
export function Announce({ text }) {
  return html`<div class="sr-only" aria-live="polite" aria-atomic="true">${text}</div>`;
}
