/*
 * handrank: the C core of the handrank poker hand evaluator.
 *
 * Cards:  id = 4 * rank + suit, rank 0..12 = 2..A, suit 0..3 = c, d, h, s
 *         (2c = 0, 2d = 1, ..., As = 51).  A card mask has bit `id` set per card.
 * Ranks:  the equivalence class of the best five cards, 1..7462,
 *         1 = best (royal flush), 7462 = worst (7-5-4-3-2 offsuit).
 *
 * Single-hand functions assume valid input (5..7 distinct ids below 52):
 * the caller validates.  Batch functions validate every row themselves;
 * their input and `out` may sit at any address (no alignment is needed,
 * as for a numpy view at an odd offset), and they read each id once, so
 * input that another thread changes during the call can give wrong ranks
 * or a row reported invalid for the rows it touches, never a read outside
 * the tables.
 *
 * Memory: the caller allocates, always.  Nothing here calls malloc; a call
 * that needs room beyond its stack takes `scratch` from the caller, sized
 * by its *_scratch function (handrank_ranges_scratch,
 * handrank_combo_equity_scratch).
 * State: const tables, per-call state, and three mutable globals: the batch
 * kernel in use (handrank_simd_use, below), which every batch call reads,
 * how the AVX2 kernel hashes (handrank_avx2_gathers), chosen by timing
 * on its first use (a race there is harmless: either answer is right),
 * and whether its masks use AVX-VNNI (handrank_avx2_vnni), read from the
 * CPU.  Apart from setting one by hand, every function is safe to call
 * from any number of threads.
 *
 * Files (csrc/): one per concern, its SIMD kernels and batch entry points in
 * a paired *_simd.c: evaluate.c + evaluate_simd.c (5..7 cards, masks),
 * omaha.c + omaha_simd.c, combos.c, variants.c, equity.c, ranges.c,
 * isomorphism.c + isomorphism_simd.c, abstraction.c, showdown.c; cpu.c holds CPU detection and the
 * kernel choice; tables.c is generated.  Calls run one way (internal.h): a
 * *_simd.c file calls its scalar pair and cpu.c, never the reverse.
 */
#ifndef HANDRANK_H
#define HANDRANK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Rank of `n` (5..7) distinct valid card ids. */
uint16_t handrank_evaluate(const uint8_t *cards, int n);

/* Rank of a 52-bit card mask with 5..7 bits set. */
uint16_t handrank_evaluate_mask(uint64_t mask);

/*
 * Rank `n_rows` hands of `k` (5..7) uint8 card ids each, row i at rows + i *
 * row_stride, into out (stride in bytes).  Returns -1 when every row is
 * valid, else the index of the first invalid row (an id above 51 or a card
 * twice); rows before it are written.  Contiguous rows (row_stride == k)
 * into a contiguous `out` go to the kernel in use (handrank_simd_use).
 */
int64_t handrank_evaluate_batch(const uint8_t *rows, int k, ptrdiff_t row_stride, int64_t n_rows, uint16_t *out,
                                ptrdiff_t out_stride);

/*
 * Rank `n` card masks (byte stride `stride`).  Returns -1 when every mask is
 * valid, else the index of the first one with a bit above 51 or a popcount
 * outside 5..7; masks before it are written.
 */
int64_t handrank_evaluate_masks(const uint64_t *masks, int64_t n, ptrdiff_t stride,
                                uint16_t *out, ptrdiff_t out_stride);

/*
 * Every two-card combo of `combos` (n pairs of ids, contiguous) with one
 * board of n_board = 3..5 distinct ids: out[i] is the class of combo i
 * and the board, or HANDRANK_BLOCKED where the combo holds a board card.
 * The ids are valid and each combo's two differ (the caller checks).
 */
#define HANDRANK_BLOCKED 65535
void handrank_rank_combos(const uint8_t *board, int n_board, const uint8_t *combos, int64_t n, uint16_t *out);

