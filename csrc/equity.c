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
    enum handrank_game game;
    int n_players, hole_size;
    const uint8_t *holes;             /* n_players * hole_size */
    uint64_t hole_key[HANDRANK_MAX_PLAYERS], hole_bits[HANDRANK_MAX_PLAYERS];
    uint8_t board[5];
    handrank_tally *out;
} showdown_ctx;

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
        uint16_t a = hr_finish(key + ctx->hole_key[0], bits | ctx->hole_bits[0]);
        uint16_t b = hr_finish(key + ctx->hole_key[1], bits | ctx->hole_bits[1]);
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
        rank[p] = hr_finish(key + ctx->hole_key[p], bits | ctx->hole_bits[p]);
    tally(ctx->out, rank, n);
}

static void showdown_omaha(showdown_ctx *ctx) {
    uint16_t rank[HANDRANK_MAX_PLAYERS];
    uint64_t triples[10];
    uint32_t suits = handrank_omaha_prepare5(ctx->board, triples);
    for (int p = 0; p < ctx->n_players; p++) {
        const uint8_t *hole = ctx->holes + p * ctx->hole_size;
        rank[p] = handrank_omaha_prepared5(hole, ctx->hole_size, ctx->board, triples, suits);
    }
    tally(ctx->out, rank, ctx->n_players);
}

