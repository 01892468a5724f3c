#!/usr/bin/env node
// serve.mjs — a small static server for `make run` and the Playwright suite.
// Usage: node e2e/serve.mjs DIR [PORT] [--cors] [--csp-param]. Binds 127.0.0.1
// only; no caching, so a rebuilt site is always what the browser gets. --cors
// sends `Access-Control-Allow-Origin: *`, as a public CDN or a static host
// serving embed.js to other origins does. --csp-param (tests only) sends a
// page's `?csp=POLICY` back as its Content-Security-Policy header, as a blog's
// host would (a header, not a Playwright route: Chromium treats a routed page
// as public and blocks its requests to loopback).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

export function serve(dir, port, { host = '127.0.0.1', cors = false, cspParam = false } = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://x');
      const path = decodeURIComponent(url.pathname);
      const csp = cspParam ? url.searchParams.get('csp') : null;
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) throw Object.assign(new Error(), { code: 'ENOENT' });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-store',
        ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}),
        ...(csp ? { 'Content-Security-Policy': csp } : {}),
      });
      res.end(body);
    } catch (err) {
      res.writeHead(err.code === 'ENOENT' || err.code === 'ENOTDIR' ? 404 : 500, { 'Content-Type': 'text/plain' });
      res.end('not found\n');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const [dir = '.', port = '8000'] = args.filter((a) => !a.startsWith('--'));
  await serve(dir, Number(port), { cors: args.includes('--cors'), cspParam: args.includes('--csp-param') });
}
