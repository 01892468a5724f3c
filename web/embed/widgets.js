// widgets.js — the games that can be embedded, and how each renders as a
// widget: `Answer` (the result and a short explanation) and `Full` (the
// editor too). A game is listed once its tool works.
import { DiceWidget } from '../dice/dice-widget.js';

export const WIDGETS = {
  dice: { title: 'Battle Dice', css: [], Widget: DiceWidget },
};
