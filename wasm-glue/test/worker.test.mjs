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
