// hint-list.js — the hint words: a name (label), the cards each is
// associated with (select a hint with "Edit cards", then click tiles), add and
// remove.
import { html } from '../deps.js';
import { CheckedText } from './card-inspector.js';
import { hintName, labelProblem, LIMITS } from './model.js';

export function HintList({ state, selHint, onSelect, onLabel, onAdd, onRemove, onDropCard }) {
  return html`
    <div class="cn-hints">
      <div class="panel-head">
        <h4 id="cn-hints-h">Hint words <span class="muted">(${state.hints.length})</span></h4>
        <button type="button" class="small" disabled=${state.hints.length >= LIMITS.maxHints} onClick=${onAdd}>Add hint</button>
      </div>
      <ol class="cn-hint-list" aria-labelledby="cn-hints-h">
        ${state.hints.map((h, k) => {
          const name = hintName(state, k);
          const sel = selHint === k;
          return html`
            <li class=${`cn-hint${sel ? ' selected' : ''}`}>
              <div class="cn-hint-top">
                <span class="cn-hint-no" aria-hidden="true">${k + 1}</span>
                <${CheckedText} label=${`Name of hint ${k + 1}`} value=${h.label} problem=${labelProblem}
                  placeholder=${`hint ${k + 1}`} className="cn-label-field" onCommit=${(label) => onLabel(k, label)} />
                <button type="button" class="small" aria-pressed=${sel ? 'true' : 'false'}
                  aria-label=${`Edit cards of ${name}`} onClick=${() => onSelect(sel ? null : k)}>${sel ? 'Done' : 'Edit cards'}</button>
                <button type="button" class="small icon-btn" aria-label=${`Remove ${name}`} title="Remove this hint"
                  disabled=${state.hints.length <= 1} onClick=${() => onRemove(k)}>✕</button>
              </div>
              <ul class="cn-chips" aria-label=${`Cards of ${name}`}>
                ${h.cards.map((i) => {
                  const c = state.cards[i];
                  return html`<li class=${`cn-chip id-${c.id}${c.revealed ? ' revealed' : ''}`}>
                    <span class="cn-chip-id" aria-hidden="true">${c.id}</span>${c.word}
                    ${sel && h.cards.length > 1 ? html`<button type="button" class="chip-x" aria-label=${`Take ${c.word} off ${name}`}
                      onClick=${() => onDropCard(k, i)}>✕</button>` : null}
                  </li>`;
                })}
              </ul>
            </li>`;
        })}
      </ol>
    </div>`;
}
