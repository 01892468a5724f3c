// worker.mjs — the solver worker. Protocol (shared/design.md):
//   in:  {id, type:'solve', game, input, options?}   input: contest text or the game's object
//   out: {id, type:'progress', done, total}          at most every 100 ms
//        {id, type:'result', result}                 the full analysis object
//        {id, type:'error', code, message, line, column}
// A worker solves one request at a time; cancel = the page terminates it.
import { load } from './winrate.mjs';

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

self.onmessage = async (event) => {
  const { id, type, game, input, options = {} } = event.data ?? {};
  if (type !== 'solve') return;
  try {
    solverPromise ??= load({ onProgress });
    const solver = await solverPromise;
    currentId = id;
    lastPost = 0; // the first report goes out at once
    const result = typeof input === 'string'
      ? solver.analyze(game, input, options)
      : solver[game](input, options);
    self.postMessage({ id, type: 'result', result });
  } catch (err) {
    self.postMessage({
      id, type: 'error', code: err.code ?? -100, message: err.message ?? String(err),
      line: err.line ?? 0, column: err.column ?? 0,
    });
  }
};
