// limits.mjs — limits the page checks before handing text to the solver, the
// same numbers as C's (wasm-glue/test/codes.test.mjs checks them against the
// headers), so a refusal happens before any parsing, storing or copying.

/** WR_MAX_INPUT_BYTES of c/common/reader.h: the longest contest text any game reads. */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

/**
 * null when text fits the limit; else the one line that says by how much
 * (its UTF-8 size, measured without copying it into a buffer of our own).
 */
export function inputTooLong(text) {
  if (text.length * 3 <= MAX_INPUT_BYTES) return null; // at most 3 UTF-8 bytes per UTF-16 unit
  const bytes = new Blob([text]).size;
  if (bytes <= MAX_INPUT_BYTES) return null;
  const mb = (n) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  const size = mb(bytes) === mb(MAX_INPUT_BYTES) ? `${bytes.toLocaleString('en-US')} bytes` : mb(bytes);
  return `This text is ${size}; contest input is at most ${mb(MAX_INPUT_BYTES)}. Nothing was loaded.`;
}
