// embed.js — copied to the root of the built site as embed.js: one script tag
// defines <winrate-dice> and the other games' elements.
//   <script type="module" src=".../embed.js"></script>
//   <winrate-dice>AA A D DD
//   4 4</winrate-dice>
import './web/embed/element.js';
