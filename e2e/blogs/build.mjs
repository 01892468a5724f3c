#!/usr/bin/env node
// build.mjs — blog posts built by the Markdown tools people use, for
// e2e/blogs.spec.mjs: markdown-it (html and typographer on, as Eleventy's
// Markdown works), marked, and MDX (compiled with @mdx-js/mdx, rendered
// with react-dom/server). Hugo's post is built by `hugo` (the Makefile).
// Usage: node e2e/blogs/build.mjs OUT_DIR; each post goes to OUT_DIR/<tool>/post.html
// and loads /embed.js, as a post on the same site as a copy of dist/ does.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import { evaluate } from '@mdx-js/mdx';
import * as runtime from 'react/jsx-runtime';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { winrateHtml } from '../../web/integrations/eleventy/winrate.js';

const out = process.argv[2];
if (!out) {
  console.error('usage: node e2e/blogs/build.mjs OUT_DIR');
  process.exit(2);
}
const here = new URL('./', import.meta.url);
const md = readFileSync(new URL('post.md', here), 'utf8');
const mdx = readFileSync(new URL('post.mdx', here), 'utf8');

const page = (title, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script type="module" src="/embed.js"></script></head>
<body><article>
${body}
</article></body></html>
`;

function write(tool, html) {
  mkdirSync(join(out, tool), { recursive: true });
  writeFileSync(join(out, tool, 'post.html'), page(`${tool} post`, html));
}

write('markdown-it', new MarkdownIt({ html: true, typographer: true }).render(md));
write('marked', marked.parse(md));
// Eleventy: the plugin's paired shortcode runs first (as Nunjucks does), then
// Eleventy's markdown-it; here on the same post, every element written by the plugin.
const elements = /<winrate-([a-z]+)( id="[a-z]+")?( rule="own")?>\n([\s\S]*?)<\/winrate-\1>/g;
const viaPlugin = md.replace(elements, (_, game, id, rule, text) => winrateHtml(game, text, rule ? { rule: 'own' } : {}, '/embed.js')
  .replace(`<winrate-${game} `, `<winrate-${game}${id ?? ''} `));
write('eleventy', new MarkdownIt({ html: true }).render(viaPlugin));
const { default: Content } = await evaluate(mdx, { ...runtime });
write('mdx', renderToStaticMarkup(createElement(Content)));
console.log(`blogs: markdown-it, marked, Eleventy (plugin + markdown-it) and MDX posts in ${out}`);
