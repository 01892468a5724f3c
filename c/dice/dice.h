/* dice.h — Battle Dice (games.md section 4): exact win probability of two
 * armies rolling icon dice until one side is wiped out.
 *
 * Game. Player one has U1 units, player two U2; each rolls one die per unit.
 * A face carries a attack and d defence icons. With (a1, d1) player one's
 * totals and (a2, d2) player two's, player one loses x = min(u1, max(0,
 * a2 - d1)) units and player two y = min(u2, max(0, a1 - d2)), at once.
 * Rolls with x = y = 0 repeat the position; a position from which no roll
 * changes anything is a stalemate (worth 0 to player one).
 *
 * States. (u1, u2), 0 <= u1 <= U1, 0 <= u2 <= U2, kept in row-major tables
 * t[u1 * (U2 + 1) + u2]. Every transition goes to a state with no more
 * units on either side, so the table is solved in increasing (u1, u2):
 *   W(u1,u2) = sum_{(x,y) != (0,0)} P(x,y) W(u1-x, u2-y) / (1 - P(0,0))
 * which is the geometric series over repeated rolls, exactly (no cut-off).
 * A state is a stalemate iff u1*maxA1 <= u2*minD2 and u2*maxA2 <= u1*minD1
 * (no roll of either side can get through): then P(0,0) = 1 and W = 0.
 *
 * Transitions. Write s = a2 - d1 and t = a1 - d2 (so x = clamp(s, 0, u1),
 * y = clamp(t, 0, u2)). Player one's die moves (s,t) by (-d, +a), player
 * two's by (+a, -d). For one column u1 we build player one's joint pmf of
 * (d1, a1) (one 2-D convolution step from the previous column's), lay it
 * out as a 2-D array over (s, t), then add player two's dice one at a time:
 *
 *        t = a1 - d2 (exact; row extent per row)  ->
 *      +--+-----------------------+
 *  s   |t<=0 lump | 1 .. amax1*u1 |   rows s = -dmax1*u1 .. u1-1: exact
 *  |   +--+-----------------------+
 *  v   |  |  ...                  |
 *      +--+-----------------------+   row s = u1: lump "s >= u1"
 *
 * Adding a die of player two only raises s and lowers t, so the lumps
 * "s >= u1" and "t <= 0" are absorbing and the array never outgrows player
 * one's support: O(dmax1*u1 * amax1*u1) cells. Each step is a gather: every
 * destination row is written once as sum over player two's distinct faces
 * (a, d) of p * (source row s - a shifted by d), four faces per pass over
 * contiguous zero-padded rows (no branches in the loop; the compiler pairs
 * the unrolled body into SIMD even at -O2), and folded at once, while in
 * cache, into P_{u1,u2}(x, y). Cost: for every state one pass over the
 * array with F2 (distinct faces) multiply-adds per cell, about
 *   sum_{u1} U2 * F2 * (area of player one's (d1, a1) support)
 * i.e. O(U1^3 U2 F icons^2) worst case. Two exact merges shrink it: rows
 * with s <= -amax2 * (dice still to come) can never reach x > 0 and become
 * one row; cells with t >= U2 + dmax2 * (dice to come) always fold to
 * y = u2 and become one cell. Cells below 1e-30 at the top of a row are
 * dropped and the dropped mass is tracked (see droppedMass).
 * Memory: two copies of the largest (d1,a1) and (s,t) arrays plus the
 * state tables; estimated before allocating (dice_estimate_bytes).
 *
 * The analysis (JSON) needs a forward pass in decreasing (u1, u2) carrying
 * the probability of reaching each state and the expected number of rolls
 * so far (outcome probabilities, survivors' distributions, expected rolls);
 * the backward pass produces the transitions in the opposite order. So the
 * backward pass keeps every column's P tables, (u1+1) * U2(U2+3)/2 doubles
 * per column, in a cache, from column U1 down, as many columns as fit in
 * min(budget - estimate, budget / 2) (212 MB for 100 vs 100 with the
 * default 1 GB; all columns up to about 120 vs 120). The forward pass then
 * costs O(U1^2 U2^2 / 4) multiply-adds for cached columns; it recomputes
 * the others (joint from scratch, then the column). The cache is optional: it is not part of the estimate, and
 * a refused malloc just means recomputing. Results are the same doubles
 * either way (tested).
 *
 * Battles cut short and the battle's length (rolls.c). With a limit of R
 * rolls (the option rolls, 1..DICE_MAX_ROLLS; a roll in which nobody falls
 * counts) and for the length of every battle, the forward pass carries per
 * state a vector over rolls: f(r) = P(arrive at roll r), h(r) = P(be there
 * after r rolls) = f(r) + P(0,0) h(r-1), pushed as f'(r+1) += P(x,y) h(r).
 * Exact, no cut-off beyond the horizon asked. Cost: B multiply-adds per
 * transition per block of B rolls, sum (u1+1)(u2+1) ~ U1^2 U2^2 / 4
 * transitions (26.5 M for 100 vs 100, 412 M for 200 vs 200); memory (U1+1)
 * (U2+1)(B+1) doubles, in the workspace plan (so in the estimate and the
 * budget check). With rolls R: one block of R+1 rolls, riding along the
 * forward pass (for 200 vs 200 and R = 1000: 325 MB of vectors, and minutes).
 * For the fight to the end: blocks of DICE_OVER_BLOCK rolls, the first riding
 * along the forward pass, the next ones each a pass over the transitions
 * (cached, or recomputed), until 99.9 % of the battles that end are over or
 * the cap: H = min(DICE_OVER_CAP = 1000, max(DICE_OVER_BLOCK,
 * DICE_OVER_WORK / transitions)) rolls (1000 up to about 62 vs 62, 150 for
 * 100 vs 100, 32 for 200 vs 200: a work bound of about 4e9 multiply-adds).
 *
 * Text input: line 1 the faces, separated by blanks; a face is a run of 1
 * to 9 `A`/`D` characters in any order, or `-` for a blank face; 1 to 20
 * faces. Line 2 `U1 U2` (1 to 200 each). Extension: three lines, player
 * one's die, player two's die, then `U1 U2`.
 *
 * JSON shape (dice_write_json):
 *  {"game":"dice","answer":P,"faces1":["AA","A","D","DD","-"],"faces2":[...],
 *   "sameDie":true|false,"units":[U1,U2],"win":W,"draw":D,"loss":L,
 *   "stalemate":S,"survivors1":[q0..qU1],"survivors2":[r0..rU2],
 *   "expectedRolls":E|null,"overWithin":[o1..on] (only with the option length),
 *   "table":[[W(1,1)..W(1,U2)],..,[W(U1,1)..]],"states":N,"droppedMass":B}
 * faces normalised as attacks then defences ("DA" -> "AD"), blank "-".
 * Every probability is in [0, 1] (a sum that rounded past 1 is put back:
 * solve.c, clamp_probabilities).
 * qk = P(the battle ends with player one holding k units); the survivors
 * sum to 1 - stalemate. expectedRolls counts repeated rolls, given that the
 * battle ends; null when the stalemate probability is 1. table[i-1][j-1] =
 * player one's win probability with i vs j units. states = U1*U2 positions
 * solved. droppedMass = a bound on the absolute error of every probability
 * caused by dropped negligible cells (sum over states of dropped mass /
 * (1 - P(0,0))); the solver redoes the work without dropping when this
 * bound would exceed 1e-12. overWithin[t-1] = P(the battle is over, won,
 * lost or drawn, within t rolls), t = 1..n: n is the first t at which it
 * reaches 99.9 % of P(the battle ends at all) (1 - stalemate), else the cap H
 * above (then the last entry shows how far it got).
 *
 * With rolls R (cut short) the JSON is instead
 *  {"game":"dice","answer":P,"faces1":[..],"faces2":[..],"sameDie":..,
 *   "units":[U1,U2],"rolls":R,"win":W,"draw":D,"loss":L,"stillFighting":S,
 *   "survivors1":[q0..qU1],"survivors2":[r0..rU2],"overWithin":[o1..on],
 *   "states":N,"droppedMass":B}
 * win/draw/loss: over within R rolls; stillFighting: both sides still have
 * units after R rolls (a stalemate position included); they sum to 1.
 * qk = P(player one holds k units after at most R rolls, whether or not the
 * battle is over) (sums to 1). answer = win. overWithin as above, at most R
 * long. No table, stalemate or expectedRolls (they belong to the fight to
 * the end).
 */
