// frame.js — embed.html#<game>?in=...&view=...: the iframe fallback for hosts
// that strip scripts. It shows one widget from the URL hash, with the snippet
// to copy.
import { contestText } from './element.js';

const m = /^#([a-z]+)\??(.*)$/.exec(location.hash);
const params = new URLSearchParams(m ? m[2] : '');
const el = document.createElement(`winrate-${m ? m[1] : 'dice'}`);
for (const a of ['view', 'digits', 'theme']) if (params.get(a)) el.setAttribute(a, params.get(a));
el.textContent = contestText(params.get('in') ?? 'AA A D DD\n4 4\n');
document.getElementById('widget').append(el);
if (!customElements.get(el.localName)) {
  document.getElementById('widget').textContent = `There is no widget called “${el.localName}”.`;
}
