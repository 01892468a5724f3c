#!/usr/bin/env node
// ab.mjs — `make bench-ab BASE=<git revision>`: this tree's builds against
// another revision's, case by case, in pairs of runs that alternate (this
// tree, the base, this tree, ...): the native CLI pinned to one core, and the
// WASM build with both modules loaded in this Node process. Prints each side's
// median and the median of the pairs' ratios (this tree / base). The two runs
// of a pair share much of a noisy machine's noise, so that ratio is steadier
// than either time, though not steady: on 2026-11-26 two runs of 9 pairs each
// gave 0.96 and 1.08 for the same WASM comparison (the 25-card, 25-hint
// board). Take PAIRS of 15 or more, and run it twice.
// Also checks that both sides give the same answers (natively --json byte for
// byte, in WASM the result objects).
//   node bench/ab.mjs BASE_BUILD [PAIRS] [CASE ...]
// BASE_BUILD: the base's build/ directory (winrate, wasm/winrate-core.*).
// CASE: a name in bench/cases (default: the three 25-card Codenames boards).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { load } from '../wasm-glue/winrate.mjs';
import { caseArgs, machineLine, median, msOf, nativeJson, optionsFrom } from './common.mjs';

const [baseArg, pairsArg, ...named] = process.argv.slice(2);
if (!baseArg) {
  console.error('usage: node bench/ab.mjs BASE_BUILD [PAIRS] [CASE ...]');
  process.exit(2);
}
console.log(machineLine());
const baseDir = resolve(baseArg);
const PAIRS = Number(pairsArg ?? 15);
const CASES = named.length ? named : ['codenames-25-15h', 'codenames-25-25h', 'codenames-25-40h'];
const here = new URL('../build', import.meta.url).pathname;
const cases = new URL('./cases/', import.meta.url);

// One native solve on core 0: the CLI's own timing of the solve (--bench 1), in ms.
function native(dir, game, args, file) {
  const r = spawnSync('taskset', ['-c', '0', `${dir}/winrate`, game, '--bench', '1', ...args, file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${dir}/winrate ${file}: exit ${r.status}: ${r.stderr}`);
  return Number(r.stderr.trim().split('\n').pop());
}

const wasm = async (dir) => load({ coreUrl: pathToFileURL(`${dir}/wasm/winrate-core.mjs`).href, wasmBinary: readFileSync(`${dir}/wasm/winrate-core.wasm`) });
const [mine, base] = [await wasm(here), await wasm(baseDir)];

// PAIRS pairs of runs, each side first in every other pair: the medians, the ratios' median and range.
function paired(runA, runB) {
  const a = [], b = [], r = [];
  for (let i = 0; i < PAIRS; i++) {
    let x, y;
    if (i % 2) {
      x = runA();
      y = runB();
    } else {
      y = runB();
      x = runA();
    }
    a.push(x);
    b.push(y);
    r.push(x / y);
  }
  return { a: median(a), b: median(b), ratio: median(r), spread: [Math.min(...r), Math.max(...r)] };
}

console.log(`this tree against ${baseDir}, ${PAIRS} pairs per line (ratio = this tree / base; below 1 is faster)`);
console.log(['case'.padEnd(18), 'build'.padEnd(6), 'this ms'.padStart(9), 'base ms'.padStart(9), 'ratio'.padStart(7), 'pairs min-max'.padStart(14), ' same answer'].join(' '));
let differ = false;
for (const name of CASES) {
  const game = name.split('-')[0];
  const file = new URL(`${name}.txt`, cases).pathname;
  const args = caseArgs(name).filter((a) => a !== '--json');
  const text = readFileSync(file);
  const sameNative = nativeJson(`${here}/winrate`, game, args, file) === nativeJson(`${baseDir}/winrate`, game, args, file);
  const options = optionsFrom(args);
  const sameWasm = JSON.stringify(mine.runBytes(game, text, options)) === JSON.stringify(base.runBytes(game, text, options));
  differ ||= !sameNative || !sameWasm;
  const rows = [
    ['native', paired(() => native(here, game, args, file), () => native(baseDir, game, args, file)), sameNative],
    ['wasm', paired(() => msOf(() => mine.runBytes(game, text, options)), () => msOf(() => base.runBytes(game, text, options))), sameWasm],
  ];
  for (const [kind, m, same] of rows) {
    console.log([name.padEnd(18), kind.padEnd(6), m.a.toFixed(1).padStart(9), m.b.toFixed(1).padStart(9), m.ratio.toFixed(3).padStart(7),
      `${m.spread[0].toFixed(2)}-${m.spread[1].toFixed(2)}`.padStart(14), same ? ' yes' : ' NO'].join(' '));
  }
}
if (differ) {
  console.log('the answers differ: see the cases marked NO');
  process.exitCode = 1;
}