/*
 * Each hero combo's showdowns against weighted villain combos over every
 * completion of a 3..5-card board to five from the n_deck cards of `deck`
 * (distinct, none on the board): combos are numbered as in
 * handrank_rank_combos' all-combos order (pairs a < b, by a then b);
 * villain[c] is combo c's weight (0 for none, and for combos meeting the
 * board or dead cards); heroes[i] the number of hero combo i (none meets
 * the board).  Adds to wins[i], ties[i] and total[i] the villain weight
 * that it beats, ties and faces, runout by runout (a runout holding one of
 * its cards counts for neither).  Only the villain's combos and the heroes
 * are ranked, so narrow ranges cost little.  The caller keeps the sums below
 * 2**63.  `scratch` holds handrank_combo_equity_scratch() bytes, at any
 * alignment.
 */
size_t handrank_combo_equity_scratch(void);
void handrank_combo_equity(const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                           const int64_t *villain, const int32_t *heroes, int64_t n_heroes, void *scratch,
                           int64_t *wins, int64_t *ties, int64_t *total);

/*
 * The same for Omaha holes of hole_size (4..6) cards, runout by runout:
 * n_runouts runouts of 5 - n_board cards each (`runouts`, one after
 * another; none on the board), the board completed by each in turn.
 * villains: n_villains holes (hole_size ids each, none on the board or
 * dead) with their weights; heroes: n_heroes holes (none on the board).
 * Adds to wins[i], ties[i] and total[i] the villain weight hero i beats,
 * ties and faces on each runout that spares its cards, the villain holes
 * sharing a card with it or with the runout left out.  Every hole is
 * ranked once a runout, and the villain weight summed in rank order, over
 * all holes and over the holes holding each card.  The caller keeps the
 * sums below 2**63.  `scratch` holds handrank_omaha_combo_equity_scratch()
 * bytes for the same holes (it grows with the pairs of a villain and a hero
 * hole sharing two cards or more), at any alignment.
 */
size_t handrank_omaha_combo_equity_scratch(const uint8_t *villains, int64_t n_villains, const uint8_t *heroes,
                                           int64_t n_heroes, int hole_size);
void handrank_omaha_combo_equity(const uint8_t *board, int n_board, const uint8_t *runouts, int64_t n_runouts,
                                 int hole_size, const uint8_t *villains, const int64_t *weights, int64_t n_villains,
                                 const uint8_t *heroes, int64_t n_heroes, void *scratch, int64_t *wins,
                                 int64_t *ties, int64_t *total);

/*
 * The same against a random Omaha hole of k = 4..6 cards: every k cards of
 * the deck (neither on the board completed by the runout, nor `dead`, a
 * card mask, nor the hero's) with weight 1.  Heroes: n_heroes k-card holes
 * (none on the board).  Each runout counts the villain holes by class
 * without listing them: the pairs of live cards, each with the class its
 * two cards make with the board, join a graph from the worst class to the
 * best, and a hole is a clique of k cards whose class is that of the
 * pair that completes it; a hero's count comes when the graph holds the
 * pairs worse than it (then those as good), from the cliques counted so
 * far less those meeting its cards (inclusion and exclusion, by bit
 * masks).  `scratch` holds handrank_omaha_random_equity_scratch(n_heroes)
 * bytes, at any alignment.
 */
size_t handrank_omaha_random_equity_scratch(int64_t n_heroes);
void handrank_omaha_random_equity(const uint8_t *board, int n_board, const uint8_t *runouts, int64_t n_runouts,
                                  uint64_t dead, int k, const uint8_t *heroes, int64_t n_heroes, void *scratch,
                                  int64_t *wins, int64_t *ties, int64_t *total);

/*
 * Hand strength against a uniformly random opponent hand, for abstraction
 * features.  On a river board a combo's strength is 2 wins + ties against
 * the 990 combos of the cards left (HANDRANK_STRENGTH_UNIT for a hand no
 * other beats or ties).  For a board of n_board = 3..5 distinct ids (valid:
 * the caller checks), over every runout to five, each of the 1,326 combos
 * (by number, as in handrank_combo_equity) gets: sums[c], the sum of its
 * strengths; squares[c] (or NULL), of their squares; hist[c * bins + i]
 * (or NULL), how many runouts its strength falls in bin i of `bins` equal
 * bins of 0..STRENGTH_UNIT (the top one closed); next_hist (flops only, else
 * NULL), how many turn cards its equity on the turn (the mean over the 46
 * rivers) falls in bin i; and with n_groups > 0 groups of opponent combos
 * (group[c] < n_groups for every combo), group_wins[c * n_groups + x], 2
 * wins + ties against group x's combos, and group_faced[...], how many it
 * faces.  Every output is written whole; combos meeting the board get 0s.
 * With `heroes` (n_heroes combo numbers, at most STRENGTH_MAX_HEROES; -1s
 * are skipped) only those combos get counts, each counted straight against
 * the others (for a few combos, faster than ranking them all in order); the
 * rest get 0s.  `scratch` holds handrank_strength_scratch(n_groups) bytes,
 * at any alignment.
 */
