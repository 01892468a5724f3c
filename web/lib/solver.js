// solver.js — the page's single owner of solving (squoosh's worker bridge).
// Requests belong to channels (a tool, or one embedded widget): a new request
// cancels the older one of the same channel only, so the latest request of a
// channel wins and widgets never cancel each other. Requests are solved by a
// small pool of workers, started lazily, one request per worker at a time, at
// most POOL_SIZE of them: a long solve holds one worker while short ones go on
// in the others. Cancelling a running request terminates its worker. If a
// worker dies mid-solve (trap, out of memory) its request fails with a clear
// message and the next request starts a fresh one.
//
// Where the code comes from another origin (embed.js on a CDN or a hosted
// copy, the post elsewhere) a worker cannot be built from its URL: it starts
// from a same-origin blob: module that imports the real worker by its absolute
// URL. Where the host page's CSP forbids that too (`worker-src 'self'`), the
// solver runs on the page itself, one request at a time, declining solves that
// would hold the page longer than MAIN_THREAD_LIMIT_MS. Where WebAssembly
// itself is forbidden, every request fails at once with one clear line (code
// `blocked`). Every failure is a SolverError (wasm-glue/errors.mjs).
import { checkWasmAllowed, codes, SolverError, toSolverError } from '../../wasm-glue/errors.mjs';

const WORKER_URL = new URL('../../wasm-glue/worker.mjs', import.meta.url);
const API_URL = new URL('../../wasm-glue/winrate.mjs', import.meta.url);
const CROSS_ORIGIN = WORKER_URL.origin !== globalThis.location?.origin;

/** Workers at most: one per core, two at least (so one long solve never blocks the rest), four at most. */
export const POOL_SIZE = Math.min(4, Math.max(2, globalThis.navigator?.hardwareConcurrency ?? 2));
/**
 * A worker left holding more WASM memory than this after a request, beyond a
 * kept Codenames table, is retired (its memory freed). A Codenames request
 * made with keep (the tool, which plays its board forward) leaves its board's
 * table in the worker (worker.mjs), so the positions that follow are answered
 * at once: such requests go to it, the rest preferably elsewhere, and one
 * worker at a time holds a table. Without keep (a blog's answer view) no
 * table is kept, and a big solve's worker is retired as for any game.
 */
export const RECYCLE_BYTES = 256 * 1024 * 1024;

/**
 * Recent answers, keyed by game, input and options (a Map in use order): Undo,
 * going back to an earlier state or switching tools and back shows an answer
 * with no solve. Bounded in entries and in bytes (of the answers as JSON);
 * inputs above CACHE_MAX_INPUT characters are not kept. Results are read-only.
 */
export const CACHE_ENTRIES = 32;
export const CACHE_BYTES = 8 * 1024 * 1024;
const CACHE_MAX_INPUT = 64 * 1024;
const answers = new Map(); // key -> { result, bytes }
let cachedBytes = 0;

function cacheKey(game, input, options) {
  return typeof input === 'string' && input.length <= CACHE_MAX_INPUT ? JSON.stringify([game, input, options ?? null]) : null;
}

function remember(key, result) {
  if (key === null || answers.has(key)) return;
  answers.set(key, { result, bytes: 0 });
  // Measured after the answer is on screen: JSON.stringify of a big analysis takes milliseconds
  // the first render should not wait for. Entries over the bounds go then.
  (globalThis.requestIdleCallback ?? setTimeout)(() => {
    const entry = answers.get(key);
    if (!entry || entry.result !== result || entry.bytes) return;
    entry.bytes = JSON.stringify(result).length;
    cachedBytes += entry.bytes;
    if (entry.bytes > CACHE_BYTES / 4) {
      answers.delete(key);
      cachedBytes -= entry.bytes;
    }
    for (const [k, v] of answers) {
      if (answers.size <= CACHE_ENTRIES && cachedBytes <= CACHE_BYTES) break;
      answers.delete(k);
      cachedBytes -= v.bytes;
    }
  });
}

let misses = null; // collectMisses: where cached() notes what it did not have

/**
 * The answer remembered for this request, or undefined (the tools read it on
 * their first render, so a known answer is on screen at once).
 */
