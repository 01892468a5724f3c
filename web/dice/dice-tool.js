// dice-tool.js — the Battle Dice tool: die editors, army sizes, contest
// input, and the result. Its whole state is the contest text in the URL
// (`#/dice?in=...`); the editor is a view of that text.
import { html, useState } from '../deps.js';
import { NumField } from '../components/num-field.js';
import { useDecoded } from '../lib/use-decoded.js';
import { ContestIO } from '../components/contest-io.js';
import { EmbedSnippet } from '../components/embed-snippet.js';
import { Announce, cancelledUnanswered, SolveStatus } from '../components/status.js';
import { useSolve } from '../lib/use-solve.js';
import { pct } from '../lib/format.js';
import { DieEditor } from './die-editor.js';
import { DiceResult } from './dice-result.js';
import { DEFAULT_TEXT, diceText, LIMITS, readDiceText, readRolls } from './model.js';
import { ExportContext } from '../components/export.js';

const LENGTH = { length: true };

export function DiceTool({ params, setParams, digits, embedded = false }) {
  const text = params.get('in') ?? DEFAULT_TEXT;
  const { decoded, state } = useDecoded(text, readDiceText, DEFAULT_TEXT);
  const rollsParam = readRolls(params.get('rolls'));
  const rolls = Number.isNaN(rollsParam) ? null : rollsParam; // null: fight to the end
  const [lastRolls, setLastRolls] = useState(rolls ?? 10); // what the field shows while the switch is off
  const write = (t, r) => setParams({ in: t, rolls: r ?? undefined });
  const edit = (patch) => write(diceText({ ...state, ...patch }), rolls);

  const solve = useSolve('dice', text, rolls ? { rolls } : undefined);
  // The fight to the end's length costs extra passes: asked for when its chart is opened.
  const [lengthOpen, setLengthOpen] = useState(false);
  const length = useSolve('dice', !rolls && lengthOpen ? text : null, LENGTH);
  // Shown only once both are of this input: useSolve keeps the last result while it solves anew, and
  // the length, solved after the answer, was the previous battle's under the new answer.
  const lengthShown = length.status === 'done' && solve.status === 'done' ? length.result?.overWithin : null;
  const result = solve.result;
  const announce = solve.status === 'done' && result
    ? `Player one wins with probability ${pct(result.win, 2)}.` : solve.status === 'error' ? 'Error in the input.' : '';

  return html`
    <div class="tool dice">
      <div class="tool-intro">
        <h2>Battle Dice</h2>
        <p>Two armies roll one die per unit. Each side loses as many units as the other side's attacks
          (<span class="pip a">A</span>) exceed its own defences (<span class="pip d">D</span>). Rolls repeat until an army is wiped out. The odds below are exact.</p>
      </div>
      <div class="tool-grid">
        <div class="editor-col">
          <section class="panel" aria-label="Battle setup">
            <div class="row wrap">
              <${NumField} min=${1} max=${LIMITS.maxUnits} label="Player one units" value=${state.units[0]}
                onChange=${(u) => edit({ units: [u, state.units[1]] })} />
              <${NumField} min=${1} max=${LIMITS.maxUnits} label="Player two units" value=${state.units[1]}
                onChange=${(u) => edit({ units: [state.units[0], u] })} />
              <label class="switch">
                <input type="checkbox" role="switch" checked=${state.twoDice}
                  onChange=${(e) => edit({ twoDice: e.currentTarget.checked, faces2: state.faces2 })} />
                Different die for player two
              </label>
            </div>
            <${DieEditor} title=${state.twoDice ? "Player one's die" : 'The die (both players)'}
              faces=${state.faces1} onChange=${(faces1) => edit({ faces1, faces2: state.twoDice ? state.faces2 : faces1 })} />
            ${state.twoDice ? html`<${DieEditor} title="Player two's die" faces=${state.faces2}
              onChange=${(faces2) => edit({ faces2 })} />` : null}
            <div class="row wrap dice-rolls">
              <label class="switch">
                <input type="checkbox" role="switch" checked=${!!rolls}
                  onChange=${(e) => write(text, e.currentTarget.checked ? lastRolls : null)} />
                Stop the battle after a number of rolls
              </label>
              ${rolls ? html`<${NumField} min=${1} max=${LIMITS.maxRolls} label="Rolls" value=${rolls} size="small"
                onChange=${(r) => { setLastRolls(r); write(text, r); }} />` : null}
            </div>
            ${Number.isNaN(rollsParam) ? html`<p class="notice" role="status">The number of rolls in the address is not a whole
              number from 1 to ${LIMITS.maxRolls}, so the battle is fought to the end.</p>` : null}
          </section>
          <${ContestIO} text=${decoded ? diceText(state) : text} solve=${solve} solved=${text} onLoad=${(t) => write(t, rolls)}
            hint="Line 1: the faces, blank face as -, e.g. AA A D DD. Line 2: units of player one and two. Optional: two die lines, one per player." />
          ${embedded ? null : html`<${EmbedSnippet} game="dice" text=${diceText(state)} />`}
        </div>
        <${ExportContext.Provider} value=${{ game: 'dice', text: decoded ? diceText(state) : text }}>
        <div class="result-col" aria-busy=${solve.status === 'solving' ? 'true' : 'false'}>
          <${SolveStatus} solve=${solve} />
          ${cancelledUnanswered(solve) ? null : html`<${DiceResult} result=${result} stale=${solve.status !== 'done'} digits=${digits}
            length=${rolls ? result?.overWithin : lengthShown} lengthOpen=${lengthOpen} setLengthOpen=${setLengthOpen} />`}
          <${Announce} text=${announce} />
        </div></${ExportContext.Provider}>
      </div>
    </div>`;
}