#ifndef WR_DICE_H
#define WR_DICE_H

#include <stddef.h>

#include "common/buf.h"
#include "common/solve.h"
#include "common/status.h"

#define DICE_MAX_FACES 20
#define DICE_MAX_ICONS 9
#define DICE_MAX_UNITS 200
#define DICE_DEFAULT_DIGITS 4
#define DICE_MAX_ROLLS 1000    /* --rolls R: 1 to 1000 */
#define DICE_OVER_CAP 1000     /* overWithin of a fight to the end: at most this many rolls */
#define DICE_OVER_WORK 4e9     /* ... and at most this many vector multiply-adds (>= one block) */
#define DICE_OVER_BLOCK 32     /* rolls per vector block in a fight to the end */
#define DICE_OVER_SHARE 0.999  /* overWithin stops once this share of the ending battles is over */

typedef struct dice_face {
    int attack, defence;
} dice_face;

typedef struct dice_die {
    int nfaces;
    dice_face faces[DICE_MAX_FACES];
} dice_die;

typedef struct dice_request {
    dice_die die[2]; /* die[1] == die[0] when same_die */
    int same_die;
    int units[2];
    int rolls; /* 0: fight to the end; R >= 1: stop after R rolls (not in the text: an option) */
    int length; /* option "length": the fight to the end's analysis adds overWithin (it costs extra passes) */
} dice_request;

