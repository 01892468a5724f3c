// errors.mjs — the error codes and SolverError, shared by the JS API
// (winrate.mjs), the worker and the page's solver bridge (web/lib/solver.js),
// so every door reports a failure the same way: a SolverError with code,
// message, line and column. Small on purpose: the bridge imports it without
// the API.

/**
 * The codes of c/common/status.h by name (wasm-glue/test/codes.test.mjs checks
 * them against the header), then the JS side's own, which C never returns:
 * `blocked` — the environment (a page's Content-Security-Policy) forbids
 * WebAssembly; `crashed` — the worker died mid-solve (a trap, out of memory).
 */
export const codes = Object.freeze({
  syntax: -1, range: -2, invalid: -3, tooBig: -4, noMemory: -5, cancelled: -6, usage: -7,
  blocked: -20, crashed: -21,
});

export class SolverError extends Error {
  constructor(code, message, line = 0, column = 0, status = 1) {
    super(message);
    this.name = 'SolverError';
    this.code = code;     // a negative code of `codes`
    this.line = line;     // 1-based, 0 when the error is not about a place
    this.column = column;
    this.status = status; // the CLI's exit status for this error
  }
}

/**
 * The one line to show when a Content-Security-Policy forbids WebAssembly
 * (err: what compiling threw), naming the directive; null for other errors.
 */
export function wasmBlockedMessage(err) {
  const text = String(err?.message ?? err);
  if (!/Content.Security.Policy|wasm-unsafe-eval|'wasm-eval'|'unsafe-eval'/i.test(text)) return null;
  const directive = /directive:?\s*"([a-z-]+)/i.exec(text)?.[1] ?? 'script-src';
  return `This page's Content-Security-Policy forbids WebAssembly (its ${directive} directive lacks `
    + "'wasm-unsafe-eval'), so winrate cannot solve here.";
}

/** Throws SolverError(codes.blocked) when this realm may not compile WebAssembly (a CSP). */
export function checkWasmAllowed() {
  if (typeof WebAssembly === 'undefined') {
    throw new SolverError(codes.blocked, 'This browser has no WebAssembly, so winrate cannot solve here.');
  }
  try {
    new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])); // the empty module
  } catch (err) {
    const message = wasmBlockedMessage(err);
    if (message) throw new SolverError(codes.blocked, message);
    throw err;
  }
}

/** A SolverError from a plain { code, message, line, column } (a worker message), or the error itself. */
export function toSolverError(e) {
  if (e instanceof SolverError) return e;
  return new SolverError(typeof e?.code === 'number' ? e.code : codes.usage, e?.message ?? String(e),
    e?.line ?? 0, e?.column ?? 0, e?.status ?? 1);
}
