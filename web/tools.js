// tools.js — the tools the app lists. Only tools that work are here: a game
// appears in the navigation when its solver, editor and tests have landed.
import { DiceTool } from './dice/dice-tool.js';

export const TOOLS = [
  { id: 'dice', title: 'Battle Dice', blurb: 'Armies of custom dice: win, draw and survivors', component: DiceTool },
];