static void init_ctx(showdown_ctx *ctx, enum handrank_game game, const uint8_t *holes, int n_players, int hole_size,
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
            uint16_t a = hr_finish(k0 + ck, b0 | sb), b = hr_finish(k1 + ck, b1 | sb);
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

uint64_t handrank_enumerate(enum handrank_game game, const uint8_t *holes, int n_players, int hole_size,
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

/* What every trial of one Monte Carlo run deals from. */
typedef struct {
    enum handrank_game game;
    int n_players, hole_size, n_board;
    const uint8_t *combos, *board;
    const int64_t *offsets;
    const uint64_t *cum_weights;
    uint64_t taken;                    /* the board's and the dead cards: never dealt */
    const uint64_t *excluded;          /* per player: cards a random hand may not hold */
    int uniform[HANDRANK_MAX_PLAYERS]; /* player p's combos all weigh the same */
} mc_spec;

/*
 * A range whose combos all weigh the same draws its index directly:
 * floor(below(r, n * w) / w) == below(r, n), the very combo the search finds.
 */
static void find_uniform(mc_spec *mc) {
    for (int p = 0; p < mc->n_players; p++) {
        const uint64_t *cw = mc->cum_weights + mc->offsets[p];
        int64_t n = mc->offsets[p + 1] - mc->offsets[p];
        int uniform = n > 0;
        for (int64_t i = 1; i < n && uniform; i++)
            uniform = cw[i] - cw[i - 1] == cw[0];
        mc->uniform[p] = uniform;
    }
}

/* Block b's stream, from (seed, b) alone, so a block draws the same wherever and whenever it runs. */
HR_INLINE uint64_t block_stream(uint64_t seed, int64_t block) {
    uint64_t state = seed;
    state = next_random(&state) ^ (uint64_t)block;
    return next_random(&state);
}

/* A card in neither *used nor `avoid`, uniform by rejection, added to *used. */
HR_INLINE uint8_t draw_card(uint64_t *state, uint64_t *used, uint64_t avoid) {
    uint64_t c;
    do c = below(next_random(state), 52); while ((*used | avoid) >> c & 1);
    *used |= 1ULL << c;
    return (uint8_t)c;
}

/* Which of n > 1 combos to take, by the cumulative weights cw of just those combos. */
HR_INLINE int64_t draw_combo(uint64_t *state, const uint64_t *cw, int64_t n, int uniform) {
    if (uniform)
        return (int64_t)below(next_random(state), (uint64_t)n);
    /* The first combo whose cumulative weight exceeds r, by a search
     * without branches (a range of 1326 combos would mispredict ~11 times). */
    uint64_t r = below(next_random(state), cw[n - 1]);
    int64_t a = 0;
    for (int64_t len = n; len > 1;) {
        int64_t half = len >> 1;
        a = cw[a + half - 1] <= r ? a + half : a;
        len -= half;
    }
    return a;
}

/* Player p's hand into `hole`, from its range or (none given) the deck; 0 when a combo hits a used card. */
HR_INLINE int draw_hand(const mc_spec *mc, int p, uint64_t *state, uint64_t *used, uint8_t *hole) {
    int64_t lo = mc->offsets[p], n = mc->offsets[p + 1] - lo;
    if (n == 0) {
        for (int j = 0; j < mc->hole_size; j++)
            hole[j] = draw_card(state, used, mc->excluded[p]);
        return 1;
    }
    /* a fixed hand draws nothing */
    int64_t a = n == 1 ? 0 : draw_combo(state, mc->cum_weights + lo, n, mc->uniform[p]);
    const uint8_t *combo = mc->combos + (lo + a) * mc->hole_size;
    int ok = 1;
    for (int j = 0; j < mc->hole_size; j++) {
        if (*used >> combo[j] & 1)
            ok = 0;
        *used |= 1ULL << combo[j];
        hole[j] = combo[j];
    }
    return ok;
}

/*
 * Every player's hand into `holes`, their cards added to *used.  A deal in
 * which a combo meets a card already used is dropped and redrawn whole, so
 * every possible deal keeps the odds its weights give it; 0 after
 * `max_redraws` such deals in a row.
 */
HR_INLINE int deal_hands(const mc_spec *mc, int64_t max_redraws, uint64_t *state, uint64_t *used, uint8_t *holes) {
    for (int64_t redraws = 0;;) {
        *used = mc->taken;
        int ok = 1;
        for (int p = 0; p < mc->n_players && ok; p++)
            ok = draw_hand(mc, p, state, used, holes + p * mc->hole_size);
        if (ok)
            return 1;
        if (++redraws >= max_redraws)
            return 0;
    }
}

/* The board's missing cards from the stream into ctx->board; the five cards' keys summed and suit bits ORed. */
HR_INLINE void complete_board(const mc_spec *mc, uint64_t *state, uint64_t used, showdown_ctx *ctx, uint64_t *key,
                              uint64_t *bits) {
    uint64_t k = HANDRANK_KEY_BIAS, b = 0;
    for (int j = 0; j < 5; j++) {
        uint8_t c = j < mc->n_board ? mc->board[j] : draw_card(state, &used, 0);
        ctx->board[j] = c;
        k += handrank_card_key[c];
        b |= handrank_suit_bit[c];
    }
    *key = k;
    *bits = b;
}

int64_t handrank_monte_carlo(enum handrank_game game, int n_players, int hole_size, const uint8_t *combos,
                             const int64_t *offsets, const uint64_t *cum_weights,
                             const uint8_t *board, int n_board, uint64_t dead, const uint64_t *excluded,
                             uint64_t seed, int64_t block_lo, int64_t block_hi, int64_t block_trials,
                             int64_t max_redraws, handrank_tally *out) {
    mc_spec mc = {.game = game, .n_players = n_players, .hole_size = hole_size, .n_board = n_board,
                  .combos = combos, .board = board, .offsets = offsets, .cum_weights = cum_weights, .taken = dead,
                  .excluded = excluded};
    for (int j = 0; j < n_board; j++)
        mc.taken |= 1ULL << board[j];
    find_uniform(&mc);
    uint8_t holes[HANDRANK_MAX_PLAYERS * 6];
    int64_t trials = 0;
    for (int64_t block = block_lo; block < block_hi; block++) {
        uint64_t state = block_stream(seed, block);
        for (int64_t t = 0; t < block_trials; t++) {
            uint64_t used, key, bits;
            if (!deal_hands(&mc, max_redraws, &state, &used, holes))
                return -1;
            showdown_ctx ctx;
            init_ctx(&ctx, game, holes, n_players, hole_size, out);
            complete_board(&mc, &state, used, &ctx, &key, &bits);
            if (game == HANDRANK_HOLDEM)
                showdown_holdem(&ctx, key, bits);
            else
                showdown_omaha(&ctx);
            trials++;
        }
    }
    return trials;
}