#define HANDRANK_STRENGTH_UNIT 1980
#define HANDRANK_STRENGTH_MAX_HEROES 64
size_t handrank_strength_scratch(int n_groups);
void handrank_strength(const uint8_t *board, int n_board, const int16_t *heroes, int n_heroes, int bins,
                       const uint8_t *group, int n_groups, void *scratch, uint32_t *sums, uint64_t *squares,
                       uint32_t *hist, uint32_t *next_hist, uint32_t *group_wins, uint32_t *group_faced);

/*
 * Showdown values for solvers (showdown.c, showdown_simd.c).  A river
 * board (five valid, distinct card ids: the caller checks) prepared once
 * holds its 1,081 live combos (those meeting no board card) worst first,
 * in quads: the live combos of one class sharing their first card a and
 * their second card's rank (cards 4r..4r+3, a lane each).  For each quad,
 * in the order the sweep takes them: its slot (the number, as in
 * handrank_combo_equity, of combo (a, 4r) plus one: the lanes' combos are
 * slot - 1 + lane), where its class's run of quads ends (the index after
 * it), at the first quad of each run the ranks its combos hold (bit r:
 * cards 4r..4r+3), then a, 4r, and 16 times the lanes it holds (bit l:
 * lane l).  Then the count of quads, the numbers of the 245 combos meeting
 * the board and the board's cards; within a run the quads take their
 * second ranks in turn.  10,226 bytes.  For an
 * opponent's reach by combo number (1,326 values; those of combos meeting
 * the board ignored), handrank_showdown_values writes value[h] = the reach
 * of the opponent's combos that h beats less the reach of those that beat
 * it, over the combos sharing no card with h (0 for combos meeting the
 * board), and handrank_blocked_reach out[h] = the reach of the combos
 * sharing no card with h.  Double and float (_f32) forms.  Each reads the
 * reach once and returns -1, or the first combo whose reach is negative or
 * not a number or infinite (HANDRANK_SHOWDOWN_TOO_LARGE where each is
 * finite but their sum is not), the output then unspecified.
 */
#define HANDRANK_SHOWDOWN_COMBOS 1326
#define HANDRANK_SHOWDOWN_LIVE 1081
#define HANDRANK_SHOWDOWN_DEAD 245
#define HANDRANK_SHOWDOWN_TOO_LARGE (-2)
typedef struct {
    uint16_t slot[HANDRANK_SHOWDOWN_LIVE]; /* a quad's: at most 1,081 quads, one a live combo */
    uint16_t end[HANDRANK_SHOWDOWN_LIVE];
    uint16_t ranks[HANDRANK_SHOWDOWN_LIVE];
    uint16_t dead[HANDRANK_SHOWDOWN_DEAD];
    uint16_t quads;
    uint8_t first[HANDRANK_SHOWDOWN_LIVE];
    uint8_t second[HANDRANK_SHOWDOWN_LIVE];
    uint8_t lanes[HANDRANK_SHOWDOWN_LIVE];
    uint8_t board[5];
} handrank_showdown_board;
#define HANDRANK_SHOWDOWN_BOARD_WORDS 5113 /* sizeof (handrank_showdown_board) / 2: uint16 words, no padding */
void handrank_showdown_prepare(const uint8_t *board, handrank_showdown_board *out);
int handrank_showdown_values(const handrank_showdown_board *board, const double *reach, double *value);
int handrank_showdown_values_f32(const handrank_showdown_board *board, const float *reach, float *value);
int handrank_blocked_reach(const handrank_showdown_board *board, const double *reach, double *out);
int handrank_blocked_reach_f32(const handrank_showdown_board *board, const float *reach, float *out);
/* handrank_showdown_values for n_rows nodes on one board (reach and value rows of 1,326, one after another):
   -1, or at the first bad row r, r * 1,327 + the combo (1,326 for the sum too large). */
