/* codenames.h — Codenames, spymaster with random operatives (games.md §2,
 * issue 4): the exact win probability of the team to move, every hint's
 * value for every number K, and the outcome distribution of the best turn.
 *
 * Game. N cards (words) with identities R, B, I (bystander), A (assassin);
 * M hints, each a set of cards. On a turn the spymaster names a hint with an
 * unrevealed card and a number K (1..its unrevealed count); the operatives
 * reveal its unrevealed cards uniformly at random until K own agents are
 * hit, a miss (bystander: turn over; opponent agent: turn over, or the
 * opponent wins if it was his last), the assassin (the guessers lose) or
 * their own last agent (they win). No legal hint: the team to move loses.
 * Rule variant (req->own_hints_only): a hint is legal only while it still
 * covers one of the giver's own unrevealed agents.
 *
 * States. Cards that are revealed at the start or belong to no hint never
 * change, so only the F "free" cards (unrevealed, in some hint; F <= N <= 25)
 * get a bit. A state is (mask of revealed free cards, team to move):
 *
 *     bit:   F-1 .. FS | FS-1 ........... 6 | 5 .. 1 | 0
 *            assassins | bystanders, agents | block  | a bystander
 *     (a turn's sums run in board order, over its misses and over the sets
 *     of its own agents: no value depends on the numbering, so a later
 *     position, numbered afresh, gives the bits of the earlier table)
 *     V[t][S] = win probability of team t (0 = R, 1 = B) to move at S,
 *               stored for S < 2^FS only, as a code per pair of masks
 *               S (even), S|1 and team (see Memory)
 *
 * A mask with an assassin is terminal, so the assassins sit on top and are
 * never stored: a turn's assassin miss is counted without a table read.
 *
 * Masks are solved bottom-up from the full mask down to 0: a turn only adds
 * cards, so every successor of S is a larger number. Terminal masks hold a
 * value chosen so that "1 - V[opponent][T]" is the mover's value of a turn
 * ending at T, with no special cases: V[u][T] = 0 if all of u's opponent's
 * agents are revealed, else 1 if all of u's agents or an assassin are.
 *
 * A turn in closed form. In state S team t gives hint U (its unrevealed
 * cards; hints with equal U in a state are evaluated once) with a own agents
 * and n other cards, u = a + n. The revealed cards form a random order of U,
 * so the chance that the first j cards are a given set A of own agents (in
 * any order) and the next is a given miss c is j!(u-j-1)!/u! =
 * 1/(u C(u-1,j)); that the first K are a given set A is 1/C(u,K). Walking
 * the sub-masks A of U's own agents once gives, per size j,
 *     X_j = sum_{|A|=j, c miss} (1 - V[1-t][S|A|c]),  Y_j = sum_{|A|=j} (1 - V[1-t][S|A]),
 * and then for every K at once
 *     value(K) = sum_{j<K} X_j / (u C(u-1,j)) + Y_K / C(u,K)     (Y_K = 0 if K > a).
 * A set A holding all of t's remaining agents ends the turn with a win
 * before any miss; its "miss" masks contain all of t's agents and so are
 * worth 1, which is exactly the right weight (n / (u C(u-1,a)) = 1/C(u,a)).
 * Values for K > a + 1 equal value(a + 1) (the hint cannot hit K times).
 * Speed (solve.c): a free bystander in few small hints takes bit 0 when
 * there is one: S and S|1 are then terminal together, and a hint without
 * bit 0 has the same U in both, so the two masks are solved side by side:
 * one 16-byte load reads a value pair (the dictionary's, see Memory), in
 * 2-wide vectors (SSE2, WASM simd128). Each U of a
 * hint of up to 6 cards has a plan worked out once (its reads in order, no
 * per-state bit work), the hints are evaluated grouped by shape (own agents,
 * misses), each shape's code unrolled, and the sums of each size stay in
 * registers. From 14 free cards on, the pairs go in blocks of 32 (bits 1..5:
 * the five cards that the fewest hints hold): a hint with none of bits 0..5
 * (on the real board most) has the same U at the block's 64 masks and is
 * listed and looked up once for them; so has a hint holding some of them at
 * the pairs where those are revealed (its cards outside the block). The
 * arithmetic is eval_hint's, in the same order: codenames_solve_reference
 * (mask by mask) gives the same bits, and so does a later position of the
 * same board.
 * Quads (quads.c, where 4-lane vectors are one register natively, AVX, or
 * two in WASM): with a second free bystander at bit 1, the masks go in quads
 * S..S|3, one code per quad and team and a dictionary of 4 values (32
 * bytes: one AVX load natively), so that a read (a code and its values)
 * serves 4 masks, not 2, and the codes take half the memory. Hints holding
 * bit 0 or 1 go mask by mask (the second card is chosen as bit 0 is: the
 * fewest reads), but for the masks where their lane cards are revealed:
 * there a hint's unrevealed set holds no lane card and is the same at those
 * masks of an entry, so it goes with the block and pair hints, an entry at
 * a time, only those lanes kept (pairs_impl.h, lane_variant). On the 25-
 * and 40-hint boards that moved 15 and 11 of 36 and 27 million mask-by-mask
 * evaluations: 0.89 and 0.94 of the instructions natively (cachegrind,
 * PGO: 10.56 against 11.81 G, 9.87 against 10.46 G), 0.94 and 0.99 in WASM
 * (V8, node --no-liftoff: 18.61 against 19.73 G, 17.61 against 17.75 G);
 * natively on two cores 0.92 of the time on the 25-hint board (whole-process timing,
 * 21 pairs, 2026-11-27). The distinct quads are few: 84 and 97 thousand (a team) on
 * the 25-hint board against 72 and 89 thousand pairs, 24 and 16 against 13
 * and 8 on the 40-hint one. Against pairs (make bench-ab, 11 pairs,
 * 2026-11-27; natively on one core with -mavx2 on this side only): 0.76,
 * 0.72 and 0.69 of the time natively on the 15-, 25- and 40-hint boards,
 * 0.86, 0.86 and 0.88 in WASM. Without AVX natively, 4-lane vectors on SSE2
 * made quads slower than pairs (2.76 against 1.80 s on the 25-hint board),
 * so such builds keep pairs. Block hints evaluated at two pairs at once, each
 * with its own code (pairs_impl.h, eval_listed), had shown what the sharing
 * of a code is worth: 0.51-0.54 as many evaluations, but two codes and two
 * loads a read ate the gain.
 * Octs (octs.c, natively with AVX-512, stop 58): with a third free
 * bystander at bit 2, entries of 8 masks S..S|7, one code per oct and team
 * and a dictionary of 8 values (64 bytes, one load), so a read serves 8
 * masks. The hints of lane cards without card 0 go a group of lanes at
 * once where their lane cards are unrevealed (pairs_impl.h, lane_pairs and
 * lane_quads: lane card 2 alone at lanes 0..3 in a 4-lane vector); the
 * hints of card 0 still go mask by mask. On one core (gcc -O2, whole-process
 * timing, 5 pairs a board): 0.65, 0.84 of the time on the 25- and 40-hint
 * boards, 0.56-0.82 on bench/spread.mjs's nine 25-hint boards and
 * 0.66-0.86 on its nine 40-hint ones; without the groups 0.85 and 1.08 on
 * the bench boards and 0.63-1.13 on the spread. The codes take half the
 * memory again (peak 41.6 against 47.8 MB on the 25-hint board). Not in
 * WASM: octs there are four simd128 registers a vector, and the 25-hint
 * board took 1.05 of quads' time without the groups, about 1.5 with them
 * (lane card 2's group left out: clang could not unroll it). Tried again
 * in stop 59 with every group called through a pointer (as quads'
 * lane_pairs is in WASM) and lane card 2's group not unrolled: the same
 * JSON on the two boards checked, 0.98 of quads' time on the 25- and
 * 40-hint boards but 1.04 and 1.23 on bench/spread.mjs's board(40, 2) and
 * (40, 5), the slowest boards in WASM (3 alternating pairs in one Node
 * process).
 * A stored value is capped at 1 (a sure win can come out a rounding above
 * it), so the fast solve skips the masks that are already a sure win: on the
 * 25-card boards half the states are. And a hint whose every read is 1 for
 * the opponent is worth exactly 0, so a block skips it at the masks where a
 * bitmap of the values that are 1 says so (23% of the 40-hint board's
 * states are sure losses, where every hint is).
 * Natively the pairs are shared by threads (one per CPU, at most 8; WASM:
 * one), in groups, each taken as soon as the groups it reads are done
 * (schedule.c): the same bits again.
 * Cost: per state and distinct U, 2^a (n + 1) table reads; summed over all
 * states about 2 * M * 3^a 2^(FS-a) (n/2 + 1) for a hint with a own agents
 * (contest maximum, N = 15 and 50 hints of 12 cards: ~10^8 reads, ~0.1 s).
 * Why every state, and not a search from the position asked about: on the
 * 25-card bench boards the states an oracle would need (every outcome of
 * every root hint, then only each state's best hint and K) are 0.03-0.13%
 * of the table. But proving that the other hints are no better is what
 * costs. An alpha-beta expectimax with a window per K at each hint and a
 * table of bounds (a scratch prototype, 2026-11-26) touched 98% of the
 * 15-hint board's states and solved 80-82% of all its states exactly, even
 * with the hints tried in the order of their true values. It was 70-130
 * times slower than this solve. On codenames-20 it touched 97.7% of the
 * states and was 30 times slower.
 * Nor only the states that are no sure outcome (0 or 1, which a cheap pass
 * over bitmaps could find first) and that the root reaches through such
 * states (measured 2026-11-27 from the solved tables): that is 99.64%,
 * 99.96% and 99.90% of those states on the 15-, 25- and 40-hint bench
 * boards, and the sure states took only 7-26% of the table reads. Nor
 * skipping the sure states alone: told them for nothing (by a first solve of
 * the same board) and skipping every pair whose four values are sure, the
 * second solve took 0.66-0.73 of the first's time on the 40-hint board,
 * 0.82-0.88 on the 25-hint one and 0.80-0.87 on the 15-hint one (natively,
 * one core, 2026-11-27; its memory already touched, which flatters it). A
 * pass that finds those states would have to be paid for out of that.
 * Nor skipping the evaluations at the sure losses found on the way
 * (2026-11-27, not kept): a pair where every block hint is worth 0 for a
 * team (zero_at) was a sure loss for it 99% of the time on the 40-hint
 * board, and checking its other hints' reads in ones[] instead of
 * evaluating them gave the same bits, but more instructions (WASM 20.76
 * against 20.53 G, cachegrind): a read checked costs what a read summed
 * does, and those states were 18% of the reads.
 * Nor bounds below the root (2026-11-27, measured, not built). At the
 * states that are no sure outcome, a hint whose upper bound is below the
 * best value found so far need not be evaluated. The bound is the hint's
 * formula over the opponent's values rounded down to 1/15, a byte a state.
 * In the order the solve evaluates them, that would skip 53-55% of the
 * block hints' evaluations on the 25- and 40-hint bench boards and 36% on
 * the 15-hint one; with values rounded to 1/256, every hint in input order
 * (the reference solve), 80-82% of the reads there. But an evaluation
 * costs about what reading its bound does, roughly 55 instructions a pair
 * (cachegrind), so bounds read pair by pair save nothing. A
 * prototype read them for a block's 64 masks at once, in 16-byte vectors
 * of that byte table (32 MB more), for the block hints with 12 or more
 * pairs still open. It gave the same answers, but 1.049 of the
 * instructions and 1.19 and 1.14 of the time on the 25- and 40-hint boards
 * (natively, one core, whole-process timing, 7 pairs). A bound that costs no read:
 * once a hint's sums of size j are known, its values for K > j are at most
 * prefix(j + 1) + C(a, j+1)/C(u, j+1) (the chance that its first j + 1 cards
 * are own agents), so a hint could stop there when that is below the best
 * value so far. That would end 16-20% of the evaluations early on those two
 * boards and save 16-19% of their reads (7% on the 15-hint board), at the
 * price of a branch per size in every evaluation. Tried (not kept): 0.978
 * of the instructions on the 25-hint board, 13% more mispredicted
 * branches, 1.02 and 1.00 of the time on the 25- and 40-hint boards.
 * Nor in WASM (stop 59), where a read costs more: the j = 0 bound alone
 * (prefix(1) + a/u, with 1e-12 to spare for rounding), checked in the
 * block and pair hints' evaluations with an own agent against their pair's
 * best so far, ended 24% of those on the 40-hint board (10.3 of 42.8
 * million, counted natively; the same JSON), but took 1.12, 1.02, 1.21 and
 * 1.15 of the time on board(40, 2), (40, 5) and the 40- and 25-hint boards
 * (3 alternating pairs in one Node process), presumably as the branch
 * keeps the later reads from starting before it.
 * The first of those bounds (j = 0: a/u plus each miss's 1 - V' over u)
 * with each V' replaced by the least value of its block's 128 masks, kept
 * per block and team as blocks finish (2 MB), would cost one compare per
 * hint and pair, with no read (measured 2026-11-27, stop 52, not built):
 * it would skip 7%, 16% and 5% of the block hints' evaluations on the 25-,
 * 40- and 15-hint boards (the exact first-card bound, read pair by pair:
 * 30%, 36% and 15%), at about 70 instructions saved each: at most 1-3% of
 * the instructions, before the compares.
 * Nor entries taken whole from their partner across a block card c (stop
 * 55, built, not kept). With c a free bystander among the block cards
 * whose reveal changes few entries' codes (80%, 94% and 56% of the entries
 * hold their partner's code across it, c = 4, 2 and 2 on the 25-, 40- and
 * 15-hint boards: rock, in 1 hint; boat, in 3), let EQ_t(E) say that entry
 * E (c unrevealed) and E|c hold the same code for t, and UP_t(E) that
 * every entry above E without c has EQ_t: a bit per pair, from the
 * block's pairs done before it and a word of each block above by a card
 * outside it. UP_{1-t} held at 56% and 70% of the entries without c on the
 * 25- and 40-hint boards (15-hint: 1%). There every hint without c reads
 * the same values as at E|c (a lane hint's reads of E's own fuller lanes
 * too, from the fullest lane down, while they are the partner's), so
 * V_t(E) = max(M, C) at each lane, capped: M the partner's best over the
 * hints without c, C the best of c's hints at E; and M is the partner's
 * value wherever that is above the best of c's hints at E|c (checked on a
 * sample of the solved tables: the partner's value 94% and 70% of the
 * time). Built: at each such entry and team not yet a sure win, c's hints
 * evaluated at E and at E|c (a vector evaluation each: their sets hold no
 * lane card), and where the partner's value holds at every lane its code
 * copied, the pair hints and lane hints of that team skipped. The same
 * --json on the three bench boards (byte for byte; the unit tests' tables
 * not run), but only 0.76 and 0.51 million of 8.3 million entries and teams
 * were copied (1.41 and 1.38 million checked: most entries with UP are a
 * sure win after the block hints already), each saving less than its
 * check cost: 10.60 against 9.75 G instructions on the 25-hint board,
 * 10.73 against 8.97 G on the 40-hint one (gcc -O2).
 * Nor a 16-bit table and an exact pass (2026-11-26, not kept): the table
 * with each value rounded to 1/65535 solves in the same time (0.92-1.02 of
 * it) in 72 MB instead of 269 MB, and every hint value read from it is
 * within (FS + 1)/131070 of the exact one, so only the hints (and K) that
 * close to the best need exact values, found depth first from the position
 * asked about. But the positions that takes (every hint and K at the root,
 * then the near-best ones below) were 99% of codenames-15's states and 44%
 * of codenames-20's (43% keeping only exact ties), and over 600 MB on the
 * 25-card boards: 8.6 s against 0.2 s on the 15-hint one.
 * Nor interchangeable cards merged into counts (issue 14's direction,
 * counted in stop 61, not built): two free cards of the same identity held
 * by the same hints could be one count, but on bench/spread.mjs's boards
 * (board(M, 1..9)) only one pair of cards among the nine 25-hint boards and
 * none among the nine 40-hint ones are such (four pairs on the 15-hint
 * ones): with 2-4 cards a hint and a card in 3-5 hints, no two cards share
 * their hints.
 * Memory: the values are few. On the 25-card bench boards the 2^24 masks'
 * values, paired (S, S|1) per team, are 8 to 160 thousand distinct pairs of
 * doubles (of 2^24 pairs and teams; 71% are pairs of sure outcomes, 0 or
 * 1), and 24 random real-shaped boards gave 1 to 57 thousand distinct
 * values a team. So the table is a 4-byte code per pair and team, 4 bytes a
 * mask (4 MB at FS = 20, 64 MB at FS = 24), and a dictionary of the
 * distinct pairs (values.c: 16 bytes each and 8 of slots), which grows as
 * the solve meets new ones; with the solve's two bitmaps of 2^FS bits, the
 * 25-card boards take 72-77 MB where a table of doubles took 269 MB. A
 * read is a load of the code and a 16-byte load of the dictionary, which
 * stays in the caches. A new pair is looked up in a thread's cache of 1024
 * (91% of the lookups on the 25-hint board), then in the dictionary without
 * a lock (with one, two threads were 1.19 times slower than the table of
 * doubles), and given a code under one. Time against the table of doubles
 * (make bench-ab, 11 pairs; 15, 25 and 40 hints): natively on one core
 * 1.08, 0.99 and 0.85, in WASM 1.32, 1.16 and 1.04: the lookups cost more
 * than the smaller table saves there.
 * "Stays in the caches" is not so on every board: on bench/spread.mjs's
 * slowest boards the dictionary is big (stop 61, quads natively with AVX2:
 * 321 and 400 thousand distinct entries, 10 and 13 MB, on board(40, 2)
 * and (25, 7), against 48 thousand on board(40, 7), which takes 0.80-0.87 of
 * board(40, 2)'s time in WASM), and its reads were 53% of the misses of a
 * 32 KB first-level cache and 62% of those of a 1 MB second level on
 * board(40, 2) (cachegrind; board(40, 7): a third as many first-level
 * misses in finish_pair). Those reads have a long tail: the 16 sure
 * entries take 66% of them, the first 1,000 entries 84%, 20,000 93%,
 * 100,000 97% (board(40, 7): 1,000 take 96%). Putting the hot entries
 * together (by renumbering the codes as the solve goes) would at most halve
 * the lines they take: about 1% of the reads would move into a 1 MB cache;
 * not built.
 * codenames_estimate_bytes counts the codes, the bitmaps and a dictionary
 * of 1024 pairs, before allocating; a dictionary that grows past what the
 * budget leaves stops the solve with the same error (WR_ETOOBIG).
 *
 * Text input (games.md §2): `N T` / N words / N identities / `M` / M lines
 * `H w1 .. wH`. 1 <= N <= 25, 1 <= M <= 200, words 1..20 lowercase letters.
 * Extensions: a hint line may start with `label:` (1..20 lowercase letters or
 * digits, the colon attached); an identity in lowercase (`r b i a`) marks a
 * card already revealed. A position that is already decided (assassin
 * revealed, all of a team's agents revealed) is refused with WR_EINVAL.
 *
 * JSON analysis (codenames_write_json); card and hint indices are 0-based:
 *  {"game":"codenames","answer":P,"rule":"any"|"own-hints-only","toMove":"R"|"B",
 *   "words":["apple",..],"identities":["B","R","I","A",..],"revealed":[false,..],
 *   "remaining":{"R":r,"B":b,"I":i,"A":a},          unrevealed cards per identity
 *   "best":null | {"hint":h,"label":"alfred"|null,"k":K,"value":P,
 *            "outcomes":{"assassin":p,"win":p,"lose":p,"handover":[p0,..,pK]}},
 *   "hints":[{"label":"alfred"|null,"cards":[i,..],"unrevealed":u,"legal":true|false,
 *             "sameAs":h2|null,"values":[v1,..,vu]|null}, ..],
 *   "freeCards":F,"states":S}
 * answer = the win probability of the team to move (also best.value, or 0
 * when it has no legal hint: best is null). best = the first hint (input
 * order) and smallest K within 1e-12 of the maximum. outcomes: the turn's
 * chances of revealing the assassin, of winning during the turn (own last
 * agent hit), of losing during the turn (the opponent's last agent
 * revealed), and handover[k] of the turn ending, game undecided, after
 * exactly k hits; they sum to 1. values[K-1] = the team's win probability
 * giving that hint with number K; null for an illegal hint. sameAs = the
 * first earlier hint with the same unrevealed cards (same values), else
 * null. states = (mask, team) positions solved (terminal ones not counted).
 */
