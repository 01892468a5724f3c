// offline.js — registers the app's service worker (the site's sw.js, made by
// `make site`; see web/sw.js) when the page says it has one (data-sw on
// <html>, set by make site), and reloads into a new version once it takes
// over a page an older version served. Never called by embeds: only the app
// shell (main.js) imports this.
export function registerOffline() {
  const script = document.documentElement.dataset.sw;
  if (!script || !('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) location.reload(); // a new deploy: its files, not a mix
  });
  navigator.serviceWorker.register(new URL(script, document.baseURI)).catch(() => {
    // No service worker (a host that does not allow it): the app works online as before.
  });
}
