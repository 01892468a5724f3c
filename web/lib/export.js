// export.js — tables and analyses taken away: CSV text (RFC 4180, numbers at
// full precision: the shortest string that reads back as the same double),
// file names that say the game and the position, and the download itself.

/** One CSV field: quoted when it holds a comma, a quote or a line break. */
function field(v) {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV of a header row and data rows (arrays of strings and numbers), CRLF line ends. */
export function toCsv(header, rows) {
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/** A short stable tag of a text (FNV-1a, 6 hex digits): two positions with the same start differ. */
function tag(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0').slice(0, 6);
}

/**
 * winrate-<game>-<position>-<what>.<ext>: the position as the start of its
 * contest text made file-safe, and a tag of the whole text.
 */
export function exportName(game, text, what, ext) {
  const slug = String(text).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 32).replace(/-$/, '');
  return `winrate-${game}-${slug ? `${slug}-` : ''}${tag(String(text))}${what ? `-${what}` : ''}.${ext}`;
}

/** Saves text as a file through a temporary link (the browser's download). */
export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