export function cached(game, input, options) {
  const hit = recall(cacheKey(game, input, options));
  if (hit === undefined) misses?.push([game, input, options ?? null]);
  return hit;
}

/** The prerender (web/tools/prerender.mjs) collects the requests a render made: a list, or null to stop. */
export function collectMisses(list) {
  misses = list;
}

/** Puts answers solved elsewhere (the prerender, by the same solver) among the recent ones: [[game, input, options, result]]. */
export function prime(entries) {
  for (const [game, input, options, result] of entries) remember(cacheKey(game, input, options), result);
}

function recall(key) {
  const hit = key === null ? undefined : answers.get(key);
  if (!hit) return undefined;
  answers.delete(key); // most recently used goes last
  answers.set(key, hit);
  return hit.result;
}

/** On the page's own thread, a solve is cut (and declined) after this long. */
export const MAIN_THREAD_LIMIT_MS = 1000;

let mode = 'worker'; // 'worker' until a worker fails to start, then 'main'
const pool = []; // { w, ready, job }: job is the request it solves, or null when idle
const queue = []; // requests waiting: { id, channel, game, input, options, resolve, reject, onProgress }
let onPage = null; // main-thread mode: the request being solved on the page
let nextId = 1;
let blobUrl = null;
let mainSolver = null; // main-thread mode: a promise of the JS API's solver
let wasmChecked = false; // cross-origin: this page may compile WebAssembly (its CSP)

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

/**
 * The SolverError a request rejects with (e: an error or a worker's error
 * message). offerFrame: this page cannot solve it but an iframe, which runs
 * under winrate's own policy, can; widgets then offer the iframe snippet.
 */
function solveError(e, offerFrame = e?.code === codes.blocked) {
  return Object.assign(toSolverError(e), { offerFrame });
}

/** Fails every request, running or waiting: they all waited on the same thing. */
function failAll(error) {
  const jobs = [...pool.map((slot) => slot.job), onPage, ...queue.splice(0)].filter(Boolean);
  for (const slot of pool.splice(0)) slot.w.terminate();
  onPage = null;
  for (const job of jobs) job.reject(error);
}

function retire(slot) {
  slot.w.terminate();
  const i = pool.indexOf(slot);
  if (i >= 0) pool.splice(i, 1);
}

function workerScriptUrl() {
  if (!CROSS_ORIGIN) return WORKER_URL;
  blobUrl ??= URL.createObjectURL(new Blob([`import ${JSON.stringify(WORKER_URL.href)};\n`],
    { type: 'text/javascript' }));
  return blobUrl;
}

/** A worker could not start (CSP, blocked import): every request is solved on the page from now on. */
function workersUnavailable() {
  mode = 'main';
  const jobs = pool.map((slot) => slot.job).filter(Boolean);
  for (const slot of pool.splice(0)) slot.w.terminate();
  queue.unshift(...jobs);
  pump();
}

/** A new pool slot, or null when this page may not start a worker at all. */
function startWorker() {
  let w;
  try {
    w = new Worker(workerScriptUrl(), { type: 'module' });
  } catch {
    return null; // a CSP that forbids this worker throws here
  }
  const slot = { w, ready: false, job: null, kept: 0, warm: new Set() }; // warm: the games it was sent a warm-up for
  w.onmessage = ({ data }) => {
    if (data.type === 'ready') {
      slot.ready = true;
      pump(); // it may take a waiting request now
      return;
    }
    const job = slot.job;
    if (!job || data.id !== job.id) return;
    if (data.type === 'progress') {
      job.onProgress?.(data.done, data.total);
      return;
    }
    if (data.type === 'error' && data.fatal) {
      failAll(solveError(data)); // loading the solver failed: the same for everyone waiting
      return;
    }
    slot.job = null;
    slot.kept = data.kept ?? 0;
    // WASM memory never shrinks: a worker a big solve (or a big refusal) has left holding
    // hundreds of MB gives them back by ending; the next request starts a fresh one.
    if (data.heap > RECYCLE_BYTES + slot.kept) retire(slot);
    else if (slot.kept) for (const other of pool.filter((s) => s !== slot && s.kept && !s.job)) retire(other);
    if (data.type === 'result') job.resolve(data.result);
    else job.reject(solveError(data));
    pump();
  };
  w.onerror = (event) => {
    event.preventDefault?.();
    if (!slot.ready) {
      workersUnavailable();
      return;
    }
    const job = slot.job;
    retire(slot);
    job?.reject(solveError(new SolverError(codes.crashed, 'The solver stopped unexpectedly (it may have run out of '
      + 'memory). Your edits are kept; change something or solve again to retry.')));
    pump();
  };
  pool.push(slot);
  return slot;
}

