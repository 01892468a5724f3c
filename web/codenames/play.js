// play.js — play a game forward from the position: give a hint and a
// number, reveal cards (chosen, or drawn at random among the hint's hidden
// cards as the operatives would), undo. The revealed cards and the team to
// move go into the contest text; the turns into the URL's `h` param.
import { html, useId, useState } from '../deps.js';
import { HistoryChart } from '../components/history-chart.js';
import { pct, points } from '../lib/format.js';
import { gameLog, hintName, ID_NAMES, isLegalHint, TEAM, unrevealedOf } from './model.js';

/** chart: { values, at, onJump }: the starting team's win probability at the start of each turn (codenames-tool.js). */
export function Play({ state, history, turn, own, result, over, onGive, onReveal, onUndo, chart }) {
  const id = useId();
  const legal = state.hints.map((_, h) => h).filter((h) => isLegalHint(state, h, own));
  const best = result?.best;
  // The hint and number shown: the recommended ones until the reader picks others; a pick holds for the
  // analysis (result) it was made on, so a new position starts again from its recommendation.
  const [pick, setPick] = useState(null);
  const shown = pick?.of === result && legal.includes(pick.hint) ? pick
    : best && legal.includes(best.hint) ? { hint: best.hint, k: best.k } : { hint: legal[0] ?? 0, k: 1 };
  const hint = shown.hint;
  const maxK = legal.includes(hint) ? unrevealedOf(state, hint).length : 1;
  const k = Math.min(shown.k, maxK);
  const value = result?.hints?.[hint]?.values?.[k - 1];
  const team = TEAM[state.team];
  const log = history ? gameLog(history.start, history.turns) : [];
  const last = log.length ? log[log.length - 1].reveals.at(-1) : null;

  let body;
  if (over) {
    body = html`<p class="cn-play-over"><strong>Game over: ${TEAM[over.winner]} wins.</strong> ${over.reason[0].toUpperCase()}${over.reason.slice(1)}.</p>`;
  } else if (!turn) {
    body = html`
      <p>${team}'s spymaster gives a hint.</p>
      ${legal.length ? html`
        <div class="row wrap cn-give">
          <label>Hint
            <select id=${`${id}-hint`} value=${String(hint)} onChange=${(e) => setPick({ hint: Number(e.currentTarget.value), k, of: result })}>
              ${legal.map((h) => html`<option value=${String(h)}>${hintName(state, h)} (${unrevealedOf(state, h).length} hidden)</option>`)}
            </select>
          </label>
          <label>Number
            <select value=${String(k)} onChange=${(e) => setPick({ hint, k: Number(e.currentTarget.value), of: result })}>
              ${Array.from({ length: maxK }, (_, i) => html`<option value=${String(i + 1)}>${i + 1}</option>`)}
            </select>
          </label>
          <button type="button" class="primary" onClick=${() => onGive(hint, k)}>Give hint</button>
          ${best ? html`<button type="button" onClick=${() => onGive(best.hint, best.k)}>Give the recommended hint</button>` : null}
        </div>
        ${Number.isFinite(value) && best ? html`<p class="muted small" data-testid="give-value" aria-live="polite">${`Giving “${hintName(state, hint)}” for ${k}, ${team} wins with probability `}<strong>${pct(value, 2)}</strong>${best.value - value <= 1e-12 ? ': the best there is.' : `, ${points(best.value - value)} less than with the recommended hint.`}</p>` : null}` : html`<p><strong>${team} has no legal hint and loses.</strong></p>`}`;
  } else {
    const hidden = unrevealedOf(state, turn.hint);
    const cont = result?.hints?.[turn.hint]?.values?.[turn.k - turn.hits - 1];
    body = html`
      <p>${team}'s operatives guess on <strong>“${hintName(state, turn.hint)}” for ${turn.k}</strong>: ${turn.hits} hit${turn.hits === 1 ? '' : 's'} so far.
        ${cont !== undefined ? html` Going on from here, ${team} wins with probability <strong data-testid="continuation">${pct(cont, 2)}</strong>.` : null}</p>
      <div class="row wrap cn-reveal">
        <button type="button" class="primary" onClick=${() => onReveal(hidden[Math.floor(Math.random() * hidden.length)])}>Reveal at random</button>
        ${hidden.map((i) => html`<button type="button" onClick=${() => onReveal(i)}>Reveal ${state.cards[i].word}</button>`)}
      </div>`;
  }

  return html`
    <section class="panel cn-play" aria-labelledby=${`${id}-h`}>
      <div class="panel-head">
        <h3 id=${`${id}-h`}>Play it forward</h3>
        <button type="button" disabled=${!history} onClick=${onUndo}>Undo</button>
      </div>
      ${last ? html`<p class="cn-last" role="status">Revealed ${state.cards[last.card].word}, ${ID_NAMES[state.cards[last.card].id]}: ${last.text}.</p>` : null}
      ${body}
      ${history && chart?.values.length > 1 ? html`<${HistoryChart}
        title=${`${TEAM[history.startTeam]}'s win probability, turn by turn`} values=${chart.values} at=${chart.at}
        onJump=${chart.onJump} valueLabel=${`${TEAM[history.startTeam]}'s win probability`} format=${(v) => pct(v, 2)}
        describe=${(i) => (i === 0 ? 'Start position'
          : `After turn ${i}: ${TEAM[log[i - 1].team]}, “${hintName(state, log[i - 1].hint)}” for ${log[i - 1].k}`)} />` : null}
      ${log.length ? html`
        <ol class="cn-log" aria-label="Turns played">
          ${log.map((t) => html`<li>
            <span class=${`team-dot ${t.team}`} aria-hidden="true">${t.team}</span>
            ${TEAM[t.team]}: “${hintName(state, t.hint)}” for ${t.k}${t.reveals.length ? ' — ' : ''}
            ${t.reveals.map((x, j) => html`${j ? '; ' : ''}<strong>${state.cards[x.card].word}</strong>: ${x.text}`)}
          </li>`)}
        </ol>` : over ? null : html`<p class="muted small">No turns played yet. The operatives reveal the hint's hidden cards one at a time, each equally likely; a miss ends the turn.</p>`}
    </section>`;
}
