// usage.ts — the JS API as a TypeScript user writes it, compiled against
// winrate.d.mts with `tsc -p wasm-glue/test/types` in make test (and against
// the installed package by make test-package, with the import rewritten to
// 'winrate'). The @ts-expect-error lines prove wrong uses are rejected.
import { codes, load, SolverError, toText } from '../../winrate.mjs';
import type { CodenamesResult, DiceResult, EscapeResult, Game, HopchessResult } from '../../winrate.mjs';

async function main(): Promise<void> {
  const solver = await load({ onProgress: (done, total) => done > total });
  const games: Game[] = solver.games;
  const line: string = solver.solveText('dice', 'AA A D DD\n4 4\n', { digits: 6 });

  const dice: DiceResult = solver.dice({ faces: ['AA', 'A', 'D', 'DD'], units: [4, 4] });
  const survivors: number = dice.survivors1[0] + dice.table[3][3] + dice.win + dice.draw + dice.loss;

  const hop: HopchessResult = solver.hopchess({ board: ['JJD'], aJ: 3, aD: 1, toMove: 'J' }, { sweep: 3 });
  const firstMove = hop.moves[0];
  const status: 'in' | 'tied' | 'out' = firstMove.status;
  const sweepCell: number | undefined = hop.sweep?.[2][2];
  const cut: number | null = hop.cutValue;

  const escape: EscapeResult = solver.escape({ grid: ['T..', '.#.', '..E'], k: 4 });
  const winner: 'Alice' | 'Bob' = escape.winner;
  const dir = escape.winningMoves[0]?.dir;

  const cn: CodenamesResult = solver.codenames({
    team: 'B', words: ['apple', 'sleep', 'java', 'dog'], identities: ['B', 'R', 'I', 'A'],
    hints: [{ label: 'fruit', words: ['apple', 'java'] }, { words: ['apple', 'dog'] }],
  }, { ownHintsOnly: true });
  const bestK: number | undefined = cn.best?.k;
  const values: number[] | null = cn.hints[0].values;
  const blue: number = cn.remaining.B;

  const analyzed: EscapeResult = solver.analyze('escape', '3 3 4\nT..\n.#.\n..E\n');
  const requested: DiceResult = solver.request('dice', { faces: ['A', 'D'], units: [4, 3] });
  const text: string = toText.codenames({ team: 'R', words: ['a', 'b'], identities: ['R', 'B'], hints: [] });
  const json: string = solver.run('hopchess', '1 3\nJJD\n3 1\n', { json: true, memoryMb: 64 });

  try {
    solver.solveText('dice', 'A x\n1 1\n');
  } catch (err) {
    if (err instanceof SolverError && err.code === codes.syntax) console.log(err.line, err.column, err.status);
  }

  // @ts-expect-error: not a game
  solver.solveText('chess', '1 1\n');
  // @ts-expect-error: dice needs units
  solver.dice({ faces: ['A', 'D'] });
  // @ts-expect-error: the option is digits
  solver.solveText('dice', 'A D\n4 3\n', { digit: 5 });
  // @ts-expect-error: sweep is a number
  solver.hopchess({ board: ['JJD'], aJ: 3, aD: 1 }, { sweep: '3' });
  // @ts-expect-error: a dice result has no winner
  console.log(dice.winner);
  // @ts-expect-error: identities are R, B, I or A
  solver.codenames({ team: 'R', words: ['a'], identities: ['X'], hints: [] });

  console.log(games, line, survivors, status, sweepCell, cut, winner, dir, bestK, values, blue, analyzed, requested,
    text, json);
  solver.free();
}

main().catch((err: unknown) => console.error(err));
