// outline.js — a widget fits the host page's outline, so screen readers (and
// axe, e2e/a11y.spec.mjs) see one landmark per widget, named apart from the
// others, and headings that continue the post's levels:
//  - the widget's region is named by its game, numbered when the page has
//    several of that game ("winrate: Battle Dice, 2 of 3");
//  - sections inside (Result, Contest input…, landmarks in the app) become
//    plain groups: a post with three widgets must not have three "Result"
//    landmarks;
//  - headings take levels under the post's last heading before the element
//    (an h4 of the tool after the post's h2 becomes level 3), keeping their
//    order relative to each other.

/** The region's name for el among the page's elements of its kind. */
function widgetLabel(el, title) {
  const all = [...document.querySelectorAll(el.localName)];
  return all.length > 1 ? `winrate: ${title}, ${all.indexOf(el) + 1} of ${all.length}` : `winrate: ${title}`;
}

/** The level of the host page's last heading before el (0: none). */
function hostLevel(el) {
  let level = 0;
  for (const h of document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')) {
    if (!(h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    level = Number(h.getAttribute('aria-level')) || Number(h.tagName.slice(1)) || 2;
  }
  return level;
}

/** Applies the rules above to what is rendered in root now (title: the game's). */
export function fitOutline(el, root, title) {
  const region = root.querySelector('.widget[role="region"]');
  const label = widgetLabel(el, title);
  if (region && region.getAttribute('aria-label') !== label) region.setAttribute('aria-label', label);
  for (const s of root.querySelectorAll('section[aria-label], section[aria-labelledby]')) {
    if (s.getAttribute('role') !== 'group') s.setAttribute('role', 'group');
  }
  const headings = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  if (!headings.length) return;
  const top = Math.min(...headings.map((h) => Number(h.tagName.slice(1))));
  const shift = Math.min(hostLevel(el) + 1, 6) - top;
  for (const h of headings) {
    const level = String(Math.max(1, Math.min(6, Number(h.tagName.slice(1)) + shift)));
    if (h.getAttribute('aria-level') !== level) h.setAttribute('aria-level', level);
  }
}

/** Keeps root fitted as it re-renders; returns the observer (disconnect it when el goes). */
export function watchOutline(el, root, title) {
  const observer = new MutationObserver(() => fitOutline(el, root, title));
  observer.observe(root, { childList: true, subtree: true });
  fitOutline(el, root, title);
  return observer;
}
