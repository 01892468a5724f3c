// use-copy.js — copying a text to the clipboard, with a short status that
// says so (or what to do instead) and clears itself.
import { useState } from '../deps.js';

/** [status text, copy(what, value)]: copies value and says "<what> copied." for a moment; fallback: said when
 * the clipboard refuses (no permission, not a secure page). */
export function useCopy(fallback = 'Select the text and copy it.') {
  const [copied, setCopied] = useState('');
  const copy = async (what, value) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(`${what} copied.`);
    } catch {
      setCopied(fallback);
    }
    setTimeout(() => setCopied(''), 2500);
  };
  return [copied, copy];
}