/** Main-thread mode: the JS API loaded on the page, after checking that WebAssembly may run here. */
function loadMainSolver() {
  mainSolver ??= import(API_URL.href).then((api) => {
    checkWasmAllowed();
    return api.load({ wasmUrl: new URL('../build/wasm/winrate-core.wasm', API_URL).href });
  });
  mainSolver.catch(() => { mainSolver = null; });
  return mainSolver;
}

async function solveOnPage(job) {
  let solver;
  try {
    solver = await loadMainSolver();
  } catch (err) {
    if (onPage === job) failAll(solveError(err));
    pump();
    return;
  }
  await new Promise((ok) => setTimeout(ok)); // let the page paint between solves
  if (onPage !== job) return; // cancelled meanwhile
  const start = performance.now();
  let timedOut = false;
  solver.onProgress = (done, total) => {
    job.onProgress?.(done, total);
    timedOut = performance.now() - start > MAIN_THREAD_LIMIT_MS;
    return timedOut;
  };
  try {
    const result = solver.request(job.game, job.input, job.options ?? {});
    onPage = null;
    job.resolve(result);
  } catch (err) {
    onPage = null;
    job.reject(timedOut
      ? solveError(new SolverError(codes.tooBig, 'This page does not let winrate start a worker (its '
        + 'Content-Security-Policy), so it solves on the page itself, and only what takes under '
        + `${MAIN_THREAD_LIMIT_MS / 1000} s there; this one takes longer.`), true)
      : solveError(err));
  } finally {
    solver.onProgress = null;
    if (solver.memoryBytes > RECYCLE_BYTES) { // as a worker would be retired: the memory goes with the solver
      solver.free();
      mainSolver = null;
    }
  }
  pump();
}

/**
 * Hands waiting requests to idle workers that have started, and starts one
 * more worker (up to POOL_SIZE) when none is idle. A request never waits on a
 * worker that is still starting while another is about to be free: after
 * Load, escape's small map solves finish in a millisecond on a running worker,
 * where a new one takes tens of milliseconds to load its WASM.
 */
function pump() {
  if (mode === 'main') {
    while (!onPage && queue.length) {
      const job = queue.shift();
      const known = recall(job.key); // solved meanwhile, for a request the same as this one
      if (known !== undefined) job.resolve(known);
      else solveOnPage(onPage = job);
    }
    return;
  }
  if (queue.length && CROSS_ORIGIN && !wasmChecked) {
    // A blob: worker shares this page's CSP: if that forbids WebAssembly, fail before starting anything.
    try {
      checkWasmAllowed();
      wasmChecked = true;
    } catch (err) {
      failAll(solveError(err));
      return;
    }
  }
  handOut();
  warmIdle();
}

/** pump()'s hand-out in worker mode: waiting requests to idle workers, and a new worker when none is idle. */
function handOut() {
  for (;;) {
    // A request the same as one being solved (a game's history chart asks for the position the
    // tool asks for) waits for that answer instead of solving it a second time elsewhere.
    const i = queue.findIndex((j) => j.key === null || !pool.some((s) => s.job?.key === j.key));
    if (i < 0) return;
    const job = queue[i];
    const known = recall(job.key);
    if (known !== undefined) {
      queue.splice(i, 1);
      job.resolve(known);
      continue;
    }
    const slot = idleFor(job);
    if (!slot) {
      if (pool.length < POOL_SIZE && !pool.some((s) => !s.ready) && !startWorker() && pool.length === 0) {
        workersUnavailable();
      }
      return;
    }
    queue.splice(i, 1);
    slot.job = job;
    slot.w.postMessage({ id: job.id, type: 'solve', game: job.game, input: job.input, options: job.options, keep: job.keep });
  }
}

