/*
 * Equity: exact enumeration of board completions and seeded Monte Carlo.
 *
 * Hold'em sums each board's card keys once and adds every player's hole
 * key to it, so a showdown costs one table lookup per player.  Omaha ranks
 * each player's hand with the Omaha evaluator.
 */
#include "handrank.h"
#include "internal.h"

typedef struct {
    int game, n_players, hole_size;
    const uint8_t *holes;             /* n_players * hole_size */
    uint64_t hole_key[HANDRANK_MAX_PLAYERS], hole_bits[HANDRANK_MAX_PLAYERS];
    uint8_t board[5];
    handrank_tally *out;
} showdown_ctx;

HR_INLINE uint16_t finish(uint64_t key, uint64_t suits) {
    uint64_t flush = key & HANDRANK_FLUSH_BITS;
    if (flush) {
        unsigned shift = (unsigned)(hr_ctz64(flush) - HANDRANK_SUIT_SHIFT - 3) * 4;
        return handrank_flush[(suits >> shift) & 0x1fffu];
    }
    return hr_plain_hashed(hr_hash(key));
}

/* Credit one showdown given each player's rank. */
HR_INLINE void tally(handrank_tally *out, const uint16_t *rank, int n) {
    uint16_t best = 0xffff;
    int count = 0;
    for (int p = 0; p < n; p++) {
        if (rank[p] < best) {
            best = rank[p];
            count = 1;
        } else if (rank[p] == best) {
            count++;
        }
    }
    uint64_t part = HANDRANK_SHARE_UNIT / (uint64_t)count;
    for (int p = 0; p < n; p++) {
        if (rank[p] != best)
            continue;
        if (count == 1)
            out[p].wins++;
        else
            out[p].ties++;
        out[p].share += part;
        out[p].share_sq += part * part;
    }
}

