// widgets.js — the games that can be embedded. A game is listed once its tool
// works. `load`: imports the game's widget (its answer view and full view)
// only when a widget of that game first comes near the viewport, so a post
// with one dice battle never fetches the other games' code. `css`: the game's
// stylesheets, relative to web/style.css; `attrs`: the game's own element
// attributes, passed to the widget as `options` and kept in the app link.
export const WIDGETS = {
  dice: { title: 'Battle Dice', css: [], load: () => import('../dice/dice-widget.js').then((m) => m.DiceWidget) },
  hopchess: {
    title: 'Hop chess', css: ['hopchess/hopchess.css'],
    load: () => import('../hopchess/hopchess-widget.js').then((m) => m.HopchessWidget),
  },
  codenames: {
    title: 'Codenames', css: ['codenames/codenames.css'], attrs: ['rule'],
    load: () => import('../codenames/codenames-widget.js').then((m) => m.CodenamesWidget),
  },
  escape: {
    title: 'Board Escape', css: ['escape/escape.css'],
    load: () => import('../escape/escape-widget.js').then((m) => m.EscapeWidget),
  },
};
