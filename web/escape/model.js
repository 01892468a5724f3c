// model.js — Board Escape's editor state and the text it is written as.
// State: { rows, cols, k, cells } with cells a row-major string of E T # .
// The URL holds the contest text with long runs packed (`12.` for twelve
// empty cells) so a 50 x 50 board stays short; plain text is accepted too and
// is what the solver, the Contest input box and Copy see. Play mode is a list
// of moves from the contest position (param `m`, e.g. `0r1u`: token 0 right,
// token 1 up), replayed here to get each token's place and remaining counter.
import { toText } from '../../wasm-glue/text.mjs';

export const LIMITS = { editSide: 50, maxSide: 1000, maxK: 1_000_000_000 };
export const CELL_NAMES = { E: 'exit', T: 'token', '#': 'obstacle', '.': 'empty' };

export const EXAMPLES = [
  { id: 'ex1', name: '1 × 2, K = 2: step onto the exit', text: '1 2 2\nTE\n', answer: 'Alice' },
  { id: 'ex2', name: '1 × 3, K = 1: the token dies', text: '1 3 1\n.T.\n', answer: 'Alice' },
  { id: 'ex3', name: '1 × 3, K = 2', text: '1 3 2\n.T.\n', answer: 'Bob' },
  { id: 'ex4', name: '1 × 1, K = 5: no move', text: '1 1 5\nT\n', answer: 'Bob' },
  { id: 'ex5', name: '2 × 2, K = 3: boxed in', text: '2 2 3\nT#\n#.\n', answer: 'Bob' },
  { id: 'ex6', name: '3 × 3, K = 4: around the wall', text: '3 3 4\nT..\n.#.\n..E\n', answer: 'Bob' },
  { id: 'ex7', name: '2 × 3, K = 10⁹: two equal tokens', text: '2 3 1000000000\nT.T\n.E.\n', answer: 'Bob' },
  {
    id: 'room', name: '8 × 10 room, three tokens, K = 8',
    text: '8 10 8\n#.#....#..\n..ETE..#..\n#TT....E.#\n....E..#..\n.......#..\n...##.#.#.\n....#....#\n#...E...##\n',
  },
  { id: 'period', name: '1 × 3, pre-period 3: ..E', text: '1 3 6\nT.E\n' },
];

export const DEFAULT_TEXT = EXAMPLES[7].text;

export const DIRS = {
  u: { name: 'up', dr: -1, dc: 0, arrow: '↑' },
  d: { name: 'down', dr: 1, dc: 0, arrow: '↓' },
  l: { name: 'left', dr: 0, dc: -1, arrow: '←' },
  r: { name: 'right', dr: 0, dc: 1, arrow: '→' },
};

/** The editor state as plain contest text. */
export function escapeText(s) {
  const grid = [];
  for (let r = 0; r < s.rows; r++) grid.push(s.cells.slice(r * s.cols, (r + 1) * s.cols));
  return toText.escape({ grid, k: s.k });
}

// ---- run-length packing of the board rows (URL only) ----