int handrank_showdown_values_rows(const handrank_showdown_board *board, const double *reach, size_t n_rows,
                                  double *value);
int handrank_showdown_values_rows_f32(const handrank_showdown_board *board, const float *reach, size_t n_rows,
                                      float *value);

/*
 * The same over a list of Omaha holes (showdown.c): n_holes holes of `cards` (4..6) cards each, ranked on
 * one board by the caller, who lists what the kernel needs.  The live holes (meeting no board card) in rank
 * order, worst first (`order`: hole numbers), `end[q]` where the run of ties of the q-th ends, and for each
 * one the ids (below n_ids) of the 2^cards - 1 subsets of its cards, by size (the single cards, then the
 * pairs, ...; one id a subset, whichever holes hold it); `dead` the holes meeting the board.  `scratch`
 * holds n_ids + n_live values.  value[h] (or with `blocked`, the reach h can face) as for combos, by hole
 * number; the same answers as handrank_showdown_values.
 */
typedef struct {
    int cards, n_holes, n_live, n_dead;
    uint32_t n_ids;
    const uint32_t *order, *end, *subsets, *dead;
} handrank_omaha_showdown_board;
int handrank_omaha_showdown(const handrank_omaha_showdown_board *board, const double *reach, double *scratch,
                            double *value, int blocked);
int handrank_omaha_showdown_f32(const handrank_omaha_showdown_board *board, const float *reach, float *scratch,
                                float *value, int blocked);

/*
 * The kernel for the contiguous rows of handrank_evaluate_batch and
 * handrank_evaluate_omaha_batch (AVX-512 and AVX2 only) and the contiguous
 * masks of handrank_evaluate_masks, chosen at run time: the scalar
 * one always, AVX-512 (F, BW, VL, VBMI, VPOPCNTDQ, VNNI, BITALG, with GFNI and BMI2) and AVX2 on x86-64
 * builds by GCC or Clang whose CPU has them, NEON (rows; masks stay scalar) on
 * aarch64 builds by GCC or Clang.  Same classes and the same first invalid row,
 * whichever runs.
 */
enum handrank_simd { HANDRANK_SIMD_SCALAR = 0, HANDRANK_SIMD_AVX2 = 1, HANDRANK_SIMD_AVX512 = 2, HANDRANK_SIMD_NEON = 3 };

/* The kernels this build offers on this CPU, as bits 1 << kernel (the scalar one always). */
unsigned handrank_simd_available(void);

/* Use `kernel` from now on, process-wide (a mutable global): 0, or -1 (nothing changes) where
   it is not available.  Not for a moment when batch calls run on other threads. */
int handrank_simd_use(enum handrank_simd kernel);

/* The kernel in use. */
enum handrank_simd handrank_simd_active(void);

/*
 * How the AVX2 kernel hashes its rank keys: 1 by gathers, 0 by scalar loads
 * (the same classes either way).  The first call of the kernel, or of this
 * function, chooses by timing both; `mode` 0 or 1 sets it from then on,
 * process-wide (not for a moment when batch calls run on other threads),
 * any other value only reads it.  Returns the way in use before, or -1
 * (nothing changes) where this build and CPU offer no AVX2 kernel.
 */
int handrank_avx2_gathers(int mode);

/*
 * Whether the AVX2 masks kernel sums with AVX-VNNI's vpdpbusd (1) or
 * with vpmaddubsw and vpmaddwd (0): the same classes either way.  On from
 * the start where this build and CPU offer AVX-VNNI; `mode` 0 or 1 sets
 * it from then on, process-wide (not for a moment when batch calls run
 * on other threads), any other value only reads it.  Returns the setting
 * before, or -1 (nothing changes) where this build and CPU offer no AVX2
 * kernel with AVX-VNNI.
 */
int handrank_avx2_vnni(int mode);

/*
 * Rank of an Omaha hand: the best five made of exactly two of the `n_hole`
 * (4..6) hole cards and exactly three of the `n_board` (3..5) board cards.
 * All ids valid and distinct.
 */
