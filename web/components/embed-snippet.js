// embed-snippet.js — "Embed": the two snippets a blog post needs for the
// current state, ready to copy: the script tag + element, and the iframe
// fallback for hosts that strip scripts.
import { html } from '../deps.js';
import { searchParams } from '../lib/route.js';
import { useCopy } from '../lib/use-copy.js';

const SITE = new URL('../../', import.meta.url);

function escapeHtml(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** attrs: a game's extra element attributes (e.g. { rule: 'own' }); unset ones are left out. */
export function embedSnippets(game, text, attrs = {}) {
  const set = Object.entries(attrs).filter(([, v]) => v !== undefined && v !== null && v !== '');
  const open = [`winrate-${game}`, ...set.map(([k, v]) => `${k}="${escapeHtml(String(v))}"`)].join(' ');
  const script = `<script type="module" src="${SITE.href}embed.js"></script>\n<${open}>\n${escapeHtml(text.trimEnd())}\n</winrate-${game}>`;
  const frame = `<iframe src="${SITE.href}embed.html#${game}?${searchParams({ in: text, ...attrs })}" title="winrate ${game}" width="100%" height="560" style="border:0"></iframe>`;
  return { script, frame };
}

/** Inside a widget that cannot solve on its host page: the iframe snippet for the same state. */
export function FrameOffer({ frame }) {
  const [copied, copy] = useCopy();
  return html`
    <div class="frame-offer">
      <label class="block">Embed it with an iframe instead (it runs on winrate's own page)
        <textarea readonly rows="3" spellcheck="false" value=${frame}></textarea></label>
      <button type="button" onClick=${() => copy('Iframe snippet', frame)}>Copy iframe snippet</button>
      <span class="status-text" role="status">${copied}</span>
    </div>`;
}

export function EmbedSnippet({ game, text, attrs }) {
  const [copied, copy] = useCopy();
  const { script, frame } = embedSnippets(game, text, attrs);
  return html`
    <details class="panel embed">
      <summary>Embed in a web page</summary>
      <p class="hint">Paste into a blog post: one script tag and one element (the text inside is the contest input).</p>
      <label class="block">Script and element
        <textarea readonly rows="5" spellcheck="false" value=${script}></textarea></label>
      <button type="button" onClick=${() => copy('Script snippet', script)}>Copy script snippet</button>
      <label class="block">Iframe (for hosts that strip scripts)
        <textarea readonly rows="3" spellcheck="false" value=${frame}></textarea></label>
      <button type="button" onClick=${() => copy('Iframe snippet', frame)}>Copy iframe snippet</button>
      <span class="status-text" role="status">${copied}</span>
    </details>`;
}
