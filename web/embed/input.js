// input.js — a widget's contest text as a blog post delivers it. It comes from
// the element's `input` attribute (the form for Markdown hosts and JSX, line
// breaks literal or as &#10;) or else from the element's text, read through the
// wrappers Markdown adds (<p>, <br>). Every input format is ASCII, so what
// typographers do to punctuation and spaces is undone first. When Markdown
// restructured the text (a list, a heading, emphasis) or ran its lines
// together, the widget must say so instead of answering from what is left:
// `damage` is then the note to show.

/** Typographic rewrites (smart punctuation, Unicode spaces), each back to its ASCII source. */
const TYPOGRAPHY = [
  [/\u2026/g, '...'], // … (markdown-it typographer, Hugo, Pandoc, wptexturize)
  [/\u2014/g, '---'], // — em dash
  [/\u2013/g, '--'], // – en dash
  [/[\u2018\u2019\u201a\u201b\u2032]/g, "'"], // ‘ ’ ‚ ‛ ′
  [/[\u201c\u201d\u201e\u201f\u2033]/g, '"'], // “ ” „ ‟ ″
  [/[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g, ' '], // no-break and other Unicode spaces
  [/[\u200b\u2060\ufeff]/g, ''], // zero-width spaces and joiners
];

export function undoTypography(text) {
  return TYPOGRAPHY.reduce((s, [re, ascii]) => s.replace(re, ascii), text);
}

/** The text as contest input: CRLF to LF, common indentation and blank edges removed. */
export function contestText(raw) {
  const lines = String(raw).replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && lines[0].trim() === '') lines.shift();
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)[0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n') + '\n';
}

/** Elements Markdown makes out of text, with what to call them in the note. */
const STRUCTURE = {
  UL: 'a list', OL: 'a list', LI: 'a list', H1: 'a heading', H2: 'a heading', H3: 'a heading', H4: 'a heading',
  H5: 'a heading', H6: 'a heading', EM: 'emphasis', STRONG: 'emphasis', I: 'emphasis', B: 'emphasis',
  DEL: 'strike-through', S: 'strike-through', CODE: 'code', BLOCKQUOTE: 'a quote', HR: 'a rule', A: 'a link',
  TABLE: 'a table', PRE: 'a code block',
};

/** text with a line break at its end, unless it has one (a <br> followed by a newline is one break). */
const broken = (text) => (/\n[ \t]*$/.test(text) || text === '' ? text : `${text}\n`);

/** The element's text through <p> and <br> wrappers; `found`: the Markdown structure met on the way. */
function readChildren(node, found) {
  let text = '';
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      // After a break, the newline the source had there is the same break.
      text += /\n[ \t]*$/.test(text) ? child.data.replace(/^[ \t]*\n/, '') : child.data;
    } else if (child.nodeType !== Node.ELEMENT_NODE) continue;
    else if (child.tagName === 'BR') text += '\n';
    else if (child.tagName === 'P' || child.tagName === 'DIV') text = broken(broken(text) + readChildren(child, found));
    else {
      if (STRUCTURE[child.tagName]) found.add(STRUCTURE[child.tagName]);
      text += readChildren(child, found);
    }
  }
  return text;
}

const HOW_TO_PROTECT = 'Put the input in the element\'s input attribute (input="…" with &#10; for each line '
  + 'break), or use the winrate shortcode or a raw HTML block of your blog.';

/**
 * { text, damage }: the contest text of a <winrate-*> element, and null, or the
 * note to show instead of an answer when the blog's Markdown changed it.
 */
export function readInput(el) {
  const attr = el.getAttribute('input');
  if (attr !== null) {
    const text = contestText(undoTypography(attr));
    return { text, damage: empty(text) ?? (text.trim().includes('\n') ? null : lostBreaks('input attribute')) };
  }
  const found = new Set();
  const text = contestText(undoTypography(readChildren(el, found)));
  if (empty(text)) return { text, damage: empty(text) };
  if (found.size) {
    return {
      text,
      damage: `The blog's Markdown changed this input: it made ${[...found].join(' and ')} out of part of it, so `
        + `winrate will not answer from what is left. ${HOW_TO_PROTECT}`,
    };
  }
  // Every game's input has at least two lines: one line is text whose breaks were lost.
  return { text, damage: text.trim().includes('\n') ? null : lostBreaks('text') };
}

function empty(text) {
  return text.trim() === '' ? 'This widget has no input: put the contest text inside the element or in its input '
    + 'attribute.' : null;
}

function lostBreaks(where) {
  return where === 'text'
    ? 'This input has lost its line breaks (the blog\'s Markdown joins the lines of a paragraph), so winrate '
      + `will not guess where they were. ${HOW_TO_PROTECT}`
    : 'The input attribute holds a single line: write each line break as &#10; (or a real line break).';
}