uint16_t handrank_evaluate_omaha(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board);

/*
 * Rank `n_rows` Omaha hands: row i has `n_hole` uint8 ids at
 * holes + i * hole_stride and `n_board` at boards + i * board_stride
 * (0 shares one board), both contiguous within the row.  Returns -1 when
 * every row is valid, else the first row with an id above 51 or a card
 * twice (hole and board together); rows before it are written.
 */
int64_t handrank_evaluate_omaha_batch(const uint8_t *holes, int n_hole, ptrdiff_t hole_stride,
                                      const uint8_t *boards, int n_board, ptrdiff_t board_stride,
                                      int64_t n_rows, uint16_t *out, ptrdiff_t out_stride);

/*
 * The other rankings (variants.c), each numbered from 1 = best:
 * short deck (36 cards, 6 to A; A-6-7-8-9 the lowest straight; a flush
 * beats a full house), with straights above three of a kind or below them;
 * ace-to-five low (aces low, straights and flushes do not count), its
 * eight-or-better form (HANDRANK_NO_LOW when no five different ranks A..8),
 * and deuce-to-seven low (aces high, straights and flushes count against).
 */
/* The class of a hand with no eight-or-better low (above every class, so it sorts last). */
#define HANDRANK_NO_LOW 65535

enum handrank_rules {
    HANDRANK_SHORT_DECK = 0,       /* 1..1404 */
    HANDRANK_SHORT_DECK_TRIPS = 1, /* 1..1404, three of a kind above straights */
    HANDRANK_LOW_A5 = 2,           /* 1..6175 */
    HANDRANK_LOW_EIGHT = 3,        /* 1..56, else HANDRANK_NO_LOW */
    HANDRANK_LOW_27 = 4,           /* 1..7462 */
};

/* The class of 5..7 cards under `rules`: ids valid and distinct (short deck: 16..51). */
uint16_t handrank_evaluate_rules(const uint8_t *cards, int n, enum handrank_rules rules);

/*
 * Classes of `n_rows` rows of `k` (5..7) uint8 ids, row i at rows + i *
 * row_stride, into out (any address, stride in bytes).  Returns -1 when every
 * row is valid, else the first row with an id above 51 (short deck: below
 * 16), or a card twice; rows before it are written.
 */
int64_t handrank_evaluate_rules_batch(const uint8_t *rows, int k, ptrdiff_t row_stride, int64_t n_rows,
                                      enum handrank_rules rules, uint16_t *out, ptrdiff_t out_stride);

/*
 * Omaha eight-or-better low: the best ace-to-five low of exactly two hole
 * and three board cards of five different ranks A..8 (1..56), else
 * HANDRANK_NO_LOW.  The batch works as handrank_evaluate_omaha_batch.
 */
uint16_t handrank_evaluate_omaha_low(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board);
int64_t handrank_evaluate_omaha_low_batch(const uint8_t *holes, int n_hole, ptrdiff_t hole_stride,
                                          const uint8_t *boards, int n_board, ptrdiff_t board_stride,
                                          int64_t n_rows, uint16_t *out, ptrdiff_t out_stride);

/* Games for the equity kernels. */
enum handrank_game { HANDRANK_HOLDEM = 0, HANDRANK_OMAHA = 1 };

/* The largest number of players the equity kernels take. */
#define HANDRANK_MAX_PLAYERS 10
/* A tie among k players gives each HANDRANK_SHARE_UNIT / k: exact for k <= 10. */
#define HANDRANK_SHARE_UNIT 2520

/*
 * What one player got over many showdowns.  share sums the player's part of
 * each pot in units of 1 / HANDRANK_SHARE_UNIT (a sole win is the whole unit);
 * share_sq sums its squares, for the variance of a Monte Carlo estimate.
 */
typedef struct {
    uint64_t wins, ties, share, share_sq;
} handrank_tally;

/* The ten categories of a high hand, best first: 0 royal flush, 1 straight flush ... 9 high card. */
#define HANDRANK_CATEGORIES 10

/*
 * What one player won and tied with each category of their hand (the hand
 * that took or split the pot): wins[c] and ties[c] count showdowns as the
 * tally's wins and ties do, by category c.  Every kernel that takes a
 * handrank_tally *out takes a handrank_hand_types *types beside it: NULL
 * counts nothing (and costs nothing), else n_players entries are added to.
 */
