// games.js — the one registry of the games: the app shell (main.js), the
// embed (element.js, frame.js) and the tests read it. A game is listed once
// its tool works. Code is imported only when needed: `tool()` the app's tool,
// `widget()` the embedded widget (answer and full views), so a page or a post
// never fetches the other games' code. `css`: the game's stylesheets, relative
// to web/style.css; `attrs`: the game's own element attributes, passed to its
// widget as `options` and kept in the app link.
export const GAMES = [
  {
    id: 'dice', title: 'Battle Dice', blurb: 'Armies of custom dice: win, draw and survivors', css: [], attrs: [],
    tool: () => import('./dice/dice-tool.js').then((m) => m.DiceTool),
    widget: () => import('./dice/dice-widget.js').then((m) => m.DiceWidget),
  },
  {
    id: 'hopchess', title: 'Hop chess', blurb: 'Capture-by-hopping with human error: optimal proposal sets',
    css: ['hopchess/hopchess.css'], attrs: [],
    tool: () => import('./hopchess/hopchess-tool.js').then((m) => m.HopchessTool),
    widget: () => import('./hopchess/hopchess-widget.js').then((m) => m.HopchessWidget),
  },
  {
    id: 'codenames', title: 'Codenames', blurb: 'Spymaster with random operatives: every hint and number, exactly',
    css: ['codenames/codenames.css'], attrs: ['rule'],
    tool: () => import('./codenames/codenames-tool.js').then((m) => m.CodenamesTool),
    widget: () => import('./codenames/codenames-widget.js').then((m) => m.CodenamesWidget),
  },
  {
    id: 'escape', title: 'Board Escape', blurb: 'Tokens racing to the exits: Sprague–Grundy, K up to 10⁹',
    css: ['escape/escape.css'], attrs: [],
    tool: () => import('./escape/escape-tool.js').then((m) => m.EscapeTool),
    widget: () => import('./escape/escape-widget.js').then((m) => m.EscapeWidget),
  },
];

/** The game with this id, or undefined. */
export const gameOf = (id) => GAMES.find((g) => g.id === id);
