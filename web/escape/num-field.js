// num-field.js — a plain number input that commits only valid integers and
// says why it refused the others (the last valid value stays in the state).
import { html, useEffect, useState } from '../deps.js';

export function NumField({ label, value, min, max, onChange, why, wide = false }) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const s = draft.trim();
  const n = Number(s);
  const ok = /^\d+$/.test(s) && n >= min && n <= max;
  const bad = draft !== String(value);
  return html`
    <label class=${`num-field${wide ? ' wide' : ''}`}>
      <span>${label}</span>
      <input type="text" inputmode="numeric" autocomplete="off" spellcheck="false" value=${draft}
        aria-invalid=${bad && !ok ? 'true' : 'false'}
        onInput=${(e) => {
          const v = e.currentTarget.value;
          setDraft(v);
          const t = v.trim();
          if (/^\d+$/.test(t) && Number(t) >= min && Number(t) <= max) onChange(Number(t));
        }}
        onBlur=${() => { if (!ok) setDraft(String(value)); }} />
      ${bad && !ok ? html`<span class="field-error" role="status">${why ?? `A whole number from ${min} to ${max}`}</span>` : null}
    </label>`;
}
