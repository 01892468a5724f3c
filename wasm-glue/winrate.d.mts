// winrate.d.mts — TypeScript declarations for the JS API (winrate.mjs), the
// package's main export. The result shapes are those of each game's --json
// output (wasm-glue/test/types/check-runtime.mjs type-checks real results of
// every game against them with tsc);
// wasm-glue/test/types/usage.ts is compiled against this file in make test.

/** The error codes: those of c/common/status.h, then the JS side's own (blocked, crashed). */
export declare const codes: Readonly<{
  /** The text does not match the format. */
  syntax: -1;
  /** A value is outside its allowed range. */
  range: -2;
  /** Well-formed but inconsistent (a duplicate word, a decided game, ...). */
  invalid: -3;
  /** The request would exceed the memory budget or the input limit. */
  tooBig: -4;
  /** An allocation failed. */
  noMemory: -5;
  /** The progress callback asked to stop. */
  cancelled: -6;
  /** A bad option, game name or input shape. */
  usage: -7;
  /** The environment (a page's Content-Security-Policy) forbids WebAssembly. */
  blocked: -20;
  /** The worker died mid-solve (a trap, out of memory). */
  crashed: -21;
}>;

export type ErrorCode = (typeof codes)[keyof typeof codes];

/** Every failure of the API: a code, a one-line message and, for input errors, where. */
export declare class SolverError extends Error {
  constructor(code: ErrorCode, message: string, line?: number, column?: number, status?: number);
  readonly name: 'SolverError';
  /** A negative code of `codes`. */
  code: ErrorCode;
  /** 1-based line of the input, 0 when the error is not about a place. */
  line: number;
  /** 1-based column (in bytes), 0 when the error is not about a place. */
  column: number;
  /** The CLI's exit status for this error: 1 internal, 2 bad input or usage, 3 too big. */
  status: number;
}

/** The one-line message for a WebAssembly compile error caused by a CSP, or null. */
export declare function wasmBlockedMessage(err: unknown): string | null;
/** Throws SolverError(codes.blocked) when this realm may not compile WebAssembly. */
export declare function checkWasmAllowed(): void;

export type Game = 'hopchess' | 'codenames' | 'escape' | 'dice';

/** Options of every call; each is checked (name, type, range) before anything runs. */
export interface RunOptions {
  /** Decimals of a printed probability, 0 to 17 (default: the game's, 3 or 4). */
  digits?: number;
  /** Memory budget in MB, 1 to 1048576 (default 1024); a bigger request throws codes.tooBig. */
  memoryMb?: number;
  /** Hop chess only: also solve every error-factor pair 1..sweep (1 to 1000). */
  sweep?: number;
  /** Codenames only: a hint must cover one of the giver's own agents. */
  ownHintsOnly?: boolean;
  /** Battle Dice only: stop the battle after this many rolls (1 to 1000); the
   * answer is player one's probability of having won within them, and the
   * analysis is a DiceRollsResult. */
  rolls?: number;
  /** Battle Dice only: add the battle's length (overWithin) to the fight to the end's analysis. */
  length?: boolean;
  /** run/runBytes only: print the JSON analysis instead of the answer. */
  json?: boolean;
}

/** Progress of a long solve; return true to cancel it (the call then throws codes.cancelled). */
export type ProgressCallback = (done: number, total: number) => boolean | void;

export interface LoadOptions {
  /** The .wasm bytes (in Node the file is read by default; in browsers it is fetched). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the Emscripten module (winrate-core.mjs) is, if not beside this file's ../build/wasm/. */
  coreUrl?: string;
  /** Where winrate-core.wasm is, if not beside this file's ../build/wasm/. */
  wasmUrl?: string;
  onProgress?: ProgressCallback;
  /**
   * Keep a Codenames board's solved table (up to 268 MB for 24 free cards) after its solve, so
   * that a later position of the same board (more cards revealed, either team to move) is
   * answered at once with the same result. Off by default; dropKept() frees it.
   */
  keepTables?: boolean;
}

/* ---- inputs ---------------------------------------------------------- */

export interface DiceInput {
  /** Player one's die (and player two's unless faces2): faces such as 'AA', 'AD', 'D'; '' or '-' is blank. */
  faces: string[];
  /** Player two's own die. */
  faces2?: string[] | null;
  /** Units of player one and player two. */
  units: [number, number];
}

