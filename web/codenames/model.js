// model.js — Codenames editor state and the rules the page needs without the
// solver: state <-> contest text (the URL and the solver both take that text;
// the C parser validates it and reports line and column), a lenient reader,
// presets, edits that keep the state well formed, hint legality, decided
// positions, and playing a game forward (the history kept in the URL).
//
// State: { team: 'R'|'B' (to move), cards: [{ word, id: 'R'|'B'|'I'|'A', revealed }],
//          hints: [{ label: '' | 'alfred', cards: [card index, ...] }] }.
import { toText } from '../../wasm-glue/text.mjs';

export const LIMITS = { maxCards: 25, slowCards: 20, maxHints: 200, maxWord: 20 }; // slowCards: hidden cards on a hint

export const SAMPLE_TEXT = '4 B\napple sleep java dog\nB R I A\n3\n2 apple java\n2 apple dog\n2 sleep java\n';
const NINE = 'bank tower spring bat fair pitch mole bark seal';
const SEVEN_HINTS = '7\nriver: 2 bank spring\nanimal: 3 bat mole seal\ncricket: 3 pitch bat fair\ndog: 2 bark seal\n'
  + 'london: 2 tower bank\nwater: 3 spring seal bank\nsummer: 2 spring fair\n';
export const DEFAULT_TEXT = `9 R\n${NINE}\nR A R B B R B I I\n${SEVEN_HINTS}`;

// The real board: 9 / 8 / 7 / 1 identities and hints as a spymaster would give
// them (2 to 4 cards, some for the other team, some near the assassin).
const FULL_TEXT = `25 R
flute castle drum glove fan fort cloud bell fork eagle dragon anchor cake crown comet fish bread boat egg wave harbor moon guitar piano cup
B I R I I B R A B R B R I R B I B R I R R I B R B
18
ocean: 4 anchor harbor wave fish
sailor: 3 anchor boat harbor
storm: 3 cloud wave boat
sky: 4 eagle cloud comet moon
king: 3 crown castle dragon
orchestra: 4 piano drum flute bell
rhythm: 2 drum piano
flight: 2 eagle cloud
breakfast: 3 bread egg cup
dinner: 4 fork cup bread cake
band: 3 guitar flute drum
space: 2 comet moon
siege: 3 fort dragon castle
fire: 2 dragon comet
party: 3 cake cup bell
cutlery: 2 fork cup
hand: 2 glove fan
music: 4 guitar piano bell drum
`;

export const PRESETS = [
  { id: 'default', name: 'Nine cards, seven hints', text: DEFAULT_TEXT },
  { id: 'sample', name: 'Contest sample (4 cards)', text: SAMPLE_TEXT },
  { id: 'rule', name: 'Where the rule matters', text: '5 B\napple sleep java dog moon\nR B I A B\n3\n1 moon\n2 dog moon\n2 java dog\n' },
  { id: 'midgame', name: 'Mid-game, Blue to move', text: `9 B\n${NINE}\nr A R B B R B i I\n${SEVEN_HINTS}` },
  { id: 'full', name: 'Full board: 25 cards, 18 hints', text: FULL_TEXT },
];

export const IDS = ['R', 'B', 'I', 'A'];
export const ID_NAMES = { R: 'red agent', B: 'blue agent', I: 'bystander', A: 'assassin' };
export const ID_ICONS = { R: '♦', B: '●', I: '○', A: '✖' };
export const TEAM = { R: 'Red', B: 'Blue' };
export const other = (t) => (t === 'R' ? 'B' : 'R');
export const CYCLE = { R: 'B', B: 'I', I: 'A', A: 'R' };

const SPARE_WORDS = ('apple sleep java dog moon river tower glass piano queen shark ghost comet maple anchor '
  + 'lemon robot tiger crown ocean pilot cloud forest bridge candle rocket violin wizard castle').split(' ');

export const WORD_RE = /^[a-z]{1,20}$/;
export const LABEL_RE = /^[a-z0-9]{1,20}$/;

/** The state as contest text (labels and lowercase revealed cards as extensions). */
export function codenamesText(s) {
  return toText.codenames({
    team: s.team,
    words: s.cards.map((c) => c.word),
    identities: s.cards.map((c) => c.id),
    revealed: s.cards.map((c) => c.revealed),
    hints: s.hints.map((h) => ({ label: h.label, words: h.cards.map((i) => s.cards[i].word) })),
  });
}

/**
 * A lenient read of contest text into editor state, or null when the editor
 * cannot hold it (the C parser then says what is wrong, with line and column).
 */
