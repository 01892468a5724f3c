// hostile.test.mjs — the JS API's door (issue 18): bad options, bad games, bad
// inputs and oversize text are refused with a SolverError naming what is
// wrong, before anything reaches C, and the solver keeps answering. Each case
// runs once on a fresh solver and once more in sequence on one shared solver.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codes, load, SolverError } from '../winrate.mjs';

const SAMPLE = '1 3\nJJD\n3 1\n';

/** [name, call(solver), message pattern, code] */
const CASES = [
  ['a sweep far out of range (it overflowed in C)', (s) => s.solveText('hopchess', SAMPLE, { sweep: 70000 }), /sweep needs a whole number from 1 to 1000, got 70000/],
  ['sweep 0', (s) => s.solveText('hopchess', SAMPLE, { sweep: 0 }), /sweep needs a whole number from 1 to 1000/],
  ['sweep 2.5', (s) => s.solveText('hopchess', SAMPLE, { sweep: 2.5 }), /sweep needs a whole number/],
  ['sweep on dice', (s) => s.solveText('dice', 'A D\n4 3\n', { sweep: 3 }), /sweep applies to hopchess only/],
  ['rolls on hopchess', (s) => s.solveText('hopchess', SAMPLE, { rolls: 5 }), /rolls applies to dice only/],
  ...[0, 2.5, '5', 1001, -1, NaN].map((v) => [`rolls ${JSON.stringify(v)}`, (s) => s.solveText('dice', 'A D\n4 3\n', { rolls: v }),
    /rolls needs a whole number from 1 to 1000/]),
  ['ownHintsOnly on dice', (s) => s.solveText('dice', 'A D\n4 3\n', { ownHintsOnly: true }), /own-hints-only applies to codenames only/],
  ['ownHintsOnly "yes"', (s) => s.solveText('codenames', 'x', { ownHintsOnly: 'yes' }), /ownHintsOnly needs true or false, got "yes"/],
  ...[NaN, 2.7, '5', -2, 18, -1].map((v) => [`digits ${String(v)}`, (s) => s.solveText('dice', 'A D\n4 3\n', { digits: v }),
    /digits needs a whole number from 0 to 17/]),
  ...[-1, NaN, 0.5, '64', 0].map((v) => [`memoryMb ${String(v)}`, (s) => s.solveText('dice', 'A D\n4 3\n', { memoryMb: v }),
    /memoryMb needs a size in MB from 1 to 1048576/]),
  ['a misspelt option', (s) => s.solveText('dice', 'A D\n4 3\n', { digit: 5 }), /unknown option "digit"/],
  ['options that are not an object', (s) => s.solveText('dice', 'A D\n4 3\n', 5), /options must be an object/],
  ...[undefined, null, 'free', 'toString', '__proto__', 42].map((g) => [`game ${String(g)}`, (s) => s.solveText(g, 'A D\n4 3\n'),
    /unknown game .* \(the games: hopchess, codenames, escape, dice\)/]),
  ...[undefined, null, 42, {}].map((t) => [`text ${JSON.stringify(t) ?? 'undefined'}`, (s) => s.solveText('dice', t),
    /the input must be the contest text \(a string\)/]),
  ['dice(null)', (s) => s.dice(null), /dice: the input must be an object \{ faces, faces2\?, units \}, got null/],
  ['dice without units', (s) => s.dice({ faces: ['A', 'D'] }), /dice: units is missing/],
  ['dice with a face that is not a string', (s) => s.dice({ faces: ['A', 3], units: [1, 1] }), /dice: faces\[1\] must be a string, got 3/],
  ['dice with a line break inside a face', (s) => s.dice({ faces: ['A\n3 3'], units: [1, 1] }), /faces\[0\] must not contain spaces or line breaks/],
  ['dice with units as strings', (s) => s.dice({ faces: ['A', 'D'], units: ['4', '3'] }), /units\[0\] must be a whole number, got "4"/],
  ['escape without a grid', (s) => s.escape({ k: 3 }), /escape: grid is missing/],
  ['escape with k 2.5', (s) => s.escape({ grid: ['T.E'], k: 2.5 }), /escape: k must be a whole number, got 2.5/],
  ['codenames({})', (s) => s.codenames({}), /codenames: team must be 'R' or 'B', got undefined/],
  ['codenames with a hint that is not an object', (s) => s.codenames({ team: 'R', words: ['a', 'b'], identities: ['R', 'A'], hints: [3] }),
    /codenames: hints\[0\] must be an object/],
  ['codenames with fewer identities than words', (s) => s.codenames({ team: 'R', words: ['a', 'b'], identities: ['R'], hints: [] }),
    /identities must have one entry per word \(2\), got 1/],
  ['hopchess with the board as one string', (s) => s.hopchess({ board: 'JJD', aJ: 3, aD: 1 }), /hopchess: board must be an array of rows/],
  ['hopchess without aD', (s) => s.hopchess({ board: ['JJD'], aJ: 3 }), /hopchess: aD is missing/],
  ['hopchess with toMove "X"', (s) => s.hopchess({ board: ['JJD'], aJ: 3, aD: 1, toMove: 'X' }), /toMove must be 'J' or 'D', got "X"/],
  ['request of a method name', (s) => s.request('free', 'A D\n4 3\n'), /unknown game "free"/],
];

