// use-decoded.js — a tool's editor state from its contest text (the `in` URL
// parameter): read leniently by the game's model, and when the text cannot be
// read (a typo in Contest input, a damaged link) the last state that could,
// so the editor stays usable while the parser's error names line and column.
import { useEffect, useMemo, useState } from '../deps.js';

/** read(text): editor state or null. Returns { decoded (null if unreadable), state }. */
export function useDecoded(text, read, fallbackText) {
  const decoded = useMemo(() => read(text), [text]);
  const [lastGood, setLastGood] = useState(() => decoded ?? read(fallbackText));
  useEffect(() => { if (decoded) setLastGood(decoded); }, [decoded]);
  return { decoded, state: decoded ?? lastGood };
}