const warmGames = new Set(); // warm(): the games whose hot code the workers compile ahead

/** A pool slot that has started and solves nothing. */
const isIdle = (slot) => slot.ready && !slot.job;

/**
 * Each idle started worker gets a warm-up for each game of warmGames, once
 * (worker.mjs, Solver.warm): a small solve, a few tens of ms,
 * after which the browser compiles the game's hot code with its optimizing
 * tier in the background, before the first long solve needs it. Only idle
 * workers: a warm-up never waits for a request, and a request that comes
 * while one runs waits for it (tens of ms). A request's own solve does not
 * count as one: the tool's first board (9 cards) runs none of the code of
 * the 25-card boards.
 */
function warmIdle() {
  for (const slot of pool.filter(isIdle)) {
    for (const game of warmGames) {
      if (slot.warm.has(game)) continue;
      slot.warm.add(game);
      slot.w.postMessage({ type: 'warm', game });
    }
  }
}

/**
 * The page shows a tool whose solves can be long (Codenames on a 25-card
 * board): its game's hot code is compiled ahead in each idle worker, now and
 * in the workers started later. Worker mode only: on the page itself a
 * warm-up would hold the page.
 */
export function warm(game) {
  warmGames.add(game);
  if (mode === 'worker') warmIdle();
}

/**
 * An idle started worker for job, or undefined: for a request that keeps its
 * table the one that keeps a table (a later position of its board is answered
 * at once; another board replaces the table), for the rest preferably another.
 */
function idleFor(job) {
  const idle = pool.filter(isIdle);
  const holder = idle.find((s) => s.kept);
  return job.keep ? holder ?? idle[0] : idle.find((s) => !s.kept) ?? holder;
}

/**
 * Frees the kept Codenames tables (the tool that played its boards forward
 * is closed): an idle worker that keeps one ends, and its memory with it.
 */
export function releaseKept() {
  for (const slot of pool.filter((s) => s.kept && !s.job)) retire(slot);
}

/**
 * Starts one worker ahead of the first request, so the WASM loads and compiles
 * while the page's own code is still arriving (the app calls it at startup).
 * Same origin only: another origin's page checks its CSP first, in pump().
 */
export function prestart() {
  if (mode === 'worker' && pool.length === 0 && !CROSS_ORIGIN) startWorker();
}

/** Cancels the channel's request, queued or running (its promise rejects with CancelledError). */
export function cancel(channel) {
  for (let i = queue.length - 1; i >= 0; i--) {
    if (queue[i].channel === channel) queue.splice(i, 1)[0].reject(new CancelledError());
  }
  const slot = pool.find((s) => s.job?.channel === channel);
  if (slot) {
    const { job } = slot;
    retire(slot);
    job.reject(new CancelledError());
    pump();
  }
  if (onPage?.channel === channel) { // on the page a solve runs to its end; its answer is dropped
    const job = onPage;
    onPage = null;
    job.reject(new CancelledError());
    pump();
  }
}

/**
 * Solves in a worker (or, where a host forbids workers, on the page), or
 * answers at once from the recent answers. input: contest text or the game's object. Resolves with the analysis object; rejects
 * with a SolverError (code, line, column), or with CancelledError when a newer
 * request of the same channel or cancel() replaced it. keep: a Codenames
 * board's table stays in its worker for the positions that follow (a tool
 * that plays the board forward; releaseKept() frees it).
 */
export function solve(game, input, { onProgress, options, channel = 'default', keep = false } = {}) {
  cancel(channel);
  const key = cacheKey(game, input, options);
  const known = recall(key);
  if (known !== undefined) return Promise.resolve(known);
  return new Promise((resolve, reject) => {
    const done = (result) => {
      remember(key, result);
      resolve(result);
    };
    queue.push({ id: nextId++, key, channel, game, input, options, keep, resolve: done, reject, onProgress });
    pump();
  });
}
