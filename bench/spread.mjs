#!/usr/bin/env node
// spread.mjs — `make bench`, part two: issue 14's targets on many boards, not
// one. The three 25-card bench cases are one seed each, and one seed can be an
// easy or a hard board (codenames-25-40h is easier than most 40-hint boards
// measured, codenames-25-25h harder than most 25-hint ones). Here SEEDS boards
// per hint count (gen-codenames.mjs's board(M, seed), seeds 1..SEEDS), each
// solved RUNS times natively (every CPU, as the CLI does) and RUNS times in WASM
// (this Node process, after one untimed solve, so that V8 has optimized the
// solver's code for every board alike), a board's time the median of its runs
// (one run each let this machine's noise move the medians by up to 20%): min,
// median and max over the boards, peak memory, and how many
// boards meet the target (native; WASM in Node stands in for the
// browser, whose own figures are part five's, bench/codenames-page.mjs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from '../wasm-glue/winrate.mjs';
import { board } from './gen-codenames.mjs';
import { machineLine, median, msOf, printTable, timeNative } from './common.mjs';

console.log(machineLine());

const SEEDS = Number(process.env.SEEDS ?? 9);
const RUNS = Number(process.env.RUNS ?? 3);
// issue 14: 25 hints <= 0.5 s, 40 hints <= 1 s natively and <= 2 s in the browser
const TARGETS = [{ hints: 15 }, { hints: 25, native: 500 }, { hints: 40, native: 1000, wasm: 2000 }];
const native = new URL('../build/winrate', import.meta.url).pathname;

const spread = (xs) => `${Math.min(...xs).toFixed(0)} / ${median(xs).toFixed(0)} / ${Math.max(...xs).toFixed(0)}`;
const meet = (xs, goal) => (goal ? `${xs.filter((x) => x <= goal).length} of ${xs.length} <= ${goal}` : '-');

const dir = mkdtempSync(join(tmpdir(), 'winrate-spread-'));
const solver = await load();
solver.runBytes('codenames', Buffer.from(board(15, 1)), {}); // untimed: V8 tiers the code up
const rows = [];
try {
  for (const { hints, native: goal, wasm: wgoal } of TARGETS) {
    const nat = [];
    const wasm = [];
    let peak = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const file = join(dir, `codenames-25-${hints}h-${seed}.txt`);
      const bytes = Buffer.from(board(hints, seed));
      writeFileSync(file, bytes);
      const n = timeNative(native, 'codenames', file, [], { runs: RUNS });
      nat.push(n.ms);
      peak = Math.max(peak, n.peak);
      wasm.push(median(Array.from({ length: RUNS }, () => msOf(() => solver.runBytes('codenames', bytes, {})))));
    }
    rows.push([String(hints), spread(nat), meet(nat, goal), spread(wasm), meet(wasm, wgoal), peak.toFixed(0)]);
  }
} finally {
  solver.free();
  rmSync(dir, { recursive: true, force: true });
}

const head = ['hints', 'native ms min / median / max', 'native target', 'wasm ms min / median / max', 'wasm target', 'native peak MB'];
console.log(`\nCodenames, 25-card boards of issue 14: ${SEEDS} seeded boards per hint count (board(M, 1..${SEEDS})), each the median of ${RUNS} solves`);
printTable(head, rows, 0);
