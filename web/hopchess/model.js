// model.js — Hop chess editor state and the rules the page needs without the
// solver: the state <-> contest text (the URL and the solver both take that
// text; the C parser validates it), a lenient reader, cell names, legal moves
// and playing one, the move history kept in the URL, and the model's random
// move from an optimal proposal set.
//
// State: { rows, cols, cells: ['J'|'D'|'.', ...] row-major, toMove: 'J'|'D', aJ, aD }.
import { toText } from '../../wasm-glue/text.mjs';

export const LIMITS = { maxSide: 6, maxCells: 20, slowCells: 16, maxFactor: 1000, maxSweep: 13 };
export const DEFAULT_SWEEP = 8;

export const PRESETS = [
  { id: 'sample1', name: 'Contest sample 1 (1×3)', text: '1 3\nJJD\n3 1\n' },
  { id: 'sample2', name: 'Contest sample 2 (2×2)', text: '2 2\nJJ\nDD\n3 1\n' },
  { id: 'tie', name: 'A tie at the cut (3×3)', text: '3 3\nJD.\nDJD\nJJD\n3 2\n' },
  { id: 'cross', name: 'Cross, Donald to move', text: '3 3\n.J.\nJDJ\n.D.\n2 2 D\n' },
  { id: 'checker', name: 'Checkerboard 3×4', text: '3 4\nJDJD\nDJDJ\nJDJD\n3 2\n' },
  { id: 'stripes', name: 'Heaviest 4×4 (slow)', text: '4 4\nJJDD\nDDJJ\nJJDD\nDDJJ\n3 2\n' },
];

export const DEFAULT_TEXT = '3 3\nJD.\nDJD\nJJD\n3 2\n';

export const NAMES = { J: 'Justin', D: 'Donald', '.': 'empty' };
export const other = (side) => (side === 'J' ? 'D' : 'J');

/** The state as contest text (with the '.' and side-to-move extensions when used). */
export function hopText(s) {
  const board = [];
  for (let r = 0; r < s.rows; r++) board.push(s.cells.slice(r * s.cols, (r + 1) * s.cols).join(''));
  return toText.hopchess({ board, aJ: s.aJ, aD: s.aD, toMove: s.toMove });
}

/**
 * A lenient read of contest text into editor state, or null when it does not
 * look like a hop chess board the editor can hold. Errors with line and column
 * are the C parser's job.
 */
export function readHopText(text) {
  const lines = String(text).split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length < 3) return null;
  const [r, c] = lines[0].split(/[ \t]+/).map(Number);
  if (!Number.isInteger(r) || !Number.isInteger(c) || r < 1 || c < 1) return null;
  if (r > LIMITS.maxSide || c > LIMITS.maxSide || r * c > LIMITS.maxCells) return null;
  if (lines.length !== r + 2) return null;
  const rowsText = lines.slice(1, r + 1);
  if (!rowsText.every((l) => l.length === c && /^[JD.]+$/.test(l))) return null;
  const last = lines[r + 1].split(/[ \t]+/);
  if (last.length < 2 || last.length > 3) return null;
  const [aJ, aD] = last.slice(0, 2).map(Number);
  const okFactor = (a) => Number.isInteger(a) && a >= 1 && a <= LIMITS.maxFactor;
  if (!okFactor(aJ) || !okFactor(aD)) return null;
  const toMove = last[2] ?? 'J';
  if (toMove !== 'J' && toMove !== 'D') return null;
  return { rows: r, cols: c, cells: rowsText.join('').split(''), toMove, aJ, aD };
}

/** Column letters and row numbers, row 1 at the top: "b2". */
export function cellName(cols, i) {
  return `${String.fromCharCode(97 + (i % cols))}${Math.floor(i / cols) + 1}`;
}

export function rcIndex(cols, { row, col }) {
  return row * cols + col;
}

/** Resizes keeping the top-left cells; new cells get a J/D checkerboard. */
export function resize(s, rows, cols) {
  const cells = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      cells.push(r < s.rows && c < s.cols ? s.cells[r * s.cols + c] : ((r + c) % 2 ? 'D' : 'J'));
    }
  }
  return { ...s, rows, cols, cells };
}

export const CYCLE = { J: 'D', D: '.', '.': 'J' };