#ifndef WR_CODENAMES_H
#define WR_CODENAMES_H

#include <stddef.h>
#include <stdint.h>

#include "common/buf.h"
#include "common/solve.h"
#include "common/status.h"

#define CODENAMES_MAX_N 25
#define CODENAMES_MAX_HINTS 200
#define CODENAMES_MAX_WORD 20
#define CODENAMES_DEFAULT_DIGITS 4

enum { CODENAMES_RED = 0, CODENAMES_BLUE = 1 };

typedef struct codenames_hint {
    char label[CODENAMES_MAX_WORD + 1]; /* "" when the line had no label */
    int has_label;
    int ncards;
    unsigned char cards[CODENAMES_MAX_N]; /* board indices, in input order */
} codenames_hint;

typedef struct codenames_request {
    int n;       /* cards */
    int to_move; /* CODENAMES_RED or CODENAMES_BLUE */
    char words[CODENAMES_MAX_N][CODENAMES_MAX_WORD + 1];
    char ident[CODENAMES_MAX_N];              /* 'R', 'B', 'I', 'A' */
    unsigned char revealed[CODENAMES_MAX_N];  /* 1 = written in lowercase */
    int nhints;
    codenames_hint hints[CODENAMES_MAX_HINTS];
    int own_hints_only; /* the rule variant (option "own-hints-only"); parse sets 0 */
} codenames_request;

