// warm.mjs — the small problems that warm a game's hot code (Solver.warm).
//
// A browser runs WebAssembly first from its baseline compiler (V8: Liftoff)
// and compiles a function with its optimizing one (TurboFan) only once the
// function has run a while, on a background thread, the baseline code running
// meanwhile. The first long solve of a worker pays that: in Chromium 156 the
// 40-hint Codenames board took 1.91-2.05 s as a fresh worker's first solve and
// 1.69-1.94 s after this board was solved (about 40 ms) and the worker left
// idle 0.8 s (medians 2.00 and 1.81 s, 6 fresh pages each, alternating;
// 2026-11-28). V8's compile of the two hot functions (solve_block and
// finish_pair, about 50 and 100 ms) is then done before the solve starts.
//
// codenames: a 25-card board whose 9 hints hold 15 free cards, two of them
// bystanders, so that it takes the path of the real boards (quads in blocks,
// c/codenames/pairs_impl.h: 15 free cards without the assassins at least, two
// free bystanders) in a few milliseconds natively.
export const WARM_INPUTS = Object.freeze({
  codenames: `25 R
mill bank letter camp honey square bubble trumpet ladder temple page sky mouth rope pipe press boat organ sheep rose bread wolf door wing giant
R I B R B B I R I R I B B R R R I A I R I B B B R
9
4 press rose ladder mill
2 door square
3 letter camp rope
4 rose sky trumpet letter
3 page pipe press
3 press pipe sky
2 square door
3 bread trumpet rose
2 mouth mill
`,
});