/** Legal moves of the side to move: [from, to] cell indices. */
export function legalMoves(s) {
  const out = [];
  for (let i = 0; i < s.cells.length; i++) {
    if (s.cells[i] !== s.toMove) continue;
    const r = Math.floor(i / s.cols);
    const c = i % s.cols;
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      const rr = r + dr;
      const cc = c + dc;
      if (rr < 0 || rr >= s.rows || cc < 0 || cc >= s.cols) continue;
      const j = rr * s.cols + cc;
      if (s.cells[j] !== '.') out.push([i, j]);
    }
  }
  return out;
}

export function isLegal(s, from, to) {
  return legalMoves(s).some(([f, t]) => f === from && t === to);
}

/** The position after a move: the piece moves, the captured piece goes, the other side moves. */
export function applyMove(s, from, to) {
  const cells = [...s.cells];
  cells[to] = cells[from];
  cells[from] = '.';
  return { ...s, cells, toMove: other(s.toMove) };
}

export function samePosition(a, b) {
  return a.rows === b.rows && a.cols === b.cols && a.toMove === b.toMove && a.cells.join('') === b.cells.join('');
}

// ---- history in the URL ------------------------------------------------
// Param `h` = "<start rows joined by '/'>:<side>;<from-to,from-to,...>[;<at>]":
// the start position, every move played from it (undone ones included, for
// redo) and how many are applied now (omitted when all are).

export function historyParam(h) {
  if (!h || h.moves.length === 0) return undefined;
  const rows = [];
  for (let r = 0; r < h.start.rows; r++) rows.push(h.start.cells.slice(r * h.start.cols, (r + 1) * h.start.cols).join(''));
  const moves = h.moves.map(([f, t]) => `${f}-${t}`).join(',');
  return `${rows.join('/')}:${h.start.toMove};${moves}${h.at < h.moves.length ? `;${h.at}` : ''}`;
}

/** Reads `h` against the current state; null when absent, malformed or not leading to it. */
export function readHistory(param, current) {
  if (!param || !current) return null;
  const m = /^([JD.]+(?:\/[JD.]+)*):([JD]);(\d+-\d+(?:,\d+-\d+)*)(?:;(\d+))?$/.exec(param);
  if (!m) return null;
  const rows = m[1].split('/');
  if (rows.length !== current.rows || rows.some((r) => r.length !== current.cols)) return null;
  const start = { ...current, cells: rows.join('').split(''), toMove: m[2] };
  const moves = m[3].split(',').map((p) => p.split('-').map(Number));
  const at = m[4] === undefined ? moves.length : Number(m[4]);
  if (at > moves.length) return null;
  let s = start;
  const positions = [start];
  for (const [f, t] of moves) {
    if (!isLegal(s, f, t)) return null;
    s = applyMove(s, f, t);
    positions.push(s);
  }
  if (!samePosition(positions[at], current)) return null;
  return { start, moves, at, positions };
}

/** The history after playing from->to in the current state (redo moves are dropped). */
export function pushMove(h, current, from, to) {
  const base = h ?? { start: current, moves: [], at: 0 };
  return { start: base.start, moves: [...base.moves.slice(0, base.at), [from, to]], at: base.at + 1 };
}

/** Position after the first `at` moves of a history. */
export function positionAt(h, at, factors) {
  let s = { ...h.start, aJ: factors.aJ, aD: factors.aD };
  for (const [f, t] of h.moves.slice(0, at)) s = applyMove(s, f, t);
  return s;
}

/**
 * The model's move: a uniformly random member of a random optimal proposal set
 * (every 'in' move, plus a random choice among the 'tied' ones to fill it).
 */
export function modelMove(result, rand = Math.random) {
  const inMoves = result.moves.filter((m) => m.status === 'in');
  const tied = result.moves.filter((m) => m.status === 'tied');
  const need = Math.max(0, result.proposalSize - inMoves.length);
  const pool = [...tied];
  for (let i = pool.length - 1; i > 0; i--) { // Fisher-Yates
    const j = Math.floor(rand() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const set = [...inMoves, ...pool.slice(0, need)];
  if (!set.length) return null;
  return { move: set[Math.floor(rand() * set.length)], set };
}