typedef struct {
    uint64_t wins[HANDRANK_CATEGORIES], ties[HANDRANK_CATEGORIES];
} handrank_hand_types;

/*
 * Exact enumeration: every way to complete `board` (n_board cards) to five
 * cards from `deck` (n_deck cards in ascending order, none held by a
 * player, on the board or dead), for `n_players` players holding
 * `hole_size` cards each in `holes`.  The work is cut into items numbered
 * in a fixed order (Hold'em: multisets of board ranks, then sets of suited
 * cards that make a flush; Omaha: the first card drawn); this call does the
 * items i with i % parts == part, so parts calls with part = 0..parts-1
 * together do all of it.  Adds to out[0..n_players) and returns the number
 * of boards its items stand for (C(n_deck, 5 - n_board) over all parts).
 * One part's counts, read as int64_t, may be negative (it can take back
 * showdowns another part credits); those of all parts add up to the true ones.
 */
uint64_t handrank_enumerate(enum handrank_game game, const uint8_t *holes, int n_players, int hole_size,
                            const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                            int part, int parts, handrank_tally *out, handrank_hand_types *types);

/*
 * Weighted ranges for exact enumeration, one per player: player p's combos
 * are combos[offsets[p] .. offsets[p + 1]) (hole_size ids each, none dead;
 * on a flop or later a combo that meets the board is in no matchup), each
 * with its integer weight.
 */
typedef struct {
    enum handrank_game game;
    int n_players, hole_size;
    const uint8_t *combos;
    const int64_t *offsets;
    const uint64_t *weights;
} handrank_ranges;

/*
 * Heads-up Hold'em ranges with two, one or no board cards to come are counted
 * matchup by matchup (by multisets of board ranks) when their raw matchups,
 * the product of their combo counts, are at most this many times their
 * combos, the sum; otherwise runout by runout.  The cheaper of the two, as
 * measured (benchmarks/bench_equity.py).
 */
#define HANDRANK_SHARED_FLOP 100
#define HANDRANK_SHARED_TURN 24
#define HANDRANK_SHARED_RIVER 4

/* Bytes of scratch memory handrank_enumerate_ranges needs for these ranges. */
size_t handrank_ranges_scratch(const handrank_ranges *ranges);

/*
 * Exact enumeration of ranges: every way to complete `board` (n_board
 * cards) to five from `deck` (n_deck cards, none on the board or dead; a
 * card every deal holds may be left out), and on each such runout every
 * matchup of pairwise disjoint combos that miss it, weighted by the product
 * of their weights.  `perms` holds n_perms suit relabellings (4 bytes each,
 * suit s -> perms[4 g + s]), a group that leaves the board, the dead cards
 * and every range with its weights unchanged (n_perms <= 1: none): of the
 * runouts a relabelling maps onto each other only the one with the smallest
 * card mask is settled, counted as many times as its orbit has runouts.
 * Work items are the first card drawn (deck[i] for i % parts == part; a full
 * board is one item, done by part 0); in Hold'em with three players or
 * more, and heads-up on a flop, turn or river when the ranges make few
 * matchups (see HANDRANK_SHARED_FLOP), whose matchups are counted by
 * multisets of board ranks instead (each combo ranked once per multiset for
 * all its matchups, when at most two cards are to come), they are the
 * matchups of disjoint combos, in the order of nested loops over the
 * players' combos (`perms` unused).  Adds to
 * out[0..n_players) and returns the runouts counted (all of them by part 0
 * in the second case).  The caller keeps the sums below 2**63:
 * runouts x the product of the ranges' total weights x
 * HANDRANK_SHARE_UNIT**2.  `scratch` holds handrank_ranges_scratch(ranges)
 * bytes, at any alignment.
 */
uint64_t handrank_enumerate_ranges(const handrank_ranges *ranges, const uint8_t *board, int n_board,
                                   const uint8_t *deck, int n_deck, const uint8_t *perms, int n_perms, int part,
                                   int parts, void *scratch, handrank_tally *out, handrank_hand_types *types);

