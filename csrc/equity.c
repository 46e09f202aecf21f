/*
 * Equity: exact enumeration of board completions and seeded Monte Carlo.
 *
 * Hold'em enumeration counts boards by their multiset of ranks and settles
 * flushes apart (handrank_holdem_boards); Monte Carlo sums each board's card keys
 * once and adds every player's hole key to it, so a showdown costs one
 * table lookup per player.  Omaha ranks each player's hand with the Omaha
 * evaluator.
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

/* One complete board: `key` and `bits` sum its five cards (Hold'em). */
HR_INLINE void showdown_holdem(showdown_ctx *ctx, uint64_t key, uint64_t bits) {
    uint16_t rank[HANDRANK_MAX_PLAYERS];
    for (int p = 0; p < ctx->n_players; p++)
        rank[p] = hr_finish(key + ctx->hole_key[p], bits | ctx->hole_bits[p]);
    hr_credit(ctx->out, rank, ctx->n_players, 1);
}

static void showdown_omaha(showdown_ctx *ctx) {
    uint16_t rank[HANDRANK_MAX_PLAYERS];
    uint64_t triples[10];
    uint32_t suits = handrank_omaha_prepare5(ctx->board, triples);
    for (int p = 0; p < ctx->n_players; p++) {
        const uint8_t *hole = ctx->holes + p * ctx->hole_size;
        rank[p] = handrank_omaha_prepared5(hole, ctx->hole_size, ctx->board, triples, suits);
    }
    hr_credit(ctx->out, rank, ctx->n_players, 1);
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

/* The players who split the pot, as a bit mask. */
static unsigned winner_mask(const uint16_t *rank, int n) {
    uint16_t best = 0xffff;
    unsigned mask = 0;
    for (int p = 0; p < n; p++) {
        if (rank[p] < best) {
            best = rank[p];
            mask = 1u << p;
        } else if (rank[p] == best) {
            mask |= 1u << p;
        }
    }
    return mask;
}

/* One multiset of board ranks: its rank key and the number of ways to draw it. */
typedef struct {
    uint32_t key, ways;
} rank_draw;

/* The most multisets of up to five ranks: C(13 + 5 - 1, 5). */
#define HR_MAX_DRAWS 6188

/*
 * Every multiset of `size` (0..5) ranks drawn from avail[r] cards of rank r,
 * in lexicographic order (r1 <= r2 <= ...), the undrawable ones (0 ways)
 * kept unless `drawable_only`.  Returns the count written to `out`.
 */
static int rank_draws(const int *avail, int size, int drawable_only, rank_draw *out) {
    static const uint32_t binom[5][6] = {{1, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0}, {1, 2, 1, 0, 0, 0},
                                         {1, 3, 3, 1, 0, 0}, {1, 4, 6, 4, 1, 0}};
    int r[5] = {0, 0, 0, 0, 0}, n = 0;
    if (size == 0) {
        out[0].key = 0;
        out[0].ways = 1;
        return 1;
    }
    for (;;) {
        uint32_t key = 0, ways = 1;
        for (int i = 0; i < size;) {
            int j = i;
            while (j < size && r[j] == r[i])
                j++;
            ways *= binom[avail[r[i]]][j - i];
            key += (uint32_t)handrank_card_key[4 * r[i]] * (uint32_t)(j - i);
            i = j;
        }
        if (ways || !drawable_only) {
            out[n].key = key;
            out[n].ways = ways;
            n++;
        }
        /* next multiset: bump the last rank below 12, reset the ones after it to it */
        int i = size - 1;
        while (i >= 0 && r[i] == 12)
            i--;
        if (i < 0)
            return n;
        r[i]++;
        for (int j = i + 1; j < size; j++)
            r[j] = r[i];
    }
}

/*
 * The next mask above `m` with at most k bits set (or one >= limit, the end).  Every mask between x and
 * x plus its lowest bit holds all of x's bits and more, so when x has too
 * many bits the step skips none that qualify.
 */
HR_INLINE unsigned next_draw(unsigned m, int k, unsigned limit) {
    unsigned x = m + 1;
    while (x < limit && hr_popcount64(x) > k)
        x += x & (0u - x);
    return x;
}

/*
 * Hold'em: every completion of the board by its multiset of ranks (the
 * showdown does not depend on suits unless someone makes a flush), then,
 * suit by suit, the completions in which someone makes a flush in that
 * suit: their rank-only showdown is taken back and the real one credited.
 * Two suits cannot both hold three of five board cards, so no completion
 * is corrected twice.  Work items (each multiset, then each suit's set of
 * drawn suited cards) are numbered in a fixed order; this call does the
 * items i with i % parts == part.  Returns the boards its multisets stand for.
 */
uint64_t handrank_holdem_boards(const uint8_t *holes, int n, const uint8_t *board, int n_board, const uint8_t *deck,
                              int n_deck, int part, int parts, handrank_tally *out) {
    int k = 5 - n_board, avail[13] = {0};
    uint32_t hole_key[HANDRANK_MAX_PLAYERS], fixed_key = 0;
    uint16_t rank[HANDRANK_MAX_PLAYERS], real[HANDRANK_MAX_PLAYERS];
    rank_draw draws[HR_MAX_DRAWS];
    for (int p = 0; p < n; p++)
        hole_key[p] = (uint32_t)handrank_card_key[holes[2 * p]] + (uint32_t)handrank_card_key[holes[2 * p + 1]];
    for (int j = 0; j < n_board; j++)
        fixed_key += (uint32_t)handrank_card_key[board[j]];
    for (int j = 0; j < n_deck; j++)
        avail[deck[j] >> 2]++;

    int64_t item = 0;
    uint64_t boards = 0;
    int n_draws = rank_draws(avail, k, 0, draws);
    for (int d = 0; d < n_draws; d++, item++) {
        if (item % parts != part || !draws[d].ways)
            continue;
        uint32_t base = fixed_key + draws[d].key;
        for (int p = 0; p < n; p++)
            rank[p] = hr_plain_hashed(hr_hash(base + hole_key[p]));
        hr_credit(out, rank, n, draws[d].ways);
        boards += draws[d].ways;
    }

    for (int s = 0; s < 4; s++) {
        unsigned fixed_bits = 0, hole_bits[HANDRANK_MAX_PLAYERS];
        int held[HANDRANK_MAX_PLAYERS], most = 0, suited[13], n_suited = 0, other[13];
        for (int j = 0; j < n_board; j++)
            if ((board[j] & 3) == s)
                fixed_bits |= 1u << (board[j] >> 2);
        for (int p = 0; p < n; p++) {
            hole_bits[p] = 0;
            for (int j = 0; j < 2; j++)
                if ((holes[2 * p + j] & 3) == s)
                    hole_bits[p] |= 1u << (holes[2 * p + j] >> 2);
            held[p] = hr_popcount64(hole_bits[p]);
            most = held[p] > most ? held[p] : most;
        }
        int on_board = hr_popcount64(fixed_bits);
        int least = 5 - on_board - most; /* suit-s cards to draw before anyone can flush */
        if (least < 0)
            least = 0;
        for (int r = 0; r < 13; r++)
            other[r] = avail[r];
        for (int j = 0; j < n_deck; j++)
            if ((deck[j] & 3) == s) {
                suited[n_suited++] = deck[j] >> 2;
                other[deck[j] >> 2]--;
            }
        if (least > k || least > n_suited)
            continue; /* no item for this suit */
        /* the non-suited rest of a board, by size */
        rank_draw rest[3][91];
        int n_rest[3] = {0, 0, 0};
        for (int j = 0; j <= k - least && j < 3; j++)
            n_rest[j] = rank_draws(other, j, 1, rest[j]);
        /* the sets of suited cards in increasing order of mask, those of more than k cards stepped over */
        for (unsigned drawn = 0, end = 1u << n_suited; drawn < end; drawn = next_draw(drawn, k, end)) {
            int a = hr_popcount64(drawn);
            if (a < least)
                continue;
            if (item++ % parts != part)
                continue;
            unsigned bits = fixed_bits;
            uint32_t key = fixed_key;
            for (int i = 0; i < n_suited; i++)
                if (drawn >> i & 1) {
                    bits |= 1u << suited[i];
                    key += (uint32_t)handrank_card_key[4 * suited[i]];
                }
            int j = k - a; /* at most 2: a >= 3 - on_board */
            for (int e = 0; e < n_rest[j]; e++) {
                uint32_t base = key + rest[j][e].key;
                for (int p = 0; p < n; p++) {
                    rank[p] = hr_plain_hashed(hr_hash(base + hole_key[p]));
                    real[p] = on_board + a + held[p] >= 5 ? handrank_flush[bits | hole_bits[p]] : rank[p];
                }
                if (winner_mask(rank, n) == winner_mask(real, n))
                    continue; /* the flush changes no share */
                hr_credit(out, rank, n, 0 - (uint64_t)rest[j][e].ways);
                hr_credit(out, real, n, rest[j][e].ways);
            }
        }
    }
    return boards;
}

/* Omaha: draw the remaining `left` board cards from deck[start..n) into ctx->board[filled..]. */
static uint64_t omaha_rec(showdown_ctx *ctx, const uint8_t *deck, int n, int start, int left, int filled) {
    uint64_t boards = 0;
    for (int i = start; i <= n - left; i++) {
        ctx->board[filled] = deck[i];
        if (left == 1) {
            showdown_omaha(ctx);
            boards++;
        } else {
            boards += omaha_rec(ctx, deck, n, i + 1, left - 1, filled + 1);
        }
    }
    return boards;
}

uint64_t handrank_enumerate(enum handrank_game game, const uint8_t *holes, int n_players, int hole_size,
                            const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                            int part, int parts, handrank_tally *out) {
    if (game == HANDRANK_HOLDEM)
        return handrank_holdem_boards(holes, n_players, board, n_board, deck, n_deck, part, parts, out);
    showdown_ctx ctx;
    init_ctx(&ctx, game, holes, n_players, hole_size, out);
    for (int j = 0; j < n_board; j++)
        ctx.board[j] = board[j];
    int left = 5 - n_board;
    if (left == 0) {
        if (part > 0)
            return 0;
        showdown_omaha(&ctx);
        return 1;
    }
    /* Omaha items: the first card drawn, deck[i] for i = part, part + parts, ... */
    uint64_t boards = 0;
    for (int i = part; i <= n_deck - left; i += parts) {
        ctx.board[n_board] = deck[i];
        if (left == 1) {
            showdown_omaha(&ctx);
            boards++;
        } else {
            boards += omaha_rec(&ctx, deck, n_deck, i + 1, left - 1, n_board + 1);
        }
    }
    return boards;
}

/* splitmix64: a small, well-mixed generator, written the same way in Python. */
HR_INLINE uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The 128-bit product a * b: its high word returned, its low word in *low. */
HR_INLINE uint64_t mul_hi(uint64_t a, uint64_t b, uint64_t *low) {
#if defined(_MSC_VER) && !defined(__clang__)
    *low = a * b;
    return __umulh(a, b);
#else
    unsigned __int128 x = (unsigned __int128)a * b;
    *low = (uint64_t)x;
    return (uint64_t)(x >> 64);
#endif
}

/* The largest bound a draw may take from the spare word of an earlier one. */
#define HR_SMALL_DRAW (1u << 16)

/*
 * A block's random stream.  A draw below n is floor(r * n / 2**64) for a
 * 64-bit random r; a draw below n <= HR_SMALL_DRAW keeps the low word of
 * that product, and the next such draw uses it instead of a new number
 * (two draws per number: a card costs half a generator step).
 */
typedef struct {
    uint64_t state, spare;
    int has_spare;
} stream;

HR_INLINE uint64_t draw_small(stream *s, uint64_t n) {
    uint64_t low, r;
    if (s->has_spare) {
        s->has_spare = 0;
        return mul_hi(s->spare, n, &low);
    }
    r = next_random(&s->state);
    s->has_spare = 1;
    return mul_hi(r, n, &s->spare);
}

HR_INLINE uint64_t draw_big(stream *s, uint64_t n) {
    uint64_t low;
    return mul_hi(next_random(&s->state), n, &low);
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
    int fixed;                         /* every player holds one hand: the deck is the same every trial
                                          (-1: hands that collide, no possible deal) */
    uint8_t deck[52];                  /* then: the cards left for the board */
    int n_deck;
} mc_spec;

static void prepare(mc_spec *mc) {
    mc->fixed = 1;
    for (int p = 0; p < mc->n_players; p++) {
        const uint64_t *cw = mc->cum_weights + mc->offsets[p];
        int64_t n = mc->offsets[p + 1] - mc->offsets[p];
        int uniform = n > 0;
        for (int64_t i = 1; i < n && uniform; i++)
            uniform = cw[i] - cw[i - 1] == cw[0];
        mc->uniform[p] = uniform;
        mc->fixed &= n == 1;
    }
    if (!mc->fixed)
        return;
    uint64_t used = mc->taken;
    for (int p = 0; p < mc->n_players; p++) {
        const uint8_t *hole = mc->combos + mc->offsets[p] * mc->hole_size;
        for (int j = 0; j < mc->hole_size; j++) {
            if (used >> hole[j] & 1)
                mc->fixed = -1; /* every deal collides */
            used |= 1ULL << hole[j];
        }
    }
    mc->n_deck = 0;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1))
            mc->deck[mc->n_deck++] = (uint8_t)c;
}

