// solver.js — the page's single owner of the solver worker (squoosh's worker
// bridge). One worker solves one request at a time; requests wait in a queue.
// Each request belongs to a channel (a tool, or one embedded widget): a new
// request cancels the older one of the same channel only — the latest request
// of a channel wins, and several widgets on one page share the worker without
// cancelling each other. Cancelling the running request terminates the worker;
// the next request starts a fresh one. If the worker dies (trap, out of memory)
// its request fails with a clear message and the next one restarts it.

const WORKER_URL = new URL('../../wasm-glue/worker.mjs', import.meta.url);

let worker = null;
let running = null; // the job the worker is solving: { id, channel, game, input, options, resolve, reject, onProgress }
const queue = [];
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
    if (!running || data.id !== running.id) return;
    const job = running;
    if (data.type === 'progress') {
      job.onProgress?.(data.done, data.total);
      return;
    }
    running = null;
    if (data.type === 'result') job.resolve(data.result);
    else job.reject(Object.assign(new Error(data.message), { code: data.code, line: data.line, column: data.column }));
    pump();
  };
  w.onerror = (event) => {
    event.preventDefault?.();
    stopWorker();
    const job = running;
    running = null;
    job?.reject(Object.assign(new Error('The solver stopped unexpectedly (it may have run out of memory). '
      + 'Your edits are kept; change something or solve again to retry.'), { code: 'worker' }));
    pump();
  };
  return w;
}

function stopWorker() {
  worker?.terminate();
  worker = null;
}

function pump() {
  if (running || queue.length === 0) return;
  running = queue.shift();
  worker ??= startWorker();
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
    stopWorker();
    job.reject(new CancelledError());
    pump();
  }
}

/**
 * Solves in the worker. input: contest text or the game's object.
 * Resolves with the analysis object; rejects with an Error carrying code, line,
 * column, or with CancelledError when a newer request of the same channel or
 * cancel() replaced it.
 */
export function solve(game, input, { onProgress, options, channel = 'default' } = {}) {
  cancel(channel);
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, channel, game, input, options, resolve, reject, onProgress });
    pump();
  });
}