typedef struct codenames_outcomes {
    double assassin, win, lose;
    double handover[CODENAMES_MAX_N + 1]; /* [k] for k = 0..K */
} codenames_outcomes;

typedef struct codenames_result {
    int own_hints_only;
    int free_cards;  /* F */
    int64_t states;  /* non-terminal (mask, team) positions solved */
    double answer;   /* win probability of the team to move */
    /* Root analysis, one entry per hint of the request: */
    int *unrevealed; /* unrevealed cards of hint h */
    int *legal;
    int *same_as;    /* earlier hint with the same unrevealed set, or -1 */
    double *values;  /* values[h * CODENAMES_MAX_N + K - 1], K = 1..unrevealed[h] */
    int best_hint;   /* -1 when the team to move has no legal hint */
    int best_k;
    codenames_outcomes outcomes; /* of (best_hint, best_k) */
} codenames_result;

/* Parses and validates the text (contest format plus the extensions). */
int codenames_parse(const char *text, size_t len, codenames_request *req, wr_error *err);

/* Bytes the solve allocates. */
double codenames_estimate_bytes(const codenames_request *req);

/* Solves with the rule from req->own_hints_only. res is owned by the caller
 * and freed with codenames_result_free (also safe after a failure). */
int codenames_solve(const codenames_request *req, const wr_options *opt, codenames_result *res,
                    wr_error *err);
