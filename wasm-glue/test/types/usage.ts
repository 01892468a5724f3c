// usage.ts — the JS API as a TypeScript user writes it, compiled against
// winrate.d.mts with `tsc -p wasm-glue/test/types` in make test (and against
// the installed package by make test-package, with the import rewritten to
// 'winrate'). Never run: it only has to type-check. Every function is called
// and every result type's fields are read; the @ts-expect-error lines prove
// wrong uses are rejected (tsc fails on one that no longer errors).
// wasm-glue/test/types/check-runtime.mjs checks the result types against real results.
import { codes, load, SolverError, toText } from '../../winrate.mjs';
import type {
  CodenamesResult, DiceResult, DiceRollsResult, EscapeResult, Game, HopchessResult, LoadOptions, RunOptions,
} from '../../winrate.mjs';

async function main(): Promise<void> {
  const solver = await load({ onProgress: (done, total) => done > total });
  const games: Game[] = solver.games;
  const help: string = solver.help;
  const limit: number = solver.maxInputBytes;
  const line: string = solver.solveText('dice', 'AA A D DD\n4 4\n', { digits: 6 });
  const bytes: string = solver.runBytes('escape', new TextEncoder().encode('1 2 2\nTE\n'), { memoryMb: 16 });
  solver.onProgress = (): void => {}; // returning nothing never cancels
  solver.onProgress = null;

  // Every load option, by type only (never run).
  const withUrls: LoadOptions = {
    coreUrl: 'https://example.org/winrate/build/wasm/winrate-core.mjs',
    wasmUrl: 'https://example.org/winrate/build/wasm/winrate-core.wasm',
    wasmBinary: new Uint8Array(0),
  };
  const other = await load({ ...withUrls, wasmBinary: new ArrayBuffer(0), keepTables: true });
  const kept: number = other.keptBytes;
  const reused: boolean = other.lastReused;
  other.dropKept();
  const warmed: boolean = other.warm('codenames');
  other.free();

  const dice: DiceResult = solver.dice({ faces: ['AA', 'A', 'D', 'DD'], units: [4, 4] });
  const survivors: number = dice.survivors1[0] + dice.survivors2[0] + dice.table[3][3] + dice.win + dice.draw
    + dice.loss + dice.stalemate + dice.answer + dice.droppedMass + dice.states;
  const rolls: number | null = dice.expectedRolls;
  const over: number[] | undefined = dice.overWithin; // only with options.length
  const overAsked: number[] | undefined = solver.dice({ faces: ['AA'], units: [1, 1] }, { length: true }).overWithin;
  const cutShort: DiceRollsResult = solver.dice({ faces: ['AA', 'A', 'D', 'DD'], units: [4, 4] }, { rolls: 5 });
  const cutNumbers: number = cutShort.rolls + cutShort.stillFighting + cutShort.win + cutShort.draw + cutShort.loss
    + cutShort.survivors1[0] + cutShort.overWithin[0] + cutShort.answer + cutShort.states + cutShort.droppedMass;
  const dieText: string = [...dice.faces1, ...dice.faces2].join(' ') + String(dice.sameDie);
  const units: [number, number] = dice.units;
  const twoDice = solver.dice({ faces: ['AA', 'A'], faces2: ['D', '-'], units: [2, 3] });

  const hop: HopchessResult = solver.hopchess({ board: ['JJD'], aJ: 3, aD: 1, toMove: 'J' }, { sweep: 3 });
  const firstMove = hop.moves[0];
  const status: 'in' | 'tied' | 'out' = firstMove.status;
  const capture: 'own' | 'enemy' = firstMove.capture;
  const hopNumbers: number = firstMove.from.row + firstMove.from.col + firstMove.to.row + firstMove.to.col
    + firstMove.value + hop.answer + hop.moverWin + hop.rows + hop.cols + hop.aJ + hop.aD + hop.positions
    + hop.moveCount + hop.proposalSize;
  const sweepCell: number | undefined = hop.sweep?.[2][2];
  const cut: number | null = hop.cutValue;
  const mover: 'J' | 'D' = hop.toMove;
  const rows: string[] = hop.board;

  const escape: EscapeResult = solver.escape({ grid: ['T..', '.#.', '..E'], k: 4 });
  const winner: 'Alice' | 'Bob' = escape.winner === escape.answer ? escape.winner : 'Bob';
  const move = escape.winningMoves[0];
  const dir: 'up' | 'down' | 'left' | 'right' | undefined = move?.dir;
  const exits: boolean | undefined = move?.exits;
  const escapeNumbers: number = escape.rows + escape.cols + escape.k + escape.prePeriod + escape.period
    + escape.steps + escape.xor + escape.tokenCount + escape.winningMoveCount + escape.tokens[0].row
    + escape.tokens[0].col + escape.tokens[0].grundy
    + (move ? move.token + move.row + move.col + move.toRow + move.toCol + move.grundyAfter : 0);
  const grundyRows: string[] = escape.grundy;

  const cn: CodenamesResult = solver.codenames({
    team: 'B', words: ['apple', 'sleep', 'java', 'dog'], identities: ['B', 'R', 'I', 'A'],
    revealed: [false, false, false, false],
    hints: [{ label: 'fruit', words: ['apple', 'java'] }, { label: null, words: ['apple', 'dog'] }, { words: ['dog'] }],
  }, { ownHintsOnly: true });
  const rule: 'any' | 'own-hints-only' = cn.rule;
  const best = cn.best;
  const bestK: number | undefined = best?.k;
  const outcomes: number = best ? best.hint + best.value + best.outcomes.assassin + best.outcomes.win
    + best.outcomes.lose + best.outcomes.handover[0] : 0;
  const bestLabel: string | null | undefined = best?.label;
  const hint = cn.hints[0];
  const values: number[] | null = hint.values;
  const sameAs: number | null = hint.sameAs;
  const hintFacts: string = `${hint.label} ${hint.cards.join(',')} ${hint.unrevealed} ${hint.legal}`;
  const cnNumbers: number = cn.answer + cn.remaining.R + cn.remaining.B + cn.remaining.I + cn.remaining.A
    + cn.freeCards + cn.states;
  const board: string = `${cn.toMove} ${cn.words.join(' ')} ${cn.identities.join(' ')} ${cn.revealed.join(' ')}`;

  const analyzed: EscapeResult = solver.analyze('escape', '3 3 4\nT..\n.#.\n..E\n');
  const requested: DiceResult = solver.request('dice', { faces: ['A', 'D'], units: [4, 3] });
  const requestedText: HopchessResult = solver.request('hopchess', '1 3\nJJD\n3 1\n', { sweep: 2 });
  const texts: string[] = [
    toText.dice({ faces: ['A', ''], faces2: null, units: [1, 1] }),
    toText.hopchess({ board: ['J.D'], aJ: 1, aD: 1, toMove: 'D' }),
    toText.escape({ grid: ['TE'], k: 1 }),
    toText.codenames({ team: 'R', words: ['a', 'b'], identities: ['R', 'B'], hints: [] }),
  ];
  const options: RunOptions = { digits: 17, memoryMb: 1024, json: true };
  const json: string = solver.run('hopchess', '1 3\nJJD\n3 1\n', { ...options, sweep: 1000 });

  try {
    solver.solveText('dice', 'A x\n1 1\n');
  } catch (err) {
    if (err instanceof SolverError && err.code === codes.syntax) {
      console.log(err.message, err.line, err.column, err.status, err.name);
    }
  }

  // @ts-expect-error: not a game
  solver.solveText('chess', '1 1\n');
  // @ts-expect-error: not a game
  solver.analyze('Dice', 'A D\n4 3\n');
  // @ts-expect-error: dice needs units
  solver.dice({ faces: ['A', 'D'] });
  // @ts-expect-error: hop chess needs both error factors
  solver.hopchess({ board: ['JJD'], aJ: 3 });
  // @ts-expect-error: the side to move is 'J' or 'D'
  solver.hopchess({ board: ['JJD'], aJ: 3, aD: 1, toMove: 'X' });
  // @ts-expect-error: k is a number
  solver.escape({ grid: ['TE'], k: '2' });
  // @ts-expect-error: identities are R, B, I or A
  solver.codenames({ team: 'R', words: ['a'], identities: ['X'], hints: [] });
  // @ts-expect-error: the option is digits
  solver.solveText('dice', 'A D\n4 3\n', { digit: 5 });
  // @ts-expect-error: sweep is a number
  solver.hopchess({ board: ['JJD'], aJ: 3, aD: 1 }, { sweep: '3' });
  // @ts-expect-error: ownHintsOnly is a boolean
  solver.codenames({ team: 'R', words: ['a'], identities: ['R'], hints: [] }, { ownHintsOnly: 'yes' });
  // @ts-expect-error: the input of run is text, not the game's object
  solver.run('dice', { faces: ['A'], units: [1, 1] });
  // @ts-expect-error: a dice result has no winner
  console.log(dice.winner);
  // @ts-expect-error: a battle cut short has no table (the table is the fight to the end's)
  console.log(cutShort.table);
  // @ts-expect-error: nor a hop chess result
  console.log(hop.winner);
  // @ts-expect-error: expectedRolls may be null (a battle that can go on forever)
  const rollsOnly: number = dice.expectedRolls;
  // @ts-expect-error: analyze returns the named game's result
  const wrongResult: HopchessResult = solver.analyze('dice', 'A D\n4 3\n');
  // @ts-expect-error: there is no such code
  console.log(codes.timeout);
  // @ts-expect-error: load takes an options object, not the wasm URL
  await load('winrate-core.wasm');

  console.log(games, help, limit, line, bytes, survivors, rolls, dieText, units, twoDice, status, capture, hopNumbers,
    sweepCell, cut, mover, rows, winner, dir, exits, escapeNumbers, grundyRows, rule, bestK, outcomes, bestLabel,
    values, sameAs, hintFacts, cnNumbers, board, analyzed, requested, requestedText, texts, json, rollsOnly,
    wrongResult, over, overAsked, cutNumbers, kept, reused, warmed);
  solver.free();
}

main().catch((err: unknown) => console.error(err));