/* Block b's stream, from (seed, b) alone, so a block draws the same wherever and whenever it runs. */
HR_INLINE stream block_stream(uint64_t seed, int64_t block) {
    uint64_t state = seed;
    state = next_random(&state) ^ (uint64_t)block;
    stream s = {next_random(&state), 0, 0};
    return s;
}

/* A card in neither *used nor `avoid`, uniform by rejection, added to *used. */
HR_INLINE uint8_t draw_card(stream *s, uint64_t *used, uint64_t avoid) {
    uint64_t c;
    do c = draw_small(s, 52); while ((*used | avoid) >> c & 1);
    *used |= 1ULL << c;
    return (uint8_t)c;
}

/* Which of n > 1 combos to take, by the cumulative weights cw of just those combos. */
HR_INLINE int64_t draw_combo(stream *s, const uint64_t *cw, int64_t n, int uniform) {
    if (uniform)
        return (int64_t)(n <= HR_SMALL_DRAW ? draw_small(s, (uint64_t)n) : draw_big(s, (uint64_t)n));
    /* The first combo whose cumulative weight exceeds r, by a search
     * without branches (a range of 1326 combos would mispredict ~11 times). */
    uint64_t r = draw_big(s, cw[n - 1]);
    int64_t a = 0;
    for (int64_t len = n; len > 1;) {
        int64_t half = len >> 1;
        a = cw[a + half - 1] <= r ? a + half : a;
        len -= half;
    }
    return a;
}

