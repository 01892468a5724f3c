// types-check.test.mjs — the result shapes declared in winrate.d.mts are the
// shapes the solver really returns: for one or more real results per game,
// every key of the object (and of its nested objects) is declared, and every
// declared key that is not optional is there. The declarations are read with
// the TypeScript compiler API, so this test and the .d.mts cannot drift apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { load } from '../winrate.mjs';

const source = ts.createSourceFile('winrate.d.mts',
  readFileSync(new URL('../winrate.d.mts', import.meta.url), 'utf8'), ts.ScriptTarget.ES2022, true);

/** interface name -> { key: { optional, type: the interface a member refers to, if any } } */
const interfaces = {};
function memberType(node) {
  if (!node) return null;
  if (ts.isTypeReferenceNode(node)) return node.typeName.getText(source);
  if (ts.isArrayTypeNode(node)) return memberType(node.elementType);
  if (ts.isUnionTypeNode(node)) return node.types.map(memberType).find(Boolean) ?? null;
  if (ts.isTypeLiteralNode(node)) return node; // an inline object type
  return null;
}
function membersOf(members) {
  return Object.fromEntries(members.filter(ts.isPropertySignature).map((m) => [m.name.getText(source),
    { optional: !!m.questionToken, type: memberType(m.type) }]));
}
ts.forEachChild(source, (node) => {
  if (ts.isInterfaceDeclaration(node)) interfaces[node.name.text] = membersOf(node.members);
});

/** Checks obj against a declared shape (an interface name or an inline type literal), recursively. */
function check(obj, shape, path) {
  const members = typeof shape === 'string' ? interfaces[shape] : membersOf(shape.members);
  if (!members) return; // Record<...> and other non-interface types: not walked
  for (const key of Object.keys(obj)) assert.ok(members[key], `${path}.${key} is not declared`);
  for (const [key, m] of Object.entries(members)) {
    if (!m.optional) assert.ok(key in obj, `${path}.${key} is declared but missing`);
    const v = obj[key];
    if (!m.type || v === null || v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) if (typeof item === 'object' && !Array.isArray(item)) check(item, m.type, `${path}.${key}`);
  }
}

const solver = await load();
const CASES = [
  ['DiceResult', solver.dice({ faces: ['AA', 'A', 'D', 'DD'], units: [4, 4] })],
  ['DiceResult', solver.dice({ faces: ['AA', 'A'], faces2: ['D', '-'], units: [2, 3] })],
  ['HopchessResult', solver.hopchess({ board: ['JJD'], aJ: 3, aD: 1 }, { sweep: 3 })],
  ['HopchessResult', solver.hopchess({ board: ['J.D'], aJ: 1, aD: 1 })], // no move: cutValue null
  ['EscapeResult', solver.escape({ grid: ['T..E', '.#T.'], k: 3 })],
  ['CodenamesResult', solver.codenames({
    team: 'B', words: ['apple', 'sleep', 'java', 'dog'], identities: ['B', 'R', 'I', 'A'],
    hints: [{ label: 'fruit', words: ['apple', 'java'] }, { words: ['sleep', 'java'] }, { words: ['apple', 'java'] }],
  }, { ownHintsOnly: true })],
];

test('the declarations were read', () => {
  for (const name of ['DiceResult', 'HopchessResult', 'HopchessMove', 'EscapeResult', 'EscapeMove', 'CodenamesResult', 'CodenamesHint']) {
    assert.ok(interfaces[name] && Object.keys(interfaces[name]).length > 3, name);
  }
});

for (const [name, result] of CASES) {
  test(`a real ${name} has exactly the declared keys`, () => check(result, name, name));
}
