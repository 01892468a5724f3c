// boot.js — make site puts it after the prerendered views in index.html
// (web/tools/prerender.mjs): a classic script, so it runs while the page is
// parsed, long before the app's modules. When the address names a tool and no
// state of its own (`#/dice`, or nothing: the first tool), it shows that tool's
// prerendered view, answer included; the app then renders over it (main.js).
// Any other address is left to the app.
(function () {
  var hash = location.hash;
  var m = /^#\/([a-z]+)$/.exec(hash);
  var view = m ? document.getElementById('prerender-' + m[1])
    : hash === '' || hash === '#' ? document.querySelector('template[data-first]') : null;
  var app = document.getElementById('app');
  if (!view || !app) return;
  app.replaceChildren(view.content.cloneNode(true));
  app.dataset.prerendered = view.id.slice('prerender-'.length);
  // Until the app takes over, the tool only shows: an edit made now would be lost, so none can be made
  // (and a test or a quick hand waits for the controls instead). The app's render undoes both.
  var main = document.getElementById('main');
  if (main) main.inert = true;
  var controls = app.querySelectorAll('#main input, #main textarea, #main select, #main button');
  for (var i = 0; i < controls.length; i++) controls[i].disabled = true;
})();
