// tools.js — the tools the app lists. Only tools that work are here: a game
// appears in the navigation when its solver, editor and tests have landed.
import { DiceTool } from './dice/dice-tool.js';
import { HopchessTool } from './hopchess/hopchess-tool.js';
import { EscapeTool } from './escape/escape-tool.js';
import { CodenamesTool } from './codenames/codenames-tool.js';

export const TOOLS = [
  { id: 'dice', title: 'Battle Dice', blurb: 'Armies of custom dice: win, draw and survivors', component: DiceTool },
  { id: 'hopchess', title: 'Hop chess', blurb: 'Capture-by-hopping with human error: optimal proposal sets', component: HopchessTool },
  { id: 'codenames', title: 'Codenames', blurb: 'Spymaster with random operatives: every hint and number, exactly', component: CodenamesTool },
  { id: 'escape', title: 'Board Escape', blurb: 'Tokens racing to the exits: Sprague–Grundy, K up to 10⁹', component: EscapeTool },
];
