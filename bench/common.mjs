// common.mjs — what the bench scripts share: the median of a list, the time
// of a call, a case's CLI arguments (and as JS API options), the CLI's JSON
// of a case, the CLI's own timing of a solve, a printed table, Debian's
// Chromium launched as the e2e suite launches it, and the machine a run was on.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { chromium } from '@playwright/test';

/**
 * One line naming the machine, as each bench script's first: figures from
 * different machine kinds differ more than any change does (the 40-hint
 * Codenames boards took 2.2-2.5 times as long in WASM on a Zen 3 without
 * AVX-512 as on a Zen 4 with it, 2026-12-07), and the native Codenames
 * solve takes its masks 8 at a time only where the CPU has AVX-512 (octs),
 * 4 with AVX2 (quads; the Makefile's NATIVE_SIMD).
 */
export function machineLine() {
  let flags = '', kind = '';
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const field = (name) => info.match(new RegExp(`^${name}\\s*:\\s*(.*)$`, 'm'))?.[1];
    flags = field('flags') ?? '';
    // a VM may name the CPU only "AMD EPYC": family and model tell its generation (25/1 Zen 3, 25/17 Zen 4)
    if (field('cpu family')) kind = ` (family ${field('cpu family')} model ${field('model')})`;
  } catch {
    // not Linux: the SIMD part says so
  }
  const has = (f) => new RegExp(`\\b${f}\\b`).test(flags);
  const simd = !flags ? 'SIMD unknown' : has('avx512f') ? 'AVX-512 (native Codenames: octs)' : has('avx2') ? 'AVX2, no AVX-512 (native Codenames: quads)' : 'no AVX2 (native Codenames: pairs)';
  const list = cpus();
  return `machine: ${list[0]?.model.trim() ?? 'unknown CPU'}${kind}, ${list.length} CPUs, ${simd}; Node ${process.versions.node}, V8 ${process.versions.v8}; ${new Date().toISOString().slice(0, 10)}`;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The ms that fn() takes. */
export function msOf(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** The CLI binary's --json answer to a case (args: the case's arguments, --json or not), as text. */
export const nativeJson = (binary, game, args, file) =>
  execFileSync(binary, [game, ...args.filter((a) => a !== '--json'), '--json', file], { maxBuffer: 1 << 28 }).toString();

/** A bench case's CLI arguments: bench/cases/NAME.args, split at spaces ([] when there is none). */
export function caseArgs(name) {
  const file = new URL(`./cases/${name}.args`, import.meta.url);
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/) : [];
}

/** A bench case's CLI arguments as the JS API's options. */
export function optionsFrom(args) {
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

/**
 * The native solve of a case file timed in-process by the CLI (--bench), one
 * call per run so that a slow case can stop after one (after the first run when
 * it took over slowMs); peak memory from /usr/bin/time. cores = 1 runs it under
 * `taskset -c 0`: a solver that threads (Codenames) then runs on one thread, as
 * the WASM build always does. Returns { ms: median, peak: MB, runs: [ms] }.
 */
export function timeNative(binary, game, file, args, { runs = 5, slowMs = Infinity, cores = 0 } = {}) {
  const ms = [];
  let peak = 0;
  const cmd = cores === 1 ? ['taskset', '-c', '0', '/usr/bin/time'] : ['/usr/bin/time'];
  for (let i = 0; i < runs && !(i === 1 && ms[0] > slowMs); i++) {
    const r = spawnSync(cmd[0], [...cmd.slice(1), '-f', '%M', binary, game, '--bench', '1', ...args, file], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`${file}: native exit ${r.status}: ${r.stderr}`);
    const lines = r.stderr.trim().split('\n');
    peak = Math.max(peak, Number(lines.pop()) / 1024);
    ms.push(Number(lines.pop()));
  }
  return { ms: median(ms), peak, runs: ms };
}

/** Prints a table: its head, a rule, its rows (strings); the first `left` columns left-aligned, the others right. */
export function printTable(head, rows, left = 1) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i < left ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
  });
}
