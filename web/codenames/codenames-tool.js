// codenames-tool.js — the Codenames tool: position editor, contest input,
// the solved position (every hint × K), and playing the game forward with
// undo. State lives in the URL (`#/codenames?in=...&rule=own&h=...`): `in` is
// the current position as contest text (revealed cards in lowercase), `rule`
// the rule variant, `h` the turns played to reach it (model.js).
import { html, useEffect } from '../deps.js';
import { useDecoded } from '../lib/use-decoded.js';
import { ContestIO } from '../components/contest-io.js';
import { EmbedSnippet } from '../components/embed-snippet.js';
import { Announce, cancelledUnanswered, SolveStatus } from '../components/status.js';
import { useSolve } from '../lib/use-solve.js';
import { releaseKept, warm } from '../lib/solver.js';
import { pct } from '../lib/format.js';
import { CodenamesResult, GameOver } from './codenames-result.js';
import { CodenamesEditor } from './codenames-editor.js';
import {
  codenamesText, decided, DEFAULT_TEXT, historyParam, noLegalHint, other, popAction, pushAction, readCodenamesText,
  readHistory, replay, TEAM, turnStarts,
} from './model.js';
import { Play } from './play.js';
import { useSeries } from '../lib/use-series.js';
import { ExportContext } from '../components/export.js';

const OWN = { ownHintsOnly: true };
const KEEP = { keep: true };

/** Does the analysis describe this position? */
function describes(r, s) {
  return !!r && !!s && r.toMove === s.team && r.words.join(' ') === s.cards.map((c) => c.word).join(' ')
    && r.identities.join('') === s.cards.map((c) => c.id).join('')
    && r.revealed.every((v, i) => v === s.cards[i].revealed) && r.hints.length === s.hints.length
    && r.hints.every((h, k) => h.cards.join(',') === s.hints[k].cards.join(','));
}

