// use-solve.js — a hook that solves an input in the worker whenever it
// changes: at once (no debounce: the bridge keeps one request per channel, so
// a newer input replaces an older one), progress shown only for solves that
// take longer than a blink, cancel on demand.
//
// No debounce also means the Cancel button always belongs to the latest
// request: with a debounce, a Cancel clicked during the wait cancelled the
// superseded solve while its progress bar was still shown, and the new solve
// started right after (the flaky "can be cancelled" e2e test, issue 13).
import { useEffect, useLayoutEffect, useRef, useState } from '../deps.js';
import { cached, cancel, CancelledError, solve } from './solver.js';

const SHOW_PROGRESS_AFTER_MS = 200;

let hooks = 0;

/**
 * input: contest text (or null to do nothing). Each hook instance is its own
 * channel of the worker bridge: its newer request cancels its older one, and
 * other hooks (a second solve on the same tool, other widgets) are not
 * disturbed. Unmounting cancels what is in flight. Returns
 * { status: 'idle'|'solving'|'done'|'error'|'cancelled', result, error, progress, showProgress, cancel, retry }
 * (progress: { done, total, elapsed ms since the request }).
 * `result` keeps the last good analysis while a new one is computed, so the
 * layout does not jump. keep: solver.js's (a tool that plays a board forward).
 */
export function useSolve(game, input, options, { keep = false } = {}) {
  const key = input === null ? null : JSON.stringify([game, input, options ?? null]);
  // state.key: the input the status, result and error belong to. An answer already known (recent,
  // or prerendered by make site) is there from the first render.
  const [state, setState] = useState(() => {
    const known = input === null ? undefined : cached(game, input, options);
    return { key: known ? key : null, status: known ? 'done' : 'idle', result: known ?? null, error: null, progress: null, showProgress: false };
  });
  const [attempt, setAttempt] = useState(0);
  const live = useRef(0);
  const channelRef = useRef(null);
  channelRef.current ??= `solve-${++hooks}`;
  const channel = channelRef.current;
  useEffect(() => () => cancel(channel), []);

  // A layout effect: the request goes to the worker as soon as the new input is
  // rendered, and the worker solves while the browser lays out and paints (an
  // effect would wait for that paint: 50-100 ms of a cold open, bench/page.mjs).
  useLayoutEffect(() => {
    if (key === null) return undefined;
    const ticket = ++live.current;
    // A new input is "solving" from the render that shows it (below), with no render of its own;
    // only Retry (the same input again) needs the state set.
    setState((s) => (s.key === key ? { ...s, status: 'solving', progress: null, showProgress: false } : s));
    const solving = (s) => ({ ...s, key, status: 'solving' });
    // Progress re-renders the tool only once the bar is shown: a quick solve's progress
    // messages (the worker sends one as it starts) cost no render.
    let progress = null, shown = false;
    const started = performance.now();
    const progressTimer = setTimeout(() => {
      shown = true;
      if (live.current === ticket) setState((s) => ({ ...solving(s), progress, showProgress: true }));
    }, SHOW_PROGRESS_AFTER_MS);
    solve(game, input, {
      options,
      channel,
      keep,
      onProgress: (done, total) => {
        progress = { done, total, elapsed: performance.now() - started };
        if (shown && live.current === ticket) setState((s) => ({ ...solving(s), progress }));
      },
    }).then((result) => {
      if (live.current === ticket) setState({ key, status: 'done', result, error: null, progress: null, showProgress: false });
    }, (error) => {
      if (live.current !== ticket) return;
      if (error instanceof CancelledError) {
        setState((s) => ({ ...s, key, status: 'cancelled', progress: null, showProgress: false }));
      } else {
        setState((s) => ({ ...s, key, status: 'error', error, progress: null, showProgress: false }));
      }
    }).finally(() => clearTimeout(progressTimer));
    return () => clearTimeout(progressTimer);
  }, [key, attempt]);

  // The render of a new input already says "solving": the last answer stays, marked stale.
  const shown = key !== null && state.key !== key
    ? { ...state, status: 'solving', progress: null, showProgress: false } : state;
  return {
    ...shown,
    cancel: () => cancel(channel),
    retry: () => setAttempt((n) => n + 1),
  };
}
