// api.test.mjs — the JS API (winrate.mjs) over the WASM build, under Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { codes, load, SolverError, toText } from '../winrate.mjs';
import { WARM_INPUTS } from '../warm.mjs';

const solver = await load();

test('solveText prints what the CLI prints for the CheckiO examples', () => {
  assert.equal(solver.solveText('dice', 'A D\n3 3\n'), '0.0000\n');
  assert.equal(solver.solveText('dice', 'A D\n4 3\n'), '1.0000\n');
  assert.equal(solver.solveText('dice', 'AA A D DD\n3 4\n'), '0.0186\n');
  assert.equal(solver.solveText('dice', 'AA A D DD\n4 4\n'), '0.4079\n');
  assert.equal(solver.solveText('dice', 'AA A D DD\n5 4\n'), '0.9073\n');
  assert.equal(solver.solveText('dice', 'AA A D DD\n5 4\n', { digits: 2 }), '0.91\n');
});

test('dice() takes a plain object and returns the full analysis', () => {
  const r = solver.dice({ faces: ['AA', 'A', 'D', 'DD'], units: [4, 4] });
  assert.equal(r.game, 'dice');
  assert.ok(Math.abs(r.answer - 0.4079) < 5e-5);
  assert.equal(r.answer, r.win);
  assert.ok(Math.abs(r.win + r.draw + r.loss + r.stalemate - 1) < 1e-12);
  assert.equal(r.table.length, 4);
  assert.equal(r.table[3][3], r.win);
  assert.equal(r.survivors1.length, 5);
  assert.equal(r.survivors2.length, 5);
});

test('the structured call and the text call agree, two dice included', () => {
  const input = { faces: ['AA', '', 'D'], faces2: ['A', 'AD', 'DD', ''], units: [3, 5] };
  const a = solver.dice(input);
  const b = solver.analyze('dice', toText.dice(input));
  assert.deepEqual(a, b);
  assert.equal(a.sameDie, false);
});

test('dice with rolls: the battle cut short, its four outcomes, survivors and length', () => {
  const text = 'AA A D DD\n4 4\n';
  assert.equal(solver.solveText('dice', text, { rolls: 1 }), '0.0314\n');
  assert.equal(solver.solveText('dice', text, { rolls: 5 }), '0.3181\n');
  assert.equal(solver.solveText('dice', text, { rolls: 100 }), '0.4079\n');
  const input = { faces: ['AA', 'A', 'D', 'DD'], units: [4, 4] };
  const cut = solver.dice(input, { rolls: 5 });
  const end = solver.dice(input, { length: true });
  assert.equal(solver.dice(input).overWithin, undefined, 'the fight to the end has no length unless asked');
  assert.deepEqual(cut, solver.analyze('dice', text, { rolls: 5 }));
  assert.equal(cut.rolls, 5);
  assert.equal(cut.answer, cut.win);
  assert.equal(cut.win, cut.loss); // the same die on both sides
  assert.ok(Math.abs(cut.win + cut.draw + cut.loss + cut.stillFighting - 1) < 1e-12);
  for (const s of [cut.survivors1, cut.survivors2]) assert.ok(Math.abs(s.reduce((a, b) => a + b) - 1) < 1e-12);
  assert.equal(cut.table, undefined);
  // the length: over within t rolls, the same numbers cut short or fought to the end
  assert.equal(cut.overWithin.length, 5);
  assert.deepEqual(cut.overWithin, end.overWithin.slice(0, 5));
  assert.ok(Math.abs(cut.overWithin[4] - (1 - cut.stillFighting)) < 1e-12);
  assert.ok(end.overWithin.at(-1) >= 0.999 && end.overWithin.at(-2) < 0.999);
});

test('bad input throws SolverError with line and column', () => {
  assert.throws(() => solver.solveText('dice', 'AA A x DD\n4 4\n'), (err) => {
    assert.ok(err instanceof SolverError);
    assert.equal(err.code, codes.syntax);
    assert.equal(err.line, 1);
    assert.equal(err.column, 6);
    assert.equal(err.status, 2);
    assert.match(err.message, /expected a face/);
    return true;
  });
  assert.throws(() => solver.solveText('nosuchgame', '1\n'), (err) => err.code === codes.usage);
});

