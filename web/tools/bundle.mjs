#!/usr/bin/env node
// bundle.mjs — `make site`'s processed copy of the app (the sources stay plain
// ES modules that run without it). Usage: node web/tools/bundle.mjs SITE
//
// - The page's modules become web/app/: one entry file, one chunk per tool,
//   the chunks they share, every name with a hash of its content (esbuild), at
//   the depth of web/lib/ so every new URL(..., import.meta.url) still points
//   where it did. The worker becomes one file with its imports.
// - index.html loads the entry by its hashed name, modulepreloads the chunks
//   the entry imports, and lists on <html data-chunks> the chunks each tool
//   imports, which web/main.js preloads for the tool on screen: they arrive
//   side by side instead of one import after another.
// - _headers (the format Netlify and Cloudflare Pages read; e2e/serve.mjs, and
//   so `make run`, reads it too): the hashed files are cached for a year and
//   never revalidated; index.html and sw.js are revalidated on every visit.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

const site = process.argv[2];
if (!site) {
  console.error('usage: node web/tools/bundle.mjs SITE');
  process.exit(2);
}
const outdir = join(site, 'web/app');

const { metafile } = await build({
  entryPoints: [join(site, 'web/main.js')],
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  outdir,
  entryNames: '[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
});
await build({
  entryPoints: [join(site, 'wasm-glue/worker.mjs')],
  bundle: true,
  format: 'esm',
  minify: true,
  allowOverwrite: true,
  external: ['node:*'],
  outfile: join(site, 'wasm-glue/worker.mjs'),
  logLevel: 'warning',
});

const href = (out) => relative(site, out).split('\\').join('/');
const outputs = Object.entries(metafile.outputs).filter(([out]) => out.endsWith('.js'));
const byName = new Map(outputs.map(([out, o]) => [href(out), o]));
const staticImports = (o) => o.imports.filter((i) => i.kind === 'import-statement').map((i) => href(i.path));
const [entry, entryOut] = outputs.find(([, o]) => o.entryPoint?.endsWith('web/main.js')) ?? [];
if (!entry) throw new Error('bundle: esbuild wrote no entry for web/main.js');

const chunks = {};
for (const i of entryOut.imports.filter((x) => x.kind === 'dynamic-import')) {
  const m = /^([a-z]+)-tool-[A-Z0-9]+\.js$/.exec(basename(i.path));
  if (m) chunks[m[1]] = [href(i.path), ...staticImports(byName.get(href(i.path)))];
}
if (Object.keys(chunks).length === 0) throw new Error('bundle: no tool chunks found');

const indexPath = join(site, 'index.html');
let index = readFileSync(indexPath, 'utf8');
const script = '<script type="module" src="web/main.js"></script>';
if (!index.includes(script)) throw new Error(`bundle: index.html has no ${script}`);
const preload = staticImports(entryOut).map((p) => `  <link rel="modulepreload" href="${p}">\n`).join('');
index = index
  .replace(script, `<script type="module" src="${href(entry)}"></script>`)
  .replace('</head>', `${preload}</head>`)
  .replace(/<html([^>]*)>/, `<html$1 data-chunks='${JSON.stringify(chunks)}'>`);
writeFileSync(indexPath, index);

writeFileSync(join(site, '_headers'), `# Caching for static hosts that read this file (Netlify, Cloudflare Pages;
# e2e/serve.mjs too). web/app/ holds only content-hashed names (web/tools/bundle.mjs).
/web/app/*
  Cache-Control: public, max-age=31536000, immutable
/
  Cache-Control: no-cache
/index.html
  Cache-Control: no-cache
/sw.js
  Cache-Control: no-cache
`);
