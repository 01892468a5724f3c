// num-field.js — the one whole-number input of every editor: the text is
// committed only when it is a whole number in [min, max] (and check(n), if
// given, returns nothing); otherwise the field says why next to it (linked by
// aria-describedby) and the last valid value stays in the state. Leaving the
// field puts the valid value back. size: 'small' | 'wide' | undefined.
// While the field has the focus the text is the reader's: a value coming back
// from an earlier keystroke's commit (typing runs ahead of the solves) must
// not overwrite what has been typed since (e2e/instant.spec.mjs, rapid typing).
// The field is named by its label alone (aria-labelledby): the label element
// also wraps the reason, which must describe the field, not rename it.
import { html, useEffect, useId, useRef, useState } from '../deps.js';

export function NumField({ label, value, min, max, onChange, check, why, size }) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const focused = useRef(false);
  useEffect(() => { if (!focused.current) setDraft(String(value)); }, [value]);
  const t = draft.trim();
  const n = Number(t);
  const refusal = !/^\d+$/.test(t) || n < min || n > max ? (why ?? `A whole number from ${min} to ${max}`)
    : (check?.(n) ?? null);
  const shown = draft !== String(value) ? refusal : null;
  return html`
    <label class=${`num-field${size ? ` ${size}` : ''}`}>
      <span id=${`${id}-name`}>${label}</span>
      <input type="text" inputmode="numeric" autocomplete="off" spellcheck="false" value=${draft}
        aria-labelledby=${`${id}-name`} aria-invalid=${shown ? 'true' : 'false'} aria-describedby=${shown ? `${id}-why` : undefined}
        onInput=${(e) => {
          const v = e.currentTarget.value;
          setDraft(v);
          const s = v.trim();
          const m = Number(s);
          if (/^\d+$/.test(s) && m >= min && m <= max && !check?.(m)) onChange(m);
        }}
        onFocus=${() => { focused.current = true; }}
        onBlur=${() => { focused.current = false; if (refusal) setDraft(String(value)); }} />
      ${shown ? html`<span id=${`${id}-why`} class="field-error" role="status">${shown}</span>` : null}
    </label>`;
}