export function readCodenamesText(text) {
  const lines = String(text).split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length < 4) return null;
  const head = lines[0].split(/\s+/);
  const n = Number(head[0]);
  if (head.length !== 2 || !Number.isInteger(n) || n < 1 || n > LIMITS.maxCards || !/^[RB]$/.test(head[1])) return null;
  const words = lines[1].split(/\s+/);
  const ids = lines[2].split(/\s+/);
  if (words.length !== n || ids.length !== n) return null;
  if (!words.every((w) => WORD_RE.test(w)) || new Set(words).size !== n) return null;
  if (!ids.every((x) => /^[RBIArbia]$/.test(x))) return null;
  const m = Number(lines[3]);
  // No hints (m = 0) is a board being set up ("New random board"): the editor holds it, the solver waits.
  if (!/^\d+$/.test(lines[3]) || m > LIMITS.maxHints || lines.length !== 4 + m) return null;
  const hints = [];
  for (const line of lines.slice(4)) {
    const t = line.split(/\s+/);
    let label = '';
    if (t[0].endsWith(':')) {
      label = t.shift().slice(0, -1);
      if (!LABEL_RE.test(label)) return null;
    }
    const h = Number(t[0]);
    if (!/^\d+$/.test(t[0]) || h < 1 || h > n || t.length !== h + 1) return null;
    const cards = t.slice(1).map((w) => words.indexOf(w));
    if (cards.some((i) => i < 0) || new Set(cards).size !== h) return null;
    hints.push({ label, cards });
  }
  return {
    team: head[1],
    cards: words.map((word, i) => ({ word, id: ids[i].toUpperCase(), revealed: ids[i] !== ids[i].toUpperCase() })),
    hints,
  };
}

/**
 * A real-looking 25-card board: 9 agents for the team that starts (drawn at
 * random), 8 for the other, 7 bystanders and the assassin, shuffled, with 25
 * distinct words from words; no hints yet. random: () => [0, 1).
 */
export function randomBoard(words, random = Math.random) {
  const pick = (list, k) => {
    const a = [...list];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a.slice(0, k);
  };
  const team = random() < 0.5 ? 'R' : 'B';
  const ids = pick([...Array(9).fill(team), ...Array(8).fill(other(team)), ...Array(7).fill('I'), 'A'], 25);
  return { team, cards: pick(words, 25).map((word, i) => ({ word, id: ids[i], revealed: false })), hints: [] };
}

export function sameState(a, b) {
  return !!a && !!b && codenamesText(a) === codenamesText(b);
}

export function hintName(s, h) {
  return s.hints[h]?.label || `hint ${h + 1}`;
}

/** Why a word cannot be card i's name, or ''. */
export function wordProblem(s, i, word) {
  if (!word) return 'Type a word';
  if (!/^[a-z]+$/.test(word)) return 'Lowercase letters a–z only';
  if (word.length > LIMITS.maxWord) return `At most ${LIMITS.maxWord} letters`;
  if (s.cards.some((c, k) => k !== i && c.word === word)) return 'Another card has this word';
  return '';
}

export function labelProblem(label) {
  if (label === '') return '';
  if (!LABEL_RE.test(label)) return 'Lowercase letters and digits, at most 20';
  return '';
}

// ---- edits -------------------------------------------------------------

export function setCard(s, i, patch) {
  return { ...s, cards: s.cards.map((c, k) => (k === i ? { ...c, ...patch } : c)) };
}

export function addCard(s) {
  if (s.cards.length >= LIMITS.maxCards) return s;
  const used = new Set(s.cards.map((c) => c.word));
  let word = SPARE_WORDS.find((w) => !used.has(w));
  for (let k = 0; !word; k++) {
    const w = `card${'abcdefghijklmnopqrstuvwxyz'[k % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(k / 26) % 26]}`;
    if (!used.has(w)) word = w;
  }
  return { ...s, cards: [...s.cards, { word, id: 'I', revealed: false }] };
}

/** Removes card i; hints drop it, and hints left empty go. Null when that would leave no hint or no card. */
export function removeCard(s, i) {
  if (s.cards.length <= 1) return null;
  const hints = s.hints
    .map((h) => ({ ...h, cards: h.cards.filter((c) => c !== i).map((c) => (c > i ? c - 1 : c)) }))
    .filter((h) => h.cards.length > 0);
  if (!hints.length) return null;
  return { ...s, cards: s.cards.filter((_, k) => k !== i), hints };
}

