// format.js — number formatting shared by every tool.

/** 0.40791 -> "40.8%" (digits after the point). */
export function pct(v, digits = 1) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return `${(100 * v).toFixed(digits)}%`;
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