function expectRefusal(solver, [name, call, pattern]) {
  assert.throws(() => call(solver), (err) => {
    assert.ok(err instanceof SolverError, `${name}: a SolverError, got ${err?.name}: ${err?.message}`);
    assert.equal(err.code, codes.usage, `${name}: code usage`);
    assert.match(err.message, pattern, name);
    return true;
  }, name);
}

test('each bad call on a fresh solver is refused with a SolverError naming the problem', async () => {
  for (const c of CASES) {
    const solver = await load();
    expectRefusal(solver, c);
    assert.equal(solver.solveText('hopchess', SAMPLE), '0.667\n', `${c[0]}: the solver still answers`);
    solver.free();
  }
});

test('all of them in sequence on one solver: nothing is corrupted', async () => {
  const solver = await load();
  for (const c of CASES) expectRefusal(solver, c);
  assert.equal(solver.solveText('hopchess', SAMPLE), '0.667\n');
  assert.equal(solver.solveText('dice', 'AA A D DD\n4 4\n'), '0.4079\n');
  assert.equal(solver.escape({ grid: ['T..', '.#.', '..E'], k: 4 }).winner, 'Bob');
});

test('a 100 MB text is refused before it is copied into WASM memory', async () => {
  const solver = await load();
  const before = solver.core.HEAPU8.length;
  const big = 'A D\n4 3\n'.repeat(100 * 1024 * 1024 / 8);
  for (const call of [() => solver.solveText('dice', big), () => solver.runBytes('dice', new Uint8Array(100 * 1024 * 1024))]) {
    assert.throws(call, (err) => err instanceof SolverError && err.code === codes.tooBig && err.status === 3
      && err.message === `the input is larger than the limit of ${4 * 1024 * 1024} bytes`);
  }
  assert.ok(solver.core.HEAPU8.length - before < 16 * 1024 * 1024, 'WASM memory grew by less than 16 MB');
  assert.equal(solver.solveText('dice', 'A D\n4 3\n'), '1.0000\n');
});

test('a board beyond the budget is refused before anything is allocated', async () => {
  // 21 pieces: the forward pass's bitmaps (3^21 bits) alone pass the default budget. (A 4x5 board, 20 pieces,
  // fits the default budget and is answered: bench case hopchess-4x5.)
  const solver = await load();
  const before = solver.memoryBytes;
  assert.throws(() => solver.solveText('hopchess', '3 7\nJDJDJDJ\nDJDJDJD\nJDJDJDJ\n2 2\n'),
    (err) => err instanceof SolverError && err.code === codes.tooBig
      && /needs about 1361 MB, above the memory budget of 1024 MB \(raise it with --memory MB\)/.test(err.message));
  assert.ok(solver.memoryBytes - before < 64 * 1024 * 1024, 'WASM memory grew by less than 64 MB');
  assert.equal(solver.solveText('hopchess', SAMPLE), '0.667\n');
});

test('a board within a raised budget but past what 32-bit WASM can address says so, not that it is over the budget', async () => {
  const solver = await load();
  assert.throws(() => solver.solveText('hopchess', '3 7\nJDJDJDJ\nDJDJDJD\nJDJDJDJ\n2 2\n', { memoryMb: 4000 }),
    (err) => err instanceof SolverError && err.code === codes.tooBig
      && /^this request needs about 1361 MB, more than the 1024 MB this 32-bit build can address \(the native winrate can take it\)$/.test(err.message));
  assert.equal(solver.solveText('hopchess', SAMPLE), '0.667\n');
});

test('a freed solver refuses politely', async () => {
  const solver = await load();
  solver.free();
  assert.throws(() => solver.solveText('dice', 'A D\n4 3\n'), (err) => err instanceof SolverError && /freed/.test(err.message));
});

test('the C side of the options refuses what the JS side would never send', async () => {
  const solver = await load();
  assert.throws(() => solver.setOptions({ ['x'.repeat(40)]: 1 }), (err) => err instanceof SolverError && err.code === codes.usage
    && err.message === `unknown option '${'x'.repeat(40)}'`);
  // Values past C's ranges (NaN, huge, fractional) become a value wr_run refuses, never a conversion's UB;
  // a name no game takes, or another game's option, is refused by wr_run.
  for (const [name, value, message] of [['digits', NaN, /digits must be/], ['digits', 1e300, /digits must be/],
    ['sweep', 70000, /sweep must be/], ['sweep', 2.5, /sweep must be/], ['sweep', -1e300, /sweep must be/],
    ['rolls', 5, /^rolls applies to dice only$/],
    ['memory_mb', -3, /memory budget/], ['bogus', 1, /^unknown option 'bogus'$/],
    ['own-hints-only', 1, /^own-hints-only applies to codenames only$/]]) {
    solver.core._wrw_reset_options(solver.session);
    solver.setOptions({ [name]: value });
    const text = new TextEncoder().encode('1 3\nJJD\n3 1\n');
    const p = solver.core._malloc(text.length);
    const g = solver.core._malloc(16);
    solver.core.HEAPU8.set(text, p);
    solver.core.stringToUTF8('hopchess', g, 16);
    const rc = solver.core._wrw_run(solver.session, g, p, text.length);
    solver.core._free(p);
    solver.core._free(g);
    assert.equal(rc, codes.usage, `${name} ${value}`);
    assert.match(solver.core.UTF8ToString(solver.core._wrw_message(solver.session)), message);
  }
  assert.equal(solver.solveText('hopchess', '1 3\nJJD\n3 1\n'), '0.667\n');
});
