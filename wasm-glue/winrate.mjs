// winrate.mjs — the JS API over the WASM build, and the only importer of the
// Emscripten module. Works in the browser, in workers and in Node.
//
//   const solver = await load();                 // Node reads the .wasm itself
//   solver.solveText('dice', 'A D\n4 3\n')       // -> '1.0000\n', as the CLI prints
//   solver.dice({ faces: ['AA','A','D','DD'], units: [4, 4] })  // -> full analysis
//
// Errors throw SolverError { code, status, message, line, column }.
// Buffers: every string passed in is _malloc'ed here and freed here; the
// output belongs to the C session and is copied out before the next call.

import { checkWasmAllowed, codes, SolverError, wasmBlockedMessage } from './errors.mjs';
import { toText } from './text.mjs';

export { checkWasmAllowed, codes, SolverError, toText, wasmBlockedMessage };

const CORE_URL = new URL('../build/wasm/winrate-core.mjs', import.meta.url);
const WASM_URL = new URL('../build/wasm/winrate-core.wasm', import.meta.url);

async function readWasm(url) {
  if (typeof process !== 'undefined' && process.versions?.node && url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`cannot load ${url}: HTTP ${res.status}`);
  return res.arrayBuffer();
}

/**
 * Loads the solver. options: { wasmBinary?, coreUrl?, wasmUrl?, onProgress? }.
 * onProgress(done, total) is called during long solves; returning true cancels
 * (the call then throws SolverError with code codes.cancelled).
 */
export async function load(options = {}) {
  const { default: createCore } = await import(options.coreUrl ?? CORE_URL.href);
  const wasmBinary = options.wasmBinary ?? await readWasm(options.wasmUrl ? new URL(options.wasmUrl) : WASM_URL);
  let core;
  try {
    core = await createCore({ wasmBinary });
  } catch (err) {
    const message = wasmBlockedMessage(err);
    throw message ? new SolverError(codes.blocked, message) : err;
  }
  return new Solver(core, options.onProgress);
}

class Solver {
  constructor(core, onProgress) {
    this.core = core;
    this.session = core._wrw_new();
    if (!this.session) throw new SolverError(codes.noMemory, 'out of memory');
    this.onProgress = onProgress ?? null;
    core.onProgress = (done, total) => (this.onProgress ? this.onProgress(done, total) : false);
    this.games = [];
    for (let i = 0; ; i++) {
      const p = core._wrw_game_name(i);
      if (!p) break;
      this.games.push(core.UTF8ToString(p));
    }
  }

  /** The command line's --help text (the native CLI prints the same). */
  get help() { return this.core.UTF8ToString(this.core._wrw_help()); }

  /** Runs a game on contest text; returns exactly what the CLI prints. */
  run(game, text, options = {}) {
    return this.runBytes(game, new TextEncoder().encode(text), options);
  }

  /** Same, on the raw bytes of the input (the CLI passes file bytes through). */
  runBytes(game, bytes, { digits = -1, json = false, memoryMb = 0, sweep = 0, ownHintsOnly = false } = {}) {
    const c = this.core;
    const gameLen = c.lengthBytesUTF8(game) + 1;
    const gamePtr = c._malloc(gameLen);
    const textPtr = c._malloc(bytes.length + 1);
    if (!gamePtr || !textPtr) {
      c._free(gamePtr);
      c._free(textPtr);
      throw new SolverError(codes.noMemory, 'out of memory', 0, 0, 1);
    }
    try {
      c.stringToUTF8(game, gamePtr, gameLen);
      c.HEAPU8.set(bytes, textPtr);
      const rc = c._wrw_run(this.session, gamePtr, textPtr, bytes.length, digits ?? -1, json ? 1 : 0,
        memoryMb, sweep, ownHintsOnly ? 1 : 0, this.onProgress ? 1 : 0);
      if (rc !== 0) {
        throw new SolverError(rc, c.UTF8ToString(c._wrw_message(this.session)),
          c._wrw_line(this.session), c._wrw_column(this.session), c._wrw_exit_status(rc));
      }
      // Read through a fresh view: memory growth during the solve replaces the heap.
      return c.UTF8ToString(c._wrw_output(this.session), c._wrw_output_len(this.session));
    } finally {
      c._free(gamePtr);
      c._free(textPtr);
    }
  }

  /** The CLI's answer for contest text (digits < 0: the game's default). */
  solveText(game, text, { digits = -1, ...rest } = {}) {
    return this.run(game, text, { digits, ...rest });
  }

  /** The full analysis for contest text, as a plain object. */
  analyze(game, text, options = {}) {
    return JSON.parse(this.run(game, text, { ...options, json: true }));
  }

  /** Battle Dice: { faces, faces2?, units: [u1, u2] } -> analysis object. */
  dice(input, options) { return this.analyze('dice', toText.dice(input), options); }

  /** Hop chess: { board, aJ, aD, toMove? } -> analysis; options.sweep adds the sweep. */
  hopchess(input, options) { return this.analyze('hopchess', toText.hopchess(input), options); }

  /** Board Escape: { grid, k } -> analysis. */
  escape(input, options) { return this.analyze('escape', toText.escape(input), options); }

  /** Codenames: { team, words, identities, revealed?, hints } -> analysis. */
  codenames(input, options) { return this.analyze('codenames', toText.codenames(input), options); }

  /**
   * One request as the worker protocol carries it: input is contest text (the
   * analysis of `analyze`) or the game's plain object. Only the solver's own
   * games are accepted, never another method's name.
   */
  request(game, input, options = {}) {
    if (!this.games.includes(game)) {
      throw new SolverError(codes.usage, `unknown game ${JSON.stringify(String(game))}: one of ${this.games.join(', ')}`);
    }
    return typeof input === 'string' ? this.analyze(game, input, options) : this[game](input, options);
  }

  free() {
    this.core._wrw_free(this.session);
    this.session = 0;
  }
}
