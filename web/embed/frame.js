// frame.js — embed.html#<game>?in=...&view=...: the iframe fallback for hosts
// that strip scripts. It shows one widget from the URL hash, with the snippet
// to copy.
import { contestText } from './element.js';
import { WIDGETS } from './widgets.js';

const m = /^#([a-z]+)\??(.*)$/.exec(location.hash);
const params = new URLSearchParams(m ? m[2] : '');
const game = m ? m[1] : 'dice';
const el = document.createElement(`winrate-${game}`);
for (const a of ['view', 'digits', 'theme', ...(WIDGETS[game]?.attrs ?? [])]) if (params.get(a)) el.setAttribute(a, params.get(a));
el.textContent = contestText(params.get('in') ?? 'AA A D DD\n4 4\n');
document.getElementById('widget').append(el);
if (!customElements.get(el.localName)) {
  document.getElementById('widget').textContent = `There is no widget called “${el.localName}”.`;
}