void codenames_result_free(codenames_result *res);

/* codenames_solve on this many threads (codenames_solve: one per CPU, at
 * most 8; WASM builds always solve on one). The results are the same bits
 * whatever the number. */
int codenames_solve_threads(const codenames_request *req, const wr_options *opt, codenames_result *res,
                            wr_error *err, int threads);

/* The same solve mask by mask, every hint through the plain evaluation (no
 * mask pairs, no plans): the test reference; its results are bit for bit
 * those of codenames_solve, several times slower. */
int codenames_solve_reference(const codenames_request *req, const wr_options *opt,
                              codenames_result *res, wr_error *err);

/* Test support: the whole table of positions of req's board, solved by
 * codenames_solve_threads and by the reference, compared value by value.
 * Returns -1 when every value is the same bits, the first index that
 * differs, -2 when a solve failed, or -3 when the fast solve's dictionary
 * holds an entry twice or cannot find one (cn_values_misfiled). */
int64_t codenames_tables_differ(const codenames_request *req, const wr_options *opt, int threads);

/* Test support: how many masks codenames_solve solves side by side for
 * req: 8 (octs: three free bystanders or more, in a build with AVX-512), 4
 * (quads: two, in a build with AVX or WASM SIMD), 2 (pairs: one), 1 (mask
 * by mask: none). */
