// winrate.mjs — the JS API over the WASM build, and the only importer of the
// Emscripten module. Works in the browser, in workers and in Node.
//
//   const solver = await load();                 // Node reads the .wasm itself
//   solver.solveText('dice', 'A D\n4 3\n')       // -> '1.0000\n', as the CLI prints
//   solver.dice({ faces: ['AA','A','D','DD'], units: [4, 4] })  // -> full analysis
//
// Errors throw SolverError { code, status, message, line, column }.
// Buffers: the input text is _malloc'ed and freed here per run, names once per
// solver (cString, freed by free()); the
// output belongs to the C session and is copied out before the next call.

import { checkWasmAllowed, codes, SolverError, wasmBlockedMessage } from './errors.mjs';
import { toText } from './text.mjs';
import { WARM_INPUTS } from './warm.mjs';

export { checkWasmAllowed, codes, SolverError, toText, wasmBlockedMessage };

const CORE_URL = new URL('../build/wasm/winrate-core.mjs', import.meta.url);
const WASM_URL = new URL('../build/wasm/winrate-core.wasm', import.meta.url);

/**
 * The options of run/solveText/analyze and the structured calls: what each
 * accepts (the CLI's ranges), and for a game's own option its name in C.
 * Checked before anything reaches C; an option given as undefined counts as
 * not given. Which game takes which option is C's check (wr_run), one for
 * every door.
 */
const OPTIONS = {
  digits: { ok: (v) => Number.isInteger(v) && v >= 0 && v <= 17, needs: 'a whole number from 0 to 17' },
  memoryMb: { ok: (v) => typeof v === 'number' && v >= 1 && v <= 1048576, needs: 'a size in MB from 1 to 1048576' },
  sweep: { c: 'sweep', ok: (v) => Number.isInteger(v) && v >= 1 && v <= 1000, needs: 'a whole number from 1 to 1000' },
  length: { c: 'length', ok: (v) => typeof v === 'boolean', needs: 'true or false' },
  rolls: { c: 'rolls', ok: (v) => Number.isInteger(v) && v >= 1 && v <= 1000, needs: 'a whole number from 1 to 1000' },
  ownHintsOnly: { c: 'own-hints-only', ok: (v) => typeof v === 'boolean', needs: 'true or false' },
  json: { ok: (v) => typeof v === 'boolean', needs: 'true or false' },
};

function checkOptions(options) {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new SolverError(codes.usage, 'options must be an object such as { digits: 4 }', 0, 0, 2);
  }
  for (const [name, value] of Object.entries(options)) {
    const spec = Object.hasOwn(OPTIONS, name) ? OPTIONS[name] : null;
    if (!spec) {
      throw new SolverError(codes.usage, `unknown option ${JSON.stringify(name)} (the options: ${Object.keys(OPTIONS).join(', ')})`, 0, 0, 2);
    }
    if (value === undefined) continue;
    if (!spec.ok(value)) {
      const got = typeof value === 'string' ? JSON.stringify(value) : String(value);
      throw new SolverError(codes.usage, `${name} needs ${spec.needs}, got ${got}`, 0, 0, 2);
    }
  }
}

/** The C options of a run: the common ones, and each game option given (a false flag is not given). */
function cOptions(options, progress, keep) {
  const { digits = -1, json = false, memoryMb = 0 } = options;
  const out = { digits, json: json ? 1 : 0, memory_mb: memoryMb, progress: progress ? 1 : 0, keep: keep ? 1 : 0 };
  for (const [name, value] of Object.entries(options)) {
    if (OPTIONS[name].c && value !== undefined && value !== false) out[OPTIONS[name].c] = Number(value);
  }
  return out;
}

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
 * Loads the solver. options: { wasmBinary?, coreUrl?, wasmUrl?, onProgress?, keepTables? }.
 * onProgress(done, total) is called during long solves; returning true cancels
 * (the call then throws SolverError with code codes.cancelled).
 * keepTables: after a Codenames solve the solver keeps the board's table of
 * positions (up to 2^FS x 16 bytes: 268 MB for 24 free cards), so a later
 * position of the same board (more cards revealed, either team to move) is
 * answered at once, with the same result; keptBytes says what it holds,
 * dropKept() frees it. Off by default: the memory stays until then. The
 * solver's keepTables may be changed between requests: a request made with
 * it off neither reads nor replaces the kept table.
 */
export async function load(options = {}) {
  // The WASM download starts with the import of the glue, not after it.
  const binary = options.wasmBinary ?? readWasm(options.wasmUrl ? new URL(options.wasmUrl) : WASM_URL);
  binary.catch?.(() => {}); // if the import fails first, that is the error reported
  const { default: createCore } = await import(options.coreUrl ?? CORE_URL.href);
  const wasmBinary = await binary;
  let core;
  try {
    core = await createCore({ wasmBinary });
  } catch (err) {
    const message = wasmBlockedMessage(err);
    throw message ? new SolverError(codes.blocked, message) : err;
  }
  return new Solver(core, options.onProgress, options.keepTables === true);
}

class Solver {
  constructor(core, onProgress, keepTables) {
    this.core = core;
    this.keepTables = keepTables;
    this.session = core._wrw_new();
    if (!this.session) throw new SolverError(codes.noMemory, 'out of memory');
    this.onProgress = onProgress ?? null;
    core.onProgress = (done, total) => (this.onProgress ? this.onProgress(done, total) : false);
    this.maxInputBytes = core._wrw_max_input_bytes();
    this.names = new Map(); // cString's copies
    this.games = [];
    for (let i = 0; ; i++) {
      const p = core._wrw_game_name(i);
      if (!p) break;
      this.games.push(core.UTF8ToString(p));
    }
  }