/*
 * Monte Carlo over trial blocks [block_lo, block_hi) of `block_trials`
 * each; block b draws from its own stream seeded by (seed, b), so results
 * do not depend on how blocks are spread over threads.  Player p draws a
 * hand from combos[offsets[p] .. offsets[p + 1]) (hole_size ids each) with
 * probability proportional to the step in cum_weights (cumulative integer
 * weights; a span of one combo draws no random number), or, when that span
 * is empty, `hole_size` random cards (avoiding excluded[p]).  The drawn
 * hands (combos, and random hands with excluded cards) come first, each
 * from its own odds, and a deal in which they collide with each other, the
 * board or `dead` is redrawn whole; random hands without excluded cards
 * are then dealt from the cards left, and the board after them.
 * Adds to out[0..n_players); returns the number of trials, or -1 when some
 * trial was redrawn `max_redraws` times in a row (the ranges leave almost
 * no possible deal).
 */
int64_t handrank_monte_carlo(enum handrank_game game, int n_players, int hole_size, const uint8_t *combos,
                             const int64_t *offsets, const uint64_t *cum_weights,
                             const uint8_t *board, int n_board, uint64_t dead, const uint64_t *excluded,
                             uint64_t seed, int64_t block_lo, int64_t block_hi, int64_t block_trials,
                             int64_t max_redraws, handrank_tally *out, handrank_hand_types *types);

/*
 * Hand isomorphism (isomorphism.c): a hand dealt in rounds maps to the index
 * of its class under relabellings of the suits, every street numbered densely
 * 0 .. size - 1.  A street's numbering is its tables, built by the caller
 * (src/handrank/_iso_tables.py states them): the configurations of its four
 * suit shapes, HANDRANK_ISO_CONFIG_WORDS uint64 words each (offset, the four
 * positions' multipliers, the suits after each in its group a byte each, the
 * four sorted shape codes 16 bits each, the number of classes), sorted by
 * offset, their perfect hash, and the tables every street shares.
 */
#define HANDRANK_ISO_MAX_ROUNDS 8
#define HANDRANK_ISO_CONFIG_WORDS 8
typedef struct {
    int n_rounds;                               /* 1..HANDRANK_ISO_MAX_ROUNDS */
    uint8_t rounds[HANDRANK_ISO_MAX_ROUNDS];    /* cards dealt in each round */
    uint32_t radix[HANDRANK_ISO_MAX_ROUNDS];    /* a shape's code: sum of count[r] * radix[r] */
    int lowest;                                 /* the deck's lowest card id: 0, or 16 (short deck) */
    uint64_t size;                              /* classes on this street */
    const uint64_t *configs;                    /* n_configs records, by offset */
    int64_t n_configs;
    const uint16_t *slots;                      /* configuration by (codes * hash_mul) >> hash_shift */
    uint64_t hash_mul;
    int hash_shift;
    const uint16_t *colex;                      /* 8192: count << 12 | colex rank of a rank mask */
    const uint16_t *subsets;                    /* 8192: the masks of k bits in colex order, k = 0..13 */
    const uint16_t *subset_start;               /* 14: where the masks of k bits start */
    const uint16_t *squeeze_low;                /* 128 x 128: low 7 ranks squeezed, places left << 8 */
    const uint8_t *squeeze_high;                /* 64 x 64: high 6 ranks squeezed */
    const uint64_t *binomial;                   /* 14 x 14 */
} handrank_iso_street;

/*
 * The index of each of `n` contiguous rows of uint8 card ids (the rounds'
 * cards in turn) into out.  Returns -1 when every row is valid, else the
 * first invalid row (an id outside lowest..51 or a card twice); rows before
 * it are written.
 */
int64_t handrank_iso_index(const handrank_iso_street *street, const uint8_t *rows, int64_t n, uint64_t *out);

/*
 * The canonical hand of each of `n` indices into contiguous rows of out
 * (the rounds' cards in turn, each round's by id; the suit hands from the
 * highest as clubs, diamonds, hearts, spades).  Returns -1 when every index
 * is below the street's size, else the first that is not; rows before it
 * are written.
 */
int64_t handrank_iso_unindex(const handrank_iso_street *street, const uint64_t *indices, int64_t n, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif /* HANDRANK_H */