int codenames_solve_lanes(const codenames_request *req);

/* A solved board kept for the positions that follow on it (the page's
 * "play it forward", one reveal after another). codenames_solve_keep answers
 * req from *table when req is *table's board with the same cards revealed
 * and more (same cards, identities, hints in the same order and rule; every
 * newly revealed card in some hint; either team to move): no solve, the same
 * bits as codenames_solve, whose sums run in board order whatever the
 * numbering of the cards. Otherwise it frees *table, solves req and keeps its
 * table in *table (NULL after a failure). *reused (may be NULL): 1 when the
 * answer came from the table. The memory budget applies as to a fresh solve.
 * The table belongs to the caller: codenames_table_free. */
typedef struct codenames_table codenames_table;
int codenames_solve_keep(const codenames_request *req, const wr_options *opt, codenames_result *res,
                         wr_error *err, codenames_table **table, int *reused);
double codenames_table_bytes(const codenames_table *table); /* 0 for NULL */
void codenames_table_free(codenames_table *table);

/* The contest answer: the win probability of the team to move. */
double codenames_answer(const codenames_result *res);

/* The team's win probability giving hint h with number k (1-based), or NAN
 * when that is not a legal choice. */
double codenames_value(const codenames_result *res, int h, int k);

void codenames_write_json(const codenames_request *req, const codenames_result *res, wr_buf *out);

extern const wr_game wr_game_codenames;

#endif
