#!/usr/bin/env node
// run.mjs — `make bench`: every case in bench/cases/<game>-<name>.txt through the
// native CLI and the WASM build (in this Node process), medians of RUNS runs.
// Prints: game, case, states, native ms, native ms on one core (Codenames,
// which threads natively), WASM ms, WASM/native on one core, native peak MB,
// WASM heap MB; then Codenames played forward (a kept table against fresh
// solves). Not part of `make test`: timings belong here, not in unit tests.
import { readdirSync, readFileSync } from 'node:fs';
import { load } from '../wasm-glue/winrate.mjs';
import { caseArgs, machineLine, median, msOf, nativeJson, optionsFrom, printTable, timeNative } from './common.mjs';

console.log(machineLine());

const RUNS = Number(process.env.RUNS ?? 5);
const dir = new URL('./cases/', import.meta.url);
const native = new URL('../build/winrate', import.meta.url).pathname;
const only = process.argv[2] ?? '';

// Games whose native solver uses every CPU: also timed on one core.
const THREADED = ['codenames'];

// Cases slower than SLOW_MS per run are timed once (marked *), so the table stays quick.
const SLOW_MS = 3000;

const solver = await load();
const rows = [];
const cases = readdirSync(dir).filter((f) => f.endsWith('.txt') && f.startsWith(only)).sort();
for (const f of cases) {
  const name = f.replace(/\.txt$/, '');
  const game = name.split('-')[0];
  if (!solver.games.includes(game)) continue;
  const file = new URL(f, dir).pathname;
  const text = readFileSync(file);
  const args = caseArgs(name);
  const json = JSON.parse(nativeJson(native, game, args, file));
  const states = json.states ?? json.positions ?? '';
  const nat = timeNative(native, game, file, args, { runs: RUNS, slowMs: SLOW_MS });
  const one = THREADED.includes(game) ? timeNative(native, game, file, args, { runs: RUNS, slowMs: SLOW_MS, cores: 1 }) : null;
  const wasmMs = [];
  for (let i = 0; i < RUNS && !(i === 1 && wasmMs[0] > SLOW_MS); i++) {
    wasmMs.push(msOf(() => solver.runBytes(game, text, optionsFrom(args))));
  }
  const w = median(wasmMs);
  const once = (xs) => (xs.length === 1 ? '*' : '');
  rows.push([game, name.slice(game.length + 1), String(states), nat.ms.toFixed(1) + once(nat.runs),
    one ? one.ms.toFixed(1) + once(one.runs) : '-', w.toFixed(1) + once(wasmMs),
    (w / (one ?? nat).ms).toFixed(2), nat.peak.toFixed(1), (solver.core.HEAPU8.length / 1048576).toFixed(0)]);
}

const head = ['game', 'case', 'states', 'native ms', '1 core ms', 'wasm ms', 'wasm/native 1 core', 'native peak MB', 'wasm heap MB so far'];
console.log(`medians of ${RUNS} runs (* = one run: slower than ${SLOW_MS} ms); both time the solve call alone`);
printTable(head, rows, 2);

// Codenames played forward: a board solved once by a solver that keeps its table
// (load's keepTables, as the page's worker does), then later positions of it, each
// one more card revealed (the hints' cards in board order, either team to move):
// read from the table, against a fresh solve of the same position.
const forward = cases.filter((f) => /^codenames-25-/.test(f));
if (forward.length) {
  const keeper = await load({ keepTables: true });
  const out = [];
  for (const f of forward) {
    const lines = readFileSync(new URL(f, dir), 'utf8').split('\n');
    const ids = lines[2].split(' ');
    const hinted = new Set(lines.slice(4).flatMap((l) => l.split(' ').slice(1)));
    const cards = lines[1].split(' ').map((w, i) => i).filter((i) => hinted.has(lines[1].split(' ')[i]) && ids[i] !== 'A');
    const first = msOf(() => keeper.solveText('codenames', lines.join('\n')));
    const kept = [];
    let fresh = 0;
    const left = { R: ids.filter((x) => x === 'R').length, B: ids.filter((x) => x === 'B').length };
    for (const i of cards) {
      if (kept.length === 5) break;
      if (ids[i] !== 'I' && left[ids[i]] === 1) continue; // a team's last agent would end the game
      if (ids[i] !== 'I') left[ids[i]]--;
      ids[i] = ids[i].toLowerCase();
      const text = [`25 ${kept.length % 2 ? 'R' : 'B'}`, lines[1], ids.join(' '), ...lines.slice(3)].join('\n');
      kept.push(msOf(() => keeper.solveText('codenames', text)));
      if (!keeper.lastReused) throw new Error(`${f}: a later position was solved afresh`);
      if (kept.length === 1) {
        fresh = msOf(() => solver.solveText('codenames', text));
      }
    }
    out.push([f.replace(/\.txt$/, ''), first.toFixed(0), String(kept.length), median(kept).toFixed(2), fresh.toFixed(0),
      (fresh / median(kept)).toFixed(0), (keeper.keptBytes / 1048576).toFixed(0)]);
  }
  keeper.free();
  const h2 = ['case', 'first solve ms', 'later positions', 'kept ms (median)', 'fresh ms (1st later)', 'fresh/kept', 'kept MB'];
  console.log('\nCodenames played forward in WASM (keepTables): one solve, then each later position from the kept table');
  printTable(h2, out);
}
