// format.js — number formatting shared by every tool.

/** The solvers' answers are exact to 1e-12; a value closer than this to 0 or 1 is 0 or 1 (a sum rounded). */
const EXACT = 1e-12;

/**
 * 0.40791 -> "40.8%" (digits after the point). A chance that rounds to 0% or
 * 100% but is not 0 or 1 says so ("<0.1%", ">99.9%"): 0% reads as
 * "impossible", and an outcome with odds of 1 in 10^5 is not.
 */
export function pct(v, digits = 1) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const s = (100 * v).toFixed(digits);
  if (v >= EXACT && Number(s) === 0) return `<${(10 ** -digits).toFixed(digits)}%`;
  if (v <= 1 - EXACT && Number(s) === 100) return `>${(100 - 10 ** -digits).toFixed(digits)}%`;
  return `${s}%`;
}

/** A difference of two chances in percentage points, one decimal: 0.0834 -> "8.3 points"; under 0.05 points, "under 0.1 points". */
export function points(d) {
  return 100 * d < 0.05 ? 'under 0.1 points' : `${(100 * d).toFixed(1)} points`;
}

/**
 * C's printf("%.*f", digits, v) for v in [0, 1]: like toFixed, except that an
 * exact tie (0.3125 to 3 digits) rounds to even as glibc does, not up. The
 * page's answer text then equals the CLI's byte for byte.
 */
export function cFixed(v, digits) {
  const x = Math.min(1, Math.max(0, v || 0));
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const mant = (bits & ((1n << 52n) - 1n)) | (biased ? 1n << 52n : 0n);
  const shift = 1075 - (biased || 1) - 1; // x * 10^d * 2 = mant * 10^d / 2^shift
  if (mant === 0n || shift <= 0) return x.toFixed(digits);
  const num = mant * 10n ** BigInt(digits);
  const den = 1n << BigInt(shift);
  if (num % den !== 0n || (num / den) % 2n === 0n) return x.toFixed(digits); // not an exact tie
  let n = (num / den - 1n) / 2n; // floor of x * 10^d
  if (n % 2n !== 0n) n += 1n; // the even neighbour
  const s = n.toString().padStart(digits + 1, '0');
  return digits ? `${s.slice(0, -digits)}.${s.slice(-digits)}` : s;
}
