/* escape.h — Board Escape (games.md §3, issue 5).
 *
 * Game: an R x C grid of exits (E), tokens (T), obstacles (#) and empty cells
 * (.). Every token starts with the number K. A move takes one token one cell
 * up, down, left or right (never off the grid or into #; tokens may share a
 * cell); onto an exit it leaves the board, otherwise its number drops by one
 * and at zero it is removed. Alice moves first; who cannot move loses.
 *
 * Theory: tokens never interact, so the position is a sum of one-token games
 * and Alice wins iff the XOR of the tokens' Grundy values g_K(cell) is not 0.
 * g_0 = 0 everywhere and g_k(v) = mex of g_{k-1}(w) over the non-# neighbours
 * w of v, an exit neighbour counting as 0 (the token is gone).
 *
 * State: one byte per cell of a grid padded with a ring of obstacles, so a
 * neighbour is always at i-1, i+1, i-W, i+W (W = C + 2) with no bounds test:
 *
 *     value byte:  0..4  g_k of a '.' or 'T' cell (a mex of <= 4 values)
 *                  0     always, on an exit (a move there is worth 0)
 *                  7     always, on an obstacle or the padding (bit 7 of
 *                        the neighbour mask, ignored by the mex)
 *
 * Algorithm: x_k, the whole-board vector of g_k, follows x_{k+1} = F(x_k),
 * so it is eventually periodic: x_{mu+lambda} = x_mu with pre-period mu and
 * period lambda, both minimal. Brent's cycle finder detects lambda keeping
 * O(1) vectors and comparing them in full (no hashes, so no false repeats);
 * a second lock-step pass from x_0 and x_lambda finds mu. Then x_K and
 * x_{K-1} (for the winning moves) are reached by stepping from x_mu to
 * mu + ((K - mu) mod lambda), never more than lambda steps. No pre-period is
 * assumed: "..E" has mu = 3, so folding K from k = 1 or 2 would be wrong.
 * Measured (see the issue report): every board tried, exhaustively up to
 * 3 x 4 and randomly up to 1000 x 1000 (corridors and spirals included), has
 * mu <= 3 and lambda <= 2, so a solve is about 15 whole-board steps.
 * Cost: O(R C (mu + lambda)) time, 3 (R+2)(C+2) bytes besides the request.
 * Whole-board steps are capped (ESCAPE_MAX_WORK cell updates): a board whose
 * sequence had not repeated by then is solved by direct stepping if K is
 * within the cap (mu and lambda unknown, -1) and refused (WR_ETOOBIG) if not.
 * The progress callback is called once per whole-board step (<= 10^6 cells).
 *
 * Text format: `R C K` / R rows of exactly C characters from {E, T, #, .}.
 * 1 <= R, C <= 1000 (the contest allows 50), 1 <= K <= 10^9. No extensions.
 *
 * JSON analysis (opt->json), rows and columns 0-based, tokens numbered from 0
 * in row-major order of the T cells:
 *   {"game":"escape","answer":"Alice"|"Bob","winner":"Alice"|"Bob",
 *    "rows":R,"cols":C,"k":K,"prePeriod":mu,"period":lambda,   (-1 if unknown)
 *    "steps":<whole-board steps done>,"xor":x,"tokenCount":n,
 *    "tokens":[{"row":r,"col":c,"grundy":g_K}, ...],
 *    "winningMoveCount":m,
 *    "winningMoves":[{"token":i,"row":r,"col":c,"dir":"up"|"down"|"left"|"right",
 *                     "toRow":r2,"toCol":c2,"exits":true|false,
 *                     "grundyAfter":v}, ...],
 *    "grundy":["01E#2", ...]}          R strings: g_K per cell, 'E', '#'
 * A winning move (only when x != 0) makes the XOR 0: the token's new value v
 * (0 if it exits or K = 1, else g_{K-1} of the target) equals x ^ g_K(token).
 * "tokens" and "winningMoves" list at most ESCAPE_JSON_MAX_LIST entries
 * (never reached on contest boards); the counts are always exact.
 */
#ifndef WR_ESCAPE_H
#define WR_ESCAPE_H

#include <stddef.h>
#include <stdint.h>

#include "common/buf.h"
#include "common/solve.h"
#include "common/status.h"

#define ESCAPE_MAX_SIDE 1000
#define ESCAPE_MAX_K 1000000000L
#define ESCAPE_MAX_WORK 2147483648.0 /* cell updates before giving up on a repeat */
#define ESCAPE_JSON_MAX_LIST 100000

enum { ESCAPE_ALICE = 0, ESCAPE_BOB = 1 };
enum { ESCAPE_UP = 0, ESCAPE_DOWN = 1, ESCAPE_LEFT = 2, ESCAPE_RIGHT = 3 };

typedef struct escape_request {
    int rows, cols;
    int64_t k;   /* 1..10^9 */
    char *cells; /* rows*cols characters from "ET#.", row-major; owned */
} escape_request;

typedef struct escape_result {
    int rows, cols, stride; /* stride = cols + 2 (the padded row) */
    int64_t k;
    int winner;             /* ESCAPE_ALICE or ESCAPE_BOB */
    int xor_value;          /* XOR of the tokens' g_K */
    size_t tokens;          /* number of T cells */
    int64_t pre_period;     /* mu, -1 when the repeat was not found */
    int64_t period;         /* lambda, -1 likewise */
    int64_t steps;          /* whole-board steps computed */
    unsigned char *gk;      /* padded vector x_K (see the diagram); owned */
    unsigned char *gk1;     /* padded vector x_{K-1}; owned */
} escape_result;

typedef struct escape_move {
    size_t token;        /* index of the token, row-major among T cells */
    int row, col;        /* where it stands */
    int dir;             /* ESCAPE_UP .. ESCAPE_RIGHT */
    int to_row, to_col;
    int exits;           /* 1 when the target is an exit */
    int grundy_after;    /* the token's value after the move */
} escape_move;

/* Parses and validates the text. On success req->cells is allocated (free it
 * with escape_request_free, also safe after a failed parse). */
int escape_parse(const char *text, size_t len, escape_request *req, wr_error *err);
void escape_request_free(escape_request *req);

/* Bytes a solve allocates (the request itself excluded). */
double escape_estimate_bytes(const escape_request *req);

/* Computes x_K, x_{K-1}, the pre-period and period, and the winner. On
 * success res owns two vectors: free them with escape_result_free (also safe
 * after a failure). */
int escape_solve(const escape_request *req, const wr_options *opt, escape_result *res,
                 wr_error *err);

/* escape_solve with an explicit cap on whole-board steps for the repeat
 * search (<= 0: the default from ESCAPE_MAX_WORK); lets tests reach the
 * no-repeat-found paths on small boards. */
int escape_solve_capped(const escape_request *req, const wr_options *opt, int64_t max_steps,
                        escape_result *res, wr_error *err);

void escape_result_free(escape_result *res);

/* g_K (prev = 0) or g_{K-1} (prev = 1) of cell (r, c), 0-based; 0 on an exit,
 * -1 on an obstacle. */
int escape_grundy(const escape_result *res, int r, int c, int prev);

/* Every winning move for the player to move: writes the first `cap` into out
 * (may be NULL when cap = 0) and returns how many there are. */
size_t escape_winning_moves(const escape_request *req, const escape_result *res,
                            escape_move *out, size_t cap);

/* Writes the JSON analysis described above. */
void escape_write_json(const escape_request *req, const escape_result *res, wr_buf *out);

extern const wr_game wr_game_escape;

#endif
