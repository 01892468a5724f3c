// use-edits.js — undo and redo of a tool's edits. A tool's whole state is its
// URL params (route.js), so an edit is a change of them and undoing it puts
// the earlier params back. Play moves (params h and m) are not edits: the play
// has its own Undo, and the solver's automatic replies must not be undone
// into a position where it would reply again. Edits in quick succession with
// the same control (a word typed, a drag painting cells) are one step. Kept
// per tool, and in the tab's sessionStorage so that a reload keeps the steps
// as it keeps the state (the URL); past LIMIT steps or CHARS characters (a big
// Board Escape board is a long address) the farthest go first. A widget's
// full view (embed/widget-views.js) keeps its steps in memory only: its state
// starts from its text on every load.

import { useRef, useState } from '../deps.js';

const PLAY = new Set(['h', 'm']);
const BURST_MS = 1000; // edits with one control closer than this to the one before are one step
const LIMIT = 100; // steps kept per tool
const CHARS = 1_000_000; // characters of steps kept per tool

function storage() {
  try {
    return globalThis.sessionStorage ?? null; // none in the prerender; a throw where storage is blocked
  } catch {
    return null;
  }
}

/** The steps a reload left for tool id (sessionStorage), or none. */
function restore(id) {
  if (id === null) return { past: [], future: [] };
  try {
    const got = JSON.parse(storage()?.getItem(`winrate-edits-${id}`) ?? 'null');
    if (Array.isArray(got?.past) && Array.isArray(got?.future) && [...got.past, ...got.future].every((q) => typeof q === 'string')) {
      return { past: got.past, future: got.future };
    }
  } catch { /* unreadable: none */ }
  return { past: [], future: [] };
}

/** Drops h's farthest steps past LIMIT steps or CHARS characters, then keeps the rest for a reload. */
function save(id, h) {
  let chars = [...h.past, ...h.future].reduce((n, q) => n + q.length, 0);
  while ((h.past.length + h.future.length > LIMIT || chars > CHARS) && h.past.length + h.future.length > 0) {
    chars -= (h.past.length ? h.past.shift() : h.future.shift()).length;
  }
  if (id === null) return;
  try {
    storage()?.setItem(`winrate-edits-${id}`, JSON.stringify({ past: h.past, future: h.future }));
  } catch { /* full or blocked: the steps stay in memory */ }
}

/** The params of a query string that are edits, in a comparable form. */
function editPart(query) {
  const p = new URLSearchParams(query);
  for (const k of PLAY) p.delete(k);
  p.sort();
  return p.toString();
}

/** One step from one stack to the other: the params to go to, or null; the current ones go on `to`. */
function step(id, h, current, from, to) {
  if (!from.length) return null;
  to.push(current);
  h.at = -Infinity; // the next edit starts a step of its own
  h.by = null;
  const query = from.pop();
  save(id, h);
  return query;
}

/**
 * For the tool `id`, whose params are `current` (a query string) when each is called: record(current, next,
 * now, by) before they become next (by: the control that made the edit, the focused element by default);
 * undo(current) and redo(current) give the params to go to (or null); canUndo, canRedo; left(): the steps
 * there are now each way. The caller reads current where it is kept (the URL), not from its last render:
 * two Ctrl+Z before a render must not both see the params from before the first. id null: kept in memory only.
 */
export function useEdits(id) {
  const all = useRef(new Map());
  if (!all.current.has(id)) all.current.set(id, { ...restore(id), at: -Infinity, by: null });
  const h = all.current.get(id);
  return {
    canUndo: h.past.length > 0,
    canRedo: h.future.length > 0,
    left: () => ({ undo: h.past.length, redo: h.future.length }),
    record(current, next, now = Date.now(), by = globalThis.document?.activeElement ?? null) {
      if (editPart(next) === editPart(current)) return;
      const burst = now - h.at <= BURST_MS && by !== null && by === h.by && by !== by.ownerDocument.body;
      if (!burst || h.past.length === 0) h.past.push(current);
      h.future = [];
      h.at = now;
      h.by = by;
      save(id, h);
    },
    undo: (current) => step(id, h, current, h.past, h.future),
    redo: (current) => step(id, h, current, h.future, h.past),
  };
}

/**
 * [step(back), said, change(next, by)] for edits, now() giving the params now and go(query) going to others: step
 * goes one edit back (or forward); said: what a screen reader is told, a count that changes so that each step is
 * said; change records an edit to the params next (a query string; by: as record's) and goes there.
 */
export function useEditSteps(edits, now, go) {
  const [said, setSaid] = useState('');
  const change = (next, by) => {
    edits.record(now(), next, Date.now(), by);
    go(next);
  };
  const step = (back) => {
    const query = back ? edits.undo(now()) : edits.redo(now());
    if (query === null) return;
    go(query);
    const left = back ? edits.left().undo : edits.left().redo;
    setSaid(`${back ? 'Edit undone' : 'Edit redone'}; ${left || 'no'} more to ${back ? 'undo' : 'redo'}.`);
  };
  return [step, said, change];
}

/** A keydown for step: Ctrl+Z (Cmd+Z) back, Ctrl+Shift+Z and Ctrl+Y forward, except where a text field has its own undo. */
export function onEditKey(e, step) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || editsText(e.target)) return;
  const k = e.key.toLowerCase();
  if (k !== 'z' && k !== 'y') return;
  e.preventDefault();
  step(k === 'z' && !e.shiftKey);
}

/** Whether a key event's target edits text itself (its own undo): text fields, selects, contenteditable. */
export function editsText(el) {
  if (!el || el.nodeType !== 1) return false;
  if (el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  return el.tagName === 'INPUT' && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(el.type);
}
