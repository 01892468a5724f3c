// sw.js — the app offline. `make site` copies this file to the site's root
// (a service worker controls only what lies under its own folder) and fills
// in the list of the app's files and a hash of their contents; the sources
// served as they are register no service worker.
//
// Install: every file of the app (the shell, each tool's code, the worker,
// the WASM, Preact) goes into a cache named after the hash. Fetch: those
// files, and a visit to the app's page, come from that cache, so after one
// visit the app opens and solves with no network; anything else (a blog
// post on the same site, an embed, an integration) is left to the network.
// A new deploy changes the hash, hence this file: the browser installs the
// new version on the next visit, old caches are deleted, and the page
// (lib/offline.js) reloads into the new version once it takes over.
const VERSION = '@SW_VERSION@';
const FILES = ['@SW_FILES@'];
const CACHE = `winrate-${VERSION}`;
const scope = new URL('./', self.location.href);
const urls = new Set(FILES.map((f) => new URL(f, scope).href));
const page = new URL('index.html', scope).href;

self.addEventListener('install', (event) => {
  // Past the HTTP cache (revalidated: a 304 costs little): a host that caches a file the new
  // build changed under the same name must not slip the old copy into the new version.
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll([...urls].map((u) => new Request(u, { cache: 'no-cache' }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('winrate-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.hash = '';
  let key = url.href;
  if (request.mode === 'navigate') {
    if (url.href !== scope.href && url.href !== page) return; // another page of the site: not the app's business
    key = page;
  } else if (!urls.has(key)) return;
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(key)).then((hit) => hit ?? fetch(request)));
});
