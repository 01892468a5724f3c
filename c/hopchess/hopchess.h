/* hopchess.h — Hop chess with human error (games.md §1, issue 3).
 *
 * Game: an R x C board of Justin (J) and Donald (D) pieces; a move takes one of
 * the mover's pieces onto an orthogonally adjacent occupied cell, capturing
 * whatever is there (own or enemy) and leaving its old cell empty; who cannot
 * move loses. A player with error factor A and P legal moves plays uniformly
 * among the best min(A, P) moves, so a position's value for the mover is the
 * average of the top min(A, P) values (1 - child value) of its moves.
 *
 * State: cells are numbered i = r*C + c (at most 32 solvable; the parser
 * accepts 64 and the solver refuses the rest). Every move removes exactly one
 * piece, so positions are layered by piece count k and the side to move
 * follows from k and the root's side: it is not stored. The occupied cells of
 * a layer-k position are a k-subset of the n0 initially occupied cells; a
 * position's index in its layer is
 *
 *     index = colex rank of the occupied subset (among C(n0, k)) << k
 *           | owner bits (bit i = 1 when the i-th occupied cell is J's)
 *
 * so layer k is a bitmap of C(n0, k) * 2^k bits, 3^n0 bits over all layers
 * (5.4 MB for 16 cells, 66 KB for 12). Positions sharing an occupancy (a
 * "block") are adjacent; a move a -> b leads into the block without a,
 * whose base index is computed once per block, and the child's owner bits
 * are the parent's with a's bit dropped and b's bit set to the mover.
 *
 * Algorithm: layered retrograde analysis over reachable positions only.
 *   1. Forward: from the root (layer n0) set the bits of every child in
 *      layer k-1, for k = n0 down to 1. Popcounts give the per-layer counts.
 *   2. Backward: from the fewest pieces up, value every reachable position
 *      of layer k (in index order) from layer k-1. Values are stored densely
 *      in index order of the reachable positions only; a child's slot is
 *      its rank among the set bits (a directory of running counts per
 *      64-bit word plus one popcount). Only two layers of values live at once.
 * Cost: O(E) for E = (position, move) pairs, twice, with a few bit
 * operations and one random read per move; for JJDD/DDJJ/JJDD/DDJJ, 3.94
 * million positions, about 0.45 s natively (-O2), the backward pass bound by
 * reads of the previous layer's values. Board symmetries are not used:
 * "positions" counts reachable positions, not symmetry classes.
 * Memory: the bitmaps (3^n0 bits) plus, at the peak, 8 bytes per reachable
 * position of two adjacent layers and 4 bytes per bitmap word of the lower
 * one (about 20 MB for the 4x4 benchmark).
 *
 * Sweep (every (a_J, a_D) in 1..N): the same two passes, with a table of
 * values per position instead of one. A position's value depends on a_J only
 * through min(a_J, mJ), mJ = the most moves J has at any J-to-move position
 * of its subtree (likewise D), so each position is planned with min(N, mJ) x
 * min(N, mD) values: few near the end of the game, where most positions
 * are. Once computed, a table's trailing rows and columns that equal the one
 * before them are dropped (readers clamp their indices to the dims, and a
 * parent's dims are the max of its children's and its own move count, so the
 * saving propagates up): 873K planned cells become 788K for the 12-cell
 * benchmark. The backward pass keeps two table layers. Tables are stored lane-major
 * (the mover's factor varies fastest), so a parent reads each child's line
 * in place as its lanes (copying only lines shorter than its own). A table is
 * filled one mover's line at a time (his cut is fixed along it): a branch-free
 * min/max network keeps the bottom a child values of every lane at once
 * (fixed even lane widths let gcc -O2 vectorise it; child c only reaches
 * slots < c), and 1 - u is summed from the smallest u, the single solve's
 * additions in its order, so every entry has the single solve's bits. Lines
 * past the children's last distinct one only change the cut, so one network
 * serves all of them, and a node's lines stop at cut p (the plain mean).
 * Positions share tables: a layer stores each distinct table once (the 3x4
 * benchmark's layer of 18,305 positions has 593) and a memo keyed by the
 * sorted table ids of the children computes each distinct input once: a
 * table depends only on that multiset because every mean, also the plain
 * mean when all moves are proposed, is summed in value order (top_avg; a
 * test checks mirror images agree bit for bit). The memo is freed when an
 * array the sweep needs would pass the budget. A 13x13 sweep costs about 2
 * single solves on the 12-cell benchmark (make bench; 1.9 in instructions,
 * 103M vs 55M) and about 3 on the 4x4 one (1.5 s, 99 MB peak). A sweep
 * holds 4 bytes per position for sure, so the forward pass's early refusal
 * comes later than a single solve's: a 4x5 sweep (below) is refused after
 * ~17 s, when its tables outgrow the default budget, instead of during
 * marking; under 700 MB it is refused during marking (tested).
 *
 * Memory estimate (hopchess_estimate_bytes): the bitmaps and the largest
 * directory, computed from binomials only, so a 5x5 board is refused in
 * microseconds. The value arrays are checked during the forward pass: the
 * new bits of layer k-1 are counted as they are set, and since the backward
 * pass holds the values of layers k and k-1 (and k-1's directory) at once,
 * the pass refuses as soon as count[k] + marked-so-far positions (8 bytes
 * each for a solve, 4 -- a table id -- for a sweep) pass the budget. The message then gives
 * that lower bound ("needs more than X MB"). The 4x5 board JDJDJ/DJDJD/...
 * (bitmaps 436 MB, real need 1122 MB) is refused after 60 of the 193 million
 * positions the pass would process: about 4 s natively instead of 9-16 s.
 * Requests that fit are checked exactly as before (the backward passes
 * recheck their real peak).
 *
 * JSON analysis (opt->json), rows and columns 0-based:
 *   {"game":"hopchess","answer":<Justin's win probability>,
 *    "rows":R,"cols":C,"board":["JJD",...],"toMove":"J"|"D","aJ":a,"aD":b,
 *    "positions":<reachable positions>,"moverWin":<mover's win probability>,
 *    "moveCount":P,"proposalSize":min(A,P),"cutValue":<value of the last move
 *    in the proposal set, null when P = 0>,
 *    "moves":[{"from":{"row":r,"col":c},"to":{"row":r,"col":c},
 *              "capture":"own"|"enemy","value":<mover's win probability after
 *              it>,"status":"in"|"tied"|"out"}, ...]     sorted by value desc,
 *    "sweep":[[p(aJ=1,aD=1), p(1,2), ...], ...]}         only with opt->sweep
 * "in": in every optimal proposal set; "tied": valued equal (within 1e-12) to
 * the cut, so some optimal sets hold it and some do not; "out": in none.
 *
 * Text format: `R C` / R rows of C cells / `a_J a_D`. Extensions (never in
 * contest input): a cell may be '.' (empty); the last line may end with `J`
 * or `D`, the side to move (default J). 1 <= R*C <= 64, a_J, a_D in 1..1000.
 * The answer is always Justin's win probability, whoever moves.
 */
