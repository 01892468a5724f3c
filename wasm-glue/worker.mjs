// worker.mjs — the solver worker. Protocol (shared/design.md):
//   out: {type:'ready'}                              once, as soon as this module runs
//   in:  {id, type:'solve', game, input, options?, keep?}   input: contest text or the game's object
//   out: {id, type:'progress', done, total}          at most every 100 ms
//        {id, type:'result', result, heap, kept, reused}   the full analysis object
//        {id, type:'error', code, message, line, column, fatal?, heap?, kept?}
//   in:  {type:'warm', game}                         Solver.warm(game): the game's hot code
//   out: {type:'warmed', game, warmed}               compiled by the browser's optimizing
//        tier before a long solve needs it (warm.mjs); warmed: whether it had a
//        warm-up (Codenames only). A request sent meanwhile waits for it (a few
//        tens of ms). A solver that cannot load is reported to the next request.
// heap: the bytes of WASM memory the worker holds after the request; it never
// shrinks, so the page retires a worker a big solve has left large. kept:
// the bytes of that which hold a Codenames board's solved table, kept for a
// request that asks it (keep: a tool that plays the board forward) so that a
// later position of the board is answered at once; reused: this answer came
// from it, with no solve. A request without keep neither reads nor replaces
// the table (a blog's answer view never plays forward: it holds no 268 MB).
// `ready` tells the page the worker started (a worker that errors before it
// could not start at all: a host's CSP, a blocked import). `fatal` marks an
// error of loading the solver itself, which every waiting request shares.
// A worker solves one request at a time; cancel = the page terminates it.
import { codes, load } from './winrate.mjs';

const PROGRESS_EVERY_MS = 100;
let solverPromise = null;
let currentId = null;
let lastPost = 0;

function onProgress(done, total) {
  const now = Date.now();
  if (now - lastPost >= PROGRESS_EVERY_MS) {
    lastPost = now;
    self.postMessage({ id: currentId, type: 'progress', done, total });
  }
  return false;
}

function errorReply(id, err, fatal) {
  return {
    id, type: 'error', code: err?.code ?? codes.usage, message: err?.message ?? String(err),
    line: err?.line ?? 0, column: err?.column ?? 0, ...(fatal ? { fatal: true } : {}),
  };
}

self.onmessage = async (event) => {
  const { id, type, game, input, options = {}, keep = false } = event.data ?? {};
  if (type !== 'solve' && type !== 'warm') return;
  let solver;
  try {
    solverPromise ??= load({ onProgress });
    solver = await solverPromise;
  } catch (err) {
    solverPromise = null;
    if (type === 'solve') self.postMessage(errorReply(id, err, true));
    return;
  }
  if (type === 'warm') {
    let warmed = false;
    try {
      warmed = solver.warm(game);
    } catch {
      // only speed was at stake: the next request runs (and reports) as it would have
    }
    self.postMessage({ type: 'warmed', game, warmed });
    return;
  }
  try {
    currentId = id;
    lastPost = 0; // the first report goes out at once
    solver.keepTables = keep === true;
    const result = solver.request(game, input, options);
    self.postMessage({ id, type: 'result', result, heap: solver.memoryBytes, kept: solver.keptBytes, reused: solver.lastReused });
  } catch (err) {
    self.postMessage({ ...errorReply(id, err, false), heap: solver.memoryBytes, kept: solver.keptBytes });
  }
};

self.postMessage({ type: 'ready' });
// Load the WASM now, not at the first request: a page that starts its worker
// early (the app does, lib/solver.js prestart) has it compiled by the time it asks.
solverPromise = load({ onProgress });
solverPromise.catch(() => {}); // a failure is reported to the first request, as fatal