  /** The command line's --help text (the native CLI prints the same). */
  get help() { return this.core.UTF8ToString(this.core._wrw_help()); }

  /**
   * The bytes of WASM memory this solver holds. WebAssembly memory grows and
   * never shrinks: after a solve that needed hundreds of MB it stays that big
   * until the solver is dropped (the app's worker pool retires such a worker).
   */
  get memoryBytes() { return this.core.HEAPU8.buffer.byteLength; }

  /** The bytes of the table kept for later positions (load's keepTables), 0 when none. */
  get keptBytes() { return this.session ? this.core._wrw_kept_bytes(this.session) : 0; }

  /** Whether the last request was answered from the kept table (no solve). */
  get lastReused() { return this.session ? this.core._wrw_reused(this.session) !== 0 : false; }

  /**
   * Solves a small built-in problem of game and drops its answer, so that the
   * engine compiles the solve's hot code with its optimizing tier now (a
   * worker's idle time) and not during the next long solve (warm.mjs: about
   * 0.2 s of a 2 s Codenames solve in Chromium). Codenames only; returns
   * whether it solved anything. No progress is reported and the kept table
   * is neither read nor replaced.
   */
  warm(game) {
    if (!Object.hasOwn(WARM_INPUTS, game)) return false;
    const { onProgress, keepTables } = this;
    this.onProgress = null;
    this.keepTables = false;
    try {
      this.run(game, WARM_INPUTS[game]);
    } finally {
      this.onProgress = onProgress;
      this.keepTables = keepTables;
    }
    return true;
  }

  /** Frees the kept table (the WASM memory it was in stays with the solver, for reuse). */
  dropKept() { if (this.session) this.core._wrw_drop_kept(this.session); }

  /** Runs a game on contest text; returns exactly what the CLI prints. */
  run(game, text, options = {}) {
    if (typeof text !== 'string') {
      throw new SolverError(codes.usage, `the input must be the contest text (a string), got ${text === null ? 'null' : typeof text}`, 0, 0, 2);
    }
    // A string of more UTF-16 units than the limit has more bytes too: refused before encoding it.
    if (text.length > this.maxInputBytes) this.tooLong();
    return this.runBytes(game, new TextEncoder().encode(text), options);
  }

  /** Sets the session's options for the next run, by their C names (exports.c wrw_option). */
  setOptions(options) {
    for (const [name, value] of Object.entries(options)) {
      const rc = this.core._wrw_option(this.session, this.cString(name), value);
      if (rc !== 0) throw new SolverError(rc, this.core.UTF8ToString(this.core._wrw_message(this.session)), 0, 0, 2);
    }
  }

  /**
   * A name (a game's, an option's) as a C string in WASM memory, made once and
   * kept until free(): runs reuse it instead of copying it each time. Only
   * checked names come here, so the set stays small.
   */
  cString(name) {
    let p = this.names.get(name);
    if (p === undefined) {
      const c = this.core;
      const len = c.lengthBytesUTF8(name) + 1;
      p = c._malloc(len);
      if (!p) throw new SolverError(codes.noMemory, 'out of memory', 0, 0, 1);
      c.stringToUTF8(name, p, len);
      this.names.set(name, p);
    }
    return p;
  }

  tooLong() {
    throw new SolverError(codes.tooBig, `the input is larger than the limit of ${this.maxInputBytes} bytes`, 0, 0, 3);
  }

  /** Same, on the raw bytes of the input (the CLI passes file bytes through). */
  runBytes(game, bytes, options = {}) {
    this.checkGame(game);
    checkOptions(options);
    if (!(bytes instanceof Uint8Array)) throw new SolverError(codes.usage, 'the input bytes must be a Uint8Array', 0, 0, 2);
    // Refused before the copy into WASM memory, with the message C would give.
    if (bytes.length > this.maxInputBytes) this.tooLong();
    if (!this.session) throw new SolverError(codes.usage, 'this solver was freed (load() another)', 0, 0, 2);
    const c = this.core;
    c._wrw_reset_options(this.session);
    this.setOptions(cOptions(options, this.onProgress, this.keepTables));
    const gamePtr = this.cString(game);
    const textPtr = c._malloc(bytes.length + 1);
    if (!textPtr) throw new SolverError(codes.noMemory, 'out of memory', 0, 0, 1);
    try {
      c.HEAPU8.set(bytes, textPtr);
      const rc = c._wrw_run(this.session, gamePtr, textPtr, bytes.length);
      if (rc !== 0) {
        throw new SolverError(rc, c.UTF8ToString(c._wrw_message(this.session)),
          c._wrw_line(this.session), c._wrw_column(this.session), c._wrw_exit_status(rc));
      }
      // Read through a fresh view: memory growth during the solve replaces the heap.
      return c.UTF8ToString(c._wrw_output(this.session), c._wrw_output_len(this.session));
    } finally {
      c._free(textPtr);
    }
  }

  /** The CLI's answer for contest text (digits not given: the game's default). */
  solveText(game, text, options = {}) {
    return this.run(game, text, options);
  }

  /** Throws SolverError (usage) unless game is one of this build's games. */
  checkGame(game) {
    if (typeof game !== 'string' || !this.games.includes(game)) {
      const got = typeof game === 'string' ? JSON.stringify(game) : String(game);
      throw new SolverError(codes.usage, `unknown game ${got} (the games: ${this.games.join(', ')})`, 0, 0, 2);
    }
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
    this.checkGame(game);
    return typeof input === 'string' ? this.analyze(game, input, options) : this[game](input, options);
  }

  free() {
    for (const p of this.names.values()) this.core._free(p);
    this.names.clear();
    this.core._wrw_free(this.session);
    this.session = 0;
  }
}
