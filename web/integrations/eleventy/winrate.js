// winrate.js — an Eleventy plugin: a paired shortcode that writes a winrate
// widget, its contest text in the input attribute (so Markdown and its
// typographer never touch it), and, if asked, the passthrough copy of the
// widget's files from the npm package.
//
//   // eleventy.config.js
//   import winrate from 'winrate/integrations/eleventy/winrate.js';
//   export default function (config) {
//     config.addPlugin(winrate, { embed: '/winrate/embed.js', copyFrom: 'node_modules/winrate/dist' });
//   }
//
//   {% winrate "dice" %}
//   AA A D DD
//   4 4
//   {% endwinrate %}
//
// Options: embed — the script URL (default: the npm package on jsDelivr at
// this version); copyFrom — a folder to copy to the site at the embed URL's
// folder (Eleventy otherwise drops the .js and .wasm files of a copied dist/).
// A browser runs a module script once however often it appears, so every
// widget carries its own script tag. The output is one line (line breaks as
// &#10;), so the Markdown pass that follows keeps it one raw HTML block.
const GAMES = ['dice', 'hopchess', 'codenames', 'escape'];
const ATTRS = ['view', 'theme', 'digits', 'rule'];
const CDN = 'https://cdn.jsdelivr.net/npm/winrate@@WINRATE_VERSION@/dist/embed.js';

const escape = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The widget's HTML for a game, its contest text and attributes (view, theme, digits, rule). */
export function winrateHtml(game, text, attrs = {}, embed = CDN) {
  if (!GAMES.includes(game)) throw new Error(`winrate: the game must be one of ${GAMES.join(', ')}, not ${game}`);
  const extra = ATTRS.filter((a) => attrs[a] !== undefined && attrs[a] !== null && attrs[a] !== '')
    .map((a) => ` ${a}="${escape(attrs[a])}"`).join('');
  return `<script type="module" src="${escape(embed)}"></script>`
    + `<winrate-${game} input="${escape(String(text).trim()).replace(/\r?\n/g, '&#10;')}"${extra}></winrate-${game}>`;
}

export default function winrate(config, { embed = CDN, copyFrom = null } = {}) {
  config.addPairedShortcode('winrate', (content, game, attrs = {}) => winrateHtml(game, content, attrs, embed));
  if (copyFrom && embed.startsWith('/')) {
    config.addPassthroughCopy({ [copyFrom]: embed.replace(/\/[^/]*$/, '') || '/' });
  }
}
