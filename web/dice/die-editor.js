// die-editor.js — edits one die: a row of faces, each with attack and
// defence steppers, duplicate and remove; add a face; load a preset.
// Everything is a real button, so it works from the keyboard and reads well
// to screen readers ("Face 2: 1 attack. Add attack").
import { html } from '../deps.js';
import { PresetSelect } from '../components/preset-select.js';
import { attacks, defences, describeFace, LIMITS, makeFace, PRESETS } from './model.js';

function Icons({ face }) {
  const a = attacks(face);
  const d = defences(face);
  if (!a && !d) return html`<span class="face-blank" aria-hidden="true">blank</span>`;
  return html`<span class="icons" aria-hidden="true">${Array.from({ length: a }, () => html`<span class="pip a">A</span>`)}${Array.from({ length: d }, () => html`<span class="pip d">D</span>`)}</span>`;
}

function Face({ face, index, die, update, canRemove, canAdd }) {
  const a = attacks(face);
  const d = defences(face);
  const n = `Face ${index + 1}`;
  const set = (na, nd) => update((fs) => fs.map((f, i) => (i === index ? makeFace(na, nd) : f)));
  const full = a + d >= LIMITS.maxIcons;
  return html`
    <li class="face" aria-label=${`${die} ${n}: ${describeFace(face)}`}>
      <div class="face-top"><span class="face-no">${index + 1}</span><${Icons} face=${face} /></div>
      <div class="stepper" role="group" aria-label=${`${n} attacks`}>
        <button type="button" aria-label=${`${n}: remove an attack`} disabled=${a === 0} onClick=${() => set(a - 1, d)}>−</button>
        <span class="count">${a} att</span>
        <button type="button" aria-label=${`${n}: add an attack`} disabled=${full} onClick=${() => set(a + 1, d)}>+</button>
      </div>
      <div class="stepper" role="group" aria-label=${`${n} defences`}>
        <button type="button" aria-label=${`${n}: remove a defence`} disabled=${d === 0} onClick=${() => set(a, d - 1)}>−</button>
        <span class="count">${d} def</span>
        <button type="button" aria-label=${`${n}: add a defence`} disabled=${full} onClick=${() => set(a, d + 1)}>+</button>
      </div>
      <div class="face-actions">
        <button type="button" class="small" aria-label=${`Duplicate face ${index + 1}`} disabled=${!canAdd}
          onClick=${() => update((fs) => [...fs.slice(0, index + 1), face, ...fs.slice(index + 1)])}>Duplicate</button>
        <button type="button" class="small" aria-label=${`Remove face ${index + 1}`} disabled=${!canRemove}
          onClick=${() => update((fs) => fs.filter((_, i) => i !== index))}>Remove</button>
      </div>
    </li>`;
}

export function DieEditor({ title, faces, onChange }) {
  const update = (fn) => onChange(fn(faces));
  const canAdd = faces.length < LIMITS.maxFaces;
  const preset = PRESETS.find((p) => p.faces.join(' ') === faces.join(' '));
  return html`
    <fieldset class="die-editor">
      <legend>${title} <span class="muted">(${faces.length} face${faces.length === 1 ? '' : 's'})</span></legend>
      <div class="row">
        <${PresetSelect} label="Preset" className="" presets=${PRESETS} current=${preset} onPick=${(p) => onChange([...p.faces])} />
        <button type="button" disabled=${!canAdd} onClick=${() => update((fs) => [...fs, 'A'])}>Add face</button>
      </div>
      <ol class="faces">
        ${faces.map((f, i) => html`<${Face} key=${i} face=${f} index=${i} die=${title} update=${update}
          canRemove=${faces.length > 1} canAdd=${canAdd} />`)}
      </ol>
    </fieldset>`;
}