typedef struct dice_result {
    int units[2];
    double *table;      /* U1 * U2: table[(i-1)*U2 + (j-1)] = W(i, j) */
    int analysed;       /* the fields below are set (forward pass done) */
    double win, draw, loss, stalemate;
    double *survivors1; /* U1 + 1 */
    double *survivors2; /* U2 + 1 */
    double expected_rolls; /* NAN when the battle never ends */
    long long states;
    double dropped_mass;
    int cached_columns; /* analysis: columns whose transitions the forward pass reused */
    int rolls;          /* the request's rolls: 0, or R (then win/draw/loss/survivors are after R rolls) */
    double still;       /* rolls: P(both sides still have units after R rolls) */
    double *over_within; /* analysis: over_within[t-1] = P(over within t rolls), t = 1..n_over */
    int n_over;
} dice_result;

/* Parses and validates the contest text (2 or 3 lines). */
int dice_parse(const char *text, size_t len, dice_request *req, wr_error *err);

/* Bytes the solve needs (analysis: 1 with the forward pass). */
double dice_estimate_bytes(const dice_request *req, int analysis);

/* Solves; res is owned by the caller and freed with dice_result_free (also
 * after a failure, which leaves it empty). */
int dice_solve(const dice_request *req, int analysis, const wr_options *opt, dice_result *res,
               wr_error *err);
void dice_result_free(dice_result *res);

/* Player one's win probability with all units: the contest answer (with
 * rolls: his probability of having won within R rolls). */
double dice_answer(const dice_result *res);
/* W(i, j), 1 <= i <= U1, 1 <= j <= U2. */
double dice_table(const dice_result *res, int i, int j);

/* Writes the JSON analysis (res must be analysed). */
void dice_write_json(const dice_request *req, const dice_result *res, wr_buf *out);

extern const wr_game wr_game_dice;

#endif