/*
 * A trial's deck: the cards not on the board or dead, in the order earlier
 * trials of the block shuffled them.  Each trial deals from the front by a
 * partial Fisher-Yates shuffle, passing over cards already used (held in a
 * range's combo): the cards it takes are a uniform sample of the others.
 */
typedef struct {
    uint8_t card[52];
    int n, next;
} deck_state;

HR_INLINE uint8_t deck_card(stream *s, deck_state *d, uint64_t *used) {
    for (;;) {
        int i = d->next + (int)draw_small(s, (uint64_t)(d->n - d->next));
        uint8_t c = d->card[i];
        d->card[i] = d->card[d->next];
        d->card[d->next++] = c;
        if (!(*used >> c & 1)) {
            *used |= 1ULL << c;
            return c;
        }
    }
}

/*
 * Player p's hand into `hole`, from its range or (none given) the deck (by
 * rejection when the hand may not hold some cards); 0 when a combo hits a
 * used card.
 */
HR_INLINE int draw_hand(const mc_spec *mc, int p, stream *s, deck_state *d, uint64_t *used, uint8_t *hole) {
    int64_t lo = mc->offsets[p], n = mc->offsets[p + 1] - lo;
    if (n == 0) {
        for (int j = 0; j < mc->hole_size; j++)
            hole[j] = mc->excluded[p] ? draw_card(s, used, mc->excluded[p]) : deck_card(s, d, used);
        return 1;
    }
    /* a fixed hand draws nothing */
    int64_t a = n == 1 ? 0 : draw_combo(s, mc->cum_weights + lo, n, mc->uniform[p]);
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
HR_INLINE int deal_hands(const mc_spec *mc, int64_t max_redraws, stream *s, deck_state *d, uint64_t *used,
                         uint8_t *holes) {
    for (int64_t redraws = 0;;) {
        *used = mc->taken;
        d->next = 0;
        int ok = 1;
        for (int p = 0; p < mc->n_players && ok; p++)
            ok = draw_hand(mc, p, s, d, used, holes + p * mc->hole_size);
        if (ok)
            return 1;
        if (++redraws >= max_redraws)
            return 0;
    }
}

/* Heads-up Hold'em showdowns counted in registers, credited once. */
typedef struct {
    uint64_t won0, won1, tied;
} duel;

HR_INLINE void duel_credit(const duel *d, handrank_tally *out) {
    hr_credit_duel(&out[0], &out[1], d->won0, d->won1, d->tied);
}

/*
 * Fixed hands: the board's missing cards by a partial Fisher-Yates shuffle
 * of the deck (no rejection), which each block starts in sorted order.
 */
static void fixed_blocks(mc_spec *mc, uint64_t seed, int64_t block_lo, int64_t block_hi, int64_t block_trials,
                         handrank_tally *out) {
    int n = mc->n_players, k = 5 - mc->n_board;
    uint64_t base_key = HANDRANK_KEY_BIAS, base_bits = 0;
    for (int j = 0; j < mc->n_board; j++) {
        base_key += handrank_card_key[mc->board[j]];
        base_bits |= handrank_suit_bit[mc->board[j]];
    }
    duel d = {0, 0, 0};
    showdown_ctx ctx;
    init_ctx(&ctx, mc->game, mc->combos, n, mc->hole_size, out);
    for (int j = 0; j < mc->n_board; j++)
        ctx.board[j] = mc->board[j];
    for (int64_t block = block_lo; block < block_hi; block++) {
        stream s = block_stream(seed, block);
        uint8_t deck[52];
        memcpy(deck, mc->deck, (size_t)mc->n_deck);
        for (int64_t t = 0; t < block_trials; t++) {
            uint64_t key = base_key, bits = base_bits;
            for (int j = 0; j < k; j++) {
                int i = j + (int)draw_small(&s, (uint64_t)(mc->n_deck - j));
                uint8_t c = deck[i];
                deck[i] = deck[j];
                deck[j] = c;
                ctx.board[mc->n_board + j] = c;
                key += handrank_card_key[c];
                bits |= handrank_suit_bit[c];
            }
            if (mc->game != HANDRANK_HOLDEM) {
                showdown_omaha(&ctx);
            } else if (n == 2) {
                uint16_t a = hr_finish(key + ctx.hole_key[0], bits | ctx.hole_bits[0]);
                uint16_t b = hr_finish(key + ctx.hole_key[1], bits | ctx.hole_bits[1]);
                d.won0 += a < b;
                d.won1 += b < a;
                d.tied += a == b;
            } else {
                showdown_holdem(&ctx, key, bits);
            }
        }
    }
    if (mc->game == HANDRANK_HOLDEM && n == 2)
        duel_credit(&d, out);
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
    prepare(&mc);
    if (block_hi <= block_lo)
        return 0;
    if (mc.fixed < 0)
        return -1;
    if (mc.fixed) {
        fixed_blocks(&mc, seed, block_lo, block_hi, block_trials, out);
        return (block_hi - block_lo) * block_trials;
    }
    uint8_t holes[HANDRANK_MAX_PLAYERS * 6] = {0}; /* dealt anew every trial; the hole keys with them */
    showdown_ctx ctx;
    init_ctx(&ctx, game, holes, n_players, hole_size, out);
    for (int j = 0; j < n_board; j++)
        ctx.board[j] = board[j];
    uint64_t base_key = HANDRANK_KEY_BIAS, base_bits = 0;
    for (int j = 0; j < n_board; j++) {
        base_key += handrank_card_key[board[j]];
        base_bits |= handrank_suit_bit[board[j]];
    }
    duel d = {0, 0, 0};
    deck_state sorted = {.n = 0};
    for (int c = 0; c < 52; c++)
        if (!(mc.taken >> c & 1))
            sorted.card[sorted.n++] = (uint8_t)c;
    int64_t trials = 0;
    for (int64_t block = block_lo; block < block_hi; block++) {
        stream s = block_stream(seed, block);
        deck_state deck = sorted;
        for (int64_t t = 0; t < block_trials; t++) {
            uint64_t used;
            if (!deal_hands(&mc, max_redraws, &s, &deck, &used, holes))
                return -1;
            uint64_t key = base_key, bits = base_bits;
            for (int j = n_board; j < 5; j++) {
                uint8_t c = deck_card(&s, &deck, &used);
                ctx.board[j] = c;
                key += handrank_card_key[c];
                bits |= handrank_suit_bit[c];
            }
            if (game != HANDRANK_HOLDEM) {
                showdown_omaha(&ctx);
            } else if (n_players == 2) {
                uint64_t k0 = handrank_card_key[holes[0]] + handrank_card_key[holes[1]];
                uint64_t k1 = handrank_card_key[holes[2]] + handrank_card_key[holes[3]];
                uint64_t b0 = handrank_suit_bit[holes[0]] | handrank_suit_bit[holes[1]];
                uint64_t b1 = handrank_suit_bit[holes[2]] | handrank_suit_bit[holes[3]];
                uint16_t a = hr_finish(key + k0, bits | b0), b = hr_finish(key + k1, bits | b1);
                d.won0 += a < b;
                d.won1 += b < a;
                d.tied += a == b;
            } else {
                for (int p = 0; p < n_players; p++) {
                    ctx.hole_key[p] = handrank_card_key[holes[2 * p]] + handrank_card_key[holes[2 * p + 1]];
                    ctx.hole_bits[p] = handrank_suit_bit[holes[2 * p]] | handrank_suit_bit[holes[2 * p + 1]];
                }
                showdown_holdem(&ctx, key, bits);
            }
            trials++;
        }
    }
    if (game == HANDRANK_HOLDEM && n_players == 2)
        duel_credit(&d, out);
    return trials;
}