export function CodenamesTool({ params, setParams, digits, embedded = false }) {
  const text = params.get('in') ?? DEFAULT_TEXT;
  const { decoded, state } = useDecoded(text, readCodenamesText, DEFAULT_TEXT);
  const ruleParam = params.get('rule');
  const own = ruleParam === 'own';
  const hParam = params.get('h');
  const history = readHistory(hParam, decoded);
  const turn = history?.turn ?? null;

  useEffect(() => releaseKept, []); // closed: the worker that keeps this board's table ends
  // The 25-card boards' solve compiled ahead in the app's workers (a fresh worker's first one: 0.2 s of 2 s,
  // warm.mjs); not in a post's widget, which solves its own board at once
  useEffect(() => { if (!embedded) warm('codenames'); }, []);

  const write = (s, h, o = own) => setParams({ in: codenamesText(s), rule: o ? 'own' : undefined, h: historyParam(h) });
  const edit = (s, { keepHistory = false } = {}) => write(s, keepHistory ? history : null);
  const load = (t) => setParams({ in: t, rule: own ? 'own' : undefined });

  const over = decoded ? decided(decoded) : null;
  const noHints = !!decoded && decoded.hints.length === 0; // a board being set up: nothing to solve yet
  const stuck = decoded && !over && !noHints && !turn && noLegalHint(decoded, own)
    ? { winner: other(decoded.team), reason: `${TEAM[decoded.team]} has no legal hint` } : null;
  // Kept: each later position of this board (a reveal, Play it forward) is read from the solved table.
  const solve = useSolve('codenames', over || noHints ? null : text, own ? OWN : undefined, KEEP);
  const result = solve.result;
  const current = solve.status === 'done' && describes(result, decoded) && result.rule === (own ? 'own-hints-only' : 'any');

  // The history chart: the starting team's win probability at the start of
  // each turn played (a decided position counts as won or lost).
  const starts = history ? turnStarts(history) : [];
  const solved = useSeries('codenames', starts.map((s) => (decided(s) ? null : codenamesText(s))),
    (r) => r.answer, own ? OWN : undefined, KEEP);
  const series = starts.map((s, i) => {
    const d = decided(s);
    const v = d ? (d.winner === s.team ? 1 : 0) : solved[i];
    return typeof v === 'number' && s.team !== history.startTeam ? 1 - v : v;
  });
  const jumpTo = (i) => {
    const h = { ...history, turns: history.turns.slice(0, i) };
    const r = replay(h.start, h.turns);
    if (r) write(r.current, i ? h : null);
  };

  const act = (action) => {
    if (!decoded || over) return;
    const h = pushAction(history, decoded, action);
    const r = replay(h.start, h.turns);
    if (r) write(r.current, h);
  };
  const undo = () => {
    if (!history) return;
    const h = popAction(history);
    const r = replay(h.start, h.turns);
    if (r) write(r.current, h.turns.length ? h : null);
  };

  const announce = over ? `Game over: ${TEAM[over.winner]} wins.`
    : solve.status === 'done' && result
      ? `${TEAM[result.toMove]}'s win probability ${pct(result.answer, 1)}.${result.best ? ` Recommended: ${result.best.label ?? `hint ${result.best.hint + 1}`} for ${result.best.k}.` : ''}`
      : solve.status === 'error' ? 'Error in the input.' : '';

  return html`
    <div class="tool codenames">
      <div class="tool-intro">
        <h2>Codenames</h2>
        <p>Two teams of agents hide among the word cards, with bystanders and an assassin. A spymaster names a
          hint word and a number K; the operatives reveal that hint's hidden cards in random order until K of
          their own agents, a miss (the turn passes), the assassin (they lose) or their last agent (they win).
          Both spymasters play perfectly; the odds below are exact.</p>
      </div>
      ${ruleParam !== null && ruleParam !== 'own' ? html`<div class="notice" role="status">The rule “${ruleParam}” in this link is unknown; the standard rule (any hint with a hidden card) is used.</div>` : null}
      ${hParam && !history && decoded ? html`<div class="notice" role="status">The turns in this link do not lead to this position, so they were left out.</div>` : null}
      <div class="tool-grid">
        <div class="editor-col">
          <${CodenamesEditor} state=${state} edit=${edit} own=${own}
            setOwn=${(o) => write(state, history, o)} onLoadText=${load} />
          <${ContestIO} text=${decoded ? codenamesText(state) : text} solve=${solve} solved=${text} onLoad=${load}
            hint="Line 1: N cards and the team to move (R or B). Line 2: the words. Line 3: identities R B I A (lowercase: already revealed). Line 4: M hints. Then per hint: optionally a name and a colon, the card count and the words." />
          ${embedded || !decoded ? null : html`<${EmbedSnippet} game="codenames" text=${codenamesText(decoded)} attrs=${{ rule: own ? 'own' : undefined }} />`}
        </div>
        <${ExportContext.Provider} value=${{ game: 'codenames', text: decoded ? codenamesText(state) : text }}>
        <div class="result-col" aria-busy=${solve.status === 'solving' ? 'true' : 'false'}>
          ${noHints ? html`<section class="panel result placeholder" aria-label="Result">
            <p class="muted" data-testid="no-hints">No hints yet. Add a hint (Hint words: Add hint, then click its cards)
              and the solver answers at once.</p></section>`
          : over ? html`<${GameOver} over=${over} />` : html`
            <${SolveStatus} solve=${solve} />
            ${stuck ? html`<${GameOver} over=${stuck} compact />` : null}
            ${cancelledUnanswered(solve) ? null : html`<${CodenamesResult} result=${result} stale=${!current} digits=${digits} />`}`}
          ${decoded && !noHints ? html`<${Play} state=${decoded} history=${history} turn=${turn} own=${own}
            result=${current ? result : null} over=${over} onGive=${(h, k) => act({ give: [h, k] })}
            onReveal=${(card) => act({ reveal: card })} onUndo=${undo}
            chart=${{ values: series, at: starts.length - 1, onJump: jumpTo }} />` : null}
          <${Announce} text=${announce} />
        </div></${ExportContext.Provider}>
      </div>
    </div>`;
}
