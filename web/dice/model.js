// model.js — Battle Dice's editor state: faces as strings of A and D ('' is a
// blank face), presets, and the contest text the state is written as (the
// URL and the solver both take that text; the C parser validates it).
import { toText } from '../../wasm-glue/text.mjs';

export const LIMITS = { maxFaces: 20, maxIcons: 9, maxUnits: 200, maxRolls: 1000 };

export const PRESETS = [
  { id: 'checkio', name: 'CheckiO classic', faces: ['AA', 'A', 'D', 'DD'] },
  { id: 'coin', name: 'Coin: attack or defend', faces: ['A', 'D'] },
  { id: 'skirmish', name: 'Skirmish d6', faces: ['A', 'A', 'AA', 'D', 'AD', ''] },
  { id: 'fortress', name: 'Fortress d6', faces: ['A', 'D', 'DD', 'DD', 'AD', ''] },
  { id: 'berserker', name: 'Berserker d8', faces: ['AAA', 'AA', 'AA', 'A', 'A', 'D', '', ''] },
  { id: 'deadlock', name: 'Deadlock (never ends)', faces: ['AD', 'AD'] },
];

export const DEFAULT_TEXT = 'AA A D DD\n4 4\n';

export function attacks(face) { return (face.match(/A/g) ?? []).length; }
export function defences(face) { return (face.match(/D/g) ?? []).length; }
export function makeFace(a, d) { return 'A'.repeat(a) + 'D'.repeat(d); }

/** The editor state as contest text (two lines, or three with a second die). */
export function diceText(state) {
  return toText.dice({ faces: state.faces1, faces2: state.twoDice ? state.faces2 : null, units: state.units });
}

/**
 * A lenient read of contest text into editor state, or null when it does not
 * look like dice input. Validation (with line and column) is the C parser's job.
 */
export function readDiceText(text) {
  const lines = String(text).split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length < 2 || lines.length > 3) return null;
  const die = (line) => line.split(/[ \t]+/).map((f) => (f === '-' ? '' : f));
  const units = lines[lines.length - 1].split(/[ \t]+/).map(Number);
  const faces1 = die(lines[0]);
  const faces2 = lines.length === 3 ? die(lines[1]) : null;
  const okDie = (fs) => fs.length >= 1 && fs.length <= LIMITS.maxFaces && fs.every((f) => /^[AD]{0,9}$/.test(f));
  if (!okDie(faces1) || (faces2 && !okDie(faces2))) return null;
  if (units.length !== 2 || !units.every((u) => Number.isInteger(u) && u >= 1 && u <= LIMITS.maxUnits)) return null;
  const norm = (fs) => fs.map((f) => makeFace(attacks(f), defences(f)));
  return { faces1: norm(faces1), faces2: faces2 ? norm(faces2) : norm(faces1), twoDice: !!faces2, units };
}

export function describeFace(face) {
  const a = attacks(face);
  const d = defences(face);
  if (!a && !d) return 'blank';
  const parts = [];
  if (a) parts.push(`${a} attack${a > 1 ? 's' : ''}`);
  if (d) parts.push(`${d} defence${d > 1 ? 's' : ''}`);
  return parts.join(', ');
}

/** The URL's `rolls` (stop the battle after that many rolls): 1..maxRolls, null when absent, NaN when unreadable. */
export function readRolls(param) {
  if (param === null || param === undefined || param === '') return null;
  const n = Number(param);
  return /^\d+$/.test(param) && n >= 1 && n <= LIMITS.maxRolls ? n : NaN;
}
