// explain.js — the solved position in words: the board, the recommended hint
// and number, what the turn can bring, the cost of the alternatives.
import { pct, points } from '../lib/format.js';
import { other, TEAM } from './model.js';

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
export const count = (n) => WORDS[n] ?? String(n);
const plural = (n, one, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
const capital = (s) => s[0].toUpperCase() + s.slice(1);

export function hintLabel(r, h) {
  return r.hints[h].label ?? `hint ${h + 1}`;
}

function list(words) {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The best legal value of hint h over K, or null. */
export function hintBest(hint) {
  return hint.values ? Math.max(...hint.values) : null;
}

export function explain(r) {
  const t = r.toMove;
  const team = TEAM[t];
  const opp = TEAM[other(t)];
  const rem = r.remaining;
  const out = [];
  out.push(`${team} to move. Still hidden: ${plural(rem[t], `${team.toLowerCase()} agent`)}, ${plural(rem[other(t)], `${opp.toLowerCase()} agent`)}, `
    + `${plural(rem.I, 'bystander')} and ${plural(rem.A, 'assassin')}. Each turn the operatives reveal the hint's hidden cards in random order until they have the number of hits asked for, or miss.`);
  if (!r.best) {
    out.push(`${team} has no legal hint: ${r.rule === 'own-hints-only'
      ? `no hint still covers a hidden ${team.toLowerCase()} agent`
      : 'every hint\'s cards are revealed'}. A team that cannot give a hint loses, so ${team} wins with probability 0.`);
    return out;
  }
  const b = r.best;
  const hint = r.hints[b.hint];
  const hidden = hint.cards.filter((i) => !r.revealed[i]);
  const own = hidden.filter((i) => r.identities[i] === t).length;
  out.push(`Best: give “${hintLabel(r, b.hint)}” for ${b.k}. It covers ${plural(hidden.length, 'hidden card')} (${list(hidden.map((i) => r.words[i]))}), `
    + `${hidden.length === 1 ? (own ? `a ${team.toLowerCase()} agent` : `not a ${team.toLowerCase()} agent`) : `${own ? count(own) : 'none'} of them ${team.toLowerCase()}`}. `
    + `${team} then wins with probability ${pct(b.value, 2)}.`);
  const o = b.outcomes;
  const parts = [];
  if (o.win > 0) parts.push(`${pct(o.win)} ${team} finds its last agent and wins at once`);
  if (o.assassin > 0) parts.push(`${pct(o.assassin)} the assassin comes up and ${team} loses`);
  if (o.lose > 0) parts.push(`${pct(o.lose)} ${opp}'s last agent comes up and ${opp} wins`);
  o.handover.forEach((p, k) => { if (p > 0) parts.push(`${pct(p)} the turn passes to ${opp} after ${plural(k, 'hit')}`); });
  if (parts.length) out.push(`This turn: ${list(parts)}.`);
  const vals = hint.values;
  if (vals.length > 1) {
    const same = vals.filter((v) => Math.abs(v - b.value) <= 1e-12).length;
    if (same === vals.length) out.push(`Every number from 1 to ${vals.length} is worth the same here.`);
    else {
      const alt = vals.map((v, k) => ({ v, k: k + 1 })).filter((x) => x.k !== b.k);
      const worst = alt.reduce((a, x) => (x.v < a.v ? x : a));
      out.push(`The number matters: ${alt.length === 1 ? `with ${alt[0].k}` : `at worst (${worst.k})`} the same hint gives ${pct(worst.v, 2)}.`);
    }
  }
  const others = r.hints
    .map((h, i) => ({ i, v: hintBest(h), same: h.sameAs }))
    .filter((x) => x.v !== null && x.i !== b.hint && x.same === null && r.hints[b.hint].sameAs !== x.i);
  if (others.length) {
    const next = others.reduce((a, x) => (x.v > a.v ? x : a));
    const gap = b.value - next.v;
    out.push(gap <= 1e-12
      ? `“${hintLabel(r, next.i)}” is just as good (${pct(next.v, 2)}).`
      : `The next best hint, “${hintLabel(r, next.i)}”, gives ${pct(next.v, 2)}: ${points(gap)} less.`);
  }
  const illegal = r.hints.filter((h) => !h.legal).length;
  if (illegal) {
    out.push(`${capital(plural(illegal, 'hint is', 'hints are'))} not legal now (${r.rule === 'own-hints-only'
      ? `all revealed, or no hidden ${team.toLowerCase()} agent left on it`
      : 'all its cards are revealed'}).`);
  }
  const dups = r.hints.map((h, i) => ({ h, i })).filter((x) => x.h.sameAs !== null);
  if (dups.length) {
    out.push(dups.map((x) => `“${hintLabel(r, x.i)}” has the same hidden cards as “${hintLabel(r, x.h.sameAs)}”`).join('; ') + ', so they are worth the same.');
  }
  return out;
}