test('a progress callback that returns true cancels the solve', async () => {
  const seen = [];
  const s = await load({ onProgress: (done, total) => { seen.push([done, total]); return true; } });
  const faces = 'AAA AA A AD ADD D DD DDD - A AAAAAAAAA DDDDDDDDD AAAADDDDD';
  assert.throws(() => s.solveText('dice', `${faces}\n200 200\n`), (err) => err.code === codes.cancelled);
  assert.ok(seen.length >= 1);
  // The session stays usable after a cancel.
  s.onProgress = null;
  assert.equal(s.solveText('dice', 'A D\n4 3\n'), '1.0000\n');
});

test('hopchess(): the contest samples, the proposal set, a sweep that agrees with single solves', () => {
  const r = solver.hopchess({ board: ['JJD'], aJ: 3, aD: 1 });
  assert.equal(r.answer, 2 / 3);
  assert.equal(r.moveCount, 3);
  assert.equal(r.moves.filter((m) => m.status === 'in').length, 3);
  assert.equal(solver.solveText('hopchess', '2 2\nJJ\nDD\n3 1\n'), '0.000\n');
  const board = ['JD.', 'DJD', 'JJD'];
  const sweep = solver.hopchess({ board, aJ: 1, aD: 1 }, { sweep: 3 }).sweep;
  for (let a = 1; a <= 3; a++) {
    for (let b = 1; b <= 3; b++) assert.equal(sweep[a - 1][b - 1], solver.hopchess({ board, aJ: a, aD: b }).answer);
  }
  assert.deepEqual(solver.hopchess({ board: ['DDJ'], aJ: 3, aD: 1, toMove: 'D' }),
    solver.analyze('hopchess', '1 3\nDDJ\n3 1 D\n'));
});

test('escape(): winner, winning moves that make the XOR 0, the structured and text calls agree', () => {
  const r = solver.escape({ grid: ['T..E', '.#T.'], k: 3 });
  assert.equal(r.winner, 'Alice');
  assert.equal(r.winningMoveCount, r.winningMoves.length);
  for (const m of r.winningMoves) {
    const others = r.tokens.filter((_, i) => i !== m.token).reduce((x, t) => x ^ t.grundy, 0);
    assert.equal(others ^ m.grundyAfter, 0, 'a winning move leaves XOR 0');
  }
  assert.equal(solver.escape({ grid: ['T..', '.#.', '..E'], k: 4 }).winner, 'Bob');
  assert.deepEqual(r, solver.analyze('escape', '2 4 3\nT..E\n.#T.\n'));
});

test('codenames(): the value, the best hint and both rules; the structured and text calls agree', () => {
  const input = {
    team: 'B', words: ['apple', 'sleep', 'java', 'dog'], identities: ['B', 'R', 'I', 'A'],
    hints: [{ label: 'fruit', words: ['apple', 'java'] }, { label: 'pet', words: ['apple', 'dog'] }, { words: ['sleep', 'java'] }],
  };
  const any = solver.codenames(input);
  assert.equal(any.answer, 0.5);
  assert.equal(any.best.label, 'fruit');
  assert.equal(any.rule, 'any');
  assert.equal(solver.codenames(input, { ownHintsOnly: true }).rule, 'own-hints-only');
  assert.deepEqual(any, solver.analyze('codenames', toText.codenames(input)));
  // Every legal hint's best K value is at most the answer, and the best hint reaches it.
  for (const h of any.hints.filter((x) => x.legal)) assert.ok(Math.max(...h.values) <= any.answer);
  assert.equal(any.hints[any.best.hint].values[any.best.k - 1], any.answer);
});

test('a real 25-card Codenames board (9/8/7/1, 15 hints): the WASM solve writes the native CLI\'s JSON, byte for byte', () => {
  // The native CLI solves on every CPU, WASM on one thread: the same bits either way.
  const file = new URL('../../bench/cases/codenames-25-15h.txt', import.meta.url).pathname;
  const native = execFileSync(new URL('../../build/winrate', import.meta.url).pathname, ['codenames', '--json', file], { encoding: 'utf8' });
  const wasm = solver.solveText('codenames', readFileSync(file, 'utf8'), { json: true });
  assert.equal(JSON.parse(wasm).words.length, 25);
  assert.equal(JSON.parse(wasm).freeCards, 23); // two cards on no hint
  assert.equal(wasm, native);
});