/* One complete board: `key` and `bits` sum its five cards (Hold'em). */
HR_INLINE void showdown_holdem(showdown_ctx *ctx, uint64_t key, uint64_t bits) {
    int n = ctx->n_players;
    if (n == 2) {
        uint16_t a = finish(key + ctx->hole_key[0], bits | ctx->hole_bits[0]);
        uint16_t b = finish(key + ctx->hole_key[1], bits | ctx->hole_bits[1]);
        handrank_tally *out = ctx->out;
        if (a == b) {
            out[0].ties++; out[1].ties++;
            out[0].share += HANDRANK_SHARE_UNIT / 2; out[1].share += HANDRANK_SHARE_UNIT / 2;
            out[0].share_sq += (HANDRANK_SHARE_UNIT / 2) * (HANDRANK_SHARE_UNIT / 2);
            out[1].share_sq += (HANDRANK_SHARE_UNIT / 2) * (HANDRANK_SHARE_UNIT / 2);
        } else {
            handrank_tally *w = a < b ? &out[0] : &out[1];
            w->wins++;
            w->share += HANDRANK_SHARE_UNIT;
            w->share_sq += (uint64_t)HANDRANK_SHARE_UNIT * HANDRANK_SHARE_UNIT;
        }
        return;
    }
    uint16_t rank[HANDRANK_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        rank[p] = finish(key + ctx->hole_key[p], bits | ctx->hole_bits[p]);
    tally(ctx->out, rank, n);
}

static void showdown_omaha(showdown_ctx *ctx) {
    uint16_t rank[HANDRANK_MAX_PLAYERS];
    uint64_t triples[10];
    uint32_t suits = hr_omaha_prepare5(ctx->board, triples);
    for (int p = 0; p < ctx->n_players; p++)
        rank[p] = hr_omaha_prepared5(ctx->holes + p * ctx->hole_size, ctx->hole_size, ctx->board, triples, suits);
    tally(ctx->out, rank, ctx->n_players);
}

static void init_ctx(showdown_ctx *ctx, int game, const uint8_t *holes, int n_players, int hole_size,
                     handrank_tally *out) {
    ctx->game = game;
    ctx->holes = holes;
    ctx->n_players = n_players;
    ctx->hole_size = hole_size;
    ctx->out = out;
    if (game != HANDRANK_HOLDEM)
        return; /* Omaha ranks each hand from its cards */
    for (int p = 0; p < n_players; p++) {
        uint64_t key = 0, bits = 0;
        for (int j = 0; j < hole_size; j++) {
            key += handrank_card_key[holes[p * hole_size + j]];
            bits |= handrank_suit_bit[holes[p * hole_size + j]];
        }
        ctx->hole_key[p] = key;
        ctx->hole_bits[p] = bits;
    }
}

/* Draw the remaining `left` board cards from deck[start..n), keys summed so far. */
static uint64_t enum_rec(showdown_ctx *ctx, const uint8_t *deck, int n, int start, int stop, int left,
                         int filled, uint64_t key, uint64_t bits) {
    uint64_t boards = 0;
    if (left == 1 && ctx->game == HANDRANK_HOLDEM && ctx->n_players == 2) {
        /* Heads-up river loop with everything in registers: count, then credit once. */
        uint64_t k0 = key + ctx->hole_key[0], k1 = key + ctx->hole_key[1];
        uint64_t b0 = bits | ctx->hole_bits[0], b1 = bits | ctx->hole_bits[1];
        uint64_t won0 = 0, won1 = 0, tied = 0;
        for (int i = start; i < stop; i++) {
            uint64_t ck = handrank_card_key[deck[i]], sb = handrank_suit_bit[deck[i]];
            uint16_t a = finish(k0 + ck, b0 | sb), b = finish(k1 + ck, b1 | sb);
            won0 += a < b;
            won1 += b < a;
            tied += a == b;
        }
        const uint64_t unit = HANDRANK_SHARE_UNIT, half = HANDRANK_SHARE_UNIT / 2;
        handrank_tally *out = ctx->out;
        out[0].wins += won0;
        out[1].wins += won1;
        out[0].ties += tied;
        out[1].ties += tied;
        out[0].share += won0 * unit + tied * half;
        out[1].share += won1 * unit + tied * half;
        out[0].share_sq += won0 * unit * unit + tied * half * half;
        out[1].share_sq += won1 * unit * unit + tied * half * half;
        return (uint64_t)(stop > start ? stop - start : 0);
    }
    if (left == 1 && ctx->game == HANDRANK_HOLDEM) {
        for (int i = start; i < stop; i++)
            showdown_holdem(ctx, key + handrank_card_key[deck[i]], bits | handrank_suit_bit[deck[i]]);
        return (uint64_t)(stop > start ? stop - start : 0);
    }
    for (int i = start; i < stop; i++) {
        ctx->board[filled] = deck[i];
        uint64_t k = key + handrank_card_key[deck[i]], b = bits | handrank_suit_bit[deck[i]];
        if (left == 1) {
            showdown_omaha(ctx);
            boards++;
        } else {
            boards += enum_rec(ctx, deck, n, i + 1, n - left + 2, left - 1, filled + 1, k, b);
        }
    }
    return boards;
}

uint64_t handrank_enumerate(int game, const uint8_t *holes, int n_players, int hole_size,
                            const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                            int first_lo, int first_hi, handrank_tally *out) {
    showdown_ctx ctx;
    init_ctx(&ctx, game, holes, n_players, hole_size, out);
    uint64_t key = HANDRANK_KEY_BIAS, bits = 0;
    for (int j = 0; j < n_board; j++) {
        ctx.board[j] = board[j];
        key += handrank_card_key[board[j]];
        bits |= handrank_suit_bit[board[j]];
    }
    int left = 5 - n_board;
    if (left == 0) {
        if (first_lo > 0)
            return 0;
        if (game == HANDRANK_HOLDEM)
            showdown_holdem(&ctx, key, bits);
        else
            showdown_omaha(&ctx);
        return 1;
    }
    int last_first = n_deck - left + 1; /* the first card can be at most deck[n_deck - left] */
    if (first_hi > last_first)
        first_hi = last_first;
    if (first_lo >= first_hi)
        return 0;
    return enum_rec(&ctx, deck, n_deck, first_lo, first_hi, left, n_board, key, bits);
}

/* splitmix64: a small, well-mixed generator, written the same way in Python. */
HR_INLINE uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* floor(r * n / 2**64): a uniform draw below n from a 64-bit random number. */
HR_INLINE uint64_t below(uint64_t r, uint64_t n) {
#if defined(_MSC_VER) && !defined(__clang__)
    return __umulh(r, n);
#else
    return (uint64_t)(((unsigned __int128)r * n) >> 64);
#endif
}

int64_t handrank_monte_carlo(int game, int n_players, int hole_size, const uint8_t *combos,
                             const int64_t *offsets, const uint64_t *cum_weights,
                             const uint8_t *board, int n_board, uint64_t dead, uint64_t seed,
                             int64_t block_lo, int64_t block_hi, int64_t block_trials,
                             int64_t max_redraws, handrank_tally *out) {
    uint8_t holes[HANDRANK_MAX_PLAYERS * 6];
    /*
     * A range whose combos all weigh the same draws its index directly:
     * floor(below(r, n * w) / w) == below(r, n), the very combo the search finds.
     */
    int uniform[HANDRANK_MAX_PLAYERS];
    for (int p = 0; p < n_players; p++) {
        int64_t lo = offsets[p], n = offsets[p + 1] - lo;
        uniform[p] = n > 0;
        for (int64_t i = 1; i < n && uniform[p]; i++)
            uniform[p] = cum_weights[lo + i] - cum_weights[lo + i - 1] == cum_weights[lo];
    }
    uint64_t board_mask = 0;
    for (int j = 0; j < n_board; j++)
        board_mask |= 1ULL << board[j];
    int64_t trials = 0;
    for (int64_t block = block_lo; block < block_hi; block++) {
        uint64_t state = seed;
        state = next_random(&state) ^ (uint64_t)block;
        state = next_random(&state);
        for (int64_t t = 0; t < block_trials; t++) {
            uint64_t used;
            int64_t redraws = 0;
            for (;;) {
                used = board_mask | dead;
                int ok = 1;
                for (int p = 0; p < n_players && ok; p++) {
                    uint8_t *hole = holes + p * hole_size;
                    int64_t lo = offsets[p], n = offsets[p + 1] - lo;
                    if (n == 0) {
                        for (int j = 0; j < hole_size; j++) {
                            uint64_t c;
                            do c = below(next_random(&state), 52); while (used >> c & 1);
                            used |= 1ULL << c;
                            hole[j] = (uint8_t)c;
                        }
                        continue;
                    }
                    const uint64_t *cw = cum_weights + lo;
                    int64_t a = 0;
                    if (n == 1) {
                        /* a fixed hand draws nothing */
                    } else if (uniform[p]) {
                        a = (int64_t)below(next_random(&state), (uint64_t)n);
                    } else {
                        /* The first combo whose cumulative weight exceeds r, by a search
                         * without branches (a range of 1326 combos would mispredict ~11 times). */
                        uint64_t r = below(next_random(&state), cw[n - 1]);
                        for (int64_t len = n; len > 1;) {
                            int64_t half = len >> 1;
                            a = cw[a + half - 1] <= r ? a + half : a;
                            len -= half;
                        }
                    }
                    const uint8_t *combo = combos + (lo + a) * hole_size;
                    for (int j = 0; j < hole_size; j++) {
                        if (used >> combo[j] & 1)
                            ok = 0;
                        used |= 1ULL << combo[j];
                        hole[j] = combo[j];
                    }
                }
                if (ok)
                    break;
                if (++redraws >= max_redraws)
                    return -1;
            }
            showdown_ctx ctx;
            init_ctx(&ctx, game, holes, n_players, hole_size, out);
            uint64_t key = HANDRANK_KEY_BIAS, bits = 0;
            for (int j = 0; j < 5; j++) {
                uint64_t c;
                if (j < n_board) {
                    c = board[j];
                } else {
                    do c = below(next_random(&state), 52); while (used >> c & 1);
                    used |= 1ULL << c;
                }
                ctx.board[j] = (uint8_t)c;
                key += handrank_card_key[c];
                bits |= handrank_suit_bit[c];
            }
            if (game == HANDRANK_HOLDEM)
                showdown_holdem(&ctx, key, bits);
            else
                showdown_omaha(&ctx);
            trials++;
        }
    }
    return trials;
}
