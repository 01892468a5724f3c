// route.js — the whole page state lives in the URL hash: `#/<tool>?key=value&...`.
// Tools read their params and write them back with replaceState, so every edit
// is a permalink and reloading restores it; back/forward move between tools.

export function readRoute(hash = location.hash) {
  const m = /^#\/([a-z]+)(?:\?(.*))?$/.exec(hash);
  if (!m) return { tool: null, params: new URLSearchParams() };
  return { tool: m[1], params: new URLSearchParams(m[2] ?? '') };
}

/** A tool's params object as URLSearchParams, leaving out unset values. */
export function searchParams(params = {}) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q;
}

export function routeHash(tool, params = {}) {
  const s = searchParams(params).toString();
  return `#/${tool}${s ? `?${s}` : ''}`;
}

/** Replaces the current URL's state without adding a history entry. */
export function writeRoute(tool, params) {
  const hash = routeHash(tool, params);
  if (hash !== location.hash) history.replaceState(null, '', hash);
}
