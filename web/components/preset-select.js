// preset-select.js — the "Example" / "Preset" drop-down of an editor: shows
// the preset the current state equals, or "Custom".
import { html } from '../deps.js';

/** presets: [{ id, name }]; current: the matching preset or undefined; onPick(preset). */
export function PresetSelect({ label = 'Example', presets, current, onPick, className = 'field preset' }) {
  return html`
    <label class=${className}>
      <span>${label}</span>
      <select value=${current?.id ?? ''} onChange=${(e) => {
        const p = presets.find((x) => x.id === e.currentTarget.value);
        if (p) onPick(p);
      }}>
        <option value="" disabled>Custom</option>
        ${presets.map((p) => html`<option value=${p.id}>${p.name}</option>`)}
      </select>
    </label>`;
}
