// use-edits.js — undo and redo of a tool's edits. A tool's whole state is its
// URL params (route.js), so an edit is a change of them and undoing it puts
// the earlier params back. Play moves (params h and m) are not edits: the play
// has its own Undo, and the solver's automatic replies must not be undone
// into a position where it would reply again. Edits in quick succession with
// the same control (a word typed, a drag painting cells) are one step. Kept
// per tool, in memory: a reload keeps the state (it is in the URL), not the
// steps.

import { useRef } from '../deps.js';

const PLAY = new Set(['h', 'm']);
const BURST_MS = 1000; // edits with one control closer than this to the one before are one step
const LIMIT = 100; // steps kept per tool

/** The params of a query string that are edits, in a comparable form. */
function editPart(query) {
  const p = new URLSearchParams(query);
  for (const k of PLAY) p.delete(k);
  p.sort();
  return p.toString();
}

/** One step from one stack to the other: the params to go to, or null; the current ones go on `to`. */
function step(h, current, from, to) {
  if (!from.length) return null;
  to.push(current);
  h.at = -Infinity; // the next edit starts a step of its own
  h.by = null;
  return from.pop();
}

/**
 * For the tool `id` whose params are now `current` (a query string): record(next, now, by) before they
 * become next (by: the control that made the edit, the focused element by default); undo() and redo()
 * give the params to go to (or null); canUndo, canRedo; left(): the steps there are now each way.
 */
export function useEdits(id, current) {
  const all = useRef(new Map());
  if (!all.current.has(id)) all.current.set(id, { past: [], future: [], at: -Infinity, by: null });
  const h = all.current.get(id);
  return {
    canUndo: h.past.length > 0,
    canRedo: h.future.length > 0,
    left: () => ({ undo: h.past.length, redo: h.future.length }),
    record(next, now = Date.now(), by = globalThis.document?.activeElement ?? null) {
      if (editPart(next) === editPart(current)) return;
      const burst = now - h.at <= BURST_MS && by !== null && by === h.by && by !== by.ownerDocument.body;
      if (!burst || h.past.length === 0) {
        h.past.push(current);
        if (h.past.length > LIMIT) h.past.shift();
      }
      h.future = [];
      h.at = now;
      h.by = by;
    },
    undo: () => step(h, current, h.past, h.future),
    redo: () => step(h, current, h.future, h.past),
  };
}

/** Whether a key event's target edits text itself (its own undo): text fields, selects, contenteditable. */
export function editsText(el) {
  if (!el || el.nodeType !== 1) return false;
  if (el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  return el.tagName === 'INPUT' && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(el.type);
}
