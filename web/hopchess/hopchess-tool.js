// hopchess-tool.js — the Hop chess tool: board editor, contest input, the
// solved position with its moves, playing through with undo/redo, and the
// error-factor heat map. State lives in the URL (`#/hopchess?in=...&h=...&n=...`):
// `in` is the current position as contest text, `h` the moves played to reach
// it (model.js), `n` the heat map's size when not the default.
import { html, useRef, useState } from '../deps.js';
import { useDecoded } from '../lib/use-decoded.js';
import { ContestIO } from '../components/contest-io.js';
import { EmbedSnippet } from '../components/embed-snippet.js';
import { Announce, cancelledUnanswered, SolveStatus } from '../components/status.js';
import { useSolve } from '../lib/use-solve.js';
import { pct } from '../lib/format.js';
import { BoardEditor } from './board-editor.js';
import { moveName } from './explain.js';
import { HopResult } from './hop-result.js';
import {
  applyMove, DEFAULT_SWEEP, DEFAULT_TEXT, historyParam, hopText, isLegal, LIMITS, modelMove, NAMES,
  positionAt, pushMove, rcIndex, readHistory, readHopText,
} from './model.js';
import { PlayControls } from './play-controls.js';
import { SweepSection } from './sweep-section.js';
import { ExportContext } from '../components/export.js';
import { useSeries } from '../lib/use-series.js';

/** The value the history chart plots: Justin's win probability (the contest answer). */
const justinWins = (r) => r.answer;

// Positions with more reachable positions than this get the heat map on request only
// (a sweep costs about two single solves, but the 4x4 benchmark's 3.9 million positions still take
// ~1.4 s and ~100 MB of WASM heap for the 8x8 sweep: not something to start unasked on every edit).
const AUTO_SWEEP_POSITIONS = 1500000;
const SWEEP_CACHE = 40;

function readN(s) {
  const n = Number(s);
  return Number.isInteger(n) && n >= 2 && n <= LIMITS.maxSweep ? n : DEFAULT_SWEEP;
}

/** Does the analysis describe this editor position (factors included when asked)? */
function describes(r, s, withFactors) {
  if (!r || !s) return false;
  const same = r.rows === s.rows && r.cols === s.cols && r.toMove === s.toMove && r.board.join('') === s.cells.join('');
  return same && (!withFactors || (r.aJ === s.aJ && r.aD === s.aD));
}

const sweepKeyOf = (n, s) => `${n}|${hopText({ ...s, aJ: 1, aD: 1 })}`;