/** Adds or removes card i on hint h; null when it would leave the hint empty. */
export function toggleHintCard(s, h, i) {
  const hint = s.hints[h];
  if (!hint) return null;
  const has = hint.cards.includes(i);
  if (has && hint.cards.length === 1) return null;
  const cards = has ? hint.cards.filter((c) => c !== i) : [...hint.cards, i].sort((a, b) => a - b);
  return { ...s, hints: s.hints.map((x, k) => (k === h ? { ...x, cards } : x)) };
}

export function addHint(s, firstCard = 0) {
  if (s.hints.length >= LIMITS.maxHints) return s;
  return { ...s, hints: [...s.hints, { label: '', cards: [Math.min(firstCard, s.cards.length - 1)] }] };
}

export function removeHint(s, h) {
  if (s.hints.length <= 1) return null;
  return { ...s, hints: s.hints.filter((_, k) => k !== h) };
}

// ---- rules -------------------------------------------------------------

export function unrevealedOf(s, h) {
  return s.hints[h].cards.filter((i) => !s.cards[i].revealed);
}

/** May team give hint h now (games.md §2; own = the "must cover one of your agents" rule)? */
export function isLegalHint(s, h, own, team = s.team) {
  const u = unrevealedOf(s, h);
  return u.length > 0 && (!own || u.some((i) => s.cards[i].id === team));
}

/**
 * What a solve of s costs (codenames.h, "Memory"): its table has a bit for each hidden card on a hint (free),
 * but the assassins, and holds a 4-byte code per pair of masks and team and two bitmaps, 4.25 bytes a mask (and
 * a dictionary of the values, a few MB): { free, bytes }.
 */
export function solveSize(s) {
  const onHint = new Set(s.hints.flatMap((h) => h.cards).filter((i) => !s.cards[i].revealed));
  const stored = [...onHint].filter((i) => s.cards[i].id !== 'A').length;
  return { free: onHint.size, bytes: 4.25 * 2 ** stored };
}

export function remaining(s, id) {
  return s.cards.filter((c) => c.id === id && !c.revealed).length;
}

/**
 * The winner when the position is already decided, else null:
 * { winner, reason }. An assassin revealed is taken to have been revealed by
 * the team to move (play keeps the guessing team to move when a turn ends the game).
 */
export function decided(s) {
  const total = (id) => s.cards.filter((c) => c.id === id).length;
  if (s.cards.some((c) => c.id === 'A' && c.revealed)) {
    return { winner: other(s.team), reason: `${TEAM[s.team]}'s operatives revealed the assassin` };
  }
  for (const t of [s.team, other(s.team)]) {
    if (total(t) > 0 && remaining(s, t) === 0) return { winner: t, reason: `every ${TEAM[t].toLowerCase()} agent is revealed` };
  }
  return null;
}

/** The game is over on the team to move when it has no legal hint (it loses). */
export function noLegalHint(s, own) {
  return !s.hints.some((_, h) => isLegalHint(s, h, own));
}

// ---- playing forward ----------------------------------------------------
// A game is a list of turns { hint, k, reveals: [card, ...] } from a start
// position. URL param `h` = "<start team>;<turn>,<turn>,..." with a turn
// "<hint>x<k>" followed by ":<card>.<card>..." once cards are revealed.

/** The position after one reveal, and how the turn goes on: 'on' | 'over' | 'end'. */
function revealStep(s, turn, hits, card) {
  const id = s.cards[card].id;
  const next = setCard(s, card, { revealed: true });
  const team = s.team;
  if (id === 'A') return { s: next, hits, status: 'over' };
  if (id === team) {
    if (remaining(next, team) === 0) return { s: next, hits: hits + 1, status: 'over' };
    return hits + 1 >= turn.k ? { s: { ...next, team: other(team) }, hits: hits + 1, status: 'end' } : { s: next, hits: hits + 1, status: 'on' };
  }
  if (id === other(team) && remaining(next, id) === 0) return { s: next, hits, status: 'over' };
  return { s: { ...next, team: other(team) }, hits, status: 'end' };
}

/**
 * Replays turns from start. Returns { positions: [...], current, turn } where
 * turn is the turn in progress { hint, k, hits, team, reveals } or null, or
 * null when the turns break the rules.
 */
