// frame.js — embed.html#<game>?in=...&view=...: the iframe fallback for hosts
// that strip scripts. It shows one widget from the URL hash. A link without a
// game or without its input shows what is missing, never a default position
// that could pass for the post's answer.
import './element.js'; // defines the <winrate-*> elements
import { gameOf } from '../games.js';

const box = document.getElementById('widget');

function problem(text) {
  const p = document.createElement('p');
  p.className = 'alert';
  p.setAttribute('role', 'alert');
  p.textContent = text;
  box.replaceChildren(p);
}

/** The widget of the hash now (an iframe whose src changes only in its hash is not reloaded). */
function show() {
  const m = /^#([a-z]+)(?:\?(.*))?$/.exec(location.hash);
  const params = new URLSearchParams(m?.[2] ?? '');
  if (!m) {
    problem('This embed link names no game: it should end in #dice?in=…, #hopchess?in=…, #codenames?in=… or #escape?in=….');
  } else if (!gameOf(m[1]) || !customElements.get(`winrate-${m[1]}`)) {
    problem(`There is no widget called “winrate-${m[1]}”.`);
  } else if (!params.get('in')) {
    problem('This embed link has no input (its in=… part is missing or empty): copy the iframe snippet again from winrate.');
  } else {
    const el = document.createElement(`winrate-${m[1]}`);
    for (const a of ['view', 'digits', 'theme', ...gameOf(m[1]).attrs]) if (params.get(a)) el.setAttribute(a, params.get(a));
    el.setAttribute('input', params.get('in'));
    box.replaceChildren(el);
  }
}

show();
addEventListener('hashchange', show);
