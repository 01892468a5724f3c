#!/usr/bin/env node
// gen-codenames.mjs — the 25-card bench boards of issue 14, seeded so they
// never change: 9 red agents (Red starts), 8 blue, 7 bystanders, 1 assassin,
// words from the page's list, and M hints of 2 to 4 cards each, every agent
// covered by at least one. Writes bench/cases/codenames-25-<M>h.txt.
//   node bench/gen-codenames.mjs            (M = 15, 25, 40)
import { writeFileSync } from 'node:fs';
import { WORDS } from '../web/codenames/words.js';

function rng(seed) {
  let s = BigInt(seed) || 1n;
  return () => { // xorshift64
    s ^= (s << 13n) & 0xffffffffffffffffn;
    s ^= s >> 7n;
    s ^= (s << 17n) & 0xffffffffffffffffn;
    return Number(s % 1000000n) / 1000000;
  };
}

function shuffle(list, random) {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

export function board(m, seed) {
  const random = rng(seed);
  const words = shuffle(WORDS, random).slice(0, 25);
  const ids = shuffle([...Array(9).fill('R'), ...Array(8).fill('B'), ...Array(7).fill('I'), 'A'], random);
  const size = () => 2 + Math.floor(random() * 3);
  const hints = [];
  const agents = shuffle(ids.map((id, i) => (id === 'R' || id === 'B' ? i : -1)).filter((i) => i >= 0), random);
  while (agents.length && hints.length < m) { // cover every agent first
    const h = new Set(agents.splice(0, Math.min(agents.length, size() - 1)));
    while (h.size < 2 || (h.size < 4 && random() < 0.5)) h.add(Math.floor(random() * 25));
    hints.push([...h]);
  }
  while (hints.length < m) {
    const h = new Set();
    const n = size();
    while (h.size < n) h.add(Math.floor(random() * 25));
    hints.push([...h]);
  }
  return [`25 R`, words.join(' '), ids.join(' '), String(m), ...hints.map((h) => `${h.length} ${h.map((i) => words[i]).join(' ')}`)].join('\n') + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const m of [15, 25, 40]) {
    writeFileSync(new URL(`./cases/codenames-25-${m}h.txt`, import.meta.url), board(m, 2026 + m));
  }
}
