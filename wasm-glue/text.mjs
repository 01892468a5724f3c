// text.mjs — each game's structured input written as its contest text (the
// formats of shared/games.md plus their extensions). The C parser is the one
// source of truth for values, so the structured API, the URL state and the
// editors all go through this text; what is checked here is only the shape:
// every field present and of its kind, and no string that could add a line or
// a token of its own (no whitespace inside a word, a face or a row). A wrong
// shape throws SolverError (code usage) naming the field.
import { codes, SolverError } from './errors.mjs';

function fail(game, message) {
  throw new SolverError(codes.usage, `${game}: ${message}`, 0, 0, 2);
}

const describe = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string'
  ? JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v) : typeof v === 'object' ? 'an object' : String(v));

function object(game, field, v, shape) {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(game, `${field} must be an object ${shape}, got ${describe(v)}`);
  return v;
}

/** A string with no whitespace (one token of the text); empty allowed where allowEmpty. */
function token(game, field, v, allowEmpty = false) {
  if (typeof v !== 'string') fail(game, `${field} must be a string, got ${describe(v)}`);
  if (/\s/.test(v)) fail(game, `${field} must not contain spaces or line breaks, got ${describe(v)}`);
  if (!allowEmpty && v === '') fail(game, `${field} must not be empty`);
  return v;
}

function list(game, field, v, kind, allowEmpty = false) {
  if (v === undefined) fail(game, `${field} is missing (${kind})`);
  if (!Array.isArray(v)) fail(game, `${field} must be ${kind}, got ${describe(v)}`);
  if (!allowEmpty && v.length === 0) fail(game, `${field} must not be empty`);
  return v;
}

function whole(game, field, v) {
  if (v === undefined) fail(game, `${field} is missing (a whole number)`);
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) fail(game, `${field} must be a whole number, got ${describe(v)}`);
  return v;
}

function oneOf(game, field, v, values) {
  if (!values.includes(v)) fail(game, `${field} must be ${values.map((x) => `'${x}'`).join(' or ')}, got ${describe(v)}`);
  return v;
}

export const toText = {
  /** { faces: ['AA','A','D','-'], faces2?: [...], units: [u1, u2] } ('' or '-' is a blank face) */
  dice(input) {
    const { faces, faces2 = null, units } = object('dice', 'the input', input, '{ faces, faces2?, units }');
    const die = (field, fs) => list('dice', field, fs, "an array of faces such as 'AA', 'D' or '-'")
      .map((f, i) => token('dice', `${field}[${i}]`, f, true))
      .map((f) => (f === '' ? '-' : f)).join(' ');
    const lines = [die('faces', faces)];
    if (faces2 !== null) lines.push(die('faces2', faces2));
    list('dice', 'units', units, 'an array of two whole numbers');
    if (units.length !== 2) fail('dice', `units must hold two whole numbers, got ${units.length}`);
    lines.push(`${whole('dice', 'units[0]', units[0])} ${whole('dice', 'units[1]', units[1])}`);
    return lines.join('\n') + '\n';
  },

  /** { board: ['JJD', 'D.J'], aJ, aD, toMove?: 'J'|'D' } ('.' is an empty cell) */
  hopchess(input) {
    const { board, aJ, aD, toMove = 'J' } = object('hopchess', 'the input', input, '{ board, aJ, aD, toMove? }');
    list('hopchess', 'board', board, "an array of rows such as 'JJD'")
      .forEach((row, i) => token('hopchess', `board[${i}]`, row));
    const aj = whole('hopchess', 'aJ', aJ);
    const ad = whole('hopchess', 'aD', aD);
    oneOf('hopchess', 'toMove', toMove, ['J', 'D']);
    return `${board.length} ${board[0].length}\n${board.join('\n')}\n${aj} ${ad}${toMove === 'D' ? ' D' : ''}\n`;
  },

  /** { grid: ['T.E', '.#.'], k } */
  escape(input) {
    const { grid, k } = object('escape', 'the input', input, '{ grid, k }');
    list('escape', 'grid', grid, "an array of rows such as 'T.E'").forEach((row, i) => token('escape', `grid[${i}]`, row));
    return `${grid.length} ${grid[0].length} ${whole('escape', 'k', k)}\n${grid.join('\n')}\n`;
  },

  /**
   * { team: 'R'|'B', words: [...], identities: ['R','B','I','A',...], revealed?: [bool...],
   *   hints: [{ label?, words: [...] }] } — a revealed card's identity is written lowercase.
   */
  codenames(input) {
    const { team, words, identities, revealed = [], hints } = object('codenames', 'the input', input,
      '{ team, words, identities, revealed?, hints }');
    oneOf('codenames', 'team', team, ['R', 'B']);
    list('codenames', 'words', words, 'an array of words').forEach((w, i) => token('codenames', `words[${i}]`, w));
    list('codenames', 'identities', identities, "an array of 'R', 'B', 'I' or 'A', one per word")
      .forEach((id, i) => token('codenames', `identities[${i}]`, id));
    if (identities.length !== words.length) {
      fail('codenames', `identities must have one entry per word (${words.length}), got ${identities.length}`);
    }
    list('codenames', 'revealed', revealed, 'an array of true/false, one per word', true).forEach((r, i) => {
      if (typeof r !== 'boolean') fail('codenames', `revealed[${i}] must be true or false, got ${describe(r)}`);
    });
    const hintLines = list('codenames', 'hints', hints, 'an array of { label?, words }', true).map((h, i) => {
      object('codenames', `hints[${i}]`, h, '{ label?, words }');
      const label = h.label ?? ''; // undefined, null or '': no label
      token('codenames', `hints[${i}].label`, label, true);
      const ws = list('codenames', `hints[${i}].words`, h.words, 'an array of words')
        .map((w, j) => token('codenames', `hints[${i}].words[${j}]`, w));
      return `${label ? `${label}: ` : ''}${ws.length} ${ws.join(' ')}`;
    });
    const ids = identities.map((id, i) => (revealed[i] ? id.toLowerCase() : id.toUpperCase()));
    return [`${words.length} ${team}`, words.join(' '), ids.join(' '), String(hints.length), ...hintLines].join('\n') + '\n';
  },
};