test('warm: a Codenames board of the 25-card boards\' path, solved and dropped; the kept table, progress and keepTables left as they were', async () => {
  // That path (c/codenames/solve.c free_index, pairs_impl.h): 15 free cards without the assassins at
  // least (blocks), two of them bystanders (quads), as on the 25-card bench boards.
  const lines = WARM_INPUTS.codenames.trim().split('\n');
  const words = lines[1].split(' ');
  const ids = lines[2].split(' ');
  const inHints = new Set(lines.slice(4).flatMap((l) => l.split(' ').slice(1)));
  const free = ids.filter((id, i) => inHints.has(words[i]));
  assert.ok(free.filter((id) => id !== 'A').length >= 15, 'blocks');
  assert.ok(free.filter((id) => id === 'I').length >= 2, 'quads');
  assert.equal(solver.analyze('codenames', WARM_INPUTS.codenames).freeCards, free.length);

  const keeper = await load({ keepTables: true });
  const board = lines.slice(0, 4).concat(lines.slice(4, 8)).join('\n').replace(/^9$/m, '4'); // 4 of its hints
  const first = keeper.solveText('codenames', board, { json: true });
  const kept = keeper.keptBytes;
  assert.ok(kept > 0);
  let progress = 0;
  const onProgress = () => { progress++; return false; };
  keeper.onProgress = onProgress;
  assert.equal(keeper.warm('codenames'), true);
  assert.equal(progress, 0, 'a warm-up reports no progress');
  assert.equal(keeper.onProgress, onProgress);
  assert.equal(keeper.keepTables, true);
  assert.equal(keeper.keptBytes, kept, 'the kept table is not replaced');
  assert.equal(keeper.solveText('codenames', board, { json: true }), first);
  assert.equal(keeper.lastReused, true, 'the board is still answered from its kept table');
  for (const game of ['dice', 'hopchess', 'escape', 'toString', undefined]) assert.equal(keeper.warm(game), false, String(game));
  keeper.free();
});

test('keepTables: later positions of a 25-card board come from the kept table, the native CLI\'s JSON byte for byte', async () => {
  const file = new URL('../../bench/cases/codenames-25-15h.txt', import.meta.url).pathname;
  const cli = new URL('../../build/winrate', import.meta.url).pathname;
  const native = (text) => execFileSync(cli, ['codenames', '--json'], { input: text, encoding: 'utf8' });
  const lines = readFileSync(file, 'utf8').split('\n');
  const words = lines[1].split(' ');
  const ids = lines[2].split(' ');
  const inHints = new Set(lines.slice(4).flatMap((l) => l.split(' ').slice(1)));
  // A game played forward: a bystander, a red agent, a blue agent, another bystander, each in some hint.
  const order = ['I', 'R', 'B', 'I'].map((id, n) => words.findIndex((w, i) => ids[i] === id && inHints.has(w)
    && words.slice(0, i).filter((x, j) => ids[j] === id && inHints.has(x)).length === (n === 3 ? 1 : 0)));
  assert.ok(order.every((i) => i >= 0));
  const keeper = await load({ keepTables: true });
  assert.equal(keeper.keptBytes, 0);
  const first = keeper.solveText('codenames', lines.join('\n'), { json: true });
  assert.equal(keeper.lastReused, false);
  // 22 free cards (the assassin not stored): a 4-byte code per quad of masks (the board has free bystanders) and
  // team, and the dictionary of the quads' values
  assert.ok(keeper.keptBytes >= 2 ** 21 * 4 && keeper.keptBytes < 2 ** 21 * 4 + 8e6, `kept ${keeper.keptBytes} bytes`);
  assert.equal(first, native(lines.join('\n')));
  for (const [n, i] of order.entries()) {
    ids[i] = ids[i].toLowerCase();
    const text = [`25 ${n % 2 ? 'R' : 'B'}`, lines[1], ids.join(' '), ...lines.slice(3)].join('\n');
    let progress = 0;
    keeper.onProgress = () => { progress++; return false; };
    assert.equal(keeper.solveText('codenames', text, { json: true }), native(text), `after revealing ${words[i]}`);
    assert.equal(keeper.lastReused, true);
    assert.equal(progress, 0, 'no solve, no progress');
    keeper.onProgress = null;
  }
  // Another board (a hint less) is solved afresh and replaces the table; a game in between leaves it.
  const other = [...lines.slice(0, 3), String(Number(lines[3]) - 1), ...lines.slice(5)].join('\n');
  assert.equal(keeper.solveText('codenames', other, { json: true }), native(other));
  assert.equal(keeper.lastReused, false);
  keeper.solveText('dice', 'A D\n4 3\n');
  assert.equal(keeper.lastReused, false);
  assert.ok(keeper.keptBytes > 0);
  keeper.dropKept();
  assert.equal(keeper.keptBytes, 0);
  keeper.free();
  assert.equal(solver.keptBytes, 0, 'a solver loaded without keepTables keeps nothing');
});
