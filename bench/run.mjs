#!/usr/bin/env node
// run.mjs — `make bench`: every case in bench/cases/<game>-<name>.txt through the
// native CLI and the WASM build (in this Node process), medians of RUNS runs.
// Prints: game, case, states, native ms, native ms on one core (Codenames,
// which threads natively), WASM ms, WASM/native on one core, native peak MB,
// WASM heap MB. Not part of `make test`: timings belong here, not in unit tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { load } from '../wasm-glue/winrate.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const dir = new URL('./cases/', import.meta.url);
const native = new URL('../build/winrate', import.meta.url).pathname;
const only = process.argv[2] ?? '';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const argsFor = (name) => (existsSync(new URL(`${name}.args`, dir)) ? readFileSync(new URL(`${name}.args`, dir), 'utf8').trim().split(/\s+/) : []);

// Games whose native solver uses every CPU: also timed on one core.
const THREADED = ['codenames'];

// Cases slower than SLOW_MS per run are timed once (marked *), so the table stays quick.
const SLOW_MS = 3000;

// Native: the solve timed in-process by the CLI (--bench), one call per run so a
// slow case can stop after one; peak memory from /usr/bin/time.
// cores = 1 runs it under `taskset -c 0`: a solver that threads (Codenames)
// then runs on one thread, as the WASM build always does.
function timeNative(game, file, args, cores = 0) {
  const ms = [];
  let peak = 0;
  const cmd = cores === 1 ? ['taskset', '-c', '0', '/usr/bin/time'] : ['/usr/bin/time'];
  for (let i = 0; i < RUNS && !(i === 1 && ms[0] > SLOW_MS); i++) {
    const r = spawnSync(cmd[0], [...cmd.slice(1), '-f', '%M', native, game, '--bench', '1', ...args, file], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`${file}: native exit ${r.status}: ${r.stderr}`);
    const lines = r.stderr.trim().split('\n');
    peak = Math.max(peak, Number(lines.pop()) / 1024);
    ms.push(Number(lines.pop()));
  }
  return { ms: median(ms), peak, runs: ms };
}

function optionsFrom(args) {
  const o = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--sweep') o.sweep = Number(args[++i]);
    else if (args[i] === '--rolls') o.rolls = Number(args[++i]);
    else if (args[i] === '--memory') o.memoryMb = Number(args[++i]);
    else if (args[i] === '--own-hints-only') o.ownHintsOnly = true;
    else if (args[i] === '--json') o.json = true;
  }
  return o;
}

const solver = await load();
const rows = [];
const cases = readdirSync(dir).filter((f) => f.endsWith('.txt') && f.startsWith(only)).sort();
for (const f of cases) {
  const name = f.replace(/\.txt$/, '');
  const game = name.split('-')[0];
  if (!solver.games.includes(game)) continue;
  const file = new URL(f, dir).pathname;
  const text = readFileSync(file);
  const args = argsFor(name);
  const json = JSON.parse(execFileSync(native, [game, ...args.filter((a) => a !== '--json'), '--json', file], { maxBuffer: 1 << 28 }));
  const states = json.states ?? json.positions ?? '';
  const nat = timeNative(game, file, args);
  const one = THREADED.includes(game) ? timeNative(game, file, args, 1) : null;
  const wasmMs = [];
  for (let i = 0; i < RUNS && !(i === 1 && wasmMs[0] > SLOW_MS); i++) {
    const t0 = process.hrtime.bigint();
    solver.runBytes(game, text, optionsFrom(args));
    wasmMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const w = median(wasmMs);
  const once = (xs) => (xs.length === 1 ? '*' : '');
  rows.push([game, name.slice(game.length + 1), String(states), nat.ms.toFixed(1) + once(nat.runs),
    one ? one.ms.toFixed(1) + once(one.runs) : '-', w.toFixed(1) + once(wasmMs),
    (w / (one ?? nat).ms).toFixed(2), nat.peak.toFixed(1), (solver.core.HEAPU8.length / 1048576).toFixed(0)]);
}

const head = ['game', 'case', 'states', 'native ms', '1 core ms', 'wasm ms', 'wasm/native 1 core', 'native peak MB', 'wasm heap MB so far'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(`medians of ${RUNS} runs (* = one run: slower than ${SLOW_MS} ms); both time the solve call alone`);
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
