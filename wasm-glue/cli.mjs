#!/usr/bin/env node
// cli.mjs — `node wasm-glue/cli.mjs GAME [--digits N] [--json] [--memory MB] [--sweep N]
// [--own-hints-only] [--rolls N] [--length] [FILE]`: the native CLI's interface and bytes, running the WASM build.
import { readFileSync } from 'node:fs';
import { load } from './winrate.mjs';
import { codes } from './errors.mjs';

const USAGE_LINE = 'usage: winrate GAME [--digits N] [--json] [--memory MB] [--sweep N] '
  + '[--own-hints-only] [--rolls N] [--length] [FILE] (try --help)';
const MAX_INPUT_BYTES = 4 * 1024 * 1024;

function usageError(msg) {
  process.stderr.write(`winrate: ${msg}\n${USAGE_LINE}\n`);
  process.exit(2);
}

function number(s, lo, hi, whole) {
  if (s === undefined || s === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return null;
  const v = Number(s);
  if (!(v >= lo && v <= hi) || (whole && !Number.isInteger(v))) return null;
  return v;
}

async function main(argv) {
  const opt = {}; // the API's options; one not given takes its default
  let benchRuns = 0;
  let game = null;
  let file = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') {
      process.stdout.write((await load()).help);
      return 0;
    } else if (a === '--json') opt.json = true;
    else if (a === '--own-hints-only') opt.ownHintsOnly = true;
    else if (a === '--digits') {
      const v = number(argv[++i], 0, 17, true);
      if (v === null) usageError('--digits needs a whole number from 0 to 17');
      opt.digits = v;
    } else if (a === '--memory') {
      const v = number(argv[++i], 1, 1048576, false);
      if (v === null) usageError('--memory needs a size in MB from 1 to 1048576');
      opt.memoryMb = v;
    } else if (a === '--sweep') {
      const v = number(argv[++i], 1, 1000, true);
      if (v === null) usageError('--sweep needs a whole number from 1 to 1000');
      opt.sweep = v;
    } else if (a === '--length') opt.length = true;
    else if (a === '--rolls') {
      const v = number(argv[++i], 1, 1000, true);
      if (v === null) usageError('--rolls needs a whole number from 1 to 1000');
      opt.rolls = v;
    } else if (a === '--bench') {
      const v = number(argv[++i], 1, 1000, true);
      if (v === null) usageError('--bench needs a whole number of runs from 1 to 1000');
      benchRuns = v;
    } else if (a.startsWith('-') && a !== '-') usageError(`unknown option ${a}`);
    else if (game === null) game = a;
    else if (file === null) file = a;
    else usageError(`unexpected argument ${a}`);
  }
  if (game === null) usageError('missing GAME');
  const solver = await load();
  if (!solver.games.includes(game)) usageError(`unknown game ${game}`);

  const name = file ?? 'stdin';
  let bytes;
  try {
    bytes = readFileSync(file === null || file === '-' ? 0 : file);
  } catch (err) {
    // As the native CLI: a file that will not open, or one that opens but will not read (a directory).
    const why = err.code === 'EISDIR' || err.code === 'EIO' ? 'cannot read the input' : 'cannot open the file';
    process.stderr.write(`winrate: ${name}: ${why}\n`);
    return 2;
  }
  // The raw bytes, at most one past the limit (as the native CLI reads), so
  // columns and the size refusal match byte for byte.
  try {
    const input = bytes.subarray(0, MAX_INPUT_BYTES + 1);
    if (benchRuns) {
      const ms = [];
      let out = '';
      for (let i = 0; i < benchRuns; i++) {
        const t0 = performance.now();
        out = solver.runBytes(game, input, opt);
        ms.push(performance.now() - t0);
      }
      ms.sort((x, y) => x - y);
      process.stderr.write(`${ms[Math.floor(benchRuns / 2)].toFixed(3)}\n`);
      process.stdout.write(out);
      return 0;
    }
    process.stdout.write(solver.runBytes(game, input, opt));
    return 0;
  } catch (err) {
    if (err.code === undefined) throw err;
    if (err.code === codes.usage && !err.line) usageError(err.message); // an option GAME does not take
    const where = err.line > 0 ? `${name}:${err.line}:${err.column}` : name;
    process.stderr.write(`winrate: ${where}: ${err.message}\n`);
    return err.status;
  }
}

process.exitCode = await main(process.argv.slice(2));
