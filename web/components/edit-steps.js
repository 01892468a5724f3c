// edit-steps.js — the Undo and Redo buttons of a tool's edits (lib/use-edits.js;
// "edit": a play has its own Undo), with the line a screen reader is told. The
// app puts them beside the tool's title (shell.js), a widget's full view at its
// top (embed/widget-views.js).
import { html } from '../deps.js';

export function EditSteps({ edits, step, said }) {
  return html`
    <div class="edit-steps" role="group" aria-label="Edits">
      <button type="button" aria-label="Undo edit" title="Undo the last edit (Ctrl+Z)" aria-keyshortcuts="Control+Z Meta+Z"
        disabled=${!edits.canUndo} onClick=${() => step(true)}><span aria-hidden="true">↶</span><span class="word" aria-hidden="true"> Undo</span></button>
      <button type="button" aria-label="Redo edit" title="Redo the edit (Ctrl+Shift+Z)" aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
        disabled=${!edits.canRedo} onClick=${() => step(false)}><span aria-hidden="true">↷</span><span class="word" aria-hidden="true"> Redo</span></button>
      <span class="sr-only" aria-live="polite">${said}</span>
    </div>`;
}
