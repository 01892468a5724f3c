// rules.test.mjs — the page's own copies of the rules (web/hopchess/model.js
// and web/escape/model.js, used to play a game forward) agree with the C
// solver on random small boards: the same legal moves, the same positions
// after them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../winrate.mjs';
import * as hop from '../../web/hopchess/model.js';
import * as esc from '../../web/escape/model.js';

const solver = await load();

/** The tests' one random source: xorshift32, seeded, so a failure replays. */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s % n;
  };
}

test('hop chess: the page\'s legal moves are the solver\'s, and each move leads where the solver says', () => {
  const rand = rng(12345);
  let boards = 0;
  let moves = 0;
  while (boards < 150) {
    const rows = 1 + rand(3);
    const cols = 1 + rand(3);
    const cells = Array.from({ length: rows * cols }, () => 'JD.'[rand(3)]);
    const s = { rows, cols, cells, toMove: 'JD'[rand(2)], aJ: 1 + rand(3), aD: 1 + rand(3) };
    const r = solver.analyze('hopchess', hop.hopText(s));
    boards++;
    const fromC = r.moves.map((m) => `${m.from.row * cols + m.from.col}>${m.to.row * cols + m.to.col}`).sort();
    const fromJs = hop.legalMoves(s).map(([f, t]) => `${f}>${t}`).sort();
    assert.deepEqual(fromJs, fromC, hop.hopText(s));
    for (const m of r.moves) {
      const next = hop.applyMove(s, m.from.row * cols + m.from.col, m.to.row * cols + m.to.col);
      const child = solver.analyze('hopchess', hop.hopText(next));
      assert.equal(m.value, 1 - child.moverWin, `${hop.hopText(s)} move ${JSON.stringify(m)}`);
      moves++;
    }
  }
  assert.ok(moves > 200, `${moves} moves checked`);
});

test('Board Escape: every winning move the solver names is legal on the page, to the same cell', () => {
  const rand = rng(777);
  let winning = 0;
  for (let n = 0; n < 150; n++) {
    const rows = 1 + rand(4);
    const cols = 1 + rand(4);
    const cells = Array.from({ length: rows * cols }, () => 'TTE#..'[rand(6)]).join('');
    const s = { rows, cols, k: 1 + rand(5), cells };
    let r;
    try {
      r = solver.analyze('escape', esc.escapeText(s));
    } catch {
      continue; // a board the format refuses (e.g. no exit): nothing to compare
    }
    const tokens = esc.initialTokens(s);
    assert.equal(tokens.length, r.tokenCount);
    const legal = esc.legalMoves(s, tokens);
    assert.equal(r.winner === 'Bob', r.winningMoveCount === 0);
    for (const m of r.winningMoves) {
      const dir = m.dir[0];
      const js = legal.find((x) => x.token === m.token && x.dir === dir);
      assert.ok(js, `${esc.escapeText(s)}: ${JSON.stringify(m)} is legal on the page`);
      assert.deepEqual([js.row, js.col, js.exits], [m.toRow, m.toCol, m.exits]);
      winning++;
    }
  }
  assert.ok(winning > 30, `${winning} winning moves checked`);
});
