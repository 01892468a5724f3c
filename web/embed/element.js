// element.js — the custom elements <winrate-GAME>: the element's text is the
// game's contest input, so a post degrades to that plain text without
// scripts. Attributes: theme (auto | light | dark), view (answer | full),
// digits, and a game's own options (the registry's attrs, e.g. codenames'
// rule). Shadow DOM keeps the styles apart; the widget renders (and so its
// game's code and the WASM load) only when it comes near the viewport; all
// widgets share the page's one solver worker (web/lib/solver.js).
import { html, render } from '../deps.js';
import { searchParams } from '../lib/route.js';
import { FrameSnippet } from './frame-snippet.js';
import { readInput } from './input.js';
import { watchOutline } from './outline.js';
import { GAMES } from '../games.js';

const STYLE_URL = new URL('../style.css', import.meta.url);
const APP_URL = new URL('../../index.html', import.meta.url);

/** The values each common attribute accepts (unset: the first). */
const ACCEPTED = { view: ['answer', 'full'], theme: ['auto', 'light', 'dark'] };

/**
 * The element's common attributes read strictly: { view, digits, notes },
 * where notes name each attribute that was set to something it does not
 * accept, and what it accepts (the default is used instead).
 */
export function readAttributes(el) {
  const notes = [];
  const pick = (name) => {
    const v = el.getAttribute(name);
    if (v === null || ACCEPTED[name].includes(v)) return v ?? ACCEPTED[name][0];
    notes.push(`${name}="${v}" is not one of ${ACCEPTED[name].join(', ')}; ${ACCEPTED[name][0]} is used.`);
    return ACCEPTED[name][0];
  };
  const view = pick('view');
  pick('theme');
  let digits;
  if (el.hasAttribute('digits')) {
    const v = el.getAttribute('digits');
    if (/^\d{1,2}$/.test(v.trim()) && Number(v) <= 17) digits = Number(v);
    else notes.push(`digits="${v}" is not a whole number from 0 to 17; the game's default is used.`);
  }
  return { view, digits, notes };
}

/** The full app's link for this state; options: a game's extra URL params. */
export function appLink(game, text, options = {}) {
  return `${APP_URL.href}#/${game}?${searchParams({ in: text, ...options })}`;
}

function defineWidget({ id: game, title, css, widget: load, attrs }) {
  let widget = null; // the game's code, imported once for all its elements on the page
  class WinrateElement extends HTMLElement {
    static get observedAttributes() { return ['input', 'view', 'digits', 'theme', ...attrs]; }

    /** The contest text as a property too, for frameworks that set properties (React 19, Preact, Vue). */
    get input() { return this.getAttribute('input'); }

    set input(value) {
      if (value === null || value === undefined) this.removeAttribute('input');
      else this.setAttribute('input', String(value));
    }

    connectedCallback() {
      // The text may change after the element is in the page: a script fills it in, a framework re-renders
      // its children. An answer must never stand for text that is gone.
      this.texts ??= new MutationObserver(() => this.readText());
      this.texts.observe(this, { childList: true, characterData: true, subtree: true });
      if (this.shadowRoot) { // moved in the page: read and render again
        this.outline = watchOutline(this, this.mount, title);
        this.readText();
        this.update();
        return;
      }
      ({ text: this.source, damage: this.damage } = readInput(this));
      const root = this.attachShadow({ mode: 'open' });
      for (const href of [STYLE_URL.href, ...css.map((c) => new URL(c, STYLE_URL).href)]) {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        root.append(link);
      }
      this.mount = document.createElement('div');
      this.mount.className = 'wr-embed';
      // English, left to right, whatever the page's: a right-to-left page (Arabic, Hebrew) would otherwise
      // turn the widget's rows and sentences around, and a screen reader read it in the page's language.
      this.mount.lang = 'en';
      this.mount.dir = 'ltr';
      root.append(this.mount);
      this.outline = watchOutline(this, this.mount, title);
      this.observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          this.observer.disconnect();
          this.visible = true;
          widget ??= load().catch((err) => { widget = null; throw err; });
          widget.then((Widget) => { this.Widget = Widget; }, (err) => { this.failed = String(err?.message ?? err); })
            .then(() => this.update());
          this.update();
        }
      }, { rootMargin: '300px' });
      this.observer.observe(this);
      this.update();
    }

    disconnectedCallback() {
      this.observer?.disconnect();
      this.texts?.disconnect();
      this.outline?.disconnect();
      if (this.mount) render(null, this.mount);
    }

    attributeChangedCallback(name) {
      if (name === 'input' && this.shadowRoot) ({ text: this.source, damage: this.damage } = readInput(this));
      this.update();
    }

    /** After the element's text changed (the input attribute, when set, is what counts). */
    readText() {
      if (this.hasAttribute('input')) return;
      const { text, damage } = readInput(this);
      if (text === this.source && damage === this.damage) return;
      this.source = text;
      this.damage = damage;
      this.update();
    }

    update() {
      if (!this.mount) return;
      const { view, digits, notes } = readAttributes(this);
      const options = Object.fromEntries(attrs.map((a) => [a, this.getAttribute(a) ?? undefined]));
      render(html`
        <div class="widget" role="region">
          ${notes.map((note) => html`<p class="notice attr-note" role="status">${note}</p>`)}
          ${this.damage ? html`<div class="alert input-damage" role="alert">${this.damage}</div>`
            : this.failed ? html`<div class="alert" role="alert">${title} could not be loaded: ${this.failed}</div>`
            : this.Widget ? html`<${FrameSnippet.Provider} value=${{ game, options }}>
                <${this.Widget} key=${this.source} text=${this.source} view=${view} digits=${digits}
                  options=${options} appLink=${(text, extra = options) => appLink(game, text, extra)} /></${FrameSnippet.Provider}>`
            : html`<p class="muted">${title}: ${this.visible ? 'loading…' : 'loading when visible…'}</p>`}
        </div>`, this.mount);
    }
  }
  const name = `winrate-${game}`;
  if (!customElements.get(name)) customElements.define(name, WinrateElement);
}

for (const game of GAMES) defineWidget(game);
