// check-runtime.mjs — the declared result types are what the solver really
// returns, checked by the TypeScript compiler itself: real results of every
// game (edge cases included) are written as object literals annotated with
// their declared type,
//
//   const dice_0: DiceResult = {"game":"dice","answer":0.49,...};
//
// and type-checked against the declarations. An object literal gets tsc's
// excess-property check at every depth, so a key the declarations lack, a
// declared key that is missing (unless optional), a value of the wrong type
// (null where a number is declared, 'tie' where 'in' | 'tied' | 'out' is) or
// a tuple of the wrong length all fail, with tsc's message and the game.
//
//   node wasm-glue/test/types/check-runtime.mjs            checks ../../winrate.d.mts
//   node wasm-glue/test/types/check-runtime.mjs FILE.d.mts checks another copy
//                                                          (to watch it fail on a
//                                                          tampered declaration)
// Exit status 0 when every result type-checks, 1 otherwise.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { load } from '../../winrate.mjs';

const declFile = resolve(process.argv[2] ?? fileURLToPath(new URL('../../winrate.d.mts', import.meta.url)));
if (!declFile.endsWith('.d.mts')) {
  console.error('check-runtime: the declarations must be a .d.mts file (what TypeScript reads for a .mjs import)');
  process.exit(2);
}

const solver = await load();
const CODENAMES_BOARD = { words: ['apple', 'sleep', 'java', 'dog', 'cat'], identities: ['B', 'R', 'I', 'A', 'B'] };

/** [declared type, what the case covers, the real result] */
const CASES = [
  ['DiceResult', 'one die for both', solver.dice({ faces: ['AA', 'A', 'D', 'DD'], units: [4, 4] })],
  ['DiceResult', 'two dice, a blank face', solver.dice({ faces: ['AA', 'A'], faces2: ['D', '-'], units: [2, 3] })],
  ['DiceResult', 'a battle that never ends (expectedRolls null)', solver.dice({ faces: ['AD', 'AD'], units: [2, 2] })],
  ['DiceRollsResult', 'cut short after 5 rolls', solver.dice({ faces: ['AA', 'A', 'D', 'DD'], units: [4, 4] }, { rolls: 5 })],
  ['DiceRollsResult', 'cut short, a stalemate from the start', solver.dice({ faces: ['AD', 'AD'], units: [2, 2] }, { rolls: 3 })],
  ['HopchessResult', 'with a 3 x 3 sweep', solver.hopchess({ board: ['JJD'], aJ: 3, aD: 1 }, { sweep: 3 })],
  ['HopchessResult', 'Donald to move, tied moves', solver.hopchess({ board: ['J.D', 'DJJ'], aJ: 2, aD: 2, toMove: 'D' })],
  ['HopchessResult', 'no move (cutValue null, moves empty)', solver.hopchess({ board: ['J.D'], aJ: 1, aD: 1 })],
  ['EscapeResult', 'Alice, a token that exits', solver.escape({ grid: ['TE'], k: 2 })],
  ['EscapeResult', 'Bob, no winning move', solver.escape({ grid: ['.T.'], k: 2 })],
  ['EscapeResult', 'walls, two tokens', solver.escape({ grid: ['T..E', '.#T.'], k: 3 })],
  ['CodenamesResult', 'labels, a revealed card, a hint like an earlier one (sameAs)', solver.codenames({
    team: 'R', ...CODENAMES_BOARD, revealed: [false, false, false, false, true],
    hints: [{ words: ['sleep', 'java'] }, { label: 'again', words: ['java', 'sleep'] }, { label: 'pets', words: ['dog', 'cat'] }],
  })],
  ['CodenamesResult', 'own hints only, an illegal hint (values null)', solver.codenames({
    team: 'B', ...CODENAMES_BOARD, hints: [{ label: 'fruit', words: ['apple', 'java'] }, { words: ['sleep', 'java'] }],
  }, { ownHintsOnly: true })],
  ['CodenamesResult', 'no legal hint (best null)', solver.codenames({
    team: 'B', ...CODENAMES_BOARD, hints: [{ words: ['sleep', 'java'] }],
  }, { ownHintsOnly: true })],
];

// The generated module sits beside the declarations, so './winrate.mjs' resolves to them.
const checkFile = join(dirname(declFile), '__check_runtime__.mts');
const types = [...new Set(CASES.map(([type]) => type))];
const lines = [`import type { ${types.join(', ')} } from './${declFile.split(/[\\/]/).pop().replace(/\.d\.mts$/, '.mjs')}';`];
const where = []; // line of the generated file -> case
CASES.forEach(([type, what, result], i) => {
  where[lines.length] = `${type}, ${what}`;
  lines.push(`export const case${i}: ${type} = ${JSON.stringify(result)};`);
});
const source = lines.join('\n') + '\n';

const options = {
  strict: true, noEmit: true, target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2022.d.ts'], types: [], skipLibCheck: false,
};
const host = ts.createCompilerHost(options);
const readFile = host.readFile.bind(host);
const fileExists = host.fileExists.bind(host);
const getSourceFile = host.getSourceFile.bind(host);
host.readFile = (f) => (resolve(f) === checkFile ? source : readFile(f));
host.fileExists = (f) => resolve(f) === checkFile || fileExists(f);
host.getSourceFile = (f, lang, ...rest) => (resolve(f) === checkFile
  ? ts.createSourceFile(f, source, lang, true) : getSourceFile(f, lang, ...rest));

const program = ts.createProgram([checkFile], options, host);
const diagnostics = ts.getPreEmitDiagnostics(program);
for (const d of diagnostics) {
  const text = ts.flattenDiagnosticMessageText(d.messageText, '\n  ');
  if (d.file && resolve(d.file.fileName) === checkFile) {
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    // tsc points at the offending key (or the case's name when a key is missing): show it.
    const at = source.slice(d.start, d.start + 48).split('\n')[0];
    console.error(`check-runtime: ${where[line] ?? 'the import'}: at ${at}…: ${text}`);
  } else {
    console.error(`check-runtime: ${d.file ? d.file.fileName : ''} ${text}`);
  }
}
if (!program.getSourceFile(declFile)) {
  console.error(`check-runtime: the declarations ${declFile} were not read`);
  process.exit(1);
}
if (diagnostics.length) process.exit(1);
console.log(`check-runtime: ${CASES.length} real results (${types.join(', ')}) match ${declFile}`);
solver.free();
