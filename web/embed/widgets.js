// widgets.js — the games that can be embedded, and how each renders as a
// widget: `Answer` (the result and a short explanation) and `Full` (the
// editor too). A game is listed once its tool works. `css`: the game's
// stylesheets, relative to web/style.css; `attrs`: the game's own element
// attributes, passed to the widget as `options` and kept in the app link.
import { CodenamesWidget } from '../codenames/codenames-widget.js';
import { DiceWidget } from '../dice/dice-widget.js';
import { EscapeWidget } from '../escape/escape-widget.js';
import { HopchessWidget } from '../hopchess/hopchess-widget.js';

export const WIDGETS = {
  dice: { title: 'Battle Dice', css: [], Widget: DiceWidget },
  hopchess: { title: 'Hop chess', css: ['hopchess/hopchess.css'], Widget: HopchessWidget },
  codenames: { title: 'Codenames', css: ['codenames/codenames.css'], Widget: CodenamesWidget, attrs: ['rule'] },
  escape: { title: 'Board Escape', css: ['escape/escape.css'], Widget: EscapeWidget },
};
