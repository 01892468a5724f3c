// card-inspector.js — the selected card's fields: its word (checked as you
// type: lowercase letters, at most 20, unique), identity, "already revealed",
// and removing it.
import { html, useEffect, useId, useState } from '../deps.js';
import { ID_ICONS, ID_NAMES, IDS, wordProblem } from './model.js';

/** A text field that commits only valid values and says why it did not. */
export function CheckedText({ label, value, problem, onCommit, inputRef, className = '', placeholder }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const why = draft === value ? '' : problem(draft);
  return html`
    <span class=${`field ${className}`}>
      <label for=${id}>${label}</label>
      <input id=${id} ref=${inputRef} type="text" value=${draft} spellcheck="false" autocomplete="off"
        autocapitalize="none" maxlength="40" placeholder=${placeholder}
        aria-invalid=${why ? 'true' : 'false'} aria-describedby=${why ? `${id}-err` : undefined}
        onInput=${(e) => {
          const v = e.currentTarget.value;
          setDraft(v);
          if (v !== value && !problem(v)) onCommit(v);
        }}
        onBlur=${() => { if (why) setDraft(value); }} />
      ${why ? html`<span id=${`${id}-err`} class="field-error" role="status">${why}</span>` : null}
    </span>`;
}

export function CardInspector({ state, index, wordRef, onChange, onRemove }) {
  const name = useId();
  const c = state.cards[index];
  if (!c) return null;
  return html`
    <fieldset class="cn-inspector">
      <legend>Card ${index + 1} of ${state.cards.length}</legend>
      <div class="row wrap">
        <${CheckedText} label="Word" value=${c.word} inputRef=${wordRef} className="cn-word-field"
          problem=${(w) => wordProblem(state, index, w)} onCommit=${(word) => onChange({ word }, true)} />
        <label class="switch"><input type="checkbox" checked=${c.revealed}
          onChange=${(e) => onChange({ revealed: e.currentTarget.checked })} /> Already revealed</label>
        <button type="button" class="small danger-btn" disabled=${state.cards.length <= 1} onClick=${onRemove}>Remove card</button>
      </div>
      <div class="cn-ids" role="radiogroup" aria-label="Identity">
        ${IDS.map((id) => html`
          <label class=${`radio cn-id-radio id-${id}`}>
            <input type="radio" name=${name} checked=${c.id === id} onChange=${() => onChange({ id })} />
            <span class="cn-swatch" aria-hidden="true">${ID_ICONS[id]}</span> ${ID_NAMES[id][0].toUpperCase()}${ID_NAMES[id].slice(1)}
          </label>`)}
      </div>
    </fieldset>`;
}