export function replay(start, turns) {
  let s = start;
  let live = null;
  for (let t = 0; t < turns.length; t++) {
    const { hint, k, reveals } = turns[t];
    if (live || decided(s) || !s.hints[hint]) return null;
    const u = unrevealedOf(s, hint).length;
    if (!(u > 0 && k >= 1 && k <= u)) return null;
    let hits = 0;
    let status = 'on';
    const team = s.team;
    for (const card of reveals) {
      if (status !== 'on' || !s.hints[hint].cards.includes(card) || s.cards[card]?.revealed !== false) return null;
      ({ s, hits, status } = revealStep(s, { k }, hits, card));
    }
    if (status === 'on') live = { hint, k, hits, team, reveals };
    else if (t < turns.length - 1 && status === 'over') return null;
  }
  return { current: s, turn: live };
}

export function historyParam(h) {
  if (!h || h.turns.length === 0) return undefined;
  const turns = h.turns.map((t) => `${t.hint}x${t.k}${t.reveals.length ? `:${t.reveals.join('.')}` : ''}`);
  return `${h.startTeam};${turns.join(',')}`;
}

/** Reads `h` against the current state: null when absent, malformed or not leading to it. */
export function readHistory(param, current) {
  if (!param || !current) return null;
  const m = /^([RB]);(\d+x\d+(?::\d+(?:\.\d+)*)?(?:,\d+x\d+(?::\d+(?:\.\d+)*)?)*)$/.exec(param);
  if (!m) return null;
  const turns = m[2].split(',').map((p) => {
    const [hk, rv] = p.split(':');
    const [hint, k] = hk.split('x').map(Number);
    return { hint, k, reveals: rv ? rv.split('.').map(Number) : [] };
  });
  const played = new Set(turns.flatMap((t) => t.reveals));
  if ([...played].some((i) => i >= current.cards.length || !current.cards[i].revealed)) return null;
  const start = { ...current, team: m[1], cards: current.cards.map((c, i) => (played.has(i) ? { ...c, revealed: false } : c)) };
  const r = replay(start, turns);
  if (!r || r.current.team !== current.team) return null;
  return { startTeam: m[1], start, turns, turn: r.turn };
}

/**
 * The positions at the start of each turn of a history: the start, then the
 * position after every completed turn (a turn still being guessed is not).
 */
export function turnStarts(h) {
  const out = [h.start];
  for (let i = 1; i <= h.turns.length; i++) {
    const r = replay(h.start, h.turns.slice(0, i));
    if (!r || r.turn) break;
    out.push(r.current);
  }
  return out;
}

/** A history (possibly null) plus one action: { give: [hint, k] } or { reveal: card }. */
export function pushAction(h, current, action) {
  const base = h ?? { startTeam: current.team, start: current, turns: [] };
  let turns = base.turns;
  if (action.give) turns = [...turns, { hint: action.give[0], k: action.give[1], reveals: [] }];
  else turns = [...turns.slice(0, -1), { ...turns[turns.length - 1], reveals: [...turns[turns.length - 1].reveals, action.reveal] }];
  return { ...base, turns };
}

/** The history with its last action (a reveal, or giving a hint) taken back. */
export function popAction(h) {
  const last = h.turns[h.turns.length - 1];
  const turns = last.reveals.length
    ? [...h.turns.slice(0, -1), { ...last, reveals: last.reveals.slice(0, -1) }]
    : h.turns.slice(0, -1);
  return { ...h, turns };
}

/** The outcome of the last reveal of a turn, in words (for the play log). */
export function revealOutcome(before, team, card, hits, k) {
  const id = before.cards[card].id;
  const after = setCard(before, card, { revealed: true });
  if (id === 'A') return `the assassin: ${TEAM[team]} loses`;
  if (id === team) {
    if (remaining(after, team) === 0) return `${TEAM[team]}'s last agent: ${TEAM[team]} wins`;
    return hits + 1 >= k ? `a hit (${hits + 1} of ${k}): the turn ends` : `a hit (${hits + 1} of ${k})`;
  }
  if (id === other(team)) {
    if (remaining(after, id) === 0) return `${TEAM[id]}'s last agent: ${TEAM[id]} wins`;
    return `a ${TEAM[id].toLowerCase()} agent: the turn ends`;
  }
  return 'a bystander: the turn ends';
}

/** The game so far in words: per turn { team, hint, k, reveals: [{ card, text }] }. */
export function gameLog(start, turns) {
  let s = start;
  return turns.map(({ hint, k, reveals }) => {
    const team = s.team;
    let hits = 0;
    const out = [];
    for (const card of reveals) {
      out.push({ card, text: revealOutcome(s, team, card, hits, k) });
      ({ s, hits } = revealStep(s, { k }, hits, card));
    }
    return { team, hint, k, reveals: out };
  });
}