const PACKED_ROW = /^(?:\d*[ET#.])+$/;

/** `..........T` -> `10.T`: runs of 4 or more of a cell become count + cell. */
export function packRow(row) {
  return row.replace(/([ET#.])\1{3,}/g, (run, c) => `${run.length}${c}`);
}

/** Expands packed rows; lines that are not packed rows are left as they are. */
export function unpackText(text) {
  const lines = String(text).split('\n');
  return lines.map((line, i) => {
    if (i === 0 || !/\d/.test(line) || !PACKED_ROW.test(line.trimEnd())) return line;
    return line.trimEnd().replace(/(\d+)([ET#.])/g, (m, n, c) => {
      const count = Number(n);
      return count > 0 && count <= LIMITS.maxSide ? c.repeat(count) : m;
    });
  }).join('\n');
}

/** The URL form of a state: contest text with packed rows. */
export function packState(s) {
  const rows = [];
  for (let r = 0; r < s.rows; r++) rows.push(packRow(s.cells.slice(r * s.cols, (r + 1) * s.cols)));
  return `${s.rows} ${s.cols} ${s.k}\n${rows.join('\n')}\n`;
}

/**
 * A lenient read of contest text (plain or packed) into editor state, or null
 * when it is not a valid board. The C parser is the judge: it reports errors
 * with line and column; this only decides what the editor can show.
 */
export function readEscapeText(text) {
  const lines = unpackText(String(text).replace(/\r/g, '')).split('\n').map((l) => l.trim());
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  if (!lines.length) return null;
  const head = lines[0].split(/\s+/);
  if (head.length !== 3 || !head.every((x) => /^\d+$/.test(x))) return null;
  const [rows, cols, k] = head.map(Number);
  if (rows < 1 || cols < 1 || rows > LIMITS.maxSide || cols > LIMITS.maxSide || k < 1 || k > LIMITS.maxK) return null;
  if (lines.length !== rows + 1) return null;
  const body = lines.slice(1);
  if (!body.every((l) => l.length === cols && /^[ET#.]*$/.test(l))) return null;
  return { rows, cols, k, cells: body.join('') };
}

/** What goes into the URL after a Load: packed when valid, else the raw text (so the error shows). */
export function urlTextFor(text) {
  const s = readEscapeText(text);
  return s ? packState(s) : String(text);
}

export function resize(s, rows, cols) {
  let cells = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) cells += r < s.rows && c < s.cols ? s.cells[r * s.cols + c] : '.';
  }
  return { ...s, rows, cols, cells };
}

export function paint(cells, indices, ch) {
  const a = cells.split('');
  let changed = false;
  for (const i of indices) if (a[i] !== ch) { a[i] = ch; changed = true; }
  return changed ? a.join('') : cells;
}

export function cellName(r, c) { return `row ${r + 1}, column ${c + 1}`; }

// ---- play: tokens, moves, Grundy values ----

/** The tokens of the contest position, numbered row-major as the solver does. */
export function initialTokens(s) {
  const out = [];
  for (let i = s.cells.indexOf('T'); i !== -1; i = s.cells.indexOf('T', i + 1)) {
    out.push({ id: out.length, row: Math.floor(i / s.cols), col: i % s.cols, k: s.k, gone: null });
  }
  return out;
}

export function encodeMoves(moves) { return moves.map((m) => `${m.token}${m.dir}`).join(''); }

/** `0r12u` -> [{token:0,dir:'r'},{token:12,dir:'u'}], or null when it does not read. */
export function decodeMoves(str) {
  if (!str) return [];
  if (!/^(?:\d+[udlr])+$/.test(str)) return null;
  return [...str.matchAll(/(\d+)([udlr])/g)].map((m) => ({ token: Number(m[1]), dir: m[2] }));
}

/** Where a move takes a token: { row, col, exits } or null when it is not legal. */
export function target(s, t, dir) {
  if (t.gone) return null;
  const d = DIRS[dir];
  const row = t.row + d.dr;
  const col = t.col + d.dc;
  if (row < 0 || col < 0 || row >= s.rows || col >= s.cols) return null;
  const ch = s.cells[row * s.cols + col];
  if (ch === '#') return null;
  return { row, col, exits: ch === 'E' };
}

export function legalMoves(s, tokens) {
  const out = [];
  for (const t of tokens) {
    for (const dir of 'udlr') {
      const to = target(s, t, dir);
      if (to) out.push({ token: t.id, dir, ...to });
    }
  }
  return out;
}

/** The tokens after one move (a new array; the moved token is copied). */
export function applyMove(s, tokens, move) {
  const t = tokens[move.token];
  const to = t && target(s, t, move.dir);
  if (!to) return null;
  const next = tokens.slice();
  const k = to.exits ? t.k : t.k - 1;
  next[move.token] = { ...t, row: to.row, col: to.col, k, gone: to.exits ? 'exit' : k === 0 ? 'zero' : null };
  return next;
}

/**
 * Replays the moves from the contest position. Returns the positions after
 * each move (positions[0] is the start) and how many moves were legal.
 */
export function replay(s, moves) {
  const positions = [initialTokens(s)];
  for (const m of moves) {
    const next = applyMove(s, positions[positions.length - 1], m);
    if (!next) break;
    positions.push(next);
  }
  return { positions, legal: positions.length - 1 };
}

/** The board for the Grundy maps: tokens do not change g, so they are left out. */
export function mapKey(s) { return `${s.rows} ${s.cols}\n${s.cells.replace(/T/g, '.')}`; }

export function mapText(s, k) {
  const board = s.cells.replace(/T/g, '.');
  return escapeText({ ...s, cells: board, k });
}

/** g_k at a cell from a map (R strings of 0..4, E, #); g_0 = 0 and an exit counts 0. */
export function grundyAt(maps, k, row, col) {
  if (k <= 0) return 0;
  const m = maps.get(k);
  if (!m) return undefined;
  const ch = m[row][col];
  return ch >= '0' && ch <= '4' ? ch.charCodeAt(0) - 48 : 0;
}

/** The counters whose maps a position needs: each live token's k, and k - 1 for the replies. */
export function neededKs(tokens, withReplies) {
  const ks = new Set();
  for (const t of tokens) {
    if (t.gone) continue;
    ks.add(t.k);
    if (withReplies && t.k > 1) ks.add(t.k - 1);
  }
  return [...ks].sort((a, b) => a - b);
}

/**
 * The position's value and the best move for the player to move: a move that
 * makes the XOR 0 if there is one, else the first legal move. Returns
 * { xor, values, move, winning } or null while a map is missing.
 */
export function analysePosition(s, tokens, maps) {
  const values = [];
  let xor = 0;
  for (const t of tokens) {
    if (t.gone) { values.push(null); continue; }
    const g = grundyAt(maps, t.k, t.row, t.col);
    if (g === undefined) return null;
    values.push(g);
    xor ^= g;
  }
  const moves = legalMoves(s, tokens);
  let move = null;
  let winning = false;
  if (xor !== 0) {
    for (const m of moves) {
      const t = tokens[m.token];
      const after = m.exits || t.k === 1 ? 0 : grundyAt(maps, t.k - 1, m.row, m.col);
      if (after === undefined) return null;
      if (after === (xor ^ values[m.token])) { move = m; winning = true; break; }
    }
  }
  if (!move && moves.length) move = moves[0];
  return { xor, values, move, winning, moveCount: moves.length };
}

/** "2 xor 3 xor 1 = 0" for up to a dozen values; a tally beyond. */
export function xorWords(values) {
  const xor = values.reduce((a, b) => a ^ b, 0);
  if (values.length <= 12) return `${values.join(' xor ')} = ${xor}`;
  const tally = [0, 0, 0, 0, 0];
  for (const v of values) tally[v]++;
  const parts = tally.map((n, v) => (n ? `${n.toLocaleString('en-US')} × ${v}` : null)).filter(Boolean);
  return `${parts.join(', ')} — pairs of equal values cancel, so only the values appearing an odd number of times count — XOR = ${xor}`;
}

export function listWords(values) {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
}
