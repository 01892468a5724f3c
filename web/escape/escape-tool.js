// escape-tool.js — the Board Escape tool: board editor, contest input, the
// analysis of the contest position, and a game against the solver. State in
// the URL (`#/escape?in=...&m=...&you=bob`): `in` is the contest text (rows
// may be run-length packed), `m` the moves played from it, `you` the side
// the reader plays.
import { html, useEffect, useMemo } from '../deps.js';
import { useDecoded } from '../lib/use-decoded.js';
import { ContestIO } from '../components/contest-io.js';
import { EmbedSnippet } from '../components/embed-snippet.js';
import { Announce, cancelledUnanswered, SolveStatus } from '../components/status.js';
import { useSolve } from '../lib/use-solve.js';
import { BoardEditor } from './board-editor.js';
import { EscapeResult } from './escape-result.js';
import { Play } from './play.js';
import {
  decodeMoves, DEFAULT_TEXT, encodeMoves, escapeText, packState, readEscapeText, unpackText, urlTextFor,
} from './model.js';
import { seedMap } from './use-grundy-maps.js';
import { ExportContext } from '../components/export.js';

// Bigger boards go into the embed snippet with run-length packed rows (the widget reads both).
const EMBED_PLAIN_CELLS = 2500;

export function EscapeTool({ params, setParams, embedded = false }) {
  const raw = params.get('in') ?? DEFAULT_TEXT;
  const text = useMemo(() => unpackText(raw), [raw]);
  const { decoded, state } = useDecoded(text, readEscapeText, DEFAULT_TEXT);
  const contestText = useMemo(() => escapeText(state), [state]);

  const movesParam = params.get('m') ?? '';
  const moves = decodeMoves(movesParam);
  const you = params.get('you') === 'bob' ? 'Bob' : 'Alice';
  const youParam = you === 'Bob' ? 'bob' : undefined;

  // Editing the board or K starts a new game: the moves are dropped.
  const edit = (s) => setParams({ in: packState(s), you: youParam });
  const load = (t) => setParams({ in: urlTextFor(t), you: youParam });
  const setPlay = (p) => setParams({ in: raw, m: encodeMoves(p.moves), you: p.you === 'Bob' ? 'bob' : undefined });

  const solve = useSolve('escape', text);
  const r = solve.result;
  useEffect(() => {
    if (!r || !decoded || r.k !== decoded.k || r.rows !== decoded.rows || r.cols !== decoded.cols) return;
    if (r.grundy.join('').replace(/[0-4]/g, '.') === decoded.cells.replace(/T/g, '.')) seedMap(decoded, r.k, r.grundy);
  }, [r]);

  const announce = solve.status === 'done' && r
    ? `${r.answer} wins. The XOR of the token values is ${r.xor}.` : solve.status === 'error' ? 'Error in the input.' : '';

  return html`
    <div class="tool escape">
      <div class="tool-intro">
        <h2>Board Escape</h2>
        <p>Tokens on a grid each carry the number K. In turn, Alice and Bob move one token one step up, down,
          left or right (not into #). Onto an exit (E) the token leaves; otherwise its number drops by one and at
          zero it is removed. Who cannot move loses. The solver finds the winner by Sprague–Grundy values, for
          any K up to 10⁹.</p>
      </div>
      <div class="tool-grid">
        <div class="editor-col">
          <${BoardEditor} state=${state} onChange=${edit} onLoadText=${load} />
          <${ContestIO} text=${decoded ? contestText : text} solve=${solve} solved=${text} onLoad=${load}
            hint="Line 1: rows R, columns C and K. Then R lines of C cells: E exit, T token, # obstacle, . empty. Up to 1000 × 1000." />
          ${embedded ? null : html`<${EmbedSnippet} game="escape" text=${state.rows * state.cols <= EMBED_PLAIN_CELLS ? contestText : packState(state)} />`}
        </div>
        <${ExportContext.Provider} value=${{ game: 'escape', text: contestText }}>
        <div class="result-col" aria-busy=${solve.status === 'solving' ? 'true' : 'false'}>
          <${SolveStatus} solve=${solve} />
          ${cancelledUnanswered(solve) ? null : html`<${EscapeResult} result=${r} stale=${solve.status !== 'done'} />`}
          <${Announce} text=${announce} />
        </div></${ExportContext.Provider}>
      </div>
      ${moves === null ? html`<div class="notice" role="status">The moves in the address could not be read; the game starts from the contest position.</div>` : null}
      ${decoded ? html`<${Play} key=${raw} state=${decoded} moves=${moves ?? []} you=${you} setPlay=${setPlay} />`
        : html`<div class="notice">Play resumes once the board above is valid.</div>`}
    </div>`;
}
