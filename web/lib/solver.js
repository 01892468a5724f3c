// solver.js — the page's single owner of the solver worker (squoosh's
// worker bridge): one worker, one request at a time, latest request wins.
// Starting a solve while another runs, or aborting its signal, terminates the
// worker; the next request starts a fresh one. If the worker dies (trap, out of
// memory) the request fails with a clear message and the next one restarts it.

const WORKER_URL = new URL('../../wasm-glue/worker.mjs', import.meta.url);

let worker = null;
let pending = null; // { id, resolve, reject, onProgress }
let nextId = 1;

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

function startWorker() {
  const w = new Worker(WORKER_URL, { type: 'module' });
  w.onmessage = ({ data }) => {
    if (!pending || data.id !== pending.id) return;
    const p = pending;
    if (data.type === 'progress') {
      p.onProgress?.(data.done, data.total);
      return;
    }
    pending = null;
    if (data.type === 'result') p.resolve(data.result);
    else p.reject(Object.assign(new Error(data.message), { code: data.code, line: data.line, column: data.column }));
  };
  w.onerror = (event) => {
    event.preventDefault?.();
    failWorker('The solver stopped unexpectedly (it may have run out of memory). Your edits are kept; change something or press Solve to try again.');
  };
  return w;
}

function failWorker(message) {
  worker?.terminate();
  worker = null;
  if (pending) {
    const p = pending;
    pending = null;
    p.reject(Object.assign(new Error(message), { code: 'worker' }));
  }
}

/** Stops the solve in flight, if any (its promise rejects with CancelledError). */
export function cancel() {
  if (!pending) return;
  const p = pending;
  pending = null;
  worker?.terminate();
  worker = null;
  p.reject(new CancelledError());
}

/**
 * Solves in the worker. input: contest text or the game's object.
 * Resolves with the analysis object; rejects with an Error carrying code, line,
 * column, or with CancelledError when a newer request or cancel() replaced it.
 */
export function solve(game, input, { onProgress, options } = {}) {
  cancel();
  worker ??= startWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending = { id, resolve, reject, onProgress };
    worker.postMessage({ id, type: 'solve', game, input, options });
  });
}

/** For tests: is a solve in flight? */
export function busy() {
  return pending !== null;
}
