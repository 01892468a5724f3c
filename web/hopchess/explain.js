// explain.js — the plain-language account of one solved position: how many
// moves the side to move has, which of them his error factor lets him
// propose, which tie at the cut, and which are left out.
import { pct } from '../lib/format.js';
import { cellName, NAMES, other, rcIndex } from './model.js';

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];

export const count = (n) => (n < WORDS.length ? WORDS[n] : String(n));
const plural = (n, word) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

export function moveName(r, m) {
  return `${cellName(r.cols, rcIndex(r.cols, m.from))} → ${cellName(r.cols, rcIndex(r.cols, m.to))}`;
}

function list(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const withValue = (r, m) => `${moveName(r, m)} (${pct(m.value)})`;

/** Paragraphs (plain strings) explaining the position's value. */
export function explain(r) {
  const side = r.toMove;
  const who = NAMES[side];
  const opp = NAMES[other(side)];
  const a = side === 'J' ? r.aJ : r.aD;
  const aOpp = side === 'J' ? r.aD : r.aJ;
  const P = r.moveCount;
  const k = r.proposalSize;
  const inMoves = r.moves.filter((m) => m.status === 'in');
  const tied = r.moves.filter((m) => m.status === 'tied');
  const out = r.moves.filter((m) => m.status === 'out');
  const paras = [];

  if (P === 0) {
    paras.push(`${who} has no move: none of his pieces stands next to another piece, so he loses. Justin's win probability is ${side === 'J' ? '0' : '1'}.`);
    return paras;
  }

  const head = `${who} has ${plural(P, 'move')}`;
  if (k === P) {
    if (P === 1) {
      paras.push(`${head}, so he plays it: ${withValue(r, r.moves[0])}.`);
    } else {
      paras.push(`${head}; with error factor ${a} he proposes all of them (his factor is at least the number of moves), so he plays each with probability 1/${P} and optimal thinking cannot help him: his win chance is the plain average of their values, ${pct(r.moverWin)}.`);
      const best = r.moves[0];
      const worst = r.moves[P - 1];
      if (best.value !== worst.value) paras.push(`They range from ${withValue(r, best)} down to ${withValue(r, worst)}.`);
    }
  } else {
    const what = k === 1 ? 'his single best move' : `the best ${count(k)}`;
    paras.push(`${head}; with error factor ${a} he proposes ${what} and plays ${k === 1 ? 'it' : 'one of them at random'}, so his win chance is ${k === 1 ? 'its value' : 'their average'}: ${pct(r.moverWin)}.`);
    if (inMoves.length && !tied.length) {
      paras.push(k === 1
        ? `That move is ${withValue(r, inMoves[0])}.`
        : `He proposes these ${count(inMoves.length)}: ${list(inMoves.map((m) => withValue(r, m)))}.`);
    } else if (inMoves.length) {
      paras.push(`Sure to be in the set: ${list(inMoves.map((m) => withValue(r, m)))}.`);
    }
    if (tied.length) {
      const need = k - inMoves.length;
      paras.push(`A tie at the cut: ${list(tied.map((m) => moveName(r, m)))} are all worth ${pct(r.cutValue)} to him. The set needs ${count(need)} of these ${count(tied.length)}; whichever ${need === 1 ? 'one he takes' : `${count(need)} he takes`}, ${need === 1 ? 'the value' : 'the average'} is the same, so every such set is optimal. The list marks them “tied” rather than pretending one choice is the answer.`);
    }
    if (out.length) {
      const best = out[0];
      if (out.length === 1 && P < ORDINALS.length) {
        paras.push(`The ${ORDINALS[P]}, ${moveName(r, best)}, is left out: it would leave him only ${pct(best.value)}.`);
      } else {
        paras.push(`The other ${count(out.length)} are left out; the best of them, ${moveName(r, best)}, would leave him only ${pct(best.value)}.`);
      }
    }
  }

  const justin = side === 'J' ? `Justin's win probability is ${pct(r.answer, 2)}.`
    : `Justin's win probability is what Donald leaves him: 1 − ${pct(r.moverWin, 2)} = ${pct(r.answer, 2)}.`;
  paras.push(`Each value assumes ${opp} then answers the same way with error factor ${aOpp}, and so on to the end of the game. ${justin}`);
  return paras;
}
