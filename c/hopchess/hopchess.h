/* hopchess.h — Hop chess with human error (games.md §1): the public contract.
 *
 * Game: an R x C board of Justin (J) and Donald (D) pieces; a move takes one of
 * the mover's pieces onto an orthogonally adjacent occupied cell, capturing
 * whatever is there (own or enemy) and leaving its old cell empty; who cannot
 * move loses. A player with error factor A and P legal moves plays uniformly
 * among his best min(A, P) moves, so a position's value for the mover is the
 * mean of the top min(A, P) values (1 - child value) of its moves.
 *
 * State: every move removes one piece, so positions are layered by piece
 * count k. A layer-k position is an occupancy (a k-subset of the initially
 * occupied cells, ranked in colex order) and the owner of each occupied cell:
 *
 *     index in layer k = colex rank of the occupancy << k | owner bits (1 = J)
 *
 * so layer k is a bitmap of C(n0, k) * 2^k bits (3^n0 bits in all); the side
 * to move follows from k. Boards of up to 32 cells are solved (the parser
 * accepts 64 and the solver refuses the rest).
 *
 * Algorithm: retrograde analysis over reachable positions only. A forward
 * pass marks every reachable position layer by layer; a backward pass values
 * them from the fewest pieces up, holding two layers of values at once. Cost:
 * two passes over the (position, move) pairs; memory: the bitmaps plus 8
 * bytes per reachable position of two adjacent layers. A sweep (every a_J,
 * a_D in 1..N) runs the same passes with a table of values per position,
 * each distinct table stored once per layer. Every mean is summed in value
 * order, so a value does not depend on the order of the moves and every sweep
 * entry has the single solve's bits.
 *
 * Budget: the bitmaps are estimated from binomials before anything is
 * allocated; the value arrays are checked while the forward pass counts the
 * positions, which refuses as soon as the count passes the budget.
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
 *    "sweep":[[p(aJ=1,aD=1), p(1,2), ...], ...]}         only with the sweep option
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
#define HOPCHESS_DEFAULT_DIGITS 3 /* the contest prints 3 decimals */
#define HOPCHESS_MAX_SWEEP 1000   /* option "sweep" (--sweep N): N at most */
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
