// use-grundy-maps.js — the Grundy maps g_k of one board for several k. Play
// mode needs them because tokens that have moved carry different counters,
// which one contest text (one K for all tokens) cannot say: the page asks the
// solver once per distinct counter, on the board without its tokens (tokens do
// not change g), and XORs the tokens' values itself. Maps are cached per board.
import { useEffect, useRef, useState } from '../deps.js';
import { cancel, CancelledError, solve } from '../lib/solver.js';
import { mapKey, mapText } from './model.js';

const boards = new Map(); // mapKey -> Map(k -> R strings)
const KEEP_BOARDS = 4;

function forBoard(key) {
  let m = boards.get(key);
  if (!m) {
    m = new Map();
    boards.set(key, m);
    while (boards.size > KEEP_BOARDS) boards.delete(boards.keys().next().value);
  }
  return m;
}

/** Stores a map the page already has (the contest solve gives g_K). */
export function seedMap(state, k, grundy) {
  forBoard(mapKey(state)).set(k, grundy);
}

let channels = 0;

/** Returns { maps: Map(k -> strings) with the ks available, loading, error }. */
export function useGrundyMaps(state, ks) {
  const [, setTick] = useState(0);
  const [error, setError] = useState(null);
  const channel = useRef(null);
  channel.current ??= `escape-maps-${++channels}`;
  const key = state ? mapKey(state) : null;
  const cached = key ? forBoard(key) : new Map();
  const missing = ks.filter((k) => !cached.has(k));

  useEffect(() => () => cancel(channel.current), []);
  useEffect(() => {
    if (!key || missing.length === 0) return undefined;
    let live = true;
    setError(null);
    (async () => {
      for (const k of missing) {
        if (!live) return;
        if (forBoard(key).has(k)) continue;
        try {
          const r = await solve('escape', mapText(state, k), { channel: channel.current });
          forBoard(key).set(k, r.grundy);
        } catch (e) {
          if (!(e instanceof CancelledError) && live) setError(e);
          return;
        }
      }
      if (live) setTick((t) => t + 1);
    })();
    return () => { live = false; cancel(channel.current); };
  }, [key, missing.join(',')]);

  const maps = new Map();
  for (const k of ks) if (cached.has(k)) maps.set(k, cached.get(k));
  return { maps, loading: missing.length > 0 && !error, error };
}
