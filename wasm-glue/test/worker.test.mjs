// worker.test.mjs — the worker protocol (worker.mjs) driven in Node through a
// stand-in for the worker global.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const posted = [];
let waiter = null;
globalThis.self = {
  postMessage(msg) {
    posted.push(msg);
    if (waiter && (msg.type === 'result' || msg.type === 'error')) waiter(msg);
  },
};
await import('../worker.mjs');
const postedOnStart = posted.slice();

function ask(data) {
  return new Promise((resolve) => {
    waiter = resolve;
    self.onmessage({ data });
  });
}

test('solve with contest text answers with the analysis', async () => {
  const msg = await ask({ id: 7, type: 'solve', game: 'dice', input: 'AA A D DD\n5 4\n' });
  assert.equal(msg.id, 7);
  assert.equal(msg.type, 'result');
  assert.ok(Math.abs(msg.result.answer - 0.9073) < 5e-5);
});

test('solve with a plain object', async () => {
  const msg = await ask({ id: 8, type: 'solve', game: 'dice', input: { faces: ['A', 'D'], units: [4, 3] } });
  assert.equal(msg.type, 'result');
  assert.equal(msg.result.answer, 1);
});

test('errors carry code, line and column', async () => {
  const msg = await ask({ id: 9, type: 'solve', game: 'dice', input: 'A D\n4 x\n' });
  assert.equal(msg.type, 'error');
  assert.equal(msg.id, 9);
  assert.equal(msg.line, 2);
  assert.equal(msg.column, 3);
  assert.ok(msg.code < 0);
});

test('long solves report progress with the request id', async () => {
  posted.length = 0;
  const faces = 'AAA AA A AD ADD D DD DDD - A';
  const msg = await ask({ id: 10, type: 'solve', game: 'dice', input: `${faces}\n100 100\n` });
  assert.equal(msg.type, 'result');
  const progress = posted.filter((m) => m.type === 'progress');
  assert.ok(progress.length >= 1, 'at least one progress message');
  for (const p of progress) {
    assert.equal(p.id, 10);
    assert.ok(p.done <= p.total);
  }
});

test('the worker says ready once, before any request', () => {
  assert.deepEqual(postedOnStart, [{ type: 'ready' }]);
});

test('a game name that is not a game (a solver method, a prototype key) is refused; the worker keeps answering', async () => {
  for (const game of ['free', 'toString', 'run', undefined]) {
    const msg = await ask({ id: 11, type: 'solve', game, input: 'A D\n4 3\n' });
    assert.equal(msg.type, 'error', String(game));
    assert.equal(msg.code, -7);
    assert.match(msg.message, /unknown game/);
  }
  const msg = await ask({ id: 12, type: 'solve', game: 'dice', input: 'A D\n4 3\n' });
  assert.equal(msg.type, 'result');
  assert.equal(msg.result.answer, 1);
});

// Last: it leaves this worker's WASM memory large, as a real one would be before the page retires it.
test('every reply says how much WASM memory the worker holds; it stays grown after a big refusal', async () => {
  const small = await ask({ id: 13, type: 'solve', game: 'dice', input: 'A D\n4 3\n' });
  assert.equal(small.type, 'result');
  assert.ok(Number.isInteger(small.heap) && small.heap > 0, `small solve: ${small.heap}`);
  assert.ok(small.heap < 400 * 2 ** 20, `before: ${small.heap}`); // what the earlier tests left (dice 100 v 100)
  // 4x5: 436 MB of bitmaps are allocated, then the marking refuses at once under 460 MB
  const big = await ask({ id: 14, type: 'solve', game: 'hopchess', input: '4 5\nJDJDJ\nDJDJD\nJDJDJ\nDJDJD\n1 1\n', options: { memoryMb: 460 } });
  assert.equal(big.type, 'error');
  assert.match(big.message, /memory budget of 460 MB/);
  assert.ok(big.heap > 400 * 2 ** 20, `after the refusal: ${big.heap}`);
  const after = await ask({ id: 15, type: 'solve', game: 'dice', input: 'A D\n4 3\n' });
  assert.equal(after.heap, big.heap); // never shrinks: why the page retires such a worker
});

const cnBoard = (ids, team = 'B') => `4 ${team}\napple sleep java dog\n${ids}\n3\n2 apple java\n2 apple dog\n2 sleep java\n`;

test('a Codenames board\'s table is kept when asked: a later position is answered from it (reused), another board is solved', async () => {
  const first = await ask({ id: 20, type: 'solve', game: 'codenames', input: cnBoard('B R I A'), keep: true });
  assert.equal(first.reused, false);
  assert.ok(first.kept > 0);
  const later = await ask({ id: 21, type: 'solve', game: 'codenames', input: cnBoard('B R i A', 'R'), keep: true });
  assert.equal(later.type, 'result');
  assert.equal(later.reused, true);
  assert.equal(later.result.answer, 1); // R's hint "sleep java" now holds only R's last agent
  const dice = await ask({ id: 22, type: 'solve', game: 'dice', input: 'A D\n4 3\n' });
  assert.equal(dice.reused, false);
  assert.equal(dice.kept, later.kept, 'another game leaves the table');
  const other = await ask({ id: 23, type: 'solve', game: 'codenames', input: cnBoard('B R I A').replace('2 sleep java\n', '1 sleep\n'), keep: true });
  assert.equal(other.reused, false);
});

test('a Codenames request without keep neither reads nor replaces the kept table', async () => {
  const first = await ask({ id: 30, type: 'solve', game: 'codenames', input: cnBoard('B R I A'), keep: true });
  assert.ok(first.kept > 0);
  const other = await ask({ id: 31, type: 'solve', game: 'codenames', input: cnBoard('R B I A') });
  assert.equal(other.type, 'result');
  assert.equal(other.reused, false);
  assert.equal(other.kept, first.kept);
  const later = await ask({ id: 32, type: 'solve', game: 'codenames', input: cnBoard('B R i A', 'R') });
  assert.equal(later.reused, false, 'not read from the table unless asked');
  const kept = await ask({ id: 33, type: 'solve', game: 'codenames', input: cnBoard('B R i A', 'R'), keep: true });
  assert.equal(kept.reused, true, 'the first board\'s table is still there');
  assert.equal(kept.result.answer, later.result.answer);
});

test('a warm-up is answered with warmed (true for Codenames only) and leaves the kept table', async () => {
  const first = await ask({ id: 40, type: 'solve', game: 'codenames', input: cnBoard('B R I A'), keep: true });
  assert.ok(first.kept > 0);
  posted.length = 0;
  for (const game of ['codenames', 'dice', 'toString', undefined]) await self.onmessage({ data: { type: 'warm', game } });
  assert.deepEqual(posted, [
    { type: 'warmed', game: 'codenames', warmed: true }, { type: 'warmed', game: 'dice', warmed: false },
    { type: 'warmed', game: 'toString', warmed: false }, { type: 'warmed', game: undefined, warmed: false },
  ]);
  const later = await ask({ id: 41, type: 'solve', game: 'codenames', input: cnBoard('B R i A', 'R'), keep: true });
  assert.equal(later.reused, true, 'the table kept before the warm-up answers');
  assert.equal(later.kept, first.kept);
});