#ifndef WR_HOPCHESS_H
#define WR_HOPCHESS_H

#include <stddef.h>
#include <stdint.h>

#include "common/solve.h"
#include "common/status.h"

#define HOPCHESS_MAX_CELLS 64   /* accepted by the parser */
#define HOPCHESS_SOLVE_CELLS 32 /* representable by the 64-bit key */
#define HOPCHESS_MAX_FACTOR 1000
#define HOPCHESS_MAX_MOVES (4 * HOPCHESS_MAX_CELLS)

enum { HOPCHESS_JUSTIN = 0, HOPCHESS_DONALD = 1 };
enum { HOPCHESS_OUT = 0, HOPCHESS_TIED = 1, HOPCHESS_IN = 2 };

typedef struct hopchess_request {
    int rows, cols;
    char cell[HOPCHESS_MAX_CELLS]; /* 'J', 'D' or '.', row-major */
    int a_j, a_d;                  /* error factors, 1..1000 */
    int to_move;                   /* HOPCHESS_JUSTIN or HOPCHESS_DONALD */
} hopchess_request;

typedef struct hopchess_move {
    int from, to;    /* cell indices r*C + c */
    int capture_own; /* 1 when the captured piece is the mover's own */
    double value;    /* the mover's win probability after this move */
    int status;      /* HOPCHESS_IN, HOPCHESS_TIED or HOPCHESS_OUT */
} hopchess_move;

typedef struct hopchess_result {
    double justin_win;  /* the contest answer */
    double mover_win;   /* the side to move's win probability */
    uint64_t positions; /* reachable positions, root included */
    int nmoves;         /* legal moves of the side to move */
    int proposal_size;  /* min(A, nmoves) */
    hopchess_move moves[HOPCHESS_MAX_MOVES]; /* sorted by value, descending */
} hopchess_result;

/* Parses and validates the text (contest format plus the extensions). */
int hopchess_parse(const char *text, size_t len, hopchess_request *req, wr_error *err);

/* The bytes a solve (sweep_n = 0) or a sweep needs before its value arrays
 * (bitmaps, directory); checked against the budget up front. The value
 * arrays are checked while the forward pass counts the positions. */
double hopchess_estimate_bytes(const hopchess_request *req, int sweep_n);

/* Values the position for the request's error factors. */
int hopchess_solve(const hopchess_request *req, const wr_options *opt, hopchess_result *res,
                   wr_error *err);

/* Justin's win probability for every a_J, a_D in 1..n: out[(a_J-1)*n + (a_D-1)]
 * (caller-owned, n*n doubles). *positions (may be NULL) gets the count. */
int hopchess_sweep(const hopchess_request *req, int n, const wr_options *opt, double *out,
                   uint64_t *positions, wr_error *err);

/* Writes the JSON analysis; sweep (n*n values, may be NULL when n = 0). */
void hopchess_write_json(const hopchess_request *req, const hopchess_result *res,
                         const double *sweep, int n, wr_buf *out);

extern const wr_game wr_game_hopchess;

#endif
