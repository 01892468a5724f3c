// use-series.js — the values of a list of positions (a game's history), each
// solved in turn on the hook's own worker channel. Positions already solved
// (the ones played through) come from the bridge's recent answers at once,
// so a history that grows by a move costs one solve, or none.
import { useEffect, useState } from '../deps.js';
import { cancel, solve } from './solver.js';

let series = 0;

/**
 * inputs: contest texts (null: nothing to solve, the entry stays null);
 * pick(analysis) -> the value to plot. Returns one entry per input:
 * undefined while it is being solved, null if it failed or was not asked.
 * keep: solver.js's.
 */
export function useSeries(game, inputs, pick, options, { keep = false } = {}) {
  const key = JSON.stringify([game, inputs, options ?? null]);
  const [state, setState] = useState({ key, values: [] });
  useEffect(() => {
    let live = true;
    const channel = `series-${++series}`;
    const values = inputs.map(() => undefined);
    setState({ key, values: [...values] });
    (async () => {
      for (let i = 0; i < inputs.length && live; i++) {
        try {
          values[i] = inputs[i] === null ? null : pick(await solve(game, inputs[i], { channel, options, keep }));
        } catch {
          values[i] = null;
        }
        if (live) setState({ key, values: [...values] });
      }
    })();
    return () => { live = false; cancel(channel); };
  }, [key]);
  return state.key === key ? state.values : inputs.map(() => undefined);
}
