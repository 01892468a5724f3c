// codes.test.mjs — the JS error codes (wasm-glue/errors.mjs) are those of
// c/common/status.h, and the JS side's own codes collide with none of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { codes } from '../errors.mjs';

const header = readFileSync(new URL('../../c/common/status.h', import.meta.url), 'utf8');
const enumBody = /enum\s*\{([^}]*)\}/.exec(header)[1];
const fromC = Object.fromEntries([...enumBody.matchAll(/WR_E([A-Z]+)\s*=\s*(-\d+)/g)].map((m) => [m[1], Number(m[2])]));
const NAMES = { SYNTAX: 'syntax', RANGE: 'range', INVAL: 'invalid', TOOBIG: 'tooBig', NOMEM: 'noMemory',
  CANCELLED: 'cancelled', USAGE: 'usage' };
const JS_ONLY = ['blocked', 'crashed'];

test('every status.h code is in codes, with the same value', () => {
  assert.ok(Object.keys(fromC).length >= 7, 'the enum was read');
  for (const [c, v] of Object.entries(fromC)) {
    assert.ok(NAMES[c], `WR_E${c} has a JS name (add it to NAMES and codes)`);
    assert.equal(codes[NAMES[c]], v, `codes.${NAMES[c]} = WR_E${c}`);
  }
});

test('codes holds nothing else but the JS-only codes, and those are not C codes', () => {
  const extra = Object.keys(codes).filter((k) => !Object.values(NAMES).includes(k));
  assert.deepEqual(extra.sort(), [...JS_ONLY].sort());
  for (const k of JS_ONLY) assert.ok(!Object.values(fromC).includes(codes[k]), `codes.${k} collides with a C code`);
});

test('MAX_INPUT_BYTES is WR_MAX_INPUT_BYTES of c/common/reader.h', async () => {
  const { MAX_INPUT_BYTES, inputTooLong } = await import('../limits.mjs');
  const reader = readFileSync(new URL('../../c/common/reader.h', import.meta.url), 'utf8');
  const m = /#define WR_MAX_INPUT_BYTES \((\d+)u \* (\d+)u \* (\d+)u\)/.exec(reader);
  assert.ok(m, 'the define was read');
  assert.equal(MAX_INPUT_BYTES, Number(m[1]) * Number(m[2]) * Number(m[3]));
  assert.equal(inputTooLong('x'.repeat(MAX_INPUT_BYTES)), null);
  assert.match(inputTooLong('x'.repeat(MAX_INPUT_BYTES + 1)), /^This text is 4,194,305 bytes; contest input is at most 4\.0 MB\. Nothing was loaded\.$/);
  assert.equal(inputTooLong('é'.repeat(MAX_INPUT_BYTES / 2)), null); // 2 bytes each: exactly the limit
  assert.notEqual(inputTooLong('é'.repeat(MAX_INPUT_BYTES / 2 + 1)), null);
  assert.equal(inputTooLong('x'.repeat(10 * 1024 * 1024)), 'This text is 10.0 MB; contest input is at most 4.0 MB. Nothing was loaded.');
});
