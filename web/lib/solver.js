// solver.js — the page's single owner of solving (squoosh's worker bridge).
// One worker solves one request at a time; requests wait in a queue. Each
// request belongs to a channel (a tool, or one embedded widget): a new request
// cancels the older one of the same channel only — the latest request of a
// channel wins, and several widgets on one page share the worker without
// cancelling each other. Cancelling the running request terminates the worker;
// the next request starts a fresh one. If the worker dies mid-solve (trap, out
// of memory) its request fails with a clear message and the next one restarts
// it.
//
// Where the code comes from another origin (embed.js on a CDN or a hosted
// copy, the post elsewhere) the worker cannot be built from its URL: it starts
// from a same-origin blob: module that imports the real worker by its absolute
// URL. Where the host page's CSP forbids that too (`worker-src 'self'`), the
// solver runs on the page itself, declining solves that would hold the page
// longer than MAIN_THREAD_LIMIT_MS. Where WebAssembly itself is forbidden,
// every request fails at once with one clear line (code `blocked`). Every
// failure is a SolverError (wasm-glue/errors.mjs), whichever path it took.
import { checkWasmAllowed, codes, SolverError, toSolverError } from '../../wasm-glue/errors.mjs';

const WORKER_URL = new URL('../../wasm-glue/worker.mjs', import.meta.url);
const API_URL = new URL('../../wasm-glue/winrate.mjs', import.meta.url);
const CROSS_ORIGIN = WORKER_URL.origin !== globalThis.location?.origin;

/** On the page's own thread, a solve is cut (and declined) after this long. */
export const MAIN_THREAD_LIMIT_MS = 1000;

let mode = 'worker'; // 'worker' until a worker fails to start, then 'main'
let worker = null;
let running = null; // the job being solved: { id, channel, game, input, options, resolve, reject, onProgress }
const queue = [];
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

/** Fails the running job and every queued one: they all waited on the same thing. */
function failAll(error) {
  const jobs = [running, ...queue.splice(0)].filter(Boolean);
  running = null;
  for (const job of jobs) job.reject(error);
}

function workerScriptUrl() {
  if (!CROSS_ORIGIN) return WORKER_URL;
  blobUrl ??= URL.createObjectURL(new Blob([`import ${JSON.stringify(WORKER_URL.href)};\n`],
    { type: 'text/javascript' }));
  return blobUrl;
}

/** The worker could not start (CSP, blocked import): solve on the page instead. */
function workerUnavailable() {
  stopWorker();
  mode = 'main';
  if (running) queue.unshift(running);
  running = null;
  pump();
}

function startWorker() {
  let w;
  try {
    w = new Worker(workerScriptUrl(), { type: 'module' });
  } catch {
    return null; // a CSP that forbids this worker throws here
  }
  let ready = false;
  w.onmessage = ({ data }) => {
    if (data.type === 'ready') {
      ready = true;
      return;
    }
    if (!running || data.id !== running.id) return;
    const job = running;
    if (data.type === 'progress') {
      job.onProgress?.(data.done, data.total);
      return;
    }
    if (data.type === 'error' && data.fatal) {
      stopWorker(); // loading the solver failed: the same for everyone waiting
      failAll(solveError(data));
      return;
    }
    running = null;
    if (data.type === 'result') job.resolve(data.result);
    else job.reject(solveError(data));
    pump();
  };
  w.onerror = (event) => {
    event.preventDefault?.();
    if (!ready) {
      workerUnavailable();
      return;
    }
    stopWorker();
    const job = running;
    running = null;
    job?.reject(solveError(new SolverError(codes.crashed, 'The solver stopped unexpectedly (it may have run out of '
      + 'memory). Your edits are kept; change something or solve again to retry.')));
    pump();
  };
  return w;
}

function stopWorker() {
  worker?.terminate();
  worker = null;
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
  let loaded;
  try {
    loaded = await loadMainSolver();
  } catch (err) {
    if (running === job) failAll(solveError(err));
    pump();
    return;
  }
  await new Promise((ok) => setTimeout(ok)); // let the page paint between solves
  if (running !== job) return; // cancelled meanwhile
  const solver = loaded;
  const start = performance.now();
  let timedOut = false;
  solver.onProgress = (done, total) => {
    job.onProgress?.(done, total);
    timedOut = performance.now() - start > MAIN_THREAD_LIMIT_MS;
    return timedOut;
  };
  try {
    const result = solver.request(job.game, job.input, job.options ?? {});
    running = null;
    job.resolve(result);
  } catch (err) {
    running = null;
    job.reject(timedOut
      ? solveError(new SolverError(codes.tooBig, 'This page does not let winrate start a worker (its '
        + 'Content-Security-Policy), so it solves on the page itself, and only what takes under '
        + `${MAIN_THREAD_LIMIT_MS / 1000} s there; this one takes longer.`), true)
      : solveError(err));
  } finally {
    solver.onProgress = null;
  }
  pump();
}

function pump() {
  if (running || queue.length === 0) return;
  if (mode === 'worker' && !worker && CROSS_ORIGIN && !wasmChecked) {
    // A blob: worker shares this page's CSP: if that forbids WebAssembly, fail before starting anything.
    try {
      checkWasmAllowed();
      wasmChecked = true;
    } catch (err) {
      failAll(solveError(err));
      return;
    }
  }
  running = queue.shift();
  if (mode === 'main') {
    solveOnPage(running);
    return;
  }
  worker ??= startWorker();
  if (!worker) {
    workerUnavailable();
    return;
  }
  const { id, game, input, options } = running;
  worker.postMessage({ id, type: 'solve', game, input, options });
}

/** Cancels the channel's request, queued or running (its promise rejects with CancelledError). */
export function cancel(channel) {
  for (let i = queue.length - 1; i >= 0; i--) {
    if (queue[i].channel === channel) queue.splice(i, 1)[0].reject(new CancelledError());
  }
  if (running && running.channel === channel) {
    const job = running;
    running = null;
    if (mode === 'worker') stopWorker(); // on the page a solve runs to its end; its answer is dropped
    job.reject(new CancelledError());
    pump();
  }
}

/**
 * Solves in the worker (or, where a host forbids workers, on the page). input:
 * contest text or the game's object. Resolves with the analysis object; rejects
 * with an Error carrying code, line, column, or with CancelledError when a
 * newer request of the same channel or cancel() replaced it.
 */
export function solve(game, input, { onProgress, options, channel = 'default' } = {}) {
  cancel(channel);
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, channel, game, input, options, resolve, reject, onProgress });
    pump();
  });
}