export interface HopchessInput {
  /** Rows of 'J', 'D' and '.' (empty), all of one length. */
  board: string[];
  /** Justin's and Donald's error factors (a player plays at random among his best A moves). */
  aJ: number;
  aD: number;
  toMove?: 'J' | 'D';
}

export interface EscapeInput {
  /** Rows of 'T' (token), 'E' (exit), '#' (wall) and '.' (empty). */
  grid: string[];
  /** Every token's starting number, 1 to 10^9. */
  k: number;
}

export type CardIdentity = 'R' | 'B' | 'I' | 'A';

export interface CodenamesInput {
  /** The team to move. */
  team: 'R' | 'B';
  words: string[];
  /** One per word: Red agent, Blue agent, Innocent bystander, Assassin. */
  identities: CardIdentity[];
  /** One per word: already revealed. */
  revealed?: boolean[];
  hints: { label?: string | null; words: string[] }[];
}

/* ---- results (each game's --json) -------------------------------------- */

/** What both Battle Dice analyses hold: the dice, the armies, the outcomes. */
export interface DiceCommon {
  game: 'dice';
  /** Player one's probability of winning (within R rolls when cut short): = win. */
  answer: number;
  faces1: string[];
  faces2: string[];
  sameDie: boolean;
  units: [number, number];
  win: number;
  draw: number;
  loss: number;
  states: number;
  /** Probability mass below the exactness threshold that was dropped (0 or tiny). */
  droppedMass: number;
}

export interface DiceResult extends DiceCommon {
  /** Neither side can ever damage the other. */
  stalemate: number;
  /** survivors1[n]: probability that player one ends with n units (0..units[0]). */
  survivors1: number[];
  survivors2: number[];
  /** null when the battle can go on forever (a stalemate is reachable). */
  expectedRolls: number | null;
  /** The battle's length: overWithin[t-1] = P(over, i.e. won, lost or drawn, within t
   * rolls), t = 1, 2, ... until 99.9 % of the battles that end are over, or the cap:
   * 1000 rolls, fewer for big armies (4e9 / (U1(U1+3)/2 * U2(U2+3)/2), at least 32).
   * Only with options.length (it costs extra passes over the battle). */
  overWithin?: number[];
  /** table[a-1][b-1]: player one's win probability with a against b units. */
  table: number[][];
}

/** Battle Dice cut short (options.rolls = R): the state after at most R rolls. */
export interface DiceRollsResult extends DiceCommon {
  /** R. win, draw and loss: over within R rolls (player one won, lost, or both sides fell in the same roll). */
  rolls: number;
  /** Both sides still have units after R rolls (a stalemate position included). */
  stillFighting: number;
  /** survivors1[k]: probability that player one holds k units after at most R rolls,
   * whether the battle is over or not (sums to 1). */
  survivors1: number[];
  survivors2: number[];
  /** overWithin[t-1] = P(over within t rolls), t = 1 .. at most R (stops at 99.9 %
   * of the battles that end, as in DiceResult). */
  overWithin: number[];
}

export interface Cell { row: number; col: number }

export interface HopchessMove {
  from: Cell;
  to: Cell;
  capture: 'own' | 'enemy';
  /** The mover's win probability after this move. */
  value: number;
  /** In the optimal proposal set, tied at its cut, or out. */
  status: 'in' | 'tied' | 'out';
}

export interface HopchessResult {
  game: 'hopchess';
  /** Justin's win probability. */
  answer: number;
  rows: number;
  cols: number;
  board: string[];
  toMove: 'J' | 'D';
  aJ: number;
  aD: number;
  /** Reachable positions solved. */
  positions: number;
  /** The win probability of the player to move. */
  moverWin: number;
  moveCount: number;
  proposalSize: number;
  /** The value at the proposal set's cut; null when the mover has no move. */
  cutValue: number | null;
  moves: HopchessMove[];
  /** With options.sweep = n: sweep[aJ-1][aD-1], Justin's win probability, n x n. */
  sweep?: number[][];
}

export interface EscapeMove {
  token: number;
  row: number;
  col: number;
  dir: 'up' | 'down' | 'left' | 'right';
  toRow: number;
  toCol: number;
  exits: boolean;
  grundyAfter: number;
}

export interface EscapeResult {
  game: 'escape';
  answer: 'Alice' | 'Bob';
  winner: 'Alice' | 'Bob';
  rows: number;
  cols: number;
  k: number;
  /** Pre-period and period of the Grundy vectors, -1 when not needed. */
  prePeriod: number;
  period: number;
  steps: number;
  xor: number;
  tokenCount: number;
  /** At most 100,000 listed; tokenCount is exact. */
  tokens: { row: number; col: number; grundy: number }[];
  winningMoveCount: number;
  /** At most 100,000 listed; winningMoveCount is exact. */
  winningMoves: EscapeMove[];
  /** One string per row: the Grundy value (a digit) per cell, 'E' or '#'. */
  grundy: string[];
}