export function HopchessTool({ params, setParams, digits, embedded = false }) {
  const text = params.get('in') ?? DEFAULT_TEXT;
  const { decoded, state } = useDecoded(text, readHopText, DEFAULT_TEXT);
  const hParam = params.get('h');
  const history = readHistory(hParam, decoded);
  const n = readN(params.get('n'));
  const [note, setNote] = useState(null); // { text, msg }: a message about the model's last move

  const write = (s, h, nn = n) => setParams({ in: hopText(s), h: historyParam(h), n: nn === DEFAULT_SWEEP ? undefined : nn });
  const edit = (s, { keepHistory = false } = {}) => write(s, keepHistory ? history : null);

  // ---- the position ----
  const solve = useSolve('hopchess', text);
  const series = useSeries('hopchess', history ? history.positions.map(hopText) : [], justinWins);
  const result = solve.result;
  const current = solve.status === 'done' && describes(result, decoded, true);
  const canPlay = current && result.moveCount > 0;

  const play = (m, msg = null) => {
    const from = rcIndex(state.cols, m.from);
    const to = rcIndex(state.cols, m.to);
    if (!canPlay || !isLegal(state, from, to)) return;
    const next = applyMove(state, from, to);
    setNote(msg ? { text: hopText(next), msg } : null);
    write(next, pushMove(history, state, from, to));
  };
  const playModel = () => {
    const pick = canPlay && modelMove(result);
    if (!pick) return;
    const who = NAMES[result.toMove];
    const set = pick.set.map((m) => moveName(result, m)).join(', ');
    play(pick.move, `${who}'s proposal set this time: ${set}. Drawn at random: ${moveName(result, pick.move)}.`);
  };
  const jump = (at) => {
    if (!history || at < 0 || at > history.moves.length) return;
    const h = { ...history, at };
    setNote(null);
    write(positionAt(h, at, state), h);
  };

  // ---- the heat map: after the position is solved, in the same worker ----
  const cache = useRef(new Map());
  const shown = useRef(null);
  const [forced, setForced] = useState(null);
  const sweepKey = decoded ? sweepKeyOf(n, decoded) : null;
  const positionSolved = solve.status === 'done' && describes(result, decoded, false);
  const auto = positionSolved && result.positions <= AUTO_SWEEP_POSITIONS;
  const want = positionSolved && (auto || forced === sweepKey);
  const cachedBefore = sweepKey ? cache.current.get(sweepKey) : undefined;
  const sweep = useSolve('hopchess', !cachedBefore && want ? hopText({ ...decoded, aJ: 1, aD: 1 }) : null, { sweep: n });
  if (sweep.status === 'done' && sweep.result?.sweep) {
    const r = sweep.result;
    const key = sweepKeyOf(r.sweep.length, { rows: r.rows, cols: r.cols, cells: r.board.join('').split(''), toMove: r.toMove });
    if (!cache.current.has(key)) {
      cache.current.set(key, r);
      if (cache.current.size > SWEEP_CACHE) cache.current.delete(cache.current.keys().next().value);
    }
  }
  const sweepHere = sweepKey ? cache.current.get(sweepKey) : undefined;
  if (sweepHere) shown.current = sweepHere;

  const announce = solve.status === 'done' && result
    ? `Justin's win probability ${pct(result.answer, 1)}. ${NAMES[result.toMove]} has ${result.moveCount} moves and proposes ${result.proposalSize}.`
    : solve.status === 'error' ? 'Error in the input.' : '';

  return html`
    <div class="tool hopchess">
      <div class="tool-intro">
        <h2>Hop chess</h2>
        <p>Justin (J) and Donald (D) take turns moving one of their pieces onto an orthogonally adjacent
          piece — their own or the other's — capturing it. Who cannot move loses. Each player errs: with error
          factor A he picks his best A moves and plays one of them at random. The odds below are exact.</p>
      </div>
      ${hParam && !history && decoded ? html`<div class="notice" role="status">The move history in this link does not lead to this position, so it was left out.</div>` : null}
      ${!decoded && solve.status === 'done' ? html`<div class="notice" role="status">This board is bigger than the editor holds (at most ${LIMITS.maxSide} rows, ${LIMITS.maxSide} columns and ${LIMITS.maxCells} cells). It is solved as given; change it through the contest input.</div>` : null}
      <div class="tool-grid">
        <div class="editor-col">
          <${BoardEditor} state=${state} edit=${edit} onLoadText=${(t) => setParams({ in: t, n: n === DEFAULT_SWEEP ? undefined : n })} />
          <${ContestIO} text=${decoded ? hopText(state) : text} solve=${solve} solved=${text} onLoad=${(t) => setParams({ in: t, n: n === DEFAULT_SWEEP ? undefined : n })}
            hint="Line 1: rows and columns. Then one line per row of J and D (. for an empty cell). Last line: Justin's and Donald's error factors, optionally followed by J or D for the side to move." />
          ${embedded ? null : html`<${EmbedSnippet} game="hopchess" text=${decoded ? hopText(state) : text} />`}
        </div>
        <${ExportContext.Provider} value=${{ game: 'hopchess', text: hopText(state) }}>
        <div class="result-col" aria-busy=${solve.status === 'solving' ? 'true' : 'false'}>
          <${SolveStatus} solve=${solve} />
          ${cancelledUnanswered(solve) ? null : html`<${HopResult} result=${result} stale=${!current} canPlay=${canPlay} onPlay=${(m) => play(m)} digits=${digits} />`}
          <${PlayControls} history=${history} values=${series} canPlay=${canPlay} onModel=${playModel}
            onUndo=${() => jump(history.at - 1)} onRedo=${() => jump(history.at + 1)} onJump=${jump}
            lastModel=${note && note.text === text ? note.msg : null} />
          <${SweepSection} n=${n} setN=${(nn) => write(state, history, nn)} sweep=${sweepHere ?? shown.current}
            current=${!!sweepHere} solve=${sweep} waiting=${!positionSolved && !sweepHere}
            manual=${positionSolved && !auto && forced !== sweepKey && !sweepHere} onStart=${() => setForced(sweepKey)}
            aJ=${state.aJ} aD=${state.aD} onPick=${(aJ, aD) => edit({ ...state, aJ, aD }, { keepHistory: true })} />
          <${Announce} text=${announce} />
        </div></${ExportContext.Provider}>
      </div>
    </div>`;
}
