#!/usr/bin/env node
// serve.mjs — a small static server for `make run` and the Playwright suite.
// Usage: node e2e/serve.mjs DIR [PORT] [--cors] [--csp-param]. Binds 127.0.0.1
// only. Caching as a static host does it: the headers DIR/_headers gives a path
// (Netlify's format, written by web/tools/bundle.mjs: hashed files for a
// year), and for the rest `no-cache` with an ETag, so the browser revalidates
// (304 when unchanged) and a rebuilt site is always what it gets. --cors
// sends `Access-Control-Allow-Origin: *`, as a public CDN or a static host
// serving embed.js to other origins does. --csp-param (tests only) sends a
// page's `?csp=POLICY` back as its Content-Security-Policy header, as a blog's
// host would (a header, not a Playwright route: Chromium treats a routed page
// as public and blocks its requests to loopback). serve()'s `log(path, status)`
// (tests) hears every file it answers.
import { createHash } from 'node:crypto';
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

/** The rules of a _headers file: [{ test(path), headers }], in file order. */
async function headerRules(root) {
  let text;
  try {
    text = await readFile(join(root, '_headers'), 'utf8');
  } catch {
    return [];
  }
  const rules = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const re = new RegExp(`^${line.trim().split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      rules.push({ test: (path) => re.test(path), headers: {} });
    } else if (rules.length) {
      const at = line.indexOf(':');
      if (at > 0) rules.at(-1).headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

// E2E_SLOW_TOOLS_MS (make test-e2e-slow): the app's tool chunks are answered that late, so the prerendered
// view stays inert that long after the page's load event; a test that acts on it before the app is live
// (expectLive) fails, instead of failing once in a while on a busy machine.
const SLOW_TOOLS_MS = Number(process.env.E2E_SLOW_TOOLS_MS) || 0;

export async function serve(dir, port, { host = '127.0.0.1', cors = false, cspParam = false, log = null } = {}) {
  const root = resolve(dir);
  const rules = await headerRules(root);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://x');
      const path = decodeURIComponent(url.pathname);
      const csp = cspParam ? url.searchParams.get('csp') : null;
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) throw Object.assign(new Error(), { code: 'ENOENT' });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      if (SLOW_TOOLS_MS && /\/web\/app\/[a-z]+-tool-[A-Z0-9]+\.js$/.test(path)) await new Promise((ok) => setTimeout(ok, SLOW_TOOLS_MS));
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      const headers = {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        ETag: etag,
        ...Object.assign({}, ...rules.filter((r) => r.test(path)).reverse().map((r) => r.headers)),
        ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}),
        ...(csp ? { 'Content-Security-Policy': csp } : {}),
      };
      const status = req.headers['if-none-match'] === etag ? 304 : 200;
      log?.(path, status);
      if (status === 304) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
      res.writeHead(200, headers);
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