export interface CodenamesOutcomes {
  assassin: number;
  win: number;
  lose: number;
  /** handover[j]: the turn passes after j of the team's agents were revealed. */
  handover: number[];
}

export interface CodenamesHint {
  label: string | null;
  /** Indexes into words. */
  cards: number[];
  unrevealed: number;
  legal: boolean;
  /** Index of an earlier hint with the same hidden cards, or null. */
  sameAs: number | null;
  /** values[K-1]: the win probability with this hint and number K; null when the hint is not legal. */
  values: number[] | null;
}

export interface CodenamesResult {
  game: 'codenames';
  /** The win probability of the team to move. */
  answer: number;
  rule: 'any' | 'own-hints-only';
  toMove: 'R' | 'B';
  words: string[];
  identities: CardIdentity[];
  revealed: boolean[];
  remaining: Record<CardIdentity, number>;
  /** The recommended hint and K, with the turn's outcomes; null when no hint is legal. */
  best: { hint: number; label: string | null; k: number; value: number; outcomes: CodenamesOutcomes } | null;
  hints: CodenamesHint[];
  freeCards: number;
  states: number;
}

export interface ResultOf {
  dice: DiceResult;
  hopchess: HopchessResult;
  escape: EscapeResult;
  codenames: CodenamesResult;
}

export interface InputOf {
  dice: DiceInput;
  hopchess: HopchessInput;
  escape: EscapeInput;
  codenames: CodenamesInput;
}

export interface Solver {
  /** The games this build knows, in --help order. */
  readonly games: Game[];
  /** The longest contest text accepted, in bytes (4 MiB). */
  readonly maxInputBytes: number;
  /** The command line's --help text. */
  readonly help: string;
  /** The bytes of WASM memory held: it grows with the largest solve so far and never shrinks. */
  readonly memoryBytes: number;
  /** The bytes of the kept Codenames table (LoadOptions.keepTables), 0 when none. */
  readonly keptBytes: number;
  /** Whether the last request was answered from the kept table, with no solve. */
  readonly lastReused: boolean;
  /** Frees the kept table. */
  dropKept(): void;
  /**
   * Solves a small built-in problem of the game and drops its answer, so that the engine compiles the
   * solve's hot code with its optimizing tier now rather than during the next long solve (Codenames
   * only: about 0.2 s of a 2 s first solve in Chromium). Returns whether it solved anything.
   */
  warm(game: Game): boolean;
  /** LoadOptions.keepTables, changeable between requests: a request made with it off neither reads nor replaces the kept table. */
  keepTables: boolean;
  /** Called during long solves; returning true cancels. */
  onProgress: ProgressCallback | null;
  /** Exactly what the CLI prints for this input (the answer, or JSON with json: true). */
  run(game: Game, text: string, options?: RunOptions): string;
  /** The same, on the raw bytes of the input. */
  runBytes(game: Game, bytes: Uint8Array, options?: RunOptions): string;
  /** The CLI's answer line for contest text, e.g. '0.4079\n'. */
  solveText(game: Game, text: string, options?: RunOptions): string;
  /** The full analysis of contest text. */
  analyze<G extends Game>(game: G, text: string, options?: RunOptions): ResultOf[G];
  /** A worker-protocol request: contest text or the game's object. */
  request<G extends Game>(game: G, input: string | InputOf[G], options?: RunOptions): ResultOf[G];
  dice(input: DiceInput, options: RunOptions & { rolls: number }): DiceRollsResult;
  dice(input: DiceInput, options?: RunOptions): DiceResult;
  hopchess(input: HopchessInput, options?: RunOptions): HopchessResult;
  escape(input: EscapeInput, options?: RunOptions): EscapeResult;
  codenames(input: CodenamesInput, options?: RunOptions): CodenamesResult;
  /** Frees the C session; later calls throw. */
  free(): void;
}

/** Loads the WASM build and returns a solver (in Node the .wasm is read from the package). */
export declare function load(options?: LoadOptions): Promise<Solver>;

/** Each game's input object as its contest text (throws SolverError on a wrong shape). */
export declare const toText: { [G in Game]: (input: InputOf[G]) => string };
